#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(ucrt)
  import ucrt
#endif

/// A gradient shape in destination pixels: what ``GradientShape`` becomes for one draw.
/// Each case gives, row by row, the parameter `t` of four pixels at a time.
enum GradientGeometry: Sendable {
  case linear(LinearGradientParameter)
  case concentric(ConcentricGradientParameter)
  case twoCircle(TwoCircleGradientParameter)
  case focal(FocalGradientParameter)
  case conic(ConicGradientParameter)
}

/// One shape's parameter over destination pixels.
protocol GradientParameter: Sendable {
  associatedtype Row: GradientParameterRow
  /// The parameters of row `y` from column `x` on, four pixels per step, in table cells:
  /// `t` times `cells` (the table size).
  func row(_ y: Int, from x: Int, cells: Float) -> Row
  /// The table entries of `count` pixels of row `y` from column `x`, into `sink` (in groups of
  /// four from any index, and runs of one entry). By default
  /// ``writeSteppedEntries(row:from:count:layout:into:)``.
  func writeEntries<Sink: GradientEntrySink>(
    row y: Int, from x: Int, count: Int, layout: GradientCellLayout, into sink: inout Sink)
  /// `t` of pixel (x, y) in `Double` (NaN where the pixel is not drawn): for the pixels of table
  /// cells that are evaluated exactly.
  func exactParameter(x: Int, y: Int) -> Double
  /// `t` of pixel (x, y) within ``nearParameterError`` of ``exactParameter(x:y:)``, where a shape
  /// has a cheaper form than the exact one (the conic's polynomial angle instead of `atan2`):
  /// enough to tell which side of a hard edge a pixel farther from it than that lies on. By
  /// default the exact parameter, with no error.
  func nearParameter(x: Int, y: Int) -> Double
  /// The most ``nearParameter(x:y:)`` is off ``exactParameter(x:y:)``; 0 where it is the exact
  /// parameter (the exact-cell redo then takes the exact one directly).
  static var nearParameterError: Double { get }
  /// Whether `t` always lies in 0...1, whatever the extend mode (the conic gradient).
  static var staysInUnitRange: Bool { get }
  /// Whether every row has the same parameters (a linear gradient along a horizontal axis), so
  /// that a row computed once serves them all (undithered).
  var isSameForEveryRow: Bool { get }
  /// Work per pixel, in bytes of memory traffic it is worth (for thread decisions).
  static var costPerPixel: Int { get }
  /// The rows over `columns` x `rows` as shifted master rows (a linear gradient), where that
  /// pays; nil otherwise. `cachingDitheredRows`: see ``GradientRowShifts``.
  func rowShifts(columns: Range<Int>, rows: Range<Int>, cellCount: Int, cachingDitheredRows: Bool) -> GradientRowShifts?
  /// `m` where pixel `x` of row `y` has the parameter of pixel `m - x` (within `largestShift`
  /// cells of a table of `cellCount` cells): the row is symmetric about `m / 2` (concentric
  /// circles on an unrotated map); and `offset`, how far (in pixels) pixel `m - x` lies from the
  /// mirror image of pixel x, `|m - 2 x_c|`: 0 for an exact mirror. Nil for rows that are not
  /// symmetric.
  func mirrorColumn(row y: Int, cellCount: Int, largestShift: Double) -> (column: Int, offset: Double)?
  /// Whether a mirrored pixel shows its image's entry (its pixel can be copied); otherwise
  /// ``mirroredEntries(_:cellCount:)`` gives it.
  static var mirrorKeepsEntries: Bool { get }
  /// The entries of pixels mirrored from ones with `entries`, in a table of `cellCount` cells.
  static func mirroredEntries(_ entries: SIMD4<Int32>, cellCount: Int32) -> SIMD4<Int32>
  /// How this shape meets a gradient's stripes under `extend` (``GradientStripes/Form``), where
  /// it finds where its rows cross their edges (``stripeEdgeWindows(row:from:count:stripes:into:)``);
  /// nil otherwise (by default).
  static func stripeForm(under extend: GradientExtend) -> GradientStripes.Form?
  /// Whether rows written as runs pay for `stripes` on this shape's map (by default they do):
  /// where stripes are narrow in pixels, the windows and runs cost more than the per-pixel path.
  /// Asked once per fill (``GradientRowWriter/drawsStripes``).
  func runsPay(for stripes: GradientStripes) -> Bool
  /// For a gradient of ``GradientStripes``: the pixels of row `y` from column `x` (indices
  /// `0 ..< count`) that may lie on either side of an edge, as windows (start, end and the
  /// edge's index: three `Int32`s each, in any order, possibly overlapping) written to `windows`
  /// (room for three per edge, which a shape may use as scratch); returns how many. Between two
  /// windows no pixel lies on an edge or across one from its neighbours, so a run there lies
  /// within one stripe; a pixel in one window only lies within the two stripes either side of its
  /// edge. Only for the stripes of the form ``stripeForm(under:)`` gave.
  func stripeEdgeWindows(
    row y: Int, from x: Int, count: Int, stripes: GradientStripes, into windows: UnsafeMutablePointer<Int32>
  ) -> Int
  /// Which side of edge `edge` of `stripes` pixel (x, y) lies on: true on the side of the
  /// stripe from the edge on (``GradientStripes/color(ofEdge:after:order:)``), nil where it lies
  /// too near the edge for the shape's rounding to tell (or where the shape cannot say). Asked
  /// for a pixel in that edge's window and no other, and for the first pixel of the run after
  /// such a window (``stripeEdgeWindows(row:from:count:stripes:into:)``), which lies in a stripe
  /// beside the edge. Only for the stripes of the form ``stripeForm(under:)`` gave.
  func side(ofEdge edge: Int, of stripes: GradientStripes, x: Int, y: Int) -> Bool?
}

