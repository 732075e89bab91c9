/// The table entries along a row of a conic gradient. Runs of pixels with one octant formula
/// (``ConicRuns``) take `offset ± atan(ratio)`, four pixels at a time, with no folding and no
/// absolute values; the pixels near a fold line take the per-pixel fold
/// (``GradientAngle/turns(u:v:)``). Both read the same `Float` lanes of the point, so a pixel
/// gets the same angle whichever way it goes, to the polynomial's rounding.
enum ConicCells {
  /// Writes the entries of `count` pixels of row `y` from column `x`, whose points `map` gives,
  /// into `sink`, with angles from `Polynomial`.
  @inline(__always)
  static func write<Sink: GradientEntrySink, Polynomial: ArctangentPolynomial>(
    map: GradientMap, row y: Int, from x: Int, count: Int, layout: GradientCellLayout, into sink: inout Sink,
    polynomial: Polynomial.Type
  ) {
    let row = CentredRow(map: map, y: y, x: x)
    let (u0, v0) = map.point(x: Double(x), y: Double(y))
    let n = Float(layout.count)
    let angle = GradientAngle<Polynomial>(unit: n)
    let subtracted = Polynomial(unit: -n)
    let mask = layout.entryMask
    var k = 0
    /// The per-pixel fold's entries for the four pixels from `k`.
    @inline(__always)
    func foldedEntries(at k: Int) -> SIMD4<Int32> {
      let (u, v) = row.point(at: k)
      return UnitRangeCells().entries(angle.turns(u: u, v: v)) & mask
    }
    ConicRuns.forEachRun(u0: u0, v0: v0, du: map.a, dv: map.b, count: count, vLanesAreNegative: row.v < 0) {
      range, fold in
      guard let fold else {
        // Near a fold line: the per-pixel fold.
        while k < range.upperBound {
          if count &- k >= 4 { sink.take(foldedEntries(at: k), at: k) } else { sink.takeLast(foldedEntries(at: k), at: k) }
          k &+= 4
        }
        return
      }
      let base = SIMD4<Float>(repeating: Float(fold.offsetTurns * Double(n)) + GradientCellLayout.entryBias)
      switch (fold.isSteep, row.dv == 0) {
      case (true, true):
        // v is the same for every pixel of the row (an unrotated map): a multiplication by 1/v.
        let reciprocal = 1 / row.v
        k = groups(from: k, to: range.upperBound, into: &sink) { u, _ in base + subtracted(u() * reciprocal) }
      case (true, false):
        k = groups(from: k, to: range.upperBound, into: &sink) { u, v in base + subtracted(u() / v()) }
      case (false, true):
        let v = SIMD4<Float>(repeating: row.v)
        k = groups(from: k, to: range.upperBound, into: &sink) { u, _ in base + angle.arctangent(v / u()) }
      case (false, false):
        k = groups(from: k, to: range.upperBound, into: &sink) { u, v in base + angle.arctangent(v() / u()) }
      }
    }
    // The last run's pixels short of a group (at most one group).
    if k < count { sink.takeLast(foldedEntries(at: k), at: k) }

    /// Whole groups of four from `start` up to `end`, each the entries `rounded(p)` of `p` from
    /// the group's u and v lanes (given as functions, so a run that needs one computes only it);
    /// returns where it stopped (less than a group before `end`).
    @inline(__always)
    func groups(
      from start: Int, to end: Int, into sink: inout Sink,
      _ biasedCells: (() -> SIMD4<Float>, () -> SIMD4<Float>) -> SIMD4<Float>
    ) -> Int {
      var k = start
      var offsets = Float(k) + gradientLaneOffsets
      while end &- k >= 4 {
        let p = biasedCells({ row.u + offsets * row.du }, { row.v + offsets * row.dv })
        sink.take(FloatLanes.nearestIntLowBits(p) & mask, at: k)
        offsets += 4
        k &+= 4
      }
      return k
    }
  }
}
