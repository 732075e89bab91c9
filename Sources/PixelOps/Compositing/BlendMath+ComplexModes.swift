/// The separable modes with conditions or divisions (overlay, hard light, colour dodge and
/// burn, soft light) and the non-separable modes (hue, saturation, color, luminosity): the W3C
/// *Compositing and Blending Level 1* formulas composited with source-over.
extension BlendMath {
  /// `blend` composited with source-over, as the simple separable modes are:
  /// `s (1 - da) + d (1 - sa) + sa da B(s/sa, d/da)` in 0...255, clamped to 0...alpha of the
  /// result; lane 3 holds that alpha, `sa + da - sa da` (the caller sets it again).
  ///
  /// Overlay, hard light, colour dodge, colour burn, and soft light outside its square-root
  /// branch are exact rational arithmetic in integers: the exact result rounded to nearest,
  /// halves up. Soft light's square-root branch and the non-separable modes compute in IEEE
  /// `Double` (no fused multiply-add, so every platform gets the same bits), within one unit of
  /// the exact result rounded. Inputs are first clamped to valid premultiplied pixels (alpha
  /// 0...255, colour 0...alpha), so invalid input neither traps nor produces NaN. When `sa` or
  /// `da` is 0 the blend term is 0 and only the uncovered parts remain (a transparent source
  /// leaves the destination unchanged).
  static func complexModes(_ blend: ComplexBlend, _ source: Pixel, _ destination: Pixel) -> Pixel {
    let s = validPremultiplied(source)
    let d = validPremultiplied(destination)
    let sa = s[3]
    let da = d[3]
    // Units of 1/255²: the parts of each pixel that the other one leaves uncovered.
    let uncovered = s &* (255 &- da) &+ d &* (255 &- sa)
    let alpha = divide(Pixel(repeating: sa &* 255 &+ da &* (255 &- sa)))[0]
    let color: Pixel
    if sa == 0 || da == 0 {
      color = divide(uncovered)
    } else {
      switch blend {
      case .hardLight: color = divide(uncovered &+ hardLightTerm(source: s, backdrop: d))
      case .overlay: color = divide(uncovered &+ hardLightTerm(source: d, backdrop: s))
      case .colorDodge: color = eachColorChannel(s, d, uncovered, colorDodgeChannel)
      case .colorBurn: color = eachColorChannel(s, d, uncovered, colorBurnChannel)
      case .softLight: color = eachColorChannel(s, d, uncovered, softLightChannel)
      case .nonSeparable(let mode): color = nonSeparable(mode, s, d, uncovered)
      }
    }
    return withAlpha(pointwiseMin(color, Pixel(repeating: alpha)), alpha)
  }

  /// `p` with alpha clamped to 0...255 and each colour channel to 0...alpha.
  @inline(__always)
  static func validPremultiplied(_ p: Pixel) -> Pixel {
    let alpha = min(max(p[3], 0), 255)
    return withAlpha(pointwiseMin(pointwiseMax(p, Pixel()), Pixel(repeating: alpha)), alpha)
  }

  /// `sa da B(Cs, Cb)` of hard light in units of 1/255², exactly: `2 s d` where `2 Cs <= 1`
  /// (multiply), else `sa da - 2 (sa - s)(da - d)` (screen). Overlay is this with the pixels swapped.
  @inline(__always)
  private static func hardLightTerm(source s: Pixel, backdrop d: Pixel) -> Pixel {
    let sa = Pixel(repeating: s[3])
    let da = Pixel(repeating: d[3])
    let multiplied = 2 &* s &* d
    let screened = sa &* da &- 2 &* (sa &- s) &* (da &- d)
    return multiplied.replacing(with: screened, where: 2 &* s .> sa)
  }

  /// Applies a per-channel formula `f(s, sa, d, da, uncovered)` to the three colour channels.
  @inline(__always)
  private static func eachColorChannel(
    _ s: Pixel, _ d: Pixel, _ uncovered: Pixel, _ f: (Int32, Int32, Int32, Int32, Int32) -> Int32
  ) -> Pixel {
    Pixel(
      f(s[0], s[3], d[0], d[3], uncovered[0]), f(s[1], s[3], d[1], d[3], uncovered[1]),
      f(s[2], s[3], d[2], d[3], uncovered[2]), 0)
  }
}