extension GradientParameter {
  var isSameForEveryRow: Bool { false }
  func nearParameter(x: Int, y: Int) -> Double { exactParameter(x: x, y: y) }
  static var nearParameterError: Double { 0 }

  /// ``nearParameter(x:y:)`` where the shape has a cheaper form than the exact one (its error
  /// above 0), else NaN: what the exact-pixel paths try before the exact parameter.
  @inline(__always)
  func cheaperNearParameter(x: Int, y: Int) -> Double {
    Self.nearParameterError > 0 ? nearParameter(x: x, y: y) : .nan
  }
  func rowShifts(columns: Range<Int>, rows: Range<Int>, cellCount: Int, cachingDitheredRows: Bool) -> GradientRowShifts? {
    nil
  }
  func mirrorColumn(row y: Int, cellCount: Int, largestShift: Double) -> (column: Int, offset: Double)? { nil }
  static var mirrorKeepsEntries: Bool { true }
  static func mirroredEntries(_ entries: SIMD4<Int32>, cellCount: Int32) -> SIMD4<Int32> { entries }
  static func stripeForm(under extend: GradientExtend) -> GradientStripes.Form? { nil }
  func runsPay(for stripes: GradientStripes) -> Bool { true }
  func stripeEdgeWindows(
    row y: Int, from x: Int, count: Int, stripes: GradientStripes, into windows: UnsafeMutablePointer<Int32>
  ) -> Int {
    preconditionFailure("\(Self.self) does not find the edges of stripes")
  }
  func side(ofEdge edge: Int, of stripes: GradientStripes, x: Int, y: Int) -> Bool? {
    preconditionFailure("\(Self.self) does not find the edges of stripes")
  }

  func writeEntries<Sink: GradientEntrySink>(
    row y: Int, from x: Int, count: Int, layout: GradientCellLayout, into sink: inout Sink
  ) {
    writeSteppedEntries(row: y, from: x, count: count, layout: layout, into: &sink)
  }

  /// The table entries of `count` pixels stored at `cells`, which must have room for
  /// `count + 3` (groups of four start at any index; entries past `count` are scratch).
  func writeCells(row y: Int, from x: Int, count: Int, layout: GradientCellLayout, into cells: UnsafeMutablePointer<Int32>) {
    var store = GradientCellStore(cells: cells)
    writeEntries(row: y, from: x, count: count, layout: layout, into: &store)
  }
}

/// The parameters along one row, in table cells (`t` times the table size).
protocol GradientParameterRow {
  /// `t n` of the next four pixels (NaN where a pixel is not drawn).
  mutating func next() -> SIMD4<Float>
  /// Whether some pixels have no `t` (their lanes are NaN and must draw nothing).
  static var leavesPixelsUndrawn: Bool { get }
}

extension GradientParameterRow {
  static var leavesPixelsUndrawn: Bool { false }
}

/// The lanes 0, 1, 2, 3: pixel offsets within a step.
let gradientLaneOffsets = SIMD4<Float>(0, 1, 2, 3)

/// `t` is the projection onto the axis: affine in the pixel indices, `kx x + ky y + k0`.
struct LinearGradientParameter: GradientParameter {
  let kx: Double, ky: Double, k0: Double

