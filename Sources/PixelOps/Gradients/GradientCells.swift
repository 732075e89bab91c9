/// What turns a gradient parameter into table cells for one draw: the table size and the
/// extend mode (see ``GradientIndexing`` for the arithmetic).
struct GradientCellLayout: Sendable {
  /// Cells over 0...1 (a power of two); see ``GradientColorTable`` for the entries.
  let count: Int
  let extend: GradientExtend

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
    case .padded(let beforeStart, let afterEnd):
      let (before, after) = layout.paddedEntries(beforeStart: beforeStart, afterEnd: afterEnd)
      let cellsOf = PartlyPaddedCells(count: n, before: before, after: after)
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
    let mask = layout.entryMask
    let transparent = SIMD4<Int32>(repeating: layout.transparentEntry)
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
