/// What a source shows beyond its edges, along one axis: Skia's tile modes, SVG's
/// `spreadMethod`, Core Graphics' pad (for gradients, `drawsBefore/AfterLocation`).
///
/// Resampling reads source pixels outside the image whenever a filter's window reaches past an
/// edge or a source rect extends beyond the image; the mode says which pixel each such
/// position shows. Index `k` of an axis with `n` pixels shows:
public enum ExtendMode: Sendable, Hashable, CaseIterable {
  /// The edge pixel: `min(max(k, 0), n - 1)` (`CLAMP_TO_EDGE`, pad). The default.
  case clamp
  /// The image again: `k mod n` (a pattern).
  case `repeat`
  /// The image mirrored at each edge, edge pixels doubled: `… 1 0 | 0 1 … n-1 | n-1 n-2 …`
  /// (Skia's mirror, SVG's reflect).
  case reflect
  /// Transparent black (Skia's decal, `CGContextDrawImage` outside the image rect).
  case transparent
  /// Nothing: a filter window's samples beyond the edge are left out and the weights of the
  /// samples inside are renormalised to sum to one, so each output is the filter-weighted mean of
  /// the image pixels its window covers. This is Pillow's `Image.resize` edge rule (use it to
  /// match Pillow at the borders; ``clamp`` is the rule of Core Graphics, Skia and vImage). Where
  /// a position outside the image must show a pixel of its own (a source rect beyond the image,
  /// nearest sampling, an unscaled draw) it shows transparent black, as ``transparent`` does.
  case renormalize

  /// The source index position `k` shows on an axis of `extent` pixels, or `nil` where it
  /// shows transparent black (and everywhere on an axis with no pixels, `extent <= 0`).
  /// Defined for every `k` and `extent`, however large.
  @inlinable
  public func sourceIndex(_ k: Int, extent: Int) -> Int? {
    if k >= 0 && k < extent { return k }
    guard extent > 0 else { return nil }
    switch self {
    case .clamp: return k < 0 ? 0 : extent - 1
    case .repeat:
      let m = k % extent
      return m < 0 ? m + extent : m
    case .reflect:
      let (period, overflow) = extent.multipliedReportingOverflow(by: 2)
      guard !overflow else { return Self.reflectBeyondIntPeriod(k, extent: extent) }
      var m = k % period
      if m < 0 { m += period }
      return m < extent ? m : period - 1 - m
    case .transparent, .renormalize: return nil
    }
  }

  /// Reflect on an axis whose period `2 * extent` exceeds `Int.max` (so `k` lies within one
  /// period of the image): `k < 0` mirrors once (`-1 - k`) or, beyond `-extent`, twice
  /// (`k + 2 extent`); `k >= extent` mirrors once (`2 extent - 1 - k`). No step overflows.
  @usableFromInline
  static func reflectBeyondIntPeriod(_ k: Int, extent: Int) -> Int {
    if k >= extent { return extent + (extent - 1 - k) }
    if k >= -extent { return -1 - k }
    return (k + extent) + extent
  }

  /// The period of the pattern along an axis of `extent` pixels: positions `k` and
  /// `k + period` always show the same pixel. `nil` for the modes that do not repeat, for an
  /// axis with no pixels, and where the period does not fit in `Int` (reflect of an extent above
  /// `Int.max / 2`, wider than any view).
  @inlinable
  public func period(extent: Int) -> Int? {
    guard extent > 0 else { return nil }
    switch self {
    case .clamp, .transparent, .renormalize: return nil
    case .repeat: return extent
    case .reflect:
      let (period, overflow) = extent.multipliedReportingOverflow(by: 2)
      return overflow ? nil : period
    }
  }

  /// Whether some position outside the source shows transparent black.
  @inlinable
  public var showsTransparentBlack: Bool { self == .transparent || self == .renormalize }
}

/// The ``ExtendMode`` of each axis of a source.
public struct ExtendModes: Sendable, Hashable, CustomStringConvertible {
  /// What lies left and right of the source.
  public var horizontal: ExtendMode
  /// What lies above and below the source.
  public var vertical: ExtendMode

  /// Each axis its own mode (a horizontal strip repeating sideways, clamped vertically).
  public init(horizontal: ExtendMode, vertical: ExtendMode) {
    self.horizontal = horizontal
    self.vertical = vertical
  }

  /// The same mode on both axes.
  public init(_ both: ExtendMode) {
    self.init(horizontal: both, vertical: both)
  }

  /// Edge pixels extend outward on both axes (the default of every draw).
  public static let clamp = ExtendModes(.clamp)

  /// Whether some position outside the source shows transparent black (so an opaque image
  /// does not give opaque pixels).
  public var showsTransparentBlack: Bool { horizontal.showsTransparentBlack || vertical.showsTransparentBlack }

  public var description: String {
    horizontal == vertical ? "\(horizontal)" : "(horizontal \(horizontal), vertical \(vertical))"
  }
}
