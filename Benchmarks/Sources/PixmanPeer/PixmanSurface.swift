import CPixman
import Foundation
import PixelOps

/// A pixman image that owns its pixels (or a solid colour), released with the object.
final class PixmanSurface {
  /// The `pixman_image_t *`.
  let image: OpaquePointer
  private let bits: UnsafeMutableRawPointer?
  private let byteCount: Int

  /// A copy of `buffer`'s premultiplied RGBA8 pixels, read by pixman as `format` (a 32-bit
  /// format: a8b8g8r8 is bytes R, G, B, A on little-endian).
  init(copying buffer: PixelBuffer, format: pixman_format_code_t) throws {
    let rowBytes = buffer.width * 4
    let bits = Self.allocate(rowBytes: rowBytes, height: buffer.height)
    buffer.withView { view in
      for y in 0..<view.height {
        (bits + y * rowBytes).copyMemory(from: view.rowAddress(y), byteCount: rowBytes)
      }
    }
    self.bits = bits
    byteCount = rowBytes * buffer.height
    image = try Self.create(format, buffer.size, bits, rowBytes: rowBytes)
  }

  /// Transparent black pixels in `format` (32-bit).
  init(zeroed size: PixelSize, format: pixman_format_code_t) throws {
    let rowBytes = size.width * 4
    let bits = Self.allocate(rowBytes: rowBytes, height: size.height)
    self.bits = bits
    byteCount = rowBytes * size.height
    image = try Self.create(format, size, bits, rowBytes: rowBytes)
  }

  /// Opaque white pixels (every byte 0xFF) in `format` (32-bit, with or without alpha).
  init(opaqueWhite size: PixelSize, format: pixman_format_code_t) throws {
    let rowBytes = size.width * 4
    let bits = Self.allocate(rowBytes: rowBytes, height: size.height)
    memset(bits, 0xFF, rowBytes * size.height)
    self.bits = bits
    byteCount = rowBytes * size.height
    image = try Self.create(format, size, bits, rowBytes: rowBytes)
  }

  /// Takes ownership of a pixman image with no pixels of its own (a gradient), released with
  /// the object.
  init(owning image: OpaquePointer) {
    self.image = image
    bits = nil
    byteCount = 0
  }

  /// An a8 image of `buffer`'s alpha bytes (premultiplied RGBA8): a template as a coverage mask.
  init(alphaOf buffer: PixelBuffer) throws {
    let rowBytes = (buffer.width + 3) / 4 * 4  // pixman strides are whole uint32s
    let bits = Self.allocate(rowBytes: rowBytes, height: buffer.height)
    buffer.withView { view in
      for y in 0..<view.height {
        let row = view.rowAddress(y)
        for x in 0..<view.width {
          (bits + y * rowBytes + x).storeBytes(of: row.load(fromByteOffset: x * 4 + 3, as: UInt8.self), as: UInt8.self)
        }
      }
    }
    self.bits = bits
    byteCount = rowBytes * buffer.height
    image = try Self.create(PIXMAN_a8, buffer.size, bits, rowBytes: rowBytes)
  }

  /// A solid colour for images whose bytes pixman reads as a8r8g8b8 (byte 0 is its blue):
  /// `color`'s red goes to pixman's blue and its blue to pixman's red, so the composite writes
  /// the same bytes as with `color` in RGBA order. pixman's colours are premultiplied 16-bit
  /// channels (8-bit `c` is `c * 257`).
  init(solid color: PremultipliedColor) throws {
    var pixmanColor = pixman_color_t(
      red: UInt16(color.blue) * 257, green: UInt16(color.green) * 257, blue: UInt16(color.red) * 257,
      alpha: UInt16(color.alpha) * 257)
    guard let image = pixman_image_create_solid_fill(&pixmanColor) else { throw PixmanError.createFailed }
    self.image = image
    bits = nil
    byteCount = 0
  }

  /// The pixels' bytes (rows packed: 32-bit images have no padding); empty for a solid colour.
  var bytes: Data {
    bits.map { Data(bytes: $0, count: byteCount) } ?? Data()
  }

  deinit {
    pixman_image_unref(image)
    bits?.deallocate()
  }

  private static func allocate(rowBytes: Int, height: Int) -> UnsafeMutableRawPointer {
    let bits = UnsafeMutableRawPointer.allocate(byteCount: rowBytes * height, alignment: 64)
    memset(bits, 0, rowBytes * height)
    return bits
  }

  private static func create(
    _ format: pixman_format_code_t, _ size: PixelSize, _ bits: UnsafeMutableRawPointer, rowBytes: Int
  ) throws -> OpaquePointer {
    guard
      let image = pixman_image_create_bits(
        format, Int32(size.width), Int32(size.height), bits.assumingMemoryBound(to: UInt32.self), Int32(rowBytes))
    else {
      bits.deallocate()
      throw PixmanError.createFailed
    }
    return image
  }
}

enum PixmanError: Error {
  case createFailed
}
