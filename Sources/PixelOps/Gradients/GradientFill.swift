/// What a gradient fill draws: a ``Gradient``'s colours laid out by a ``GradientShape``,
/// extended beyond its ends as ``GradientExtend`` says, optionally dithered.
///
/// Draw it with ``Compositor/fill(_:of:scale:with:options:)-(_,_,_,GradientFill,_)``, or through a ``GradientLayer``.
public struct GradientFill: Sendable {
  /// The colours.
  public var gradient: Gradient
  /// Where they go.
  public var shape: GradientShape
  /// What shows before the start and after the end. Default ``GradientExtend/pad`` (as
  /// `CAGradientLayer` and CSS draw; `CGContextDrawLinearGradient` with no options is
  /// ``GradientExtend/none``).
  public var extend: GradientExtend
  /// Whether to dither: an ordered 8x8 dither of the exact colour, anchored to the
  /// destination's pixel grid (the same pixels on every run, thread count and machine), which
  /// hides banding on slow gradients. Off by default. Stretches of one colour stay exact.
  public var dithers: Bool

  /// A fill of `gradient` laid out by `shape`, padded at both ends and not dithered unless
  /// asked.
  public init(_ gradient: Gradient, shape: GradientShape, extend: GradientExtend = .pad, dithers: Bool = false) {
    self.gradient = gradient
    self.shape = shape
    self.extend = extend
    self.dithers = dithers
  }
}
