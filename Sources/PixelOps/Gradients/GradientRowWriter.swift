/// Writes gradient pixels, a chunk of a row at a time: the shape's ``GradientParameter``
/// produces table entries for the chunk, which a ``GradientPixelSink`` turns straight into
/// pixels; dithered pixels come from the entries kept in the cell scratch, in a second pass
/// (``GradientDitherLookup``). Where the table has cells marked for exact evaluation, the
/// entries are kept and those pixels redone from the exact parameter. Geometry, lookup and
/// scheduling stay apart: this type only sequences them.
struct GradientRowWriter: Sendable {
  let gradient: Gradient
  let extend: GradientExtend
  let order: ChannelOrder
  let dithers: Bool

  /// Pixels per chunk: the linear shape restarts its fixed-point sum exactly at each chunk, and
  /// a chunk's kept entries (4 bytes each) stay in L1 beside its pixels.
  static let chunkSize = 1024
  /// Scratch bytes for a chunk's kept entries: `chunkSize` plus 3, since producers store four
  /// entries at a time from any index (``GradientCellStore``).
  static let cellScratchByteCount = (chunkSize + 4) * 4

  /// Writes the pixels of row `y` at `columns` into `target` (premultiplied, in `order`;
  /// `columns.count` pixels), using `cells` (``cellScratchByteCount`` bytes) for kept entries.
  /// A row symmetric about a column (``GradientParameter/mirrorColumn(row:cellCount:)``) has
  /// its left part copied, mirrored, from its right (undithered, without exact cells: those
  /// depend on the pixel itself).
  @inline(__always)
  func write<Parameter: GradientParameter>(
    _ parameter: Parameter, y: Int, columns: Range<Int>, into target: UnsafeMutableRawPointer,
    cells: UnsafeMutablePointer<Int32>
  ) {
    let table = gradient.table
    if !dithers, !table.hasExactCells, let m = parameter.mirrorColumn(row: y, cellCount: table.cellCount) {
      // Pixels left of m / 2 whose mirror image m - x lies in the row.
      let first = max(columns.lowerBound, m &- columns.upperBound &+ 1)
      let end = min(columns.upperBound, (m &+ 1) >> 1)
      if end &- first >= Self.smallestMirroredRun {
        let mirrored = first..<end
        let x0 = columns.lowerBound
        writeDirectly(parameter, y: y, columns: x0..<mirrored.lowerBound, into: target, cells: cells)
        let images = mirrored.upperBound..<columns.upperBound
        let imagesTarget = target + (images.lowerBound &- x0) &* 4
        guard Parameter.mirrorKeepsEntries else {
          return writeMirroringEntries(
            parameter, y: y, images: images, into: imagesTarget, mirrored: mirrored, around: m, cells: cells)
        }
        writeDirectly(parameter, y: y, columns: images, into: imagesTarget, cells: cells)
        PixelLoop.mirror32(target, (mirrored.lowerBound &- x0)..<(mirrored.upperBound &- x0), around: m &- 2 &* x0)
        return
      }
    }
    writeDirectly(parameter, y: y, columns: columns, into: target, cells: cells)
  }

  /// Mirroring fewer pixels than this does not pay for splitting the row.
  static let smallestMirroredRun = 16

