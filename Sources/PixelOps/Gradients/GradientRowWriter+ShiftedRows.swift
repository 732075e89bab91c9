/// Shifted rows (``GradientRowShifts``): the master rows a linear gradient's rows are read from.
extension GradientRowWriter {
  /// The rows of `parameter` over `columns` x `rows` as shifted master rows, where that pays
  /// and keeps every pixel within the table's error bound: not where a pixel's colour can jump
  /// within the rounding of its shift (a hard edge at an end, the wrap of a repeat, the edge of
  /// what is drawn), nor for dithered fills with cells evaluated exactly. Undithered, those
  /// cells' sentinels are copied with the rows and the row source redoes them from each pixel's
  /// own parameter (``redoExactCells(_:cells:count:x:y:into:)`` over the row's copy): a pixel whose shifted parameter lands
  /// within 0.45 cell of a hard edge is in an exact cell (``GradientColorTable/edgeMargin``),
  /// except past an end, where it takes the end's entry: so not where an end cell is exact.
  func rowShifts<Parameter: GradientParameter>(
    _ parameter: Parameter, columns: Range<Int>, rows: Range<Int>
  ) -> GradientRowShifts? {
    guard !(gradient.table.hasExactCells && dithers), toleratesNearbyParameters else { return nil }
    return parameter.rowShifts(
      columns: columns, rows: rows, cellCount: gradient.table.cellCount,
      cachingDitheredRows: dithers && cachesDitheredRows)
  }

  /// Bytes one master row takes for `capacity` pixels: its pixels, or for a dithered fill its
  /// 8.8 colours as two planes of ``masterPlaneBytes(capacity:)`` each (whole bytes, then
  /// fraction bytes with the sign bit flipped: a ``DitheredRow``).
  func masterBytes(capacity: Int) -> Int { masterPlaneBytes(capacity: capacity) &* (dithers ? 2 : 1) }

  /// One plane of a master row (64-byte aligned).
  func masterPlaneBytes(capacity: Int) -> Int { BandScratch.aligned(capacity &* 4) }

  /// Writes master row `phase` of `shifts` at `positions` into `target`
  /// (``masterBytes(capacity:)``, the planes ``masterPlaneBytes(capacity:)`` apart), a chunk at
  /// a time.
  func writeMaster(
    _ shifts: GradientRowShifts, phase: Int, positions: Range<Int>, into target: UnsafeMutableRawPointer
  ) {
    let table = gradient.table
    let layout = GradientCellLayout(count: table.cellCount, extend: extend)
    let planeBytes = masterPlaneBytes(capacity: shifts.capacity)
    var j = positions.lowerBound
    while j < positions.upperBound {
      let count = min(Self.chunkSize, positions.upperBound &- j)
      let output = target + (j &- positions.lowerBound) &* 4
      let first = shifts.parameter(at: j, phase: phase)
      if dithers {
        let planes = table.planes8(order)
        var sink = GradientSinkPair(
          first: GradientPixelSink(table: planes.whole, output: output, count: count),
          second: GradientPixelSink(table: planes.fraction, output: output + planeBytes, count: count))
        LinearCells.write(first: first, step: shifts.step, count: count, layout: layout, into: &sink)
      } else {
        var sink = GradientPixelSink(table: table.table8(order), output: output, count: count)
        LinearCells.write(first: first, step: shifts.step, count: count, layout: layout, into: &sink)
      }
      j &+= count
    }
  }
}
