/// One colour of a gradient at a location along it (`CGGradient`'s components and locations).
public struct GradientStop: Sendable, Hashable {
  /// Where the colour sits, in 0...1 along the gradient (values outside are clamped).
  public var location: Double
  /// The colour, straight (not premultiplied).
  public var color: StraightColor

  /// A stop of `color` at `location`.
  public init(location: Double, color: StraightColor) {
    self.location = location
    self.color = color
  }
}

/// How colours between two stops are mixed.
public enum GradientInterpolation: Sendable, Hashable {
  /// The straight components (colour and alpha) are interpolated, then premultiplied: what
  /// Core Graphics' `CGGradient` and `CAGradientLayer` draw, and so the default. Between an
  /// opaque colour and a transparent one the colour fades through the transparent stop's
  /// components (towards transparent black: a dark fringe, as on Apple systems).
  case straight
  /// The premultiplied components are interpolated: what CSS, SVG 2, Skia's
  /// `kInterpolateColorsInPremul` and pixman do. A stop of transparent black then adds no
  /// colour of its own (no dark fringe).
  case premultiplied
}
