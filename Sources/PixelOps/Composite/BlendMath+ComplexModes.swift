/// The separable modes with conditions or divisions (overlay, hard light, colour dodge and
/// burn, soft light) and the non-separable modes (hue, saturation, color, luminosity).
extension BlendMath {
  /// Colour channels of `mode` composited as in ``separableOrNonSeparable``; alpha is set by
  /// the caller. PLACEHOLDER: the formulas land with the blend-mode work.
  static func complexModes(_ mode: BlendMode, _ s: Pixel, _ d: Pixel) -> Pixel {
    blend(.normal, source: s, destination: d)
  }
}
