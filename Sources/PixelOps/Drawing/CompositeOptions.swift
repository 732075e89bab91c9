/// How a draw combines with the destination.
public struct CompositeOptions {
  /// The blend mode (`CGBlendMode`). Default: ``BlendMode/normal`` (source over).
  public var blendMode: BlendMode
  /// Layer or view opacity in 0...1 (values outside are clamped, NaN is 0), as `CALayer.opacity`
  /// and `UIView.alpha` scale what they draw: the factor `o = round(opacity * 255) / 255` scales
  /// the source's alpha, and with it its premultiplied colour, but not its straight colour, which
  /// is what the blend modes see (the W3C model: `d + o (blend(s, d) - d)` for the separable and
  /// non-separable modes; the Porter-Duff modes take the scaled source).
  public var opacity: Double
  /// Optional coverage mask (``PixelFormat/gray8``, the size of the drawn area): the result is
  /// `d + m (blend(s, d) - d)`, so 0 leaves the destination untouched and 255 draws fully
  /// (anti-aliased shape edges, clip masks).
  public var mask: PixelView?
  /// Threads and cancellation.
  public var parallelism: Parallelism

  public init(
    blendMode: BlendMode = .normal, opacity: Double = 1, mask: PixelView? = nil, parallelism: Parallelism = .automatic
  ) {
    self.blendMode = blendMode
    self.opacity = opacity
    self.mask = mask
    self.parallelism = parallelism
  }

  /// Opacity as the 8-bit factor kernels multiply by: `round(opacity * 255)`.
  var opacity8: UInt32 {
    // Full opacity, the common case, without the rounding (a libm call on baseline x86-64).
    if opacity >= 1 { return 255 }
    let clamped = opacity.isNaN ? 0 : max(opacity, 0)
    return UInt32((clamped * 255).rounded(.toNearestOrAwayFromZero))
  }
}