  /// - Throws: ``PixelError/invalidGradient(reason:)`` when the axis is too short or too long
  ///   for `t` to be finite.
  init(start: PointPosition, end: PointPosition, map: GradientMap) throws(PixelError) {
    let (dx, dy) = (end.x - start.x, end.y - start.y)
    let length2 = dx * dx + dy * dy
    kx = (map.a * dx + map.b * dy) / length2
    ky = (map.c * dx + map.d * dy) / length2
    k0 = ((map.tx - start.x) * dx + (map.ty - start.y) * dy) / length2
    guard kx.isFinite, ky.isFinite, k0.isFinite, length2 > 0 else {
      throw .invalidGradient(reason: "linear gradient axis from \(start) to \(end) is too short or too long")
    }
  }

  static var staysInUnitRange: Bool { false }
  static var costPerPixel: Int { 8 }
  /// `t` does not depend on y (`0 y` is exactly 0).
  var isSameForEveryRow: Bool { ky == 0 }

  func row(_ y: Int, from x: Int, cells: Float) -> Row {
    let n = Double(cells)
    return Row(base: Float((k0 + ky * Double(y) + kx * Double(x)) * n), step: Float(kx * n))
  }

  func exactParameter(x: Int, y: Int) -> Double { k0 + ky * Double(y) + kx * Double(x) }

  func rowShifts(columns: Range<Int>, rows: Range<Int>, cellCount: Int, cachingDitheredRows: Bool) -> GradientRowShifts? {
    let n = Double(cellCount)
    return GradientRowShifts(
      origin: k0 * n, alongRow: kx * n, alongColumn: ky * n, columns: columns, rows: rows,
      cachingDitheredRows: cachingDitheredRows)
  }

  func writeEntries<Sink: GradientEntrySink>(
    row y: Int, from x: Int, count: Int, layout: GradientCellLayout, into sink: inout Sink
  ) {
    LinearCells.write(
      first: exactParameter(x: x, y: y) * Double(layout.count), step: kx * Double(layout.count), count: count,
      layout: layout, into: &sink)
  }

  struct Row: GradientParameterRow {
    let base: Float
    let step: Float
    /// Pixel offsets from the row's first pixel, exact in `Float` (rows are < 2^24 pixels).
    var offsets = gradientLaneOffsets

    @inline(__always)
    mutating func next() -> SIMD4<Float> {
      let t = base + offsets * step
      offsets += 4
      return t
    }
  }
}

/// The gradient-space point of each pixel relative to a centre, stepped along a row.
struct CentredRow {
  var u: Float, v: Float
  let du: Float, dv: Float
  var offsets = gradientLaneOffsets

  init(map: GradientMap, y: Int, x: Int) {
    let (u, v) = map.point(x: Double(x), y: Double(y))
    (self.u, self.v, du, dv) = (Float(u), Float(v), Float(map.a), Float(map.b))
  }

  /// u and v of the four pixels from `k` (counted from the row's first pixel): the same lanes
  /// ``next()`` gives for them.
  @inline(__always)
  func point(at k: Int) -> (u: SIMD4<Float>, v: SIMD4<Float>) {
    let offsets = Float(k) + gradientLaneOffsets
    return (u + offsets * du, v + offsets * dv)
  }

  /// u and v of the next four pixels.
  @inline(__always)
  mutating func next() -> (u: SIMD4<Float>, v: SIMD4<Float>) {
    let point = (u + offsets * du, v + offsets * dv)
    offsets += 4
    return point
  }
}

/// Circles with one centre: `t = (distance - r0) / (r1 - r0)`.
struct ConcentricGradientParameter: GradientParameter {
  let map: GradientMap
  let startRadius: Double, endRadius: Double

  /// - Throws: ``PixelError/invalidGradient(reason:)`` when the radii are too close for `t`
  ///   to be finite.
  init(center: PointPosition, startRadius: Double, endRadius: Double, map: GradientMap) throws(PixelError) {
    guard (1 / (endRadius - startRadius)).isFinite else {
      throw .invalidGradient(reason: "radial gradient radii \(startRadius) and \(endRadius) are too close")
    }
    self.map = map.centred(at: center)
    self.startRadius = startRadius
    self.endRadius = endRadius
  }

  func exactParameter(x: Int, y: Int) -> Double {
    let (u, v) = map.point(x: Double(x), y: Double(y))
    return ((u * u + v * v).squareRoot() - startRadius) / (endRadius - startRadius)
  }

  static var staysInUnitRange: Bool { false }
  static var costPerPixel: Int { 12 }

