/// Angles for conic gradients: `atan2` of four points at once in `Float`, as a fraction of a
/// turn times a unit (the table size, so that angles come out in table cells), by a degree-7
/// odd polynomial on 0...1 (a minimax fit: maximum error 8.2e-5 radians, 1.3e-5 turns, 0.053 of
/// the finest table cell, far inside the 3/4 cell that keeps pixels within 1 level; see DESIGN.md)
/// and octant folding. No libm call, no branches.
struct GradientAngle {
  /// The polynomial's coefficients divided by 2π (so it gives turns), times the unit.
  private let c1: Float, c3: Float, c5: Float, c7: Float
  /// A quarter, a half and a whole turn in the unit.
  private let quarter: Float, half: Float, whole: Float

  /// Angles in turns times `unit`.
  init(unit: Float) {
    let scale = unit / (2 * .pi)
    (c1, c3, c5, c7) = (0.99921388 * scale, -0.32117568 * scale, 0.14626621 * scale, -0.03898768 * scale)
    (quarter, half, whole) = (unit / 4, unit / 2, unit)
  }

  /// `atan(r)` in turns times the unit, for `r` in -1...1 (the polynomial alone: the caller
  /// knows the octant, as ``ConicFold`` does).
  @inline(__always)
  func arctangent(_ r: SIMD4<Float>) -> SIMD4<Float> {
    let s = r * r
    return r * (c1 + s * (c3 + s * (c5 + s * c7)))
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
