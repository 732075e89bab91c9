/// One pixel of every blend mode in 8-bit integer arithmetic: the scalar definition that the
/// vector kernels must reproduce, and the generic path for modes without one.
///
/// Inputs and output are premultiplied RGBA8 channels in `SIMD4<Int32>` (R, G, B, A), each
/// 0...255 with colour ≤ alpha. Each formula is the mode's exact rational result in units of
/// 1/255², divided once with ``ExactDivision/div255(_:)`` where the mode allows it (so the result
/// is the exact result rounded to nearest); DESIGN.md lists each mode's tolerance. Results are
/// clamped to 0...255 so invalid input (colour above alpha) cannot wrap.
enum BlendMath {
  typealias Pixel = SIMD4<Int32>

  static func blend(_ mode: BlendMode, source s: Pixel, destination d: Pixel) -> Pixel {
    let sa = s[3]
    let da = d[3]
    switch mode {
    case .normal: return divide(s &* 255 &+ d &* (255 &- sa))
    case .clear: return Pixel()
    case .copy: return s
    case .sourceIn: return divide(s &* da)
    case .sourceOut: return divide(s &* (255 &- da))
    case .sourceAtop: return withAlpha(divide(s &* da &+ d &* (255 &- sa)), da)
    case .destinationOver: return divide(s &* (255 &- da) &+ d &* 255)
    case .destinationIn: return divide(d &* sa)
    case .destinationOut: return divide(d &* (255 &- sa))
    case .destinationAtop: return withAlpha(divide(s &* (255 &- da) &+ d &* sa), sa)
    case .xor: return divide(s &* (255 &- da) &+ d &* (255 &- sa))
    case .plusLighter: return clamp(s &+ d)
    case .plusDarker:
      let alpha = min(255, sa &+ da)
      let color = clamp(Pixel(repeating: alpha) &- ((Pixel(repeating: sa) &- s) &+ (Pixel(repeating: da) &- d)))
      return withAlpha(color, alpha)
    case .multiply: return simpleSeparable(.multiply, s, d)
    case .screen: return simpleSeparable(.screen, s, d)
    case .darken: return simpleSeparable(.darken, s, d)
    case .lighten: return simpleSeparable(.lighten, s, d)
    case .difference: return simpleSeparable(.difference, s, d)
    case .exclusion: return simpleSeparable(.exclusion, s, d)
    case .overlay: return complexModes(.overlay, s, d)
    case .hardLight: return complexModes(.hardLight, s, d)
    case .colorDodge: return complexModes(.colorDodge, s, d)
    case .colorBurn: return complexModes(.colorBurn, s, d)
    case .softLight: return complexModes(.softLight, s, d)
    case .hue: return complexModes(.nonSeparable(.hue), s, d)
    case .saturation: return complexModes(.nonSeparable(.saturation), s, d)
    case .color: return complexModes(.nonSeparable(.color), s, d)
    case .luminosity: return complexModes(.nonSeparable(.luminosity), s, d)
    }
  }

  /// The simple separable W3C modes: `B(s, d)` composited with source-over,
  /// `result = s (1 - da) + d (1 - sa) + sa da B(s/sa, d/da)`, alpha `sa + da - sa da`.
  private static func simpleSeparable(_ blend: SimpleSeparableBlend, _ s: Pixel, _ d: Pixel) -> Pixel {
    let sa = s[3]
    let da = d[3]
    let uncovered = s &* (255 &- da) &+ d &* (255 &- sa)  // units of 1/255²
    let alpha = divide(Pixel(repeating: sa &* 255 &+ da &* (255 &- sa)))[0]
    let color: Pixel
    switch blend {
    case .multiply: color = divide(s &* d &+ uncovered)
    case .screen: color = divide((s &+ d) &* 255 &- s &* d)
    case .darken: color = divide(pointwiseMin(s &* da, d &* sa) &+ uncovered)
    case .lighten: color = divide(pointwiseMax(s &* da, d &* sa) &+ uncovered)
    case .difference: color = divide((s &+ d) &* 255 &- 2 &* pointwiseMin(s &* da, d &* sa))
    case .exclusion: color = divide((s &+ d) &* 255 &- 2 &* s &* d)
    }
    return withAlpha(color, alpha)
  }

  /// `round(x / 255)` per lane, for `x` in 0...65025 after clamping.
  @inline(__always)
  static func divide(_ x: Pixel) -> Pixel {
    let clamped = pointwiseMin(pointwiseMax(x, Pixel()), Pixel(repeating: 65025))
    let t = clamped &+ 128
    return (t &+ (t &>> 8)) &>> 8
  }

  @inline(__always)
  static func clamp(_ x: Pixel) -> Pixel {
    pointwiseMin(pointwiseMax(x, Pixel()), Pixel(repeating: 255))
  }

  @inline(__always)
  static func withAlpha(_ color: Pixel, _ alpha: Int32) -> Pixel {
    var result = color
    result[3] = alpha
    return result
  }
}