  /// On an unrotated map (v constant along the row) the distance depends on |u| only, and u is
  /// 0 at the fractional column `x_c`; with `m` the whole number nearest `2 x_c`, pixel `m - x`
  /// lies `|a (m - 2 x_c)|` from the mirror image of pixel x, which must be within `largestShift`
  /// cells.
  @inline(__always)
  func mirrorColumn(row y: Int, cellCount: Int, largestShift: Double) -> (column: Int, offset: Double)? {
    guard let (twice, m) = map.mirrorColumns(row: y),
      abs(map.a * (m - twice)) * Double(cellCount) <= largestShift * abs(endRadius - startRadius)
    else { return nil }
    return (Int(m), abs(m - twice))
  }

  /// Padded, where the extend mode pads (the others repeat the edges or leave the ends undrawn).
  static func stripeForm(under extend: GradientExtend) -> GradientStripes.Form? { extend == .pad ? .padded : nil }

  /// The narrowest ring, in pixels along a row, whose rows are written as runs: on the 480x270
  /// tile of `radial_hard_stops` (rings 8.4 pixels apart) runs took 12.1 instructions a pixel
  /// against 7.3 for mirrored rows, at 4K (67 pixels) 1.7 ms against 4.8.
  static let narrowestRingForRuns = 24.0
  /// The largest magnitude (and the reciprocal of the smallest step) whose rings are placed by
  /// their quadratic (``stripeEdgeWindows(row:from:count:stripes:into:)``).
  static let largestStripeMagnitude = 1e60

  /// Where the narrowest ring, crossed at right angles, spans at least ``narrowestRingForRuns``
  /// pixels (a row's step in the map's space is the same on every row).
  func runsPay(for stripes: GradientStripes) -> Bool {
    stripes.narrowestStripe * abs(endRadius - startRadius)
      >= Self.narrowestRingForRuns * (map.a * map.a + map.b * map.b).squareRoot()
  }

  /// Each edge is a circle about the centre of radius `ρ = r0 + t (r1 - r0)` in the map's space,
  /// and a row's points move on a line, `p(k) = p0 + k s`, so `|p(k)|` changes by at most `|s|`
  /// from one pixel to the next. A pixel is in the circle's window where `| |p(k)| - ρ |` is at
  /// most half a step: where the row crosses the circle between two pixels, one of them is. That
  /// is where `|p(k)|²`, a quadratic in k, lies between `(ρ - h)²` and `(ρ + h)²` (`h` half a step
  /// and room for rounding, 1e-6 of the terms the points are rounded from): up to two intervals,
  /// from the roots in the form that does not cancel (`-b ∓ √d`). The windows are written in their
  /// order along the row, the circles' near crossings from the outermost in and their far
  /// crossings from the innermost out (where the radius grows with t), so that sorting them is one
  /// pass.
  func stripeEdgeWindows(
    row y: Int, from x: Int, count: Int, stripes: GradientStripes, into windows: UnsafeMutablePointer<Int32>
  ) -> Int {
    let (du, dv) = (map.a, map.b)
    let dr = endRadius - startRadius
    let step = (du * du + dv * dv).squareRoot()
    let (u0, v0) = map.point(x: Double(x), y: Double(y))
    // |p(k)|² = a k² + 2 b k + c.
    let (a, b, c) = (step * step, u0 * du + v0 * dv, u0 * u0 + v0 * v0)
    // Room for the rounding of every pixel's point (relative to its terms) and of the roots.
    let magnitude = map.pointMagnitude(x: Double(x), y: Double(y)) + Double(count) * step + max(startRadius, endRadius)
    // Squares and their products stay far inside Double's range (neither overflowing nor
    // underflowing into the discriminant) only for moderate numbers: others (scales of 1e60 and
    // more, or 1e-60 and less) take whole-row windows, so every pixel its side or exact colour.
    guard magnitude <= Self.largestStripeMagnitude, step >= 1 / Self.largestStripeMagnitude else {
      return stripes.wholeRowWindows(count: count, into: windows)
    }
    let h = 0.5 * step + 1e-6 * magnitude
    let last = Double(count &- 1)
    /// The pixels (as real bounds) where `|p(k)| ≤ r`, if any.
    @inline(__always)
    func within(_ r: Double) -> (low: Double, high: Double)? {
      let discriminant = b * b - a * (c - r * r)
      guard discriminant >= 0 else { return nil }
      let q = b >= 0 ? -(b + discriminant.squareRoot()) : discriminant.squareRoot() - b
      guard q != 0 else { return (0, 0) }  // b = 0 and a double root: k = 0
      let (k1, k2) = (q / a, (c - r * r) / q)
      return (min(k1, k2), max(k1, k2))
    }
    var written = 0
    @inline(__always)
    func write(_ low: Double, _ high: Double, _ edge: Int, at index: Int) -> Bool {
      GradientStripes.storeWindow(max(low, 0), min(high, last), edge: edge, at: index, in: windows)
    }
    // Far crossings wait at the back of the scratch (room for two windows per edge), then follow
    // the near ones in reverse.
    let edgeCount = stripes.edges.count
    let farBase = 2 &* edgeCount
    var far = 0
    for i in 0..<edgeCount {
      let edge = dr > 0 ? edgeCount &- 1 &- i : i
      let radius = startRadius + stripes.edges[edge] * dr
      guard let outer = within(radius + h) else { continue }
      if radius - h > 0, let inner = within(radius - h) {
        if write(outer.low, inner.low, edge, at: written) { written &+= 1 }
        if write(inner.high, outer.high, edge, at: farBase &+ far) { far &+= 1 }
      } else if write(outer.low, outer.high, edge, at: written) {
        written &+= 1
      }
    }
    while far > 0 {
      far &-= 1
      for field in 0..<3 { windows[3 &* written &+ field] = windows[3 &* (farBase &+ far) &+ field] }
      written &+= 1
    }
    return written
  }

