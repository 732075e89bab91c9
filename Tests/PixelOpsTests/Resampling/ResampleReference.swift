import Foundation

@testable import PixelOps

/// The oracle for resampling: the same convolution as the issue defines it, in `Double`,
/// written from the formulas (not from the kernels): pixel-centre sample points, filter
/// widened by the reduction factor, samples outside the image read through the extend mode
/// (clamp to edge by default; repeat, mirror, or transparent black, whose weight still counts
/// in the sum; or, for renormalize, left out of the window and the sum), weights normalised by
/// their sum, no rounding between the two axes. An axis that maps source pixels onto
/// destination pixels one to one (scale 1, a whole offset) is a copy with every filter: there
/// is nothing to resample (Pillow skips such a pass, and Core Graphics draws an image at its
/// own size pixel for pixel).
enum ResampleReference {
  /// Filter kernels from their textbook formulas, in filter units, with their support.
  static func kernel(_ filter: ResamplingFilter) -> (support: Double, weight: (Double) -> Double) {
    switch filter {
    case .box:
      return (0.5, { $0 > -0.5 && $0 <= 0.5 ? 1 : 0 })
    case .bilinear:
      return (1, { max(0, 1 - abs($0)) })
    case .bicubic:
      return (2, { cubic(abs($0), b: 0, c: 0.5) })
    case .mitchell:
      return (2, { cubic(abs($0), b: 1.0 / 3.0, c: 1.0 / 3.0) })
    case .lanczos3:
      return (3, { x in x >= -3 && x < 3 ? sinc(x) * sinc(x / 3) : 0 })
    default:
      fatalError("no kernel for \(filter)")
    }
  }

  /// Mitchell–Netravali (1988), eq. 8.
  static func cubic(_ x: Double, b: Double, c: Double) -> Double {
    if x < 1 { return ((12 - 9 * b - 6 * c) * pow(x, 3) + (-18 + 12 * b + 6 * c) * x * x + (6 - 2 * b)) / 6 }
    if x < 2 { return ((-b - 6 * c) * pow(x, 3) + (6 * b + 30 * c) * x * x + (-12 * b - 48 * c) * x + (8 * b + 24 * c)) / 6 }
    return 0
  }

  static func sinc(_ x: Double) -> Double { x == 0 ? 1 : sin(.pi * x) / (.pi * x) }

  /// The image index position `k` shows under `mode`, written from each mode's definition;
  /// `nil` where it shows transparent black.
  static func extended(_ k: Int, extent n: Int, _ mode: ExtendMode) -> Int? {
    switch mode {
    case .clamp: return min(max(k, 0), n - 1)
    case .repeat: return ((k % n) + n) % n
    case .reflect:
      // Mirrored copies: 0 1 2 | 2 1 0 | 0 1 2 ...
      let m = ((k % (2 * n)) + 2 * n) % (2 * n)
      return m < n ? m : 2 * n - 1 - m
    case .transparent, .renormalize: return k >= 0 && k < n ? k : nil
    }
  }

  /// Source index → weight for destination pixel `index` on one axis (indices mapped into
  /// `0 ..< extent` by `extend`; weights summing to 1, less what fell on transparent black).
  static func weights(
    filter: ResamplingFilter, extent: Int, sourceOrigin: Double, sourceLength: Double, destinationOrigin: Double,
    destinationLength: Double, index: Int, extend: ExtendMode = .clamp
  ) -> [(Int, Double)] {
    let scale = sourceLength / destinationLength
    let center = sourceOrigin + (Double(index) + 0.5 - destinationOrigin) * scale
    let stretch = max(scale, 1)
    let offset = sourceOrigin - destinationOrigin
    let (support, weight) =
      scale == 1 && offset == offset.rounded() ? (0.5, { abs($0) < 1e-9 ? 1.0 : 0 }) : kernel(filter)
    let reach = support * stretch
    var byIndex: [Int: Double] = [:]
    var total = 0.0
    // Every source pixel whose centre lies within the (widened) support; Pillow's window.
    var k = Int((center - reach + 0.5).rounded(.down))
    while Double(k) < (center + reach + 0.5).rounded(.down) {
      let w = weight((Double(k) + 0.5 - center) / stretch)
      let i = extended(k, extent: extent, extend)
      if let i { byIndex[i, default: 0] += w }
      // Pillow's rule: a sample outside the image is not part of the window at all.
      if i != nil || extend != .renormalize { total += w }
      k += 1
    }
    if total == 0 { return [] }
    return byIndex.map { ($0.key, $0.value / total) }
  }

