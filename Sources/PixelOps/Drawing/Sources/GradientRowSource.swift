/// A gradient fill as a row source: each band's rows computed into its scratch (or straight
/// into the destination when the kernel only copies) by a ``GradientRowWriter``. The scratch
/// holds a row of pixels and, after it, one chunk's table cells. Rows that are shifted master
/// rows (``GradientRowShifts``, a linear gradient) are read from master rows kept after those,
/// made once per window of rows and kept across bands: a scratch buffer that comes back to a
/// later band of the same draw with no other band's use in between (``BandScratch`` says so,
/// by the draw's ``scratchKey``) still holds them (`GradientRowSource+MasterRows.swift`). A
/// dithered fill's rows are its masters' planes, dithered by the kernel as it reads them
/// (``DitheredRow``), or where the plan caches them, cached dithered copies of its masters. All of it is a function of the window,
/// phase and row, so reusing it or making it again gives the same pixels.
struct GradientRowSource<Parameter: GradientParameter>: RowSource {
  let parameter: Parameter
  let writer: GradientRowWriter
  /// Pixels per row of the drawn area (the scratch holds one such row).
  let width: Int
  /// Whether every pixel of the area gets an opaque colour.
  let isOpaque: Bool
  /// The rows as shifted master rows, where they are.
  let shifts: GradientRowShifts?
  /// This draw's key for the master rows it leaves in a scratch buffer (``MasterRowKeys``: no
  /// other draw's, never 0), or 0 without shifted rows.
  let scratchKey: UInt64
  /// Where the cursor's copy of the source sits (``Cursor``), after everything else in the
  /// scratch; worked out once per draw (each band asked for it, and for the scratch's size).
  private(set) var sourceCopyOffset = 0
  /// ``OrderedDither/carryLimits``, read once per draw: each read of the lazily made global
  /// checks that it is made (1,900 instructions a call on the dithered tile, row by row; held by
  /// the cursor instead, the larger cursor cost the radial tile 4,400).
  let carryLimits = OrderedDither.carryLimits

  init(parameter: Parameter, writer: GradientRowWriter, area: PixelRect, isOpaque: Bool) {
    var writer = writer
    if let stripes = writer.stripes(for: Parameter.self), !parameter.runsPay(for: stripes) { writer.drawsStripes = false }
    (self.parameter, self.writer, width, self.isOpaque) = (parameter, writer, area.width, isOpaque)
    shifts = writer.rowShifts(
      parameter, columns: area.x..<(area.x &+ area.width), rows: area.y..<(area.y &+ area.height))
    scratchKey = shifts == nil ? 0 : MasterRowKeys.next()
    sourceCopyOffset = shifts.map { shifts in
      BandScratch.aligned(
        ditheredRowsOffset(shifts) &+ (shifts.cachesDitheredRows ? shifts.ditheredRowSlots &* ditheredRowBytes(shifts) : 0))
    } ?? stateOffset
  }

  var solidColor: PremultipliedColor? { nil }
  /// A row of pixels, one chunk's cells, a word that says whether the row is the band's
  /// repeated row; with shifted rows, the ``MasterRowState``, the master rows and the cached
  /// dithered rows (`GradientRowSource+MasterRows.swift`); last, the cursor's copy of the source.
  var scratchByteCount: Int { sourceCopyOffset &+ MemoryLayout<Self>.size }
  var stateOffset: Int { BandScratch.aligned(width &* 4 &+ GradientRowWriter.cellScratchByteCount &+ 8) }
  var readsMemoryOnly: Bool { false }
  /// A dithered fill's shifted rows, where not cached, are offered as their masters' planes.
  var offersDitheredRows: Bool { writer.dithers && shifts.map { !$0.cachesDitheredRows } ?? false }
  func costPerRow(width: Int) -> Int { width &* (Parameter.costPerPixel &+ (writer.dithers ? 4 : 0)) }
  /// A cursor that makes its master rows afresh (a wrapper's: nothing tells it its scratch is kept).
  func makeCursor(scratch: UnsafeMutableRawPointer?) -> Cursor { makeCursor(scratch: scratch, isKept: false) }
  func makeCursor(scratch: UnsafeMutableRawPointer?, isKept: Bool) -> Cursor {
    Cursor(source: self, scratch: scratch.unsafelyUnwrapped, isKept: isKept)
  }

