/// Angles for conic gradients: `atan2` of four points at once in `Float`, as a fraction of a
/// turn times a unit (the table size, so that angles come out in table cells), by an odd
/// minimax polynomial on 0...1 (``ArctangentPolynomial``) and octant folding. No libm call, no
/// branches.
struct GradientAngle<Polynomial: ArctangentPolynomial> {
  let arctangent: Polynomial
  /// A quarter, a half and a whole turn in the unit.
  private let quarter: Float, half: Float, whole: Float

  /// Angles in turns times `unit`.
  init(unit: Float) {
    arctangent = Polynomial(unit: unit)
    (quarter, half, whole) = (unit / 4, unit / 2, unit)
  }

  /// The angle of (u, v) from +u towards +v, in turns times the unit, in 0...unit (0 at the
  /// origin).
  @inline(__always)
  func turns(u: SIMD4<Float>, v: SIMD4<Float>) -> SIMD4<Float> {
    let au = FloatLanes.magnitude(u)
    let av = FloatLanes.magnitude(v)
    let vSteeper = av .> au
    // max and min written as selects on their own comparison compile to maxps and minps.
    let large = au.replacing(with: av, where: av .> au)
    let small = av.replacing(with: au, where: au .< av)
    // small / large in 0...1; the origin gives 0 / tiny = 0.
    let r = small / large.replacing(with: SIMD4(repeating: .leastNormalMagnitude), where: large .< .leastNormalMagnitude)
    var p = arctangent(r)
    p = FloatLanes.select(vSteeper, quarter - p, p)
    p = FloatLanes.select(u .< 0, half - p, p)
    return FloatLanes.select(v .< 0, whole - p, p)
  }
}

/// `atan(r)` for `r` in -1...1, in turns times a unit, by an odd minimax polynomial whose
/// coefficients are divided by 2π and multiplied by the unit once (the polynomial alone: the
/// caller knows the octant, as ``ConicFold`` does).
protocol ArctangentPolynomial {
  init(unit: Float)
  /// The most the polynomial is off `atan`, in radians.
  static var largestError: Double { get }
  func callAsFunction(_ r: SIMD4<Float>) -> SIMD4<Float>
}

/// Degree 7: 8.2e-5 radians, 0.053 of the finest (4096-cell) table's cell. Fine enough for any
/// table, dithered or not (DESIGN.md, Gradients).
struct ArctangentDegree7: ArctangentPolynomial {
  private let c1: Float, c3: Float, c5: Float, c7: Float
  /// The coefficients of `r`, `r³`, `r⁵` and `r⁷` (radians).
  private static var coefficients: (Double, Double, Double, Double) {
    (0.99921388, -0.32117568, 0.14626621, -0.03898768)
  }

  init(unit: Float) {
    let scale = unit / (2 * .pi)
    let (a1, a3, a5, a7) = Self.coefficients
    (c1, c3, c5, c7) = (Float(a1) * scale, Float(a3) * scale, Float(a5) * scale, Float(a7) * scale)
  }

  static var largestError: Double { 8.2e-5 }

  /// The most ``turns(u:v:)`` is off the angle: the polynomial's 8.15e-5 radians evaluated in
  /// `Double` (1.297e-5 turns), with room for the rounding of the fold.
  static var largestTurnsError: Double { 1.4e-5 }

  /// The angle of (u, v) from +u towards +v in turns, in 0...1 (0 at the origin): one pixel by
  /// the same octant fold as ``GradientAngle/turns(u:v:)``, in `Double`, within
  /// ``largestTurnsError`` of `atan2(v, u) / 2π` (wrapped into 0...1) for finite points other
  /// than the origin (at (-0, ±0) it gives 0 where `atan2` gives half a turn; infinite
  /// coordinates give NaN).
  static func turns(u: Double, v: Double) -> Double {
    let (au, av) = (abs(u), abs(v))
    let (small, large) = av > au ? (au, av) : (av, au)
    let r = large > 0 ? small / large : 0
    let s = r * r
    let (a1, a3, a5, a7) = coefficients
    let turn = 1 / (2 * Double.pi)
    var p = r * (a1 * turn + s * (a3 * turn + s * (a5 * turn + s * (a7 * turn))))
    if av > au { p = 0.25 - p }
    if u < 0 { p = 0.5 - p }
    return v < 0 ? 1 - p : p
  }

  @inline(__always)
  func callAsFunction(_ r: SIMD4<Float>) -> SIMD4<Float> {
    let s = r * r
    return r * (c1 + s * (c3 + s * (c5 + s * c7)))
  }
}

/// Degree 5, one multiplication and one addition fewer: 6.1e-4 radians, 0.40 of the finest
/// (4096-cell) table's cell, inside the 3/4 cell that keeps a pixel within 1 of the reference, so
/// plain fills take it (``ConicGradientParameter``); not fine enough for a dithered fill (its 8x8
/// block means want about a tenth of a cell) or near a hard edge (a pixel just past it whose angle
/// comes out short takes the colour from across it), which take degree 7.
struct ArctangentDegree5: ArctangentPolynomial {
  private let c1: Float, c3: Float, c5: Float

  init(unit: Float) {
    let scale = unit / (2 * .pi)
    (c1, c3, c5) = (0.99535795 * scale, -0.28869024 * scale, 0.07933904 * scale)
  }

  static var largestError: Double { 6.1e-4 }

  @inline(__always)
  func callAsFunction(_ r: SIMD4<Float>) -> SIMD4<Float> {
    let s = r * r
    return r * (c1 + s * (c3 + s * c5))
  }
}
