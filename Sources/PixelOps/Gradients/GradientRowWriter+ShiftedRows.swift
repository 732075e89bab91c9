/// Shifted rows (``GradientRowShifts``): the master rows a linear gradient's rows are read from.
extension GradientRowWriter {
  /// The rows of `parameter` over `columns` x `rows` as shifted master rows, where that pays
  /// and keeps every pixel within the table's error bound: not where a pixel's colour can jump
  /// within the rounding of its shift (cells evaluated exactly, a hard edge at an end, the
  /// wrap of a repeat, the edge of what is drawn).
  func rowShifts<Parameter: GradientParameter>(
    _ parameter: Parameter, columns: Range<Int>, rows: Range<Int>
  ) -> GradientRowShifts? {
    guard !gradient.table.hasExactCells, extend == .pad || extend == .reflecting, !gradient.function.jumpsAtAnEnd
    else { return nil }
    return parameter.rowShifts(columns: columns, rows: rows, cellCount: gradient.table.cellCount)
  }

  /// Bytes per pixel of a master row: a pixel, or (dithered) its 8.8 colour.
  var masterPixelBytes: Int { dithers ? 8 : 4 }

  /// Writes master row `phase` of `shifts` at `positions` into `target`: pixels, or for a
  /// dithered fill their 8.8 colours (``ditherMaster(_:count:x:y:into:)`` makes the pixels),
  /// a chunk at a time, through `cells` (``cellScratchByteCount`` bytes) for the latter.
  func writeMaster(
    _ shifts: GradientRowShifts, phase: Int, positions: Range<Int>, into target: UnsafeMutableRawPointer,
    cells: UnsafeMutablePointer<Int32>
  ) {
    let table = gradient.table
    let layout = GradientCellLayout(count: table.cellCount, extend: extend)
    var j = positions.lowerBound
    while j < positions.upperBound {
      let count = min(Self.chunkSize, positions.upperBound &- j)
      let output = target + (j &- positions.lowerBound) &* masterPixelBytes
      let first = shifts.parameter(at: j, phase: phase)
      if dithers {
        var entries = GradientCellStore(cells: cells)
        LinearCells.write(first: first, step: shifts.step, count: count, layout: layout, into: &entries)
        let colors = table.table16(order)
        for k in 0..<count { output.storeBytes(of: colors[Int(cells[k])], toByteOffset: k &* 8, as: UInt64.self) }
      } else {
        var sink = GradientPixelSink(table: table.table8(order), output: output, count: count)
        LinearCells.write(first: first, step: shifts.step, count: count, layout: layout, into: &sink)
      }
      j &+= count
    }
  }

  /// Dithered pixels `x ..< x + count` of row `y` from a master row's 8.8 colours.
  func ditherMaster(
    _ colors: UnsafeMutableRawPointer, count: Int, x: Int, y: Int, into target: UnsafeMutableRawPointer
  ) {
    GradientDitherLookup.pixels(
      colors: UnsafePointer(colors.assumingMemoryBound(to: UInt64.self)), count: count, x: x, y: y, into: target)
  }
}