  /// The sign of `|p|² - ρ²` (the parameter grows with the distance where `r1 > r0`), where it
  /// is more than `1e-9` of their sum: well beyond where the rounding of the square root in
  /// ``exactParameter(x:y:)``, of `ρ` and of the squares could disagree.
  func side(ofEdge edge: Int, of stripes: GradientStripes, x: Int, y: Int) -> Bool? {
    let (u, v) = map.point(x: Double(x), y: Double(y))
    let radius = startRadius + stripes.edges[edge] * (endRadius - startRadius)
    let (distance2, radius2) = (u * u + v * v, radius * radius)
    guard abs(distance2 - radius2) > 1e-9 * (distance2 + radius2) else { return nil }
    return (distance2 > radius2) == (endRadius > startRadius)
  }

  /// `t n = sign (distance |s| n) + offset`, with `s = 1 / (r1 - r0)`: the point is scaled by
  /// `|s| n` before the square root, so that its distance is in cells already.
  func row(_ y: Int, from x: Int, cells: Float) -> Row {
    let scale = Double(cells) / (endRadius - startRadius)
    return Row(
      point: CentredRow(map: scaledMap(by: abs(scale)), y: y, x: x), sign: scale < 0 ? -1 : 1,
      offset: Float(-startRadius * scale))
  }

  /// The map scaled by `factor` (the point in cells).
  private func scaledMap(by factor: Double) -> GradientMap {
    GradientMap(
      a: map.a * factor, b: map.b * factor, c: map.c * factor, d: map.d * factor, tx: map.tx * factor,
      ty: map.ty * factor)
  }

  /// Rows along which v does not change (an unrotated map: `b` is 0) and the radius grows with
  /// `t` take ``GrowingRowAlongU``: no v lanes and no sign.
  func writeEntries<Sink: GradientEntrySink>(
    row y: Int, from x: Int, count: Int, layout: GradientCellLayout, into sink: inout Sink
  ) {
    let scale = Double(layout.count) / (endRadius - startRadius)
    guard map.b == 0, scale > 0 else {
      return writeSteppedEntries(row: y, from: x, count: count, layout: layout, into: &sink)
    }
    let row = GrowingRowAlongU(
      point: CentredRow(map: scaledMap(by: scale), y: y, x: x), offset: Float(-startRadius * scale))
    writeSteppedEntries(row, count: count, layout: layout, into: &sink)
  }

  struct Row: GradientParameterRow {
    var point: CentredRow
    let sign: Float, offset: Float

    @inline(__always)
    mutating func next() -> SIMD4<Float> {
      let (u, v) = point.next()
      return (u * u + v * v).squareRoot() * sign + offset
    }
  }
}

extension ConcentricGradientParameter {
  /// ``Row`` where v is the same for every pixel and the sign is +1: `t n = sqrt(u² + v²) +
  /// offset`. The lanes of u are ``CentredRow``'s and v is its constant, so both give the same
  /// parameters. (`v * v` is written in the step, where the optimiser hoists it: a `v²` kept
  /// from outside is not known to be non-negative, and the square root became four `sqrtf`
  /// calls with their negative-input checks.)
  struct GrowingRowAlongU: GradientParameterRow {
    let u: Float, du: Float
    let v: SIMD4<Float>
    let offset: Float
    var offsets = gradientLaneOffsets

    /// The row of `point`'s lanes (its `dv` must be 0).
    init(point: CentredRow, offset: Float) {
      (u, du, v, self.offset) = (point.u, point.du, SIMD4(repeating: point.v), offset)
    }

