@testable import PixelOps

/// An oracle for every blend mode, written independently of ``BlendMath`` from the formulas
/// on ``BlendMode`` (Porter-Duff, normal, plus-lighter, plus-darker) and from the W3C
/// *Compositing and Blending Level 1* definitions (every other mode: `B(Cb, Cs)` on straight
/// colours, composited with source-over). Works in `Double` on values in 0...1 and returns the
/// exact result, unrounded, in 8-bit units (0...255) for R, G, B, A.
enum BlendReference {
  /// `mode` applied to premultiplied 8-bit `source` and `destination` (R, G, B, A).
  static func blend(_ mode: BlendMode, source: SIMD4<Int32>, destination: SIMD4<Int32>) -> [Double] {
    blend(mode, source: (0..<4).map { Double(source[$0]) / 255 }, destination: (0..<4).map { Double(destination[$0]) / 255 })
  }

  /// `mode` applied to premultiplied `source` and `destination` with channels in 0...1 (the source
  /// may be scaled by an opacity, unrounded), in 8-bit units, unrounded.
  static func blend(_ mode: BlendMode, source s: [Double], destination d: [Double]) -> [Double] {
    let sa = s[3]
    let da = d[3]
    let result: [Double]
    if let porterDuff = porterDuff(mode, s, d) {
      result = porterDuff
    } else if mode == .plusLighter {
      result = (0..<4).map { Swift.min(1, s[$0] + d[$0]) }
    } else if mode == .plusDarker {
      let ra = Swift.min(1, sa + da)
      result = (0..<3).map { Swift.max(0, ra - ((sa - s[$0]) + (da - d[$0]))) } + [ra]
    } else {
      // s (1 - da) + d (1 - sa) + sa da B(Cb, Cs); the blend term vanishes when sa or da is 0.
      var blended = [0.0, 0, 0]
      if sa > 0 && da > 0 {
        let cs = (0..<3).map { s[$0] / sa }
        let cb = (0..<3).map { d[$0] / da }
        blended = w3cBlend(mode, backdrop: cb, source: cs)
      }
      result = (0..<3).map { s[$0] * (1 - da) + d[$0] * (1 - sa) + sa * da * blended[$0] } + [sa + da - sa * da]
    }
    return result.map { $0 * 255 }
  }

  /// One colour channel of a separable W3C mode composited with source-over, from 8-bit
  /// premultiplied values, unrounded in 8-bit units: `s (1 - da) + d (1 - sa) + sa da B(Cb, Cs)`.
  static func separableComposite(_ mode: BlendMode, _ s8: Int32, _ sa8: Int32, _ d8: Int32, _ da8: Int32) -> Double {
    let (s, sa, d, da) = (Double(s8) / 255, Double(sa8) / 255, Double(d8) / 255, Double(da8) / 255)
    let blended = sa > 0 && da > 0 ? separable(mode, backdrop: d / da, source: s / sa) : 0
    return (s * (1 - da) + d * (1 - sa) + sa * da * blended) * 255
  }

  /// The Porter-Duff operators and `normal`, each formula applied to all four channels; nil for
  /// other modes.
  private static func porterDuff(_ mode: BlendMode, _ s: [Double], _ d: [Double]) -> [Double]? {
    let sa = s[3]
    let da = d[3]
    let formula: ((Double, Double) -> Double)? =
      switch mode {
      case .normal: { s, d in s + d * (1 - sa) }
      case .clear: { _, _ in 0 }
      case .copy: { s, _ in s }
      case .sourceIn: { s, _ in s * da }
      case .sourceOut: { s, _ in s * (1 - da) }
      case .sourceAtop: { s, d in s * da + d * (1 - sa) }
      case .destinationOver: { s, d in s * (1 - da) + d }
      case .destinationIn: { _, d in d * sa }
      case .destinationOut: { _, d in d * (1 - sa) }
      case .destinationAtop: { s, d in s * (1 - da) + d * sa }
      case .xor: { s, d in s * (1 - da) + d * (1 - sa) }
      default: nil
      }
    return formula.map { f in (0..<4).map { f(s[$0], d[$0]) } }
  }

  /// W3C `B(Cb, Cs)` for straight colours in 0...1.
  static func w3cBlend(_ mode: BlendMode, backdrop cb: [Double], source cs: [Double]) -> [Double] {
    switch mode {
    case .hue: return setLum(setSat(cs, sat(cb)), lum(cb))
    case .saturation: return setLum(setSat(cb, sat(cs)), lum(cb))
    case .color: return setLum(cs, lum(cb))
    case .luminosity: return setLum(cb, lum(cs))
    default: return (0..<3).map { separable(mode, backdrop: cb[$0], source: cs[$0]) }
    }
  }

  static func separable(_ mode: BlendMode, backdrop cb: Double, source cs: Double) -> Double {
    switch mode {
    case .multiply: return cb * cs
    case .screen: return cb + cs - cb * cs
    case .overlay: return hardLight(backdrop: cs, source: cb)
    case .darken: return Swift.min(cb, cs)
    case .lighten: return Swift.max(cb, cs)
    case .colorDodge:
      if cb == 0 { return 0 }
      if cs == 1 { return 1 }
      return Swift.min(1, cb / (1 - cs))
    case .colorBurn:
      if cb == 1 { return 1 }
      if cs == 0 { return 0 }
      return 1 - Swift.min(1, (1 - cb) / cs)
    case .hardLight: return hardLight(backdrop: cb, source: cs)
    case .softLight:
      if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
      let dCb = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
      return cb + (2 * cs - 1) * (dCb - cb)
    case .difference: return abs(cb - cs)
    case .exclusion: return cb + cs - 2 * cb * cs
    default: fatalError("\(mode) is not a separable W3C mode")
    }
  }

  static func hardLight(backdrop cb: Double, source cs: Double) -> Double {
    if cs <= 0.5 { return separable(.multiply, backdrop: cb, source: 2 * cs) }
    return separable(.screen, backdrop: cb, source: 2 * cs - 1)
  }

  // The W3C non-separable helpers, transcribed from the specification's pseudo-code.

  static func lum(_ c: [Double]) -> Double { 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2] }

  static func clipColor(_ input: [Double]) -> [Double] {
    var c = input
    let l = lum(c)
    let n = c.min()!
    let x = c.max()!
    if n < 0 { c = c.map { l + ((($0 - l) * l) / (l - n)) } }
    if x > 1 { c = c.map { l + ((($0 - l) * (1 - l)) / (x - l)) } }
    return c
  }

  static func setLum(_ c: [Double], _ l: Double) -> [Double] {
    let shift = l - lum(c)
    return clipColor(c.map { $0 + shift })
  }

  static func sat(_ c: [Double]) -> Double { c.max()! - c.min()! }

  /// `SetSat` with `Cmax`, `Cmid`, `Cmin` naming the channels in increasing order.
  static func setSat(_ c: [Double], _ s: Double) -> [Double] {
    let order = [0, 1, 2].sorted { c[$0] < c[$1] }
    let (minIndex, midIndex, maxIndex) = (order[0], order[1], order[2])
    var result = c
    if c[maxIndex] > c[minIndex] {
      result[midIndex] = ((c[midIndex] - c[minIndex]) * s) / (c[maxIndex] - c[minIndex])
      result[maxIndex] = s
    } else {
      result[midIndex] = 0
      result[maxIndex] = 0
    }
    result[minIndex] = 0
    return result
  }

  /// `round(n / q)` for non-negative integers, halves up.
  static func roundedQuotient(_ n: Int, _ q: Int) -> Int { (2 * n + q) / (2 * q) }
}
