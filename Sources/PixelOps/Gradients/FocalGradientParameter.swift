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
///
/// Rows whose numbers stay small take a cheaper form with no division and no select
/// (``AxisRow``): in coordinates along and across the axis from the focus to the end centre,
/// `t n = sqrt(P² + Q²) - (|dc| / dr) P`. Its subtraction cancels on the focus's near side, so its
/// error grows with the row's largest coordinate instead of with `t`; a row takes it only where
/// that bound is within ``AxisRow/largestError`` of a cell.
struct FocalGradientParameter: GradientParameter {
  /// The same circles solved in `Double`, for ``exactParameter(x:y:)``.
  let general: TwoCircleGradientParameter
  /// ``AxisRow``'s frame, made once rather than per row: the unit vector from the focus towards
  /// the end centre (any unit vector where they coincide), `√|a|`, and `|dc| / dr`.
  private let along: (x: Double, y: Double)
  private let rootA: Double
  private let axisSlope: Float

  /// Nil unless `general` is focal with `|a|` at least `dr² / 1024`: nearer 0 (the focus
  /// nearly on the end circle) `1/|a|` grows without bound, and the `Double` solution stays.
  init?(_ general: TwoCircleGradientParameter) {
    let (a, dr) = (general.a, general.dr)
    guard general.r0 == 0, dr > 0, a < 0, -a >= dr * dr / 1024 else { return nil }
    self.general = general
    let length = (general.dcx * general.dcx + general.dcy * general.dcy).squareRoot()
    along = length > 0 ? (general.dcx / length, general.dcy / length) : (1, 0)
    rootA = (-a).squareRoot()
    axisSlope = Float(length / dr)
  }

  static var staysInUnitRange: Bool { false }
  static var costPerPixel: Int { 16 }

  /// Along a row, `b`, `√|a| u` and `√|a| v` are affine in the pixel index, each counted from
  /// the row's first pixel like ``CentredRow``'s u and v; `t n = (n / |a|) · (b > 0 ?
  /// q / (s + b) : s - b)` with `q = (√|a| u)² + (√|a| v)² = |a| c` and `s = sqrt(b² + q)`.
  func row(_ y: Int, from x: Int, cells: Float) -> Row {
    let map = general.map
    let (u, v) = map.point(x: Double(x), y: Double(y))
    func lanes(_ start: Double, _ step: Double) -> AffineLanes { AffineLanes(start: start, step: step) }
    return Row(
      b: lanes(u * general.dcx + v * general.dcy, map.a * general.dcx + map.b * general.dcy),
      scaledU: lanes(rootA * u, rootA * map.a), scaledV: lanes(rootA * v, rootA * map.b),
      scale: Float(Double(cells) / -general.a))
  }

  func exactParameter(x: Int, y: Int) -> Double { general.exactParameter(x: x, y: y) }

  /// Each row in the cheaper ``AxisRow`` where its bound allows, else in ``row(_:from:cells:)``.
  func writeEntries<Sink: GradientEntrySink>(
    row y: Int, from x: Int, count: Int, layout: GradientCellLayout, into sink: inout Sink
  ) {
    if let fast = axisRow(y, from: x, count: count, cells: Double(layout.count)) {
      writeSteppedEntries(fast, count: count, layout: layout, into: &sink)
    } else {
      writeSteppedEntries(row: y, from: x, count: count, layout: layout, into: &sink)
    }
  }

  /// Row `y` from column `x` as an ``AxisRow`` for `count` pixels (and the up to 3 lanes past
  /// them in its last step), or nil where its error bound is over ``AxisRow/largestError``.
  ///
  /// With `dc` the vector from the focus to the end centre, `L = |dc|`, `u'` the coordinate
  /// along it and `v'` across it, `b = L u'` and `u² + v² = u'² + v'²`, so
  /// `k² (b² + |a| (u² + v²)) = P² + Q²` with `k = n / |a|`, `P = dr k u'`, `Q = √|a| k v'`
  /// (`|a| = dr² - L²`), and `t n = k (s - b) = sqrt(P² + Q²) - (L / dr) P`.
  func axisRow(_ y: Int, from x: Int, count: Int, cells: Double) -> AxisRow? {
    let map = general.map
    let (u, v) = map.point(x: Double(x), y: Double(y))
    func along(_ u: Double, _ v: Double) -> Double { u * self.along.x + v * self.along.y }
    func across(_ u: Double, _ v: Double) -> Double { v * self.along.x - u * self.along.y }
    let k = cells / -general.a
    let (alongScale, acrossScale) = (general.dr * k, rootA * k)
    let p = AffineLanes(start: alongScale * along(u, v), step: alongScale * along(map.a, map.b))
    let q = AffineLanes(start: acrossScale * across(u, v), step: acrossScale * across(map.a, map.b))
    let reach = Double(count &+ 3)
    let largest = max(p.largestMagnitude(over: reach), q.largestMagnitude(over: reach))
    guard largest <= AxisRow.largestMagnitude else { return nil }
    return AxisRow(p: p, q: q, slope: axisSlope)
  }

  /// `start + k step` for the pixels `k` of a row.
  struct AffineLanes {
    let start: Float, step: Float

    init(start: Double, step: Double) { (self.start, self.step) = (Float(start), Float(step)) }

    @inline(__always)
    func at(_ offsets: SIMD4<Float>) -> SIMD4<Float> { start + offsets * step }

    /// At least `|start| + k |step|` for every `k` in `0 ... reach`: what the lanes' rounding
    /// is relative to.
    func largestMagnitude(over reach: Double) -> Double { abs(Double(start)) + reach * abs(Double(step)) }
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

  /// A row as `t n = sqrt(P² + Q²) - slope P` (``axisRow(_:from:count:cells:)``): four
  /// multiplications, three additions and a `sqrtps` for four pixels.
  ///
  /// Error: with every `|P|`, `|Q|`, `|start| + k |step|` of the row at most `M` and `ε = 2^-24`,
  /// P and Q are within `3 ε M` (the start and step rounded to `Float`, the product and the
  /// sum); `S = sqrt(P² + Q²)` within `3√2 ε M` from them plus `2√2 ε M` from its own roundings
  /// (S is at most `√2 M`); `slope P` within `5 ε M`; the difference's rounding adds
  /// `(1 + √2) ε M`: about `14.6 ε M` in all, taken as `24 ε M` here. ``largestMagnitude`` keeps
  /// that within ``largestError``.
  struct AxisRow: GradientParameterRow {
    let p: AffineLanes, q: AffineLanes
    /// `|dc| / dr`, below 1.
    let slope: Float
    var offsets = gradientLaneOffsets

    /// The most a parameter may be off, in cells: far inside the table's error budget
    /// (DESIGN.md, Gradients: below 3/4 cell).
    static let largestError = 1.0 / 64
    /// The largest `M` whose bound `24 · 2^-24 · M` is within ``largestError``.
    static let largestMagnitude = largestError * 0x1p24 / 24

    @inline(__always)
    mutating func next() -> SIMD4<Float> {
      let (p, q) = (self.p.at(offsets), self.q.at(offsets))
      offsets += 4
      return (p * p + q * q).squareRoot() - slope * p
    }
  }
}