    @inline(__always)
    mutating func next() -> SIMD4<Float> {
      let lanes = u + offsets * du
      offsets += 4
      return (lanes * lanes + v * v).squareRoot() + offset
    }
  }
}

/// The general two-point conical gradient, solved per pixel in `Double`: the pixel lies on
/// the circle of parameter t when `|p - c0 - t dc| = r0 + t dr`, a quadratic
/// `a t² - 2 b t + c = 0` with `a = dc·dc - dr²`, `b = (p - c0)·dc + r0 dr`,
/// `c = |p - c0|² - r0²`; the larger root whose radius is not negative and which is drawn
/// (at most ``largestDrawnParameter``) wins. (Focal gradients take ``FocalGradientParameter``.)
struct TwoCircleGradientParameter: GradientParameter {
  let map: GradientMap
  let dcx: Double, dcy: Double, r0: Double, dr: Double, a: Double
  /// 1 where the extend mode draws nothing after the end, infinity where it does: a root above
  /// it is not drawn, so the smaller root shows instead.
  let largestDrawnParameter: Double

  init(
    startCenter: PointPosition, startRadius: Double, endCenter: PointPosition, endRadius: Double, map: GradientMap,
    largestDrawnParameter: Double
  ) {
    self.map = map.centred(at: startCenter)
    dcx = endCenter.x - startCenter.x
    dcy = endCenter.y - startCenter.y
    r0 = startRadius
    dr = endRadius - startRadius
    a = dcx * dcx + dcy * dcy - dr * dr
    self.largestDrawnParameter = largestDrawnParameter
  }

  static var staysInUnitRange: Bool { false }
  static var costPerPixel: Int { 64 }

  func row(_ y: Int, from x: Int, cells: Float) -> Row { Row(parameter: self, y: Double(y), x: Double(x), cells: Double(cells)) }

  func exactParameter(x: Int, y: Int) -> Double {
    let (u, v) = map.point(x: Double(x), y: Double(y))
    return t(u: u, v: v)
  }

  /// `t` at gradient-space point (u, v) relative to the start centre; NaN where no drawn circle
  /// of non-negative radius passes.
  func t(u: Double, v: Double) -> Double {
    let b = u * dcx + v * dcy + r0 * dr
    let c = u * u + v * v - r0 * r0
    func valid(_ t: Double) -> Bool { t.isFinite && r0 + t * dr >= 0 && t <= largestDrawnParameter }
    if a == 0 {
      // One root: 2 b t = c.
      let t = c / (2 * b)
      return valid(t) ? t : .nan
    }
    let discriminant = b * b - a * c
    guard discriminant >= 0 else { return .nan }
    // Roots (b ± s) / a, computed without cancellation: q / a and c / q.
    let s = discriminant.squareRoot()
    let q = b >= 0 ? b + s : b - s
    let first = q / a
    let second = q == 0 ? first : c / q
    let (high, low) = first >= second ? (first, second) : (second, first)
    if valid(high) { return high }
    return valid(low) ? low : .nan
  }

  /// ``t(u:v:)`` for four points at once, lane for lane the same operations in the same
  /// order (so the same bits), with selects for its branches.
  @inline(__always)
  func t(u: SIMD4<Double>, v: SIMD4<Double>) -> SIMD4<Double> {
    let nan = SIMD4<Double>(repeating: .nan)
    let b = u * dcx + v * dcy + r0 * dr
    let c = u * u + v * v - r0 * r0
    // Finite (x - x is 0) with a radius of 0 or more, and drawn.
    func valid(_ t: SIMD4<Double>) -> SIMDMask<SIMD4<Int64>> {
      (t - t .== 0) .& (r0 + t * dr .>= 0) .& (t .<= largestDrawnParameter)
    }
    if a == 0 {
      let t = c / (2 * b)
      return nan.replacing(with: t, where: valid(t))
    }
    let discriminant = b * b - a * c
    let s = discriminant.squareRoot()
    let q = (b - s).replacing(with: b + s, where: b .>= 0)
    let first = q / a
    let second = (c / q).replacing(with: first, where: q .== 0)
    let firstIsHigh = first .>= second
    let high = second.replacing(with: first, where: firstIsHigh)
    let low = first.replacing(with: second, where: firstIsHigh)
    let root = nan.replacing(with: low, where: valid(low)).replacing(with: high, where: valid(high))
    return nan.replacing(with: root, where: discriminant .>= 0)
  }

  struct Row: GradientParameterRow {
    let parameter: TwoCircleGradientParameter
    var x: Double
    let y: Double
    let cells: Double

    static var leavesPixelsUndrawn: Bool { true }

