import PixelOpsTestSupport
import Testing

@testable import PixelOps

@Suite("Pixel buffers")
struct PixelBufferTests {
  @Test("a new buffer is transparent black with aligned rows and the right point size")
  func newBuffer() throws {
    let buffer = try PixelBuffer(width: 200, height: 100, format: .rgba8Premultiplied, scale: 2)
    #expect(buffer.rowBytes == 832)  // 800 rounded up to 64
    #expect(buffer.pointSize == PointSize(width: 100, height: 50))
    #expect(buffer.packedBytes().allSatisfy { $0 == 0 })
    #expect(!buffer.isKnownOpaque)
    buffer.withView { view in
      #expect(Int(bitPattern: view.baseAddress) % 64 == 0)
    }
    #expect(try PixelBuffer(width: 3, height: 3, format: .gray8).isKnownOpaque)
  }

  @Test("copies are independent values (copy on write)")
  func copyOnWrite() throws {
    var original = try PixelBuffer(width: 5, height: 3, format: .rgba8Straight)
    let copy = original
    original.withMutableView { $0.rowAddress(1).storeBytes(of: 0x7F, toByteOffset: 5, as: UInt8.self) }
    #expect(copy.packedBytes().allSatisfy { $0 == 0 })
    #expect(original.packedBytes()[4 * 5 + 5] == 0x7F)
    #expect(original != copy)
  }

  @Test(
    "absurd or invalid sizes are typed errors, not traps or huge allocations",
    arguments: [
      (0, 1, PixelError.invalidDimensions(width: 0, height: 1)),
      (1, -5, PixelError.invalidDimensions(width: 1, height: -5)),
      (Int.max / 2, 1, PixelError.sizeOverflow(width: Int.max / 2, height: 1, bytesPerPixel: 4)),
      (1 << 31, 1 << 31, PixelError.sizeOverflow(width: 1 << 31, height: 1 << 31, bytesPerPixel: 4)),
    ])
  func invalidSizes(width: Int, height: Int, error: PixelError) {
    #expect(throws: error) { try PixelBuffer(width: width, height: height, format: .rgba8Premultiplied) }
  }

  @Test("an allocation the system refuses is a typed error")
  func allocationFailure() {
    // 2^21 x 2^22 pixels of 8 bytes = 2^46 bytes (64 TiB): fits in Int, beyond any machine's memory.
    #expect(throws: PixelError.allocationFailed(bytes: 1 << 46)) {
      try PixelBuffer(width: 1 << 21, height: 1 << 22, format: .rgba16Straight)
    }
  }

  @Test("a NaN scale is refused")
  func nanScale() {
    #expect {
      try PixelBuffer(width: 1, height: 1, format: .gray8, scale: .nan)
    } throws: { ($0 as? PixelError)?.invalidScaleValue?.isNaN == true }
  }

  @Test("scale must be finite and positive", arguments: [0.0, -1.0, .infinity, -.infinity])
  func invalidScale(scale: Double) throws {
    #expect(throws: PixelError.invalidScale(scale)) { try PixelBuffer(width: 1, height: 1, format: .gray8, scale: scale) }
    var buffer = try PixelBuffer(width: 1, height: 1, format: .gray8)
    do {
      try buffer.setScale(scale)
      Issue.record("setScale(\(scale)) was accepted")
    } catch {
      #expect(error == .invalidScale(scale))
    }
    #expect(buffer.scale == 1)
  }

  @Test("opacity: measured, promised, and forgotten on write")
  func opacityTracking() throws {
    for width in [1, 3, 4, 5, 17] {
      var buffer = try PixelBuffer(width: width, height: 2, format: .rgba8Premultiplied)
      let initiallyOpaque = buffer.updateOpacity()
      #expect(!initiallyOpaque)
      buffer.withMutableView { view in
        for y in 0..<2 { for x in 0..<width { view.rowAddress(y).storeBytes(of: 255, toByteOffset: x * 4 + 3, as: UInt8.self) } }
      }
      #expect(!buffer.isKnownOpaque)
      let measuredOpaque = buffer.updateOpacity()
      #expect(measuredOpaque)
      buffer.withMutableView { view in view.rowAddress(1).storeBytes(of: 254, toByteOffset: (width - 1) * 4 + 3, as: UInt8.self) }
      let stillOpaque = buffer.updateOpacity()
      #expect(!stillOpaque, "last pixel of width \(width) has alpha 254")
    }
    var sixteen = try PixelBuffer(width: 3, height: 1, format: .rgba16Premultiplied)
    sixteen.withMutableView { view in
      for x in 0..<3 { view.rowAddress(0).storeBytes(of: UInt16.max, toByteOffset: x * 8 + 6, as: UInt16.self) }
    }
    let sixteenOpaque = sixteen.updateOpacity()
    #expect(sixteenOpaque)
    var promised = try PixelBuffer(width: 2, height: 2, format: .grayAlpha8)
    promised.markOpaque()
    #expect(promised.isKnownOpaque)
    promised.withView { #expect($0.isKnownOpaque) }
  }

  @Test("a copy of a cropped view holds exactly those pixels")
  func copyingView() throws {
    var rng = SeededGenerator(seed: 3)
    let source = try RandomPixels.buffer(width: 9, height: 7, format: .grayAlpha8, &rng)
    let rect = PixelRect(x: 2, y: 1, width: 5, height: 4)
    let copy = try source.withView { try PixelBuffer(copying: $0.cropped(to: rect), scale: 3) }
    #expect(copy.size == rect.size)
    #expect(copy.scale == 3)
    let all = source.packedBytes()
    var expected: [UInt8] = []
    for y in 1..<5 { expected += all[(y * 9 + 2) * 2..<(y * 9 + 7) * 2] }
    #expect(copy.packedBytes() == expected)
  }
}
