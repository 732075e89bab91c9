/// What turns a gradient parameter into table cells for one draw: the table size and the
/// extend mode (see ``GradientIndexing`` for the arithmetic).
struct GradientCellLayout: Sendable {
  /// Cells over 0...1 (a power of two); see ``GradientColorTable`` for the entries.
  let count: Int
  let extend: GradientExtend
  /// Whether the parameters must be finer than the 3/4-cell budget of a plain pixel asks
  /// (DESIGN.md, Gradients), which ``ConicGradientParameter`` heeds: for a dithered fill (an 8x8
  /// block's mean within 0.5 of the reference leaves about a tenth of a cell), and for a table with
  /// exact cells (a pixel just past a hard edge whose parameter comes out short takes the colour
  /// from across the edge, so every fraction of a cell of error widens that band).
  var needsFineParameters = false

  /// What rounding adds to a parameter in cells to find its entry (``GradientIndexing``): `1/2`
  /// makes rounding a floor plus one, `1/64` more keeps whole numbers off the ties (which round
  /// to even).
  static let entryBias: Float = 0.5 + 1.0 / 64

  /// The entry before the start (the first stop).
  static let beforeEntry: Int32 = 0
  /// The entry after the end (the last stop).
  var afterEntry: Int32 { Int32(count + 1) }
  /// A transparent entry (not drawn).
  var transparentEntry: Int32 { Int32(count + 2) }
  /// What every entry index is masked with: the table has `2 count` entries.
  var entryMask: Int32 { Int32(2 * count - 1) }

  /// The entries of `t < 0` and `t > 1` under `.padded(beforeStart:afterEnd:)`: the end stops'
  /// where drawn, else transparent.
  func paddedEntries(beforeStart: Bool, afterEnd: Bool) -> (before: Int32, after: Int32) {
    (beforeStart ? Self.beforeEntry : transparentEntry, afterEnd ? afterEntry : transparentEntry)
  }

}

extension GradientParameter {
  /// The entries of `count` pixels of row `y` from column `x`, four at a time from the row's
  /// parameters through the extend mode's ``GradientIndexing``, into `sink` (groups of four up
  /// to `count` rounded up to a multiple of 4).
  @inline(__always)
  func writeSteppedEntries<Sink: GradientEntrySink>(
    row y: Int, from x: Int, count: Int, layout: GradientCellLayout, into sink: inout Sink
  ) {
    writeSteppedEntries(self.row(y, from: x, cells: Float(layout.count)), count: count, layout: layout, into: &sink)
  }

  /// The same from a row of parameters other than ``row(_:from:cells:)``'s (a shape's faster
  /// row for special cases).
  @inline(__always)
  func writeSteppedEntries<SomeRow: GradientParameterRow, Sink: GradientEntrySink>(
    _ row: SomeRow, count: Int, layout: GradientCellLayout, into sink: inout Sink
  ) {
    let n = Float(layout.count)
    var row = row
    if Self.staysInUnitRange {
      return stepCells(&row, UnitRangeCells(), layout: layout, count: count, into: &sink)
    }
    switch layout.extend {
    case .padded(true, true):
      stepCells(&row, PaddedCells(count: n), layout: layout, count: count, into: &sink)
    case .padded(let beforeStart, let afterEnd):
      let (before, after) = layout.paddedEntries(beforeStart: beforeStart, afterEnd: afterEnd)
      let cellsOf = PartlyPaddedCells(count: n, before: before, after: after)
      stepCells(&row, cellsOf, layout: layout, count: count, into: &sink)
    case .repeating:
      stepCells(&row, RepeatingCells(count: n, wrap: Int32(layout.count - 1)), layout: layout, count: count, into: &sink)
    case .reflecting:
      stepCells(&row, ReflectingCells(count: n), layout: layout, count: count, into: &sink)
    }
  }

  @inline(__always)
  private func stepCells<SomeRow: GradientParameterRow, Cells: GradientIndexing, Sink: GradientEntrySink>(
    _ row: inout SomeRow, _ indexing: Cells, layout: GradientCellLayout, count: Int, into sink: inout Sink
  ) {
    let mask = layout.entryMask
    let transparent = SIMD4<Int32>(repeating: layout.transparentEntry)
    @inline(__always)
    func next() -> SIMD4<Int32> {
      let t = row.next()
      var index = indexing.entries(t)
      if SomeRow.leavesPixelsUndrawn { index = index.replacing(with: transparent, where: t .!= t) }
      return index & mask
    }
    var k = 0
    while count &- k >= 4 {
      sink.take(next(), at: k)
      k &+= 4
    }
    if k < count { sink.takeLast(next(), at: k) }
  }
}