    init(parameter: TwoCircleGradientParameter, y: Double, x: Double, cells: Double) {
      (self.parameter, self.y, self.x, self.cells) = (parameter, y, x, cells)
    }

    /// The four pixels' points, then ``t(u:v:)``.
    mutating func next() -> SIMD4<Float> {
      let (u, v) = parameter.map.point(x: x + SIMD4<Double>(0, 1, 2, 3), y: y)
      x += 4
      return SIMD4<Float>(parameter.t(u: u, v: v) * cells)
    }
  }
}

/// The angle around a centre, clockwise from the start direction, in turns (0..<1).
struct ConicGradientParameter: GradientParameter {
  let map: GradientMap

  init(center: PointPosition, startAngle: Double, map: GradientMap) {
    self.map = map.centred(at: center, rotatedBy: startAngle)
  }

  static var staysInUnitRange: Bool { true }
  static var costPerPixel: Int { 24 }

  func row(_ y: Int, from x: Int, cells: Float) -> Row {
    Row(point: CentredRow(map: map, y: y, x: x), angle: GradientAngle(unit: cells))
  }

  /// Runs of one octant formula take it without folding (``ConicCells``); plain fills take the
  /// shorter polynomial (``ArctangentDegree5``), dithered ones and tables with hard edges the finer
  /// (``GradientCellLayout/needsFineParameters``).
  func writeEntries<Sink: GradientEntrySink>(
    row y: Int, from x: Int, count: Int, layout: GradientCellLayout, into sink: inout Sink
  ) {
    if !layout.needsFineParameters {
      ConicCells.write(
        map: map, row: y, from: x, count: count, layout: layout, into: &sink, polynomial: ArctangentDegree5.self)
    } else {
      ConicCells.write(
        map: map, row: y, from: x, count: count, layout: layout, into: &sink, polynomial: ArctangentDegree7.self)
    }
  }

  /// On a map whose start angle leaves v constant along rows (`b` is 0) and u growing, pixel
  /// `m - x` shows the angle mirrored at the v axis, half a turn minus pixel x's. `m` must be
  /// within 1e-6 of `2 x_c`: pixel `m - x` is then `|a| 1e-6` from the mirror image, at least
  /// `|a| / 2` from the centre, so its angle is off by at most 2e-6 rad (a 4096-cell table's
  /// cell is 1.5e-3). The computed side is the one with the start ray (u > 0), so its jump
  /// between the last and the first stop maps to the middle of the mirrored side. Any
  /// `largestShift` allows that.
  @inline(__always)
  func mirrorColumn(row y: Int, cellCount: Int, largestShift: Double) -> (column: Int, offset: Double)? {
    guard map.a > 0, let (twice, m) = map.mirrorColumns(row: y), abs(m - twice) <= GradientRowWriter.roundingMirrorOffset
    else { return nil }
    return (Int(m), abs(m - twice))
  }

  static var mirrorKeepsEntries: Bool { false }

  /// Cell `k` (entry `k + 1`; the after-end entry `n + 1` as cell `n`) becomes cell
  /// `n/2 - k - 1` modulo `n`: a parameter in `[k, k + 1)` mirrors into `(n/2 - k - 1, n/2 - k]`.
  @inline(__always)
  static func mirroredEntries(_ entries: SIMD4<Int32>, cellCount: Int32) -> SIMD4<Int32> {
    ((SIMD4(repeating: cellCount >> 1) &- entries) & SIMD4(repeating: cellCount &- 1)) &+ 1
  }

  func exactParameter(x: Int, y: Int) -> Double {
    let (u, v) = map.point(x: Double(x), y: Double(y))
    let turns = atan2(v, u) / (2 * Double.pi)
    return turns < 0 ? turns + 1 : turns
  }

  /// The angle by the degree-7 polynomial in `Double` (``ArctangentDegree7/turns(u:v:)``): about
  /// a fifth of `atan2`'s instructions, for the pixels of hard-edge cells. NaN at the centre,
  /// where the polynomial's fold and `atan2` read the zeros' signs differently (at (-0, +0) it
  /// gives 0, `atan2` half a turn): callers then take the exact parameter.
  func nearParameter(x: Int, y: Int) -> Double {
    let (u, v) = map.point(x: Double(x), y: Double(y))
    guard u != 0 || v != 0 else { return .nan }
    return ArctangentDegree7.turns(u: u, v: v)
  }

  static var nearParameterError: Double { ArctangentDegree7.largestTurnsError }

  /// Wrapping: the angle is in `0 ..< 1` whatever the extend mode.
  static func stripeForm(under extend: GradientExtend) -> GradientStripes.Form? { .wrapping }
  /// Below this a row's step across or along a ray is taken as 0 (the row parallel to it): over
  /// a chunk it moves the point by less than any rounding.
  private static let parallel = 0x1p-900

