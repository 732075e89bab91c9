/// What turns a gradient parameter into table cells for one draw: the table size and the
/// extend mode (see ``GradientIndexing`` for the arithmetic).
struct GradientCellLayout: Sendable {
  /// Cells over 0...1 (a power of two); see ``GradientColorTable`` for the entries.
  let count: Int
  let extend: GradientExtend

  /// Writes four pixels' table entries at `cells` (masked into the table).
  @inline(__always)
  static func store(_ index: SIMD4<Int32>, mask: Int32, at cells: UnsafeMutablePointer<Int32>) {
    UnsafeMutableRawPointer(cells).storeBytes(of: index & mask, as: SIMD4<Int32>.self)
  }
}

extension GradientParameter {
  /// The cells of `count` pixels of row `y` from column `x`, four at a time from the row's
  /// parameters through the extend mode's ``GradientIndexing``. `cells` has room for `count + 3`
  /// (this one writes `count` rounded up to a multiple of 4).
  @inline(__always)
  func writeSteppedCells(
    row y: Int, from x: Int, count: Int, layout: GradientCellLayout, into cells: UnsafeMutablePointer<Int32>
  ) {
    let n = Float(layout.count)
    var row = self.row(y, from: x)
    let extend = Self.staysInUnitRange ? GradientExtend.pad : layout.extend
    switch extend {
    case .padded(true, true):
      stepCells(&row, PaddedCells(count: n), layout: layout, count: count, into: cells)
    case .padded(let before, let after):
      let transparent = Int32(layout.count + 2)
      let cellsOf = PartlyPaddedCells(
        count: n, before: before ? 0 : transparent, after: after ? Int32(layout.count + 1) : transparent)
      stepCells(&row, cellsOf, layout: layout, count: count, into: cells)
    case .repeating:
      stepCells(&row, RepeatingCells(count: n, wrap: Int32(layout.count - 1)), layout: layout, count: count, into: cells)
    case .reflecting:
      stepCells(&row, ReflectingCells(count: n), layout: layout, count: count, into: cells)
    }
  }

  @inline(__always)
  private func stepCells<Cells: GradientIndexing>(
    _ row: inout Row, _ indexing: Cells, layout: GradientCellLayout, count: Int, into cells: UnsafeMutablePointer<Int32>
  ) {
    let mask = Int32(2 * layout.count - 1)
    let transparent = SIMD4<Int32>(repeating: Int32(layout.count + 2))
    var k = 0
    while k < count {
      let t = row.next()
      var index = indexing.entries(t)
      if Row.leavesPixelsUndrawn { index = index.replacing(with: transparent, where: t .!= t) }
      GradientCellLayout.store(index, mask: mask, at: cells + k)
      k &+= 4
    }
  }
}
