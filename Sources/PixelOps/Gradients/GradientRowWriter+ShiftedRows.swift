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

  /// Bytes one master row takes for `capacity` pixels: its pixels, or for a dithered fill its
  /// 8.8 colours as two planes of ``masterPlaneBytes(capacity:)`` each (whole bytes, then
  /// fraction bytes with the sign bit flipped: ``GradientDitherLookup``'s second form).
  func masterBytes(capacity: Int) -> Int { masterPlaneBytes(capacity: capacity) &* (dithers ? 2 : 1) }

  /// One plane of a master row (64-byte aligned).
  func masterPlaneBytes(capacity: Int) -> Int { BandScratch.aligned(capacity &* 4) }

  /// Writes master row `phase` of `shifts` at `positions` into `target`
  /// (``masterBytes(capacity:)``, the planes ``masterPlaneBytes(capacity:)`` apart), a chunk at
  /// a time, through `cells` (``cellScratchByteCount`` bytes) when dithered.
  func writeMaster(
    _ shifts: GradientRowShifts, phase: Int, positions: Range<Int>, into target: UnsafeMutableRawPointer,
    cells: UnsafeMutablePointer<Int32>
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
        var entries = GradientCellStore(cells: cells)
        LinearCells.write(first: first, step: shifts.step, count: count, layout: layout, into: &entries)
        splitColors(cells, count: count, table: table.table16(order), high: output, low: output + planeBytes)
      } else {
        var sink = GradientPixelSink(table: table.table8(order), output: output, count: count)
        LinearCells.write(first: first, step: shifts.step, count: count, layout: layout, into: &sink)
      }
      j &+= count
    }
  }

  /// The 8.8 colours of `count` entries as whole bytes at `high` and fraction bytes (sign bit
  /// flipped) at `low`, four bytes a pixel each.
  private func splitColors(
    _ cells: UnsafeMutablePointer<Int32>, count: Int, table: UnsafePointer<UInt64>, high: UnsafeMutableRawPointer,
    low: UnsafeMutableRawPointer
  ) {
    @inline(__always)
    func pair(_ k: Int) -> SIMD8<UInt16> {
      unsafeBitCast(SIMD2(table[Int(cells[k])], table[Int(cells[k &+ 1])]), to: SIMD8<UInt16>.self)
    }
    let flip = SIMD16<UInt8>(repeating: 0x80)
    var k = 0
    while count &- k >= 4 {
      let (a, b) = (pair(k), pair(k &+ 2))
      high.storeBytes(of: Int16Lanes.highBytes(a, b), toByteOffset: k &* 4, as: SIMD16<UInt8>.self)
      // The low bytes as the high bytes of the lanes shifted up (`psllw`, or a mask): picked
      // directly, they compiled to shuffles and bit selects.
      let fractions = Int16Lanes.highBytes(a &<< 8, b &<< 8)
      low.storeBytes(of: fractions ^ flip, toByteOffset: k &* 4, as: SIMD16<UInt8>.self)
      k &+= 4
    }
    while k < count {
      let value = unsafeBitCast(table[Int(cells[k])], to: SIMD4<UInt16>.self)
      let whole = SIMD4<UInt8>(truncatingIfNeeded: value &>> 8)
      let fraction = SIMD4<UInt8>(truncatingIfNeeded: value) ^ 0x80
      high.storeBytes(of: whole, toByteOffset: k &* 4, as: SIMD4<UInt8>.self)
      low.storeBytes(of: fraction, toByteOffset: k &* 4, as: SIMD4<UInt8>.self)
      k &+= 1
    }
  }

  /// Dithered pixels `x ..< x + count` of row `y` from a master row at `master` (its planes
  /// `planeBytes` apart).
  func ditherMaster(
    _ master: UnsafeMutableRawPointer, planeBytes: Int, count: Int, x: Int, y: Int,
    into target: UnsafeMutableRawPointer
  ) {
    GradientDitherLookup.pixels(
      high: UnsafeRawPointer(master), low: UnsafeRawPointer(master + planeBytes), count: count, x: x, y: y,
      into: target)
  }
}
