import Foundation
import Testing

@testable import PixelOps

/// Reduction filters widen with the factor, so detail finer than the destination can hold is
/// averaged away instead of folding back as a coarser false pattern (moiré).
@Suite("Antialiasing on reduction")
struct AntialiasingTests {
  /// Opaque grey stripes `127.5 + 127.5 cos(2π f (x + 0.5))`, `width` x 3, `f` cycles per pixel.
  static func stripes(width: Int, frequency: Double) throws -> PixelBuffer {
    var buffer = try PixelBuffer(width: width, height: 3, format: .rgba8Premultiplied)
    buffer.withMutableView { view in
      for y in 0..<3 {
        for x in 0..<width {
          let v = UInt8((127.5 + 127.5 * cos(2 * .pi * frequency * (Double(x) + 0.5))).rounded())
          view.rowAddress(y).storeBytes(
            of: UInt32(v) | UInt32(v) << 8 | UInt32(v) << 16 | 0xFF00_0000, toByteOffset: x * 4, as: UInt32.self)
        }
      }
    }
    return buffer
  }

  /// The largest distance of the reduced row's grey from mid-grey.
  static func swing(_ source: PixelBuffer, to width: Int, filter: ResamplingFilter) throws -> Double {
    var output = try PixelBuffer(width: width, height: 1, format: .rgba8Premultiplied)
    try source.withView { s in try output.withMutableView { try Resampler.resample(s, onto: $0, filter: filter) } }
    return output.withView { view in
      // Columns away from the clamped edges (a filter's support there sees repeated pixels).
      (4..<(width - 4)).map { abs(Double(view.rowAddress(0).load(fromByteOffset: $0 * 4, as: UInt8.self)) - 127.5) }.max()!
    }
  }

  /// Stripes of 0.4 cycles per pixel reduced by 3: the destination can hold at most 1/6 cycle
  /// per source pixel, so a correct result is flat grey. The triangle filter widened 3 times
  /// passes `sinc²(3 · 0.4)` ≈ 2.4% of the amplitude (about 3 levels); the cubics and Lanczos3
  /// pass less. Nearest, which does not widen, keeps most of the swing as a false pattern.
  @Test("a 1/3 reduction of fine stripes is flat grey with every antialiasing filter, not with nearest")
  func noMoireAtOneThird() throws {
    let source = try Self.stripes(width: 600, frequency: 0.4)
    for filter in [ResamplingFilter.bilinear, .bicubic, .mitchell, .lanczos3] {
      let swing = try Self.swing(source, to: 200, filter: filter)
      #expect(swing <= 8, "\(filter): swing \(swing)")
    }
    #expect(try Self.swing(source, to: 200, filter: .nearest) >= 60)
  }
}
