import PixelOpsTestSupport

@testable import PixelOps

/// Random pixel content for property tests. Alpha is drawn from a mix that hits the special
/// values (0, 255, 65535) often, and premultiplied formats always get valid pixels (c <= a).
enum RandomPixels {
  static func alpha8(_ rng: inout SeededGenerator) -> UInt8 {
    switch rng.next() % 4 {
    case 0: 0
    case 1: 255
    default: UInt8.random(in: 0...255, using: &rng)
    }
  }

  static func alpha16(_ rng: inout SeededGenerator) -> UInt16 {
    switch rng.next() % 4 {
    case 0: 0
    case 1: 65535
    default: UInt16.random(in: 0...65535, using: &rng)
    }
  }

  /// Fills one pixel of `format` at `pointer` with valid random content.
  static func fillPixel(_ pointer: UnsafeMutableRawPointer, format: PixelFormat, _ rng: inout SeededGenerator) {
    switch format {
    case .rgba8Premultiplied, .bgra8Premultiplied:
      let a = alpha8(&rng)
      for c in 0..<3 { pointer.storeBytes(of: UInt8.random(in: 0...a, using: &rng), toByteOffset: c, as: UInt8.self) }
      pointer.storeBytes(of: a, toByteOffset: 3, as: UInt8.self)
    case .rgba8Straight:
      for c in 0..<3 { pointer.storeBytes(of: UInt8.random(in: 0...255, using: &rng), toByteOffset: c, as: UInt8.self) }
      pointer.storeBytes(of: alpha8(&rng), toByteOffset: 3, as: UInt8.self)
    case .gray8:
      pointer.storeBytes(of: UInt8.random(in: 0...255, using: &rng), as: UInt8.self)
    case .grayAlpha8:
      pointer.storeBytes(of: UInt8.random(in: 0...255, using: &rng), as: UInt8.self)
      pointer.storeBytes(of: alpha8(&rng), toByteOffset: 1, as: UInt8.self)
    case .rgba16Premultiplied:
      let a = alpha16(&rng)
      for c in 0..<3 {
        pointer.storeBytes(of: UInt16.random(in: 0...a, using: &rng), toByteOffset: c * 2, as: UInt16.self)
      }
      pointer.storeBytes(of: a, toByteOffset: 6, as: UInt16.self)
    case .rgba16Straight:
      for c in 0..<3 {
        pointer.storeBytes(of: UInt16.random(in: 0...65535, using: &rng), toByteOffset: c * 2, as: UInt16.self)
      }
      pointer.storeBytes(of: alpha16(&rng), toByteOffset: 6, as: UInt16.self)
    }
  }

  /// A buffer of `format` with random valid pixels.
  static func buffer(width: Int, height: Int, format: PixelFormat, _ rng: inout SeededGenerator) throws -> PixelBuffer {
    var buffer = try PixelBuffer(width: width, height: height, format: format)
    buffer.withMutableView { view in
      for y in 0..<height {
        for x in 0..<width { fillPixel(view.rowAddress(y) + x * format.bytesPerPixel, format: format, &rng) }
      }
    }
    return buffer
  }
}

extension RandomPixels {
  /// Overwrites random runs (1...`maximumRun` pixels) of each row of a 4-byte RGBA buffer with
  /// alpha 255 (colour kept) or transparent black, leaving other runs as they were: content that
  /// reaches the kernels' opaque and transparent fast paths at every alignment.
  static func insertUniformAlphaRuns(into buffer: inout PixelBuffer, maximumRun: Int, _ rng: inout SeededGenerator) {
    buffer.withMutableView { view in
      for y in 0..<view.height {
        var x = 0
        while x < view.width {
          let run = min(view.width - x, Int.random(in: 1...maximumRun, using: &rng))
          let kind = Int.random(in: 0...2, using: &rng)
          for pixel in x..<(x + run) where kind < 2 {
            let address = view.rowAddress(y) + pixel * 4
            if kind == 0 { address.storeBytes(of: 255, toByteOffset: 3, as: UInt8.self) }
            if kind == 1 { address.storeBytes(of: 0, as: UInt32.self) }
          }
          x += run
        }
      }
    }
  }
}

/// Caller-owned memory with guard bytes around it: a view can be placed anywhere inside, and
/// ``untouchedOutside(_:)`` checks nothing outside the view's pixels was written.
final class GuardedMemory {
  static let guardByte: UInt8 = 0xA5
  let bytes: UnsafeMutableRawBufferPointer

  init(byteCount: Int) {
    bytes = .allocate(byteCount: byteCount, alignment: 1)
    bytes.initializeMemory(as: UInt8.self, repeating: Self.guardByte)
  }

  deinit { bytes.deallocate() }

  /// Whether every byte outside `view`'s pixels (row padding included) still holds the guard.
  func untouchedOutside(_ view: MutablePixelView) -> Bool {
    let base = bytes.baseAddress!
    var inside = [Bool](repeating: false, count: bytes.count)
    let rowLength = view.width * view.format.bytesPerPixel
    for y in 0..<view.height {
      let start = view.rowAddress(y) - base
      for i in start..<(start + rowLength) { inside[i] = true }
    }
    return (0..<bytes.count).allSatisfy { inside[$0] || bytes[$0] == Self.guardByte }
  }
}
