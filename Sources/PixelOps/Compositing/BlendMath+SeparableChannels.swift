/// One colour channel of colour dodge, colour burn and soft light, composited with
/// source-over: `round((u + sa da B(s/sa, d/da)) / 255)` where `u = s (255 - da) + d (255 - sa)`.
///
/// Arguments are one valid premultiplied channel pair in 0...255 with `0 < sa`, `0 < da`,
/// `s <= sa`, `d <= da`. The blend term is rewritten over the integers (`Cs = s/sa`,
/// `Cb = d/da`) and divided once, rounding halves up; only soft light's square root is not
/// rational and goes through `Double`.
extension BlendMath {
  /// W3C `color-dodge`: `Cb == 0 -> 0`, `Cs == 1 -> 1`, else `min(1, Cb / (1 - Cs))`;
  /// `sa da B = sa min(da, d sa / (sa - s))`.
  static func colorDodgeChannel(_ s: Int32, _ sa: Int32, _ d: Int32, _ da: Int32, _ u: Int32) -> Int32 {
    if d == 0 { return rounded255(u) }
    let q = sa &- s
    if q == 0 || d &* sa >= da &* q { return rounded255(u &+ sa &* da) }
    return roundedQuotient(u &* q &+ sa &* sa &* d, 255 &* q)
  }

  /// W3C `color-burn`: `Cb == 1 -> 1`, `Cs == 0 -> 0`, else `1 - min(1, (1 - Cb) / Cs)`;
  /// `sa da B = sa max(0, da s - (da - d) sa) / s`.
  static func colorBurnChannel(_ s: Int32, _ sa: Int32, _ d: Int32, _ da: Int32, _ u: Int32) -> Int32 {
    if d == da { return rounded255(u &+ sa &* da) }
    if s == 0 { return rounded255(u) }
    let x = da &* s &- (da &- d) &* sa
    if x <= 0 { return rounded255(u) }
    return roundedQuotient(u &* s &+ sa &* x, 255 &* s)
  }

  /// W3C `soft-light`: `Cs <= 0.5 -> Cb - (1 - 2 Cs) Cb (1 - Cb)`, else
  /// `Cb + (2 Cs - 1)(D(Cb) - Cb)` with `D(Cb) = ((16 Cb - 12) Cb + 4) Cb` for `Cb <= 0.25`
  /// and `sqrt(Cb)` above.
  static func softLightChannel(_ s: Int32, _ sa: Int32, _ d: Int32, _ da: Int32, _ u: Int32) -> Int32 {
    if 2 &* s <= sa {
      // sa da B = sa d - (sa - 2s) d (da - d) / da
      let numerator = u &* da &+ sa &* d &* da &- (sa &- 2 &* s) &* d &* (da &- d)
      return roundedQuotient(numerator, 255 &* da)
    }
    if 4 &* d <= da {
      // sa da B = sa d + (2s - sa) d (16 d² - 12 d da + 3 da²) / da²
      let (s, sa, d, da, u) = (Int64(s), Int64(sa), Int64(d), Int64(da), Int64(u))
      let da2 = da &* da
      let cubic = (2 &* s &- sa) &* d &* (16 &* d &* d &- 12 &* d &* da &+ 3 &* da2)
      return roundedQuotient((u &+ sa &* d) &* da2 &+ cubic, 255 &* da2)
    }
    // sa da B = sa d + (2s - sa)(sqrt(d da) - d)
    let root = Double(d &* da).squareRoot()
    let term = Double(u &+ sa &* d) + Double(2 &* s &- sa) * (root - Double(d))
    return roundedChannel(term / 255)
  }

  /// `round(x / 255)` (halves cannot occur), for `x` in 0...65025.
  @inline(__always)
  static func rounded255(_ x: Int32) -> Int32 {
    let t = x &+ 128
    return (t &+ (t &>> 8)) &>> 8
  }

  /// `round(n / q)` with halves up, for `0 <= n <= 2^30 - q` and `q > 0`, clamped to 0...255.
  @inline(__always)
  static func roundedQuotient(_ n: Int32, _ q: Int32) -> Int32 {
    min(max((2 &* n &+ q) / (2 &* q), 0), 255)
  }

  /// `round(n / q)` with halves up, for `n >= 0` and `q > 0`, clamped to 0...255.
  @inline(__always)
  static func roundedQuotient(_ n: Int64, _ q: Int64) -> Int32 {
    Int32(min(max((2 &* n &+ q) / (2 &* q), 0), 255))
  }

  /// `v` rounded to nearest and clamped to 0...255; NaN gives 0.
  @inline(__always)
  static func roundedChannel(_ v: Double) -> Int32 {
    guard v > 0 else { return 0 }
    return Int32((v < 255 ? v : 255).rounded())
  }
}
