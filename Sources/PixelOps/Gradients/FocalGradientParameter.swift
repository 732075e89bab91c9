/// A two-circle gradient whose start circle is a point inside the end circle (SVG's focal
/// point, `CGContextDrawRadialGradient` from a point off the end circle's centre): solved in
/// `Float`, four pixels per step, where ``TwoCircleGradientParameter`` solves the general case
/// in `Double`.
///
/// With the start radius 0 and `a = dc·dc - dr² < 0` (the notation of
/// ``TwoCircleGradientParameter``), `c = u² + v² >= 0`, so the discriminant `b² - a c =
/// b² + |a| c` is never negative and at least `b²`: `s = sqrt(b² - a c) >= |b|`, and the larger
/// root `(b - s) / a = (s - b) / |a| = c / (s + b)` is never negative, nor is its radius `t dr`.
/// Every point has a parameter. Taking `c / (s + b)` where `b > 0` and `(s - b) / |a|`
/// elsewhere adds two terms of one sign, so nothing cancels and `Float` keeps `t` within a few
/// ulps relative. The discriminant is written as a sum of squares, `b² + (√|a| u)² +
/// (√|a| v)²`, which the optimiser knows is not negative: its square root is one `sqrtps`.
struct FocalGradientParameter: GradientParameter {
  /// The same circles solved in `Double`, for ``exactParameter(x:y:)``.
  let general: TwoCircleGradientParameter
  let dcx: Float, dcy: Float
  /// √|a| and 1/|a|.
  let rootA: Float, inverseA: Float

  /// Nil unless `general` is focal with `|a|` at least `dr² / 1024`: nearer 0 (the focus
  /// nearly on the end circle) `1/|a|` grows without bound, and the `Double` solution stays.
  init?(_ general: TwoCircleGradientParameter) {
    let (a, dr) = (general.a, general.dr)
    guard general.r0 == 0, dr > 0, a < 0, -a >= dr * dr / 1024 else { return nil }
    self.general = general
    (dcx, dcy) = (Float(general.dcx), Float(general.dcy))
    (rootA, inverseA) = (Float((-a).squareRoot()), Float(1 / -a))
  }

  static var staysInUnitRange: Bool { false }
  static var costPerPixel: Int { 16 }

  func row(_ y: Int, from x: Int, cells: Float) -> Row {
    Row(points: CentredRow(map: general.map, y: y, x: x), parameter: self, cells: cells)
  }

  func exactParameter(x: Int, y: Int) -> Double { general.exactParameter(x: x, y: y) }

  /// `t` at the four points (u, v), relative to the focus.
  @inline(__always)
  func t(u: SIMD4<Float>, v: SIMD4<Float>) -> SIMD4<Float> {
    let b = u * dcx + v * dcy
    let (su, sv) = (u * rootA, v * rootA)
    let s = (b * b + su * su + sv * sv).squareRoot()
    let nearSide = (u * u + v * v) / (s + b)
    let farSide = (s - b) * inverseA
    return farSide.replacing(with: nearSide, where: b .> 0)
  }

  struct Row: GradientParameterRow {
    var points: CentredRow
    let parameter: FocalGradientParameter
    let cells: Float

    @inline(__always)
    mutating func next() -> SIMD4<Float> {
      let (u, v) = points.next()
      return parameter.t(u: u, v: v) * cells
    }
  }
}
