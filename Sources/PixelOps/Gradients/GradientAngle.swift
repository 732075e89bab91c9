/// Angles for conic gradients: `atan2` of four points at once in `Float`, as a fraction of a
/// turn, by a degree-9 odd polynomial on 0...1 (maximum error 1.15e-5 radians, 1.8e-6 turns:
/// under 1/100 of the finest table cell) and octant folding. No libm call, no branches.
enum GradientAngle {
  /// The polynomial's coefficients divided by 2π (so it gives turns).
  private static let c1: Float = 0.9998660 / (2 * .pi)
  private static let c3: Float = -0.3302995 / (2 * .pi)
  private static let c5: Float = 0.1801410 / (2 * .pi)
  private static let c7: Float = -0.0851330 / (2 * .pi)
  private static let c9: Float = 0.0208351 / (2 * .pi)

  /// The angle of (u, v) from +u towards +v, in turns in 0...1 (0 at the origin).
  @inline(__always)
  static func turns(u: SIMD4<Float>, v: SIMD4<Float>) -> SIMD4<Float> {
    let au = FloatLanes.magnitude(u)
    let av = FloatLanes.magnitude(v)
    let vSteeper = av .> au
    // max and min written as selects on their own comparison compile to maxps and minps.
    let large = au.replacing(with: av, where: av .> au)
    let small = av.replacing(with: au, where: au .< av)
    // small / large in 0...1; the origin gives 0 / tiny = 0.
    let r = small / large.replacing(with: SIMD4(repeating: .leastNormalMagnitude), where: large .< .leastNormalMagnitude)
    let s = r * r
    var p = r * (c1 + s * (c3 + s * (c5 + s * (c7 + s * c9))))
    p = FloatLanes.select(vSteeper, 0.25 - p, p)
    p = FloatLanes.select(u .< 0, 0.5 - p, p)
    return FloatLanes.select(v .< 0, 1 - p, p)
  }
}
