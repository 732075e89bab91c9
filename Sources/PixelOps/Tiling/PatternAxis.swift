/// One axis of an image placed as a pattern on the destination's pixel grid: destination pixel
/// `i` shows the source, extended by ``extend``, at source position `(i + 0.5 - origin) / scale`
/// (pixel centres, the resampler's convention). Pure geometry: which of the three ways to draw
/// it applies (``PatternPlan``) and, for a prepared tile, which destination pixels one period
/// covers and where they read the source.
struct PatternAxis: Hashable, Sendable {
  /// Source pixels along the axis (at least 1).
  var extent: Int
  /// Destination pixels per source pixel (finite, positive).
  var scale: Double
  /// Where the leading edge of source pixel 0 lands, in destination pixels (finite).
  var origin: Double
  var extend: ExtendMode

  /// Edges and periods this close to whole pixels count as whole (``PixelRounding``'s tolerance).
  static let tolerance = 1e-6

  /// The origin as a whole pixel when it is one (within the tolerance).
  var wholeOrigin: Int? { Self.whole(origin) }

  /// Whether destination pixels are source pixels one for one: scale 1 from a whole origin.
  var isUnscaled: Bool { abs(scale - 1) <= Self.tolerance && wholeOrigin != nil }

  /// Whether the pattern repeats along this axis (``ExtendMode/repeat`` or ``ExtendMode/reflect``).
  var isPeriodic: Bool { extend == .repeat || extend == .reflect }

  /// The axis of a prepared tile: the destination pixels `origin ..< origin + length` are
  /// resampled once from source positions `sourceStart ..< sourceStart + length / scale`,
  /// and every other destination pixel shows them through `tileExtend`.
  struct Prepared: Hashable, Sendable {
    var origin: Int
    var length: Int
    var sourceStart: Double
    var tileExtend: ExtendMode
  }

  /// How a tile of this axis is prepared for `filterSupport` (the filter's radius in source
  /// pixels at scale 1), or `nil` when it cannot be: a periodic axis whose period is not a whole
  /// number of destination pixels (the resampled pattern then does not repeat on the pixel
  /// grid), or a tile longer than `maximumLength`.
  ///
  /// - Periodic: one period, `extent × scale` pixels (reflect: two, the image and its mirror),
  ///   repeated.
  /// - Otherwise: the image's span plus a margin where the filter still reaches it, beyond which
  ///   every pixel equals the edge pixel (clamp) or transparent black, so the tile's edge
  ///   extends with the same mode.
  func prepared(filterSupport: Double, maximumLength: Int) -> Prepared? {
    let start = (origin + Self.tolerance).rounded(.down)
    let fraction = max(origin - start, 0)
    if isPeriodic {
      let periods = extend == .reflect ? 2.0 : 1.0
      guard let length = Self.whole(Double(extent) * periods * scale), length >= 1, length <= maximumLength else {
        return nil
      }
      return Prepared(origin: Int(start), length: length, sourceStart: -fraction / scale, tileExtend: .repeat)
    }
    let margin = Int((filterSupport * max(scale, 1)).rounded(.up)) + 1
    let span = (fraction + Double(extent) * scale - Self.tolerance).rounded(.up)
    guard span + Double(2 * margin) <= Double(maximumLength) else { return nil }
    let length = Int(span) + 2 * margin
    let tileOrigin = Int(start) - margin
    return Prepared(
      origin: tileOrigin, length: length, sourceStart: (Double(tileOrigin) - origin) / scale,
      tileExtend: extend == .clamp ? .clamp : .transparent)
  }

  /// `value` as an `Int` when it lies within the tolerance of one (and within ±2^52).
  static func whole(_ value: Double) -> Int? {
    let nearest = value.rounded()
    guard abs(value - nearest) <= tolerance, abs(nearest) <= 4_503_599_627_370_496 else { return nil }
    return Int(nearest)
  }
}

extension PatternAxis {
  /// The same pattern with its origin moved by whole periods to within one period of `pixel`
  /// (so a phase far from the area costs nothing and positions stay small); unchanged for an
  /// axis that does not repeat.
  func nearestPeriod(to pixel: Int) -> PatternAxis {
    guard isPeriodic else { return self }
    let period = Double(extent) * scale * (extend == .reflect ? 2 : 1)
    guard period.isFinite, period > 0 else { return self }
    var moved = self
    let periods = ((origin - Double(pixel)) / period).rounded(.down)
    // Whole-pixel periods move the origin by whole pixels, so a whole origin stays whole.
    if let whole = PatternAxis.whole(period) {
      moved.origin = origin - periods * Double(whole)
    } else {
      moved.origin = origin - periods * period
    }
    return moved
  }
}
