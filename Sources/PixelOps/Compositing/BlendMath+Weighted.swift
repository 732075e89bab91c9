/// Every mode except `normal` at fractional opacity or coverage: the W3C *Compositing and
/// Blending Level 1* model, with one rounding.
///
/// Opacity `o` scales the source's alpha (and so its premultiplied colour) without changing its
/// straight colour, and coverage `m` interpolates between the destination and that result:
/// `d' = d + m (F(o s, d) - d)` with `F` the mode's premultiplied formula. For the W3C modes
/// `F(a s, d) = a s (1 - da) + d (1 - a sa) + a sa da B(Cb, Cs)`, where `B` sees the source's
/// unscaled straight colour `Cs = s / sa`; equivalently `d' = d + a (F(s, d) - d)` with
/// `a = o m`. The Porter-Duff operators, plus-lighter and plus-darker are linear in the source,
/// so `F(o s, d)` is their formula on the scaled source.
///
/// Computed in IEEE `Double` (no fused multiply-add) on the source scaled without rounding,
/// rounded to nearest once: within 1/2 of the exact result plus `Double`'s error, so within 1.
/// `normal` never comes here: it has fixed-point arithmetic of its own
/// (``BlendMath/sourceOverWeighted(source:destination:factor:)``).
extension BlendMath {
  /// `mode` of `source` at opacity `opacity` (0...255) through coverage `coverage` (0...255) over
  /// `destination`. Inputs are clamped to valid premultiplied pixels first.
  static func weighted(
    _ mode: BlendMode, source: Pixel, destination: Pixel, opacity: Int32, coverage: Int32
  ) -> Pixel {
    let s = validPremultiplied(source)
    let d = validPremultiplied(destination)
    if coverage >= 255 {
      let o = min(max(opacity, 0), 255)
      if let term = linearTerm(mode, s, d) { return roundedOver65025(d &* 65025 &+ o &* term) }
      if let weights = porterDuffWeights(mode, sourceAlpha: o &* s[3], destinationAlpha: d[3]) {
        return roundedOver65025(o &* s &* weights.source &+ d &* weights.destination)
      }
    }
    let unit = SIMD4<Double>(repeating: 1.0 / 255)
    let opacityFactor = Double(min(max(opacity, 0), 255)) / 255
    let scaled = SIMD4<Double>(s) * unit * opacityFactor
    let backdrop = SIMD4<Double>(d) * unit
    let blended = weightedFormula(mode, scaled, backdrop, unscaledSource: s)
    let m = Double(min(max(coverage, 0), 255)) / 255
    let result = (backdrop + m * (blended - backdrop)) * 255
    let alpha = roundedChannel(result[3])
    return Pixel(
      min(roundedChannel(result[0]), alpha), min(roundedChannel(result[1]), alpha),
      min(roundedChannel(result[2]), alpha), alpha)
  }

  /// For multiply and screen, whose result is linear in the source: `255² (F(s, d) - d) / 255` in
  /// 8-bit integers, so that at opacity `o` and full coverage the exact result is
  /// `(255² d + o term) / 255²` (every channel, alpha included); `nil` for other modes.
  /// Multiply: `s (d + 255 - da) - d sa`; screen: `s (255 - d)`. The vector kernels
  /// (``SeparableBlendKernels``) use the same terms.
  @inline(__always)
  static func linearTerm(_ mode: BlendMode, _ s: Pixel, _ d: Pixel) -> Pixel? {
    switch mode {
    case .multiply: multiplyTerm(s, d)
    case .screen: screenTerm(s, d)
    default: nil
    }
  }

  @inline(__always)
  static func multiplyTerm(_ s: Pixel, _ d: Pixel) -> Pixel {
    s &* (d &+ 255 &- Pixel(repeating: d[3])) &- d &* Pixel(repeating: s[3])
  }

  @inline(__always)
  static func screenTerm(_ s: Pixel, _ d: Pixel) -> Pixel {
    s &* (255 &- d)
  }

  /// The Porter-Duff operators at opacity `o`, full coverage, in integers: the result is
  /// `(o s X + d Y) / 255²` on every lane (alpha included), with `X` the source's factor times 255
  /// (0, `da`, `255 - da` or 255) and `Y` the destination's times 255² (0, `o sa`, `255² - o sa`
  /// or 255²); `sourceAlpha` is `o sa`. `nil` for the other modes.
  @inline(__always)
  static func porterDuffWeights(_ mode: BlendMode, sourceAlpha osa: Int32, destinationAlpha da: Int32)
    -> (source: Pixel, destination: Pixel)?
  {
    let (x, y): (Int32, Int32)
    switch mode {
    case .clear: (x, y) = (0, 0)
    case .copy: (x, y) = (255, 0)
    case .sourceIn: (x, y) = (da, 0)
    case .sourceOut: (x, y) = (255 &- da, 0)
    case .sourceAtop: (x, y) = (da, 65025 &- osa)
    case .destinationOver: (x, y) = (255 &- da, 65025)
    case .destinationIn: (x, y) = (0, osa)
    case .destinationOut: (x, y) = (0, 65025 &- osa)
    case .destinationAtop: (x, y) = (255 &- da, osa)
    case .xor: (x, y) = (255 &- da, 65025 &- osa)
    default: return nil
    }
    return (Pixel(repeating: x), Pixel(repeating: y))
  }

