/// A gradient fill as a row source: each band's rows computed into its scratch (or straight
/// into the destination when the kernel only copies) by a ``GradientRowWriter``. The scratch
/// holds a row of pixels and, after it, one chunk's table cells. Rows that are shifted master
/// rows (``GradientRowShifts``, a linear gradient) are read from master rows kept after those,
/// made once per window of rows and kept across bands: a scratch buffer that comes back to a
/// later band of the same draw (``BandScratch`` pools them) still holds them, recognised by the
/// draw's random key. Master rows are a function of the window and phase only, so reusing them
/// or making them again gives the same pixels.
struct GradientRowSource<Parameter: GradientParameter>: RowSource {
  let parameter: Parameter
  let writer: GradientRowWriter
  /// Pixels per row of the drawn area (the scratch holds one such row).
  let width: Int
  /// Whether every pixel of the area gets an opaque colour.
  let isOpaque: Bool
  /// The rows as shifted master rows, where they are.
  let shifts: GradientRowShifts?
  /// This draw's mark on the master rows it leaves in a scratch buffer (random, never 0).
  let masterKey: UInt64

  init(parameter: Parameter, writer: GradientRowWriter, area: PixelRect, isOpaque: Bool) {
    (self.parameter, self.writer, width, self.isOpaque) = (parameter, writer, area.width, isOpaque)
    shifts = writer.rowShifts(
      parameter, columns: area.x..<(area.x &+ area.width), rows: area.y..<(area.y &+ area.height))
    masterKey = shifts == nil ? 0 : UInt64.random(in: 0...UInt64.max) | 1
  }

  var solidColor: PremultipliedColor? { nil }
  /// A row of pixels, one chunk's cells, a word that says whether the row is the band's
  /// repeated row; with shifted rows, the window whose master rows are made, which of them are,
  /// and the master rows.
  var scratchByteCount: Int {
    guard let shifts else { return stateOffset }
    return masterOffset &+ shifts.phaseCount &* masterByteCount(shifts)
  }
  private var stateOffset: Int { width &* 4 &+ GradientRowWriter.cellScratchByteCount &+ 8 }
  private var masterOffset: Int { BandScratch.aligned(stateOffset &+ 32) }
  /// One master row: its pixels, or (dithered) their 8.8 colours in two planes.
  private func masterByteCount(_ shifts: GradientRowShifts) -> Int { writer.masterBytes(capacity: shifts.capacity) }
  var readsMemoryOnly: Bool { false }
  func costPerRow(width: Int) -> Int { width &* (Parameter.costPerPixel &+ (writer.dithers ? 4 : 0)) }
  func makeCursor(scratch: UnsafeMutableRawPointer?) -> Cursor { Cursor(source: self, scratch: scratch.unsafelyUnwrapped) }

  /// Methods are non-mutating (the repeated-row flag lives in the scratch): a mutating one
  /// copied the source, retaining its gradient, on every row.
  struct Cursor: RowSourceCursor {
    let source: GradientRowSource
    let scratch: UnsafeMutableRawPointer

    init(source: GradientRowSource, scratch: UnsafeMutableRawPointer) {
      (self.source, self.scratch) = (source, scratch)
      holdsRepeatedRow.pointee = false
      if source.shifts != nil && masterState.pointee.key != source.masterKey {
        masterState.pointee = (source.masterKey, Int.min, 0, 0)
      }
    }

    /// The draw whose master rows the scratch holds, their window, the first position they
    /// cover, and which of them are made (a bit per phase).
    private var masterState: UnsafeMutablePointer<(key: UInt64, window: Int, start: Int, made: Int)> {
      (scratch + source.stateOffset).assumingMemoryBound(to: (key: UInt64, window: Int, start: Int, made: Int).self)
    }

    /// The distance between a dithered master row's planes.
    private func planeBytes(_ shifts: GradientRowShifts) -> Int { source.writer.masterPlaneBytes(capacity: shifts.capacity) }

    /// Row `y`'s pixels (or dithered, the whole bytes of their 8.8 colours) at `columns` in its master row, made first
    /// if the scratch does not hold it.
    private func masterRow(_ y: Int, columns: Range<Int>, _ shifts: GradientRowShifts) -> UnsafeMutableRawPointer {
      assert(columns == shifts.columns, "master rows cover the drawn columns only")
      let (phase, offset) = shifts.placement(ofRow: y)
      let master = scratch + (source.masterOffset &+ phase &* source.masterByteCount(shifts))
      let index = GradientRowShifts.windowIndex(ofRow: y)
      if masterState.pointee.window != index || masterState.pointee.made & (1 &<< phase) == 0 {
        let window = shifts.window(ofRow: y)
        if masterState.pointee.window != index {
          masterState.pointee = (source.masterKey, index, window.positions.lowerBound, 0)
        }
        source.writer.writeMaster(shifts, phase: phase, positions: window.positions, into: master)
        masterState.pointee.made |= 1 &<< phase
      }
      return master + (columns.lowerBound &+ offset &- masterState.pointee.start) &* 4
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

    var rowsRepeat: Bool { source.parameter.isSameForEveryRow && !source.writer.dithers }

    /// Row `y` from its master row: the master itself, or (dithered) its pixels written into
    /// `target`.
    @inline(__always)
    private func shiftedRow(
      _ y: Int, columns: Range<Int>, _ shifts: GradientRowShifts, ditheringInto target: UnsafeMutableRawPointer
    ) -> UnsafeRawPointer {
      let master = masterRow(y, columns: columns, shifts)
      guard source.writer.dithers else { return UnsafeRawPointer(master) }
      DitheredPixels(ditheredRow(master: master, y: y, columns: columns, shifts)).copy(count: columns.count, into: target)
      return UnsafeRawPointer(target)
    }

    /// A dithered fill's shifted row as its master row's planes, for kernels that dither as they
    /// read (``CompositeKernelEntry/ditheredKernel``).
    func ditheredRow(_ y: Int, columns: Range<Int>) -> DitheredRow? {
      guard source.writer.dithers, let shifts = source.shifts else { return nil }
      return ditheredRow(master: masterRow(y, columns: columns, shifts), y: y, columns: columns, shifts)
    }

    @inline(__always)
    private func ditheredRow(
      master: UnsafeMutableRawPointer, y: Int, columns: Range<Int>, _ shifts: GradientRowShifts
    ) -> DitheredRow {
      DitheredRow(
        whole: UnsafeRawPointer(master), fraction: UnsafeRawPointer(master + planeBytes(shifts)),
        limits: OrderedDither.limits(ofRow: y), firstColumn: columns.lowerBound)
    }

    func row(_ y: Int, columns: Range<Int>) -> UnsafeRawPointer? {
      if let shifts = source.shifts { return shiftedRow(y, columns: columns, shifts, ditheringInto: scratch) }
      if !holdsRepeatedRow.pointee {
        source.writer.write(source.parameter, y: y, columns: columns, into: scratch, cells: cells)
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
        return source.writer.write(source.parameter, y: y, columns: columns, into: target, cells: cells)
      }
      target.copyMemory(from: row(y, columns: columns).unsafelyUnwrapped, byteCount: columns.count &* 4)
    }
  }
}
