import Foundation

/// The resampling convolution as DESIGN.md's "Conventions" define it, in `Double`, written from
/// the formulas: destination pixel `i` samples `c = srcOrigin + (i + 0.5 - dstOrigin) * scale`;
/// source pixels `k` in `[floor(c - s + 0.5), floor(c + s + 0.5))` with `s = support * max(1, scale)`
/// weigh `f((k + 0.5 - c) / max(1, scale))`, normalised by their sum; indices outside the image
/// clamp to the edge. For checking a few pixels of the README's scaled draws.
enum ConvolutionReference {
  /// A filter's kernel in filter units and its half-width.
  struct Filter: Sendable {
    let support: Double
    let weight: @Sendable (Double) -> Double
  }

  /// Triangle: bilinear interpolation.
  static let bilinear = Filter(support: 1) { max(0, 1 - abs($0)) }

  /// Catmull-Rom (Keys' cubic, a = -0.5).
  static let bicubic = Filter(support: 2) { x in
    let a = abs(x)
    if a < 1 { return (1.5 * a - 2.5) * a * a + 1 }
    if a < 2 { return -0.5 * (((a - 5) * a + 8) * a - 4) }
    return 0
  }

  /// Lanczos with three lobes: `sinc(x) sinc(x / 3)`.
  static let lanczos3 = Filter(support: 3) { x in
    func sinc(_ v: Double) -> Double { v == 0 ? 1 : sin(.pi * v) / (.pi * v) }
    return abs(x) < 3 ? sinc(x) * sinc(x / 3) : 0
  }

  /// One axis of a draw: source pixels per destination pixel, and where each side starts.
  struct Axis {
    var sourceOrigin = 0.0
    var destinationOrigin = 0.0
    let scale: Double
    let extent: Int

    func taps(_ index: Int, _ filter: Filter) -> [(index: Int, weight: Double)] {
      let center = sourceOrigin + (Double(index) + 0.5 - destinationOrigin) * scale
      let stretch = max(1, scale)
      let reach = filter.support * stretch
      let first = Int((center - reach + 0.5).rounded(.down))
      let end = Int((center + reach + 0.5).rounded(.down))
      let raw = (first..<end).map { k in
        (index: min(max(k, 0), extent - 1), weight: filter.weight((Double(k) + 0.5 - center) / stretch))
      }
      let total = raw.reduce(0) { $0 + $1.weight }
      return raw.map { ($0.index, $0.weight / total) }
    }
  }

  /// Destination pixel `(x, y)` of premultiplied RGBA8 `pixels` (packed rows `x.extent` wide),
  /// unrounded, clamped to 0...255 and colour to alpha.
  static func pixel(_ pixels: [UInt8], x: Int, y: Int, xAxis: Axis, yAxis: Axis, filter: Filter) -> [Double] {
    var sum = [0.0, 0.0, 0.0, 0.0]
    for (row, rowWeight) in yAxis.taps(y, filter) {
      for (column, columnWeight) in xAxis.taps(x, filter) {
        for channel in 0..<4 {
          sum[channel] += rowWeight * columnWeight * Double(pixels[(row * xAxis.extent + column) * 4 + channel])
        }
      }
    }
    let alpha = min(max(sum[3], 0), 255)
    return sum.prefix(3).map { min(max($0, 0), alpha) } + [alpha]
  }
}
