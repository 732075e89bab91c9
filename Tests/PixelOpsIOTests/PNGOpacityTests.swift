import PixelOps
import PixelOpsIO
import PixelOpsTestSupport
import Testing

/// PNG's automatic colour format follows the pixels' opacity: an opaque photo composited with a
/// translucent watermark is written as RGB (colour type 2), whether its flag was kept by the
/// draw or has to be measured.
@Suite struct PNGOpacityTests {
  /// Offset 25 of a PNG is IHDR's colour type, 24 its bit depth.
  static func colorType(_ png: [UInt8]) -> UInt8 { png[25] }

  static func opaquePhoto(format: PixelFormat) throws -> PixelBuffer {
    var photo = try RandomPixels.buffer(width: 96, height: 64, format: .rgba8Premultiplied, seed: 0x9A7E)
    RandomPixels.makeOpaque(&photo)
    photo.markOpaque()
    return try photo.converted(to: format)
  }

  @Test("a watermarked opaque photo is written as RGB (issue 11)", arguments: [PixelFormat.rgba8Premultiplied, .bgra8Premultiplied])
  func watermarkedPhoto(format: PixelFormat) throws {
    var photo = try Self.opaquePhoto(format: format)
    let watermark = try RandomPixels.buffer(width: 30, height: 12, format: .rgba8Premultiplied, seed: 0x3A7E)
    try watermark.withView { mark in
      try photo.draw { canvas in
        try Compositor.draw(mark, onto: canvas, at: PixelPosition(x: 60, y: 48), options: CompositeOptions(opacity: 0.6))
      }
    }
    #expect(photo.isKnownOpaque)
    let png = try photo.pngBytes()
    #expect(Self.colorType(png) == 2)
    let decoded = try PNG.decode(png)
    #expect(decoded == (try photo.converted(to: .rgba8Premultiplied)))
  }

  @Test("opacity not known is measured: opaque pixels are written as RGB, translucent ones as RGBA")
  func measured() throws {
    var photo = try Self.opaquePhoto(format: .rgba8Premultiplied)
    let watermark = try RandomPixels.buffer(width: 30, height: 12, format: .rgba8Premultiplied, seed: 0x3A7F)
    try watermark.withView { mark in
      try photo.withMutableView { canvas in try Compositor.draw(mark, onto: canvas, at: PixelPosition(x: 4, y: 4)) }
    }
    #expect(!photo.isKnownOpaque)  // withMutableView forgets, the pixels are still opaque
    let png = try photo.pngBytes()
    #expect(Self.colorType(png) == 2)
    #expect(try PNG.decode(png) == photo)

    photo.withMutableView { canvas in
      canvas.rowAddress(63).storeBytes(of: 0x8080_8080 as UInt32, toByteOffset: 95 * 4, as: UInt32.self)
    }
    #expect(Self.colorType(try photo.pngBytes()) == 6)
    var wide = try photo.converted(to: .rgba16Premultiplied)
    #expect(Self.colorType(try wide.pngBytes()) == 6)
    wide.withMutableView { canvas in
      canvas.rowAddress(63).storeBytes(of: 0xFFFF as UInt16, toByteOffset: 95 * 8 + 6, as: UInt16.self)
    }
    #expect(Self.colorType(try wide.pngBytes()) == 2)
  }

  /// The options promise that alpha is dropped from opaque views; gray + alpha kept it (colour
  /// type 4 for an opaque image, a third larger than type 0).
  @Test("opaque gray + alpha is written as gray (colour type 0) and reads back the same; translucent keeps alpha")
  func opaqueGrayAlpha() throws {
    var gray = try RandomPixels.buffer(width: 33, height: 7, format: .grayAlpha8, seed: 0x9A80)
    gray.withMutableView { view in
      for y in 0..<7 { for x in 0..<33 { view.rowAddress(y).storeBytes(of: 255, toByteOffset: x * 2 + 1, as: UInt8.self) } }
    }
    let png = try gray.pngBytes()
    #expect(Self.colorType(png) == 0)
    #expect(try PNG.decode(png, options: PNGDecodingOptions(format: .grayAlpha8)) == gray)
    gray.withMutableView { view in view.rowAddress(6).storeBytes(of: 254, toByteOffset: 32 * 2 + 1, as: UInt8.self) }
    #expect(Self.colorType(try gray.pngBytes()) == 4)
  }
}
