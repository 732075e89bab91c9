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
/// (`b` and the scaled u and v are counted along the row directly, and `1/|a|` and the table
/// size are one factor at the end: fewer constants held across the loop.)
struct FocalGradientParameter: GradientParameter {
  /// The same circles solved in `Double`, for ``exactParameter(x:y:)``.
  let general: TwoCircleGradientParameter

  /// Nil unless `general` is focal with `|a|` at least `dr² / 1024`: nearer 0 (the focus
  /// nearly on the end circle) `1/|a|` grows without bound, and the `Double` solution stays.
  init?(_ general: TwoCircleGradientParameter) {
    let (a, dr) = (general.a, general.dr)
    guard general.r0 == 0, dr > 0, a < 0, -a >= dr * dr / 1024 else { return nil }
    self.general = general
  }

  static var staysInUnitRange: Bool { false }
  static var costPerPixel: Int { 16 }

  /// Along a row, `b`, `√|a| u` and `√|a| v` are affine in the pixel index, each counted from
  /// the row's first pixel like ``CentredRow``'s u and v; `t n = (n / |a|) · (b > 0 ?
  /// q / (s + b) : s - b)` with `q = (√|a| u)² + (√|a| v)² = |a| c` and `s = sqrt(b² + q)`.
  func row(_ y: Int, from x: Int, cells: Float) -> Row {
    let map = general.map
    let (u, v) = map.point(x: Double(x), y: Double(y))
    let rootA = (-general.a).squareRoot()
    func lanes(_ start: Double, _ step: Double) -> AffineLanes { AffineLanes(start: Float(start), step: Float(step)) }
    return Row(
      b: lanes(u * general.dcx + v * general.dcy, map.a * general.dcx + map.b * general.dcy),
      scaledU: lanes(rootA * u, rootA * map.a), scaledV: lanes(rootA * v, rootA * map.b),
      scale: Float(Double(cells) / -general.a))
  }

  func exactParameter(x: Int, y: Int) -> Double { general.exactParameter(x: x, y: y) }

  /// `start + k step` for the pixels `k` of a row.
  struct AffineLanes {
    let start: Float, step: Float

    @inline(__always)
    func at(_ offsets: SIMD4<Float>) -> SIMD4<Float> { start + offsets * step }
  }

  struct Row: GradientParameterRow {
    let b: AffineLanes, scaledU: AffineLanes, scaledV: AffineLanes
    /// `n / |a|`.
    let scale: Float
    var offsets = gradientLaneOffsets

    @inline(__always)
    mutating func next() -> SIMD4<Float> {
      let (b, su, sv) = (self.b.at(offsets), scaledU.at(offsets), scaledV.at(offsets))
      offsets += 4
      let q = su * su + sv * sv
      let s = (b * b + q).squareRoot()
      let nearSide = q / (s + b)
      let farSide = s - b
      return farSide.replacing(with: nearSide, where: b .> 0) * scale
    }
  }
}