  /// The pixels `images` (written at `target`, pixel `images.lowerBound` first), a chunk at a
  /// time with their entries kept, and after each chunk the pixels of `mirrored` whose images
  /// (`m - x`) it holds, from the mirrored entries (``GradientParameter/mirroredEntries(_:cellCount:)``).
  private func writeMirroringEntries<Parameter: GradientParameter>(
    _ parameter: Parameter, y: Int, images: Range<Int>, into target: UnsafeMutableRawPointer, mirrored: Range<Int>,
    around m: Int, cells: UnsafeMutablePointer<Int32>
  ) {
    let table = gradient.table
    let layout = GradientCellLayout(count: table.cellCount, extend: extend)
    let colors = table.table8(order)
    let cellCount = Int32(table.cellCount)
    // Pixel x of the row is at target + (x - images.lowerBound) * 4, mirrored ones before it.
    var x = images.lowerBound
    while x < images.upperBound {
      let count = min(Self.chunkSize, images.upperBound &- x)
      let output = target + (x &- images.lowerBound) &* 4
      var sink = GradientRecordingSink(
        pixels: GradientPixelSink(table: colors, output: output, count: count), cells: GradientCellStore(cells: cells))
      parameter.writeEntries(row: y, from: x, count: count, layout: layout, into: &sink)
      // Mirrored pixels whose images are x ..< x + count: pixel p's image is cell m - p - x,
      // so four pixels from p are the four cells ending there, reversed.
      let low = max(mirrored.lowerBound, m &- (x &+ count) &+ 1)
      let high = min(mirrored.upperBound, m &- x &+ 1)
      var pixels = GradientPixelSink(table: colors, output: target, count: 0)
      var p = low
      while p &+ 4 <= high {
        let four = UnsafeRawPointer(cells + (m &- p &- x &- 3)).loadUnaligned(as: SIMD4<Int32>.self)
        pixels.take(
          Parameter.mirroredEntries(SIMD4(four[3], four[2], four[1], four[0]), cellCount: cellCount),
          at: p &- images.lowerBound)
        p &+= 4
      }
      while p < high {
        let entry = Parameter.mirroredEntries(SIMD4(repeating: cells[m &- p &- x]), cellCount: cellCount)[0]
        target.storeBytes(of: colors[Int(entry)], toByteOffset: (p &- images.lowerBound) &* 4, as: UInt32.self)
        p &+= 1
      }
      x &+= count
    }
  }

  /// ``write(_:y:columns:into:cells:)`` with every pixel computed.
  @inline(__always)
  private func writeDirectly<Parameter: GradientParameter>(
    _ parameter: Parameter, y: Int, columns: Range<Int>, into target: UnsafeMutableRawPointer,
    cells: UnsafeMutablePointer<Int32>
  ) {
    let table = gradient.table
    let layout = GradientCellLayout(count: table.cellCount, extend: extend)
    var x = columns.lowerBound
    while x < columns.upperBound {
      let count = min(Self.chunkSize, columns.upperBound &- x)
      let output = target + (x &- columns.lowerBound) &* 4
      if dithers {
        // Entries kept, then dithered in a second pass.
        var entries = GradientCellStore(cells: cells)
        parameter.writeEntries(row: y, from: x, count: count, layout: layout, into: &entries)
        GradientDitherLookup.pixels(cells, count: count, table: table.table16(order), x: x, y: y, into: output)
      } else if table.hasExactCells {
        var sink = GradientRecordingSink(
          pixels: GradientPixelSink(table: table.table8(order), output: output, count: count),
          cells: GradientCellStore(cells: cells))
        parameter.writeEntries(row: y, from: x, count: count, layout: layout, into: &sink)
      } else {
        var sink = GradientPixelSink(table: table.table8(order), output: output, count: count)
        parameter.writeEntries(row: y, from: x, count: count, layout: layout, into: &sink)
      }
      if table.hasExactCells { redoExactCells(parameter, cells: cells, count: count, x: x, y: y, into: output) }
      x &+= count
    }
  }

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

  /// Recomputes the pixels whose cells hold the exact-evaluation sentinel.
  @inline(never)
  private func redoExactCells<Parameter: GradientParameter>(
    _ parameter: Parameter, cells: UnsafeMutablePointer<Int32>, count: Int, x: Int, y: Int,
    into output: UnsafeMutableRawPointer
  ) {
    let table = gradient.table
    let marks = table.table8(.rgba)
    for k in 0..<count where marks[Int(cells[k])] == GradientColorTable.exact8 {
      let pixel: UInt32
      if let t = extend.extended(parameter.exactParameter(x: x &+ k, y: y)) {
        let (value, isFlat) = gradient.function.evaluate(t)
        if dithers {
          let fixed = isFlat ? GradientColorTable.rounded(value) &* 256 : GradientColorTable.fixedPoint(value)
          let d = UInt32(OrderedDither.threshold(x: x &+ k, y: y))
          pixel = GradientColorTable.pack8(ordered((fixed &+ d) &>> 8))
        } else {
          pixel = GradientColorTable.pack8(ordered(GradientColorTable.rounded(value)))
        }
      } else {
        pixel = 0
      }
      output.storeBytes(of: pixel, toByteOffset: k &* 4, as: UInt32.self)
    }
  }

  private func ordered(_ c: SIMD4<UInt32>) -> SIMD4<UInt32> { order == .rgba ? c : SIMD4(c.z, c.y, c.x, c.w) }
}