  /// Nearest: source index `floor(center)` through `extend`.
  static func nearestIndex(
    extent: Int, sourceOrigin: Double, sourceLength: Double, destinationOrigin: Double, destinationLength: Double,
    index: Int, extend: ExtendMode = .clamp
  ) -> Int? {
    let center = sourceOrigin + (Double(index) + 0.5 - destinationOrigin) * (sourceLength / destinationLength)
    return extended(Int(center.rounded(.down)), extent: extent, extend)
  }

  /// The exact (unrounded) RGBA of destination pixel `(x, y)`, clamped to `0 ... 255` and, for
  /// filters with negative lobes, colour clamped to alpha (a valid premultiplied pixel).
  static func pixel(
    _ source: PixelView, sourceRect: FractionalPixelRect, destinationRect: FractionalPixelRect, filter: ResamplingFilter,
    x: Int, y: Int, extend: ExtendModes = .clamp
  ) -> [Double] {
    if filter == .nearest {
      guard
        let sx = nearestIndex(
          extent: source.width, sourceOrigin: sourceRect.x, sourceLength: sourceRect.width,
          destinationOrigin: destinationRect.x, destinationLength: destinationRect.width, index: x,
          extend: extend.horizontal),
        let sy = nearestIndex(
          extent: source.height, sourceOrigin: sourceRect.y, sourceLength: sourceRect.height,
          destinationOrigin: destinationRect.y, destinationLength: destinationRect.height, index: y,
          extend: extend.vertical)
      else { return [0, 0, 0, 0] }
      return (0..<4).map { Double(source.rowAddress(sy).load(fromByteOffset: sx * 4 + $0, as: UInt8.self)) }
    }
    let wx = weights(
      filter: filter, extent: source.width, sourceOrigin: sourceRect.x, sourceLength: sourceRect.width,
      destinationOrigin: destinationRect.x, destinationLength: destinationRect.width, index: x,
      extend: extend.horizontal)
    let wy = weights(
      filter: filter, extent: source.height, sourceOrigin: sourceRect.y, sourceLength: sourceRect.height,
      destinationOrigin: destinationRect.y, destinationLength: destinationRect.height, index: y,
      extend: extend.vertical)
    var sum = [0.0, 0, 0, 0]
    for (sy, vy) in wy {
      let row = source.rowAddress(sy)
      for (sx, vx) in wx {
        for c in 0..<4 { sum[c] += vy * vx * Double(row.load(fromByteOffset: sx * 4 + c, as: UInt8.self)) }
      }
    }
    let clamped = sum.map { min(max($0, 0), 255) }
    if filter == .bicubic || filter == .mitchell || filter == .lanczos3 {
      return [min(clamped[0], clamped[3]), min(clamped[1], clamped[3]), min(clamped[2], clamped[3]), clamped[3]]
    }
    return clamped
  }

  /// Whether destination pixel `(x, y)` is written: its centre lies in the half-open rect.
  static func isWritten(x: Int, y: Int, destinationRect: FractionalPixelRect) -> Bool {
    let cx = Double(x) + 0.5
    let cy = Double(y) + 0.5
    return cx >= destinationRect.x && cx < destinationRect.maxX && cy >= destinationRect.y && cy < destinationRect.maxY
  }
}