  /// Reads the source through a copy of its bytes at the end of the band's scratch and keeps
  /// only the writer itself, four words to pass around: a cursor that held the source (160 bytes
  /// for a linear gradient) was copied whole before every row's call, by `memcpy` (the 480x270
  /// linear tile: 860,220 → 847,001 instructions, 4.5% less time; the dithered tile 6%, the
  /// conic 3.5%; the radial 0.4% fewer instructions but 1.5% more time, in 11 alternated rounds).
  /// The copy takes no retain of the gradient and is never destroyed: the source that made the
  /// cursor holds the gradient while its cursors are used (a ``RowSource`` outlives its
  /// cursors). The gradient is reached through ``writer``, which the cursor owns: reached
  /// through the copy, it was retained and released around every row's call (the radial tile:
  /// 1.7% more instructions). The repeated-row flag lives in the scratch too, as
  /// ``RowSourceCursor``'s methods are non-mutating.
  struct Cursor: RowSourceCursor {
    private let sourceCopy: UnsafePointer<GradientRowSource>
    let scratch: UnsafeMutableRawPointer
    /// The source's writer.
    let writer: GradientRowWriter

    /// The source, read in place.
    var source: GradientRowSource {
      unsafeAddress { sourceCopy }
    }

    /// `isKept`: the scratch holds what an earlier band of this draw left
    /// (``RowSource/makeCursor(scratch:isKept:)``).
    init(source: GradientRowSource, scratch: UnsafeMutableRawPointer, isKept: Bool) {
      let copy = scratch + source.sourceCopyOffset
      withUnsafeBytes(of: source) { copy.copyMemory(from: $0.baseAddress.unsafelyUnwrapped, byteCount: $0.count) }
      (sourceCopy, self.scratch, writer) = (
        UnsafePointer(copy.bindMemory(to: GradientRowSource.self, capacity: 1)), scratch, source.writer
      )
      holdsRepeatedRow.pointee = false
      if source.shifts != nil && !isKept { masterState.pointee = MasterRowState() }
    }

    /// One chunk's cells, after the row of pixels.
    var cells: UnsafeMutablePointer<Int32> {
      (scratch + source.width &* 4).assumingMemoryBound(to: Int32.self)
    }

    /// Whether the scratch row holds the band's row already, for sources whose rows are all
    /// the same (``GradientParameter/isSameForEveryRow``, undithered).
    var holdsRepeatedRow: UnsafeMutablePointer<Bool> {
      let offset = source.width &* 4 &+ GradientRowWriter.cellScratchByteCount
      return (scratch + offset).assumingMemoryBound(to: Bool.self)
    }

    var rowsRepeat: Bool { source.parameter.isSameForEveryRow && !writer.dithers }

    /// Row `y` from its master row: the master itself, or with exact cells a copy in `target`
    /// with their pixels redone, or dithered, the window's cached dithered row or its pixels
    /// written into `target`.
    @inline(__always)
    private func shiftedRow(
      _ y: Int, columns: Range<Int>, _ shifts: GradientRowShifts, ditheringInto target: UnsafeMutableRawPointer
    ) -> UnsafeRawPointer {
      guard writer.dithers else {
        let master = UnsafeRawPointer(masterRow(y, columns: columns, shifts))
        guard writer.gradient.table.hasExactCells else { return master }
        target.copyMemory(from: master, byteCount: columns.count &* 4)
        writer.redoExactCells(
          source.parameter, cells: nil, count: columns.count, x: columns.lowerBound, y: y, into: target)
        return UnsafeRawPointer(target)
      }
      if shifts.cachesDitheredRows { return cachedDitheredRow(y, columns: columns, shifts) }
      DitheredPixels(ditheredRow(y, columns: columns, shifts)).copy(count: columns.count, into: target)
      return UnsafeRawPointer(target)
    }

    /// A dithered fill's shifted row as its master row's planes, for kernels that dither as they
    /// read (``CompositeKernels/dithered``), where its dithered rows are not cached.
    func ditheredRow(_ y: Int, columns: Range<Int>) -> DitheredRow? {
      guard writer.dithers, let shifts = source.shifts, !shifts.cachesDitheredRows else { return nil }
      return ditheredRow(y, columns: columns, shifts)
    }

    func row(_ y: Int, columns: Range<Int>) -> UnsafeRawPointer? {
      if let shifts = source.shifts { return shiftedRow(y, columns: columns, shifts, ditheringInto: scratch) }
      if !holdsRepeatedRow.pointee {
        writer.write(source.parameter, y: y, columns: columns, into: scratch, cells: cells)
        holdsRepeatedRow.pointee = rowsRepeat
      }
      return UnsafeRawPointer(scratch)
    }

    func write(_ y: Int, columns: Range<Int>, into target: UnsafeMutableRawPointer) {
      if let shifts = source.shifts {
        let pixels = shiftedRow(y, columns: columns, shifts, ditheringInto: target)
        if pixels != UnsafeRawPointer(target) { target.copyMemory(from: pixels, byteCount: columns.count &* 4) }
        return
      }
      guard rowsRepeat else {
        return writer.write(source.parameter, y: y, columns: columns, into: target, cells: cells)
      }
      target.copyMemory(from: row(y, columns: columns).unsafelyUnwrapped, byteCount: columns.count &* 4)
    }
  }
}