  /// `round(n / 255²)` per lane (halves cannot occur: 255² is odd), for `n` clamped to
  /// `0...255 · 255²`: an integer division by a constant, which compiles to a multiply and shift.
  @inline(__always)
  static func roundedOver65025(_ n: Pixel) -> Pixel {
    let clamped = pointwiseMin(pointwiseMax(n, Pixel()), Pixel(repeating: 255 &* 65025))
    return Pixel(
      (clamped[0] &+ 32512) / 65025, (clamped[1] &+ 32512) / 65025, (clamped[2] &+ 32512) / 65025,
      (clamped[3] &+ 32512) / 65025)
  }

  /// `F(s, d)` of `mode` on premultiplied values in 0...1 (`s` already scaled by opacity); the
  /// W3C modes take their straight source colour from `unscaledSource`.
  private static func weightedFormula(
    _ mode: BlendMode, _ s: SIMD4<Double>, _ d: SIMD4<Double>, unscaledSource: Pixel
  ) -> SIMD4<Double> {
    let sa = s[3]
    let da = d[3]
    let one = SIMD4<Double>(repeating: 1)
    switch mode {
    case .normal: return s + d * (1 - sa)
    case .clear: return SIMD4()
    case .copy: return s
    case .sourceIn: return s * da
    case .sourceOut: return s * (1 - da)
    case .sourceAtop: return withAlpha(s * da + d * (1 - sa), da)
    case .destinationOver: return s * (1 - da) + d
    case .destinationIn: return d * sa
    case .destinationOut: return d * (1 - sa)
    case .destinationAtop: return withAlpha(s * (1 - da) + d * sa, sa)
    case .xor: return s * (1 - da) + d * (1 - sa)
    case .plusLighter: return pointwiseMin(s + d, one)
    case .plusDarker:
      let ra = min(1, sa + da)
      let color = pointwiseMax(SIMD4(repeating: ra) - ((SIMD4(repeating: sa) - s) + (SIMD4(repeating: da) - d)), SIMD4())
      return withAlpha(color, ra)
    case .multiply, .screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn, .softLight, .hardLight,
      .difference, .exclusion, .hue, .saturation, .color, .luminosity:
      let uncovered = s * (1 - da) + d * (1 - sa)
      var color = uncovered
      if sa > 0 && da > 0 {
        let backdrop = UnitColor(red: d[0] / da, green: d[1] / da, blue: d[2] / da)
        let b = w3cBlend(mode, source: UnitColor(unpremultiplying: unscaledSource), backdrop: backdrop)
        color += sa * da * SIMD4(b.red, b.green, b.blue, 0)
      }
      return withAlpha(color, sa + da - sa * da)
    }
  }

  /// `B(Cb, Cs)` of a W3C mode on straight colours in 0...1.
  private static func w3cBlend(_ mode: BlendMode, source cs: UnitColor, backdrop cb: UnitColor) -> UnitColor {
    let nonSeparable: NonSeparableBlend? =
      switch mode {
      case .hue: .hue
      case .saturation: .saturation
      case .color: .color
      case .luminosity: .luminosity
      default: nil
      }
    if let nonSeparable { return nonSeparableBlend(nonSeparable, source: cs, backdrop: cb) }
    return UnitColor(
      red: separableBlend(mode, cb.red, cs.red), green: separableBlend(mode, cb.green, cs.green),
      blue: separableBlend(mode, cb.blue, cs.blue))
  }

  /// `B(Cb, Cs)` of a separable W3C mode for one channel. Inputs come from 8-bit integers, so the
  /// conditions (`Cs <= 0.5`, `Cb == 0`, `Cs == 1`, ...) are decided exactly.
  private static func separableBlend(_ mode: BlendMode, _ cb: Double, _ cs: Double) -> Double {
    switch mode {
    case .multiply: return cb * cs
    case .screen: return cb + cs - cb * cs
    case .overlay: return hardLight(backdrop: cs, source: cb)
    case .darken: return min(cb, cs)
    case .lighten: return max(cb, cs)
    case .colorDodge:
      if cb == 0 { return 0 }
      if cs >= 1 { return 1 }
      return min(1, cb / (1 - cs))
    case .colorBurn:
      if cb >= 1 { return 1 }
      if cs == 0 { return 0 }
      return 1 - min(1, (1 - cb) / cs)
    case .hardLight: return hardLight(backdrop: cb, source: cs)
    case .softLight:
      if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
      let dCb = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
      return cb + (2 * cs - 1) * (dCb - cb)
    case .difference: return abs(cb - cs)
    case .exclusion: return cb + cs - 2 * cb * cs
    default: return cs  // not reached: only the separable modes come here
    }
  }

  @inline(__always)
  private static func hardLight(backdrop cb: Double, source cs: Double) -> Double {
    cs <= 0.5 ? cb * (2 * cs) : cb + (2 * cs - 1) - cb * (2 * cs - 1)
  }

  @inline(__always)
  private static func withAlpha(_ color: SIMD4<Double>, _ alpha: Double) -> SIMD4<Double> {
    var result = color
    result[3] = alpha
    return result
  }
}
