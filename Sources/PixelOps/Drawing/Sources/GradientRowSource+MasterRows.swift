import Synchronization

/// Where a shifted linear gradient's rows come from (``GradientRowShifts``): the master rows of
/// the current window, and for a dithered fill that caches them, dithered copies of those, all
/// kept in the band's scratch after the row and cells:
///
/// `[row, cells, flag] [MasterRowState] [master 0] ... [master K-1] [cached dithered rows] [source copy]`
///
/// Everything here is a function of the window, phase, row phase and offset phase, made when
/// first asked for and marked in the state; reusing it or making it again gives the same bytes.
extension GradientRowSource {
  /// Which master rows and cached dithered rows the scratch holds: their window and the
  /// positions it covers, a bit per made master row (phase) and a bit per made dithered row
  /// (``GradientRowShifts/ditheredRowSlot(phase:row:offset:)``, at most 256). Trusted only where
  /// ``BandScratch`` says the buffer's last user was a band of the same draw (its
  /// ``GradientRowSource/scratchKey``); otherwise the cursor starts a fresh one.
  struct MasterRowState {
    var window = Int.min
    var start = 0
    var count = 0
    var masters: UInt64 = 0
    var ditheredRows: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    init() {}

    init(window: Int, positions: Range<Int>) {
      (self.window, start, count) = (window, positions.lowerBound, positions.count)
    }

    func holdsDitheredRow(_ slot: Int) -> Bool {
      let word: UInt64
      switch slot >> 6 {
      case 0: word = ditheredRows.0
      case 1: word = ditheredRows.1
      case 2: word = ditheredRows.2
      default: word = ditheredRows.3
      }
      return word & (1 &<< UInt64(slot & 63)) != 0
    }

    mutating func markDitheredRow(_ slot: Int) {
      let bit: UInt64 = 1 &<< UInt64(slot & 63)
      switch slot >> 6 {
      case 0: ditheredRows.0 |= bit
      case 1: ditheredRows.1 |= bit
      case 2: ditheredRows.2 |= bit
      default: ditheredRows.3 |= bit
      }
    }
  }

  var masterOffset: Int { BandScratch.aligned(stateOffset &+ MemoryLayout<MasterRowState>.size) }
  /// One master row: its pixels, or (dithered) their 8.8 colours in two planes.
  func masterByteCount(_ shifts: GradientRowShifts) -> Int { writer.masterBytes(capacity: shifts.capacity) }
  /// The distance between a dithered master row's planes.
  func planeBytes(_ shifts: GradientRowShifts) -> Int { writer.masterPlaneBytes(capacity: shifts.capacity) }
  func ditheredRowsOffset(_ shifts: GradientRowShifts) -> Int {
    masterOffset &+ shifts.phaseCount &* masterByteCount(shifts)
  }
  /// One cached dithered row: pixels for every position of a window.
  func ditheredRowBytes(_ shifts: GradientRowShifts) -> Int { BandScratch.aligned(shifts.capacity &* 4) }
}

extension GradientRowSource.Cursor {
  var masterState: UnsafeMutablePointer<GradientRowSource.MasterRowState> {
    (scratch + source.stateOffset).assumingMemoryBound(to: GradientRowSource.MasterRowState.self)
  }

  /// Row `y`'s master row (its first position at the window's first), made first if the scratch
  /// does not hold it, with the row's phase and offset.
  @inline(__always)
  func master(ofRow y: Int, _ shifts: GradientRowShifts) -> (base: UnsafeMutableRawPointer, phase: Int, offset: Int) {
    let (phase, offset) = shifts.placement(ofRow: y)
    let base = scratch + (source.masterOffset &+ phase &* source.masterByteCount(shifts))
    let index = shifts.windowIndex(ofRow: y)
    if masterState.pointee.window != index || masterState.pointee.masters & (1 &<< UInt64(phase)) == 0 {
      let window = shifts.window(ofRow: y)
      if masterState.pointee.window != index {
        masterState.pointee = GradientRowSource.MasterRowState(window: index, positions: window.positions)
      }
      writer.writeMaster(shifts, phase: phase, positions: window.positions, into: base)
      masterState.pointee.masters |= 1 &<< UInt64(phase)
    }
    return (base, phase, offset)
  }

  /// Row `y`'s pixels (or dithered, the whole bytes of their 8.8 colours) at `columns` in its
  /// master row.
  @inline(__always)
  func masterRow(_ y: Int, columns: Range<Int>, _ shifts: GradientRowShifts) -> UnsafeMutableRawPointer {
    assert(columns == shifts.columns, "master rows cover the drawn columns only")
    let (base, _, offset) = master(ofRow: y, shifts)
    return base + (columns.lowerBound &+ offset &- masterState.pointee.start) &* 4
  }

  /// A dithered fill's row `y` at `columns` as its master row's planes.
  @inline(__always)
  func ditheredRow(_ y: Int, columns: Range<Int>, _ shifts: GradientRowShifts) -> DitheredRow {
    planes(masterRow(y, columns: columns, shifts), row: y, firstColumn: columns.lowerBound, shifts)
  }

  /// The planes of a dithered master row from `whole` on, dithered for row `y` with
  /// `firstColumn` as the destination column of their first pixel.
  @inline(__always)
  private func planes(
    _ whole: UnsafeMutableRawPointer, row y: Int, firstColumn: Int, _ shifts: GradientRowShifts
  ) -> DitheredRow {
    DitheredRow(
      whole: UnsafeRawPointer(whole), fraction: UnsafeRawPointer(whole + source.planeBytes(shifts)),
      limits: OrderedDither.limits(ofRow: y, in: source.carryLimits), firstColumn: firstColumn)
  }

  /// A dithered fill's row `y` at `columns` in the window's cached dithered copy of its master
  /// for its row phase and offset phase, made first if the scratch does not hold it: position
  /// `p` of that copy is destination column `p - offset`, whose phase is the same for every row
  /// of the slot.
  func cachedDitheredRow(_ y: Int, columns: Range<Int>, _ shifts: GradientRowShifts) -> UnsafeRawPointer {
    assert(columns == shifts.columns, "master rows cover the drawn columns only")
    let (base, phase, offset) = master(ofRow: y, shifts)
    let slot = shifts.ditheredRowSlot(phase: phase, row: y, offset: offset)
    let row = scratch + (source.ditheredRowsOffset(shifts) &+ slot &* source.ditheredRowBytes(shifts))
    let start = masterState.pointee.start
    if !masterState.pointee.holdsDitheredRow(slot) {
      DitheredPixels(planes(base, row: y, firstColumn: start &- offset, shifts))
        .copy(count: masterState.pointee.count, into: row)
      masterState.pointee.markDitheredRow(slot)
    }
    return UnsafeRawPointer(row + (columns.lowerBound &+ offset &- start) &* 4)
  }
}

/// The keys of draws' master rows (``GradientRowSource/scratchKey``), which ``BandScratch``
/// compares with the key a buffer's last band passed: a different one for every draw of the
/// process, from a counter (no system call per draw: `UInt64.random` asked the kernel,
/// `getrandom`, 0.4 µs every time).
enum MasterRowKeys {
  private static let drawCount = Atomic<UInt64>(0)

  /// A key no earlier draw had; never 0 (the key of nothing kept).
  static func next() -> UInt64 {
    while true {
      let key = drawCount.wrappingAdd(1, ordering: .relaxed).newValue
      if key != 0 { return key }
    }
  }
}