  /// Each edge is a ray from the centre at angle `2π t` in the map's (u, v) space (the map holds
  /// the start angle), and a row's points move on a line, `p(k) = p0 + k s`. A pixel is in the
  /// ray's window where its distance from the ray's line, `c(k) = r × p(k)`, is at most half a
  /// step `|s|` and it lies no more than a step behind the centre along the ray (`r · p(k)`).
  /// Where the row crosses the ray between two pixels, `c` changes sign and changes by at most
  /// `|s|` from one to the other, so one of them is in the window; where it passes through the
  /// centre, the nearer pixel is within half a step of it and in every window. So the angle of
  /// the segment between two neighbours outside every window meets no edge. The bounds carry
  /// room for `Double` rounding (1e-6 of the terms the points are rounded from).
  func stripeEdgeWindows(
    row y: Int, from x: Int, count: Int, stripes: GradientStripes, into windows: UnsafeMutablePointer<Int32>
  ) -> Int {
    let (u0, v0) = map.point(x: Double(x), y: Double(y))
    let (du, dv) = (map.a, map.b)
    let step = (du * du + dv * dv).squareRoot()
    // Room for the rounding of every pixel's point (relative to its terms) and of the bounds.
    let slack = 1e-6 * (map.pointMagnitude(x: Double(x), y: Double(y)) + Double(count) * step)
    guard slack.isFinite else { return stripes.wholeRowWindows(count: count, into: windows) }
    let (across, behind) = (0.5 * step + slack, step + slack)
    let last = Double(count &- 1)
    var written = 0
    for (edge, ray) in stripes.rays.enumerated() {
      // c(k) = c0 + k c1 across the ray's line, d(k) = d0 + k d1 along it.
      let (c0, c1) = (ray.x * v0 - ray.y * u0, ray.x * dv - ray.y * du)
      let (d0, d1) = (ray.x * u0 + ray.y * v0, ray.x * du + ray.y * dv)
      // Most rays are passed by at either end of the row alone: the row wholly on one side of
      // the ray's line, or wholly behind the centre (c and d are affine, so their ends bound them).
      let (cEnd, dEnd) = (c0 + last * c1, d0 + last * d1)
      if min(c0, cEnd) > across || max(c0, cEnd) < -across || max(d0, dEnd) < -behind { continue }
      var (low, high) = (0.0, last)
      if abs(c1) > Self.parallel {
        let (a, b) = ((-across - c0) / c1, (across - c0) / c1)
        (low, high) = (max(low, min(a, b)), min(high, max(a, b)))
      } else if abs(c0) > across {
        continue
      }
      if d1 > Self.parallel {
        low = max(low, (-behind - d0) / d1)
      } else if d1 < -Self.parallel {
        high = min(high, (-behind - d0) / d1)
      } else if d0 < -behind {
        continue
      }
      // Finite magnitudes (checked above) give bounds that are finite or infinite, never NaN
      // (nothing is divided by less than `parallel`).
      // Both are within the row already (`low` from 0 up, `high` from `last` down).
      if GradientStripes.storeWindow(low, high, edge: edge, at: written, in: windows) { written &+= 1 }
    }
    return written
  }

  /// The sign of the point's distance from the edge's line, `c = r × p` (positive where its
  /// angle is past the ray's), where the point lies ahead of the centre along the ray by at
  /// least a pixel's step and `|c|` is more than `1e-9` of the point's magnitude: well beyond
  /// where the rounding of `atan2`, of the ray's direction and of `c` could disagree (each about
  /// `1e-16` of it).
  func side(ofEdge edge: Int, of stripes: GradientStripes, x: Int, y: Int) -> Bool? {
    let ray = stripes.rays[edge]
    let (u, v) = map.point(x: Double(x), y: Double(y))
    let (c, d) = (ray.x * v - ray.y * u, ray.x * u + ray.y * v)
    guard d > 0, d * d > map.a * map.a + map.b * map.b, abs(c) > 1e-9 * (abs(u) + abs(v)) else { return nil }
    return c > 0
  }

  struct Row: GradientParameterRow {
    var point: CentredRow
    /// The finer polynomial at every table size (this row is the per-pixel reference the tests
    /// compare the runs with; drawing goes through ``writeEntries(row:from:count:layout:into:)``).
    let angle: GradientAngle<ArctangentDegree7>

    @inline(__always)
    mutating func next() -> SIMD4<Float> {
      let (u, v) = point.next()
      return angle.turns(u: u, v: v)
    }
  }
}
