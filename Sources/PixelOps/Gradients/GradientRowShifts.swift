/// A linear gradient's rows as shifted copies of a few *master rows* (geometry only; the
/// pixels are ``GradientRowWriter``'s, the memory the row source's).
///
/// In cells, pixel (x, y) has the parameter `f + g (x + σ(y))` with `σ(y) = (ky / kx) y`: row y
/// is row 0 moved by `σ(y)` pixels. Rounded to `1/K` of a pixel, `σ(y) ≈ s + φ / K`, row y is
/// master row `φ` (the parameters `f + g (j + φ / K)`, j counting pixels) read from position
/// `x + s`. The rounding moves the parameter by at most `|g| / (2K)` cells, and `K` (a power of
/// two, at most ``maximumPhases``) keeps that within ``largestShiftError`` (0.45 cell), inside the
/// table's error budget (DESIGN.md, Gradients: any parameter error below 3/4 cell keeps a pixel
/// within 1 of the reference). So a row costs a pointer into a master row instead of a parameter and
/// a table lookup per pixel.
///
/// Master rows are made per *window* of ``windowRows`` rows
/// (``plainWindowRowBits(width:shiftPerRow:rows:phases:)``), counted from row 0 of the
/// destination (not from a band), and each covers exactly the positions its window's rows read:
/// a pixel's colour depends on its coordinates and the drawn area only, whatever the thread
/// count or band split.
///
/// A dithered fill's row adds thresholds that depend on its row phase `y mod 8` and on its
/// column phase, which from the master's side is its offset `s mod 8`: rows with the same master,
/// row phase and offset phase have the same dithered pixels at the same positions. Where windows
/// hold many more rows than those `64 K` combinations (few phases, many rows), the plan takes
/// longer windows (``ditheredWindowRowBits``) and ``cachesDitheredRows``: each combination's
/// dithered copy of its master is made once per window and rows are pointers into it, so the
/// dither costs a fraction of a pass instead of work per pixel of every row.

struct GradientRowShifts: Sendable {
  /// log2 of the rows per window (the rows that share one set of master rows) where dithered
  /// rows are not cached: at least this, ...
  static let shortestWindowRowBits = 7
  /// ... at most this.
  static let longestWindowRowBits = 10
  /// log2 of the rows per window where dithered rows are cached: long windows, so that each
  /// cached row serves many rows.
  static let ditheredWindowRowBits = 10
  /// Most phases whose dithered rows are cached (`64 K` cached rows per window).
  static let maximumCachedPhases = 4
  /// Largest scratch for one band's master rows and cached dithered rows.
  static let maximumCachedRowBytes = 4 << 20
  /// Most phases (master rows per window); a steeper parameter is computed row by row.
  static let maximumPhases = 1 << maximumPhaseBits
  static let maximumPhaseBits = 4
  /// The most a row's rounded shift may move its parameter, in cells.
  static let largestShiftError = 0.45
  /// Largest scratch for one band's master rows (at 8 bytes a pixel, dithered).
  static let maximumMasterBytes = 1 << 20

  /// The parameter of pixel 0 of row 0, in cells (`f`).
  let origin: Double
  /// Cells per pixel along a row (`g`).
  let step: Double
  /// Pixels a row moves per row down (`ky / kx`).
  let shiftPerRow: Double
  /// log2 of the phase count `K`.
  let phaseBits: Int
  /// The drawn columns and rows.
  let columns: Range<Int>
  let rows: Range<Int>
  /// Pixels of room per master row: the columns plus the widest shift across a window.
  let capacity: Int
  /// log2 of ``windowRows``.
  let windowRowBits: Int
  /// Whether a dithered fill's rows are read from dithered copies of the master rows, one per
  /// phase, row phase and offset phase (``ditheredRowSlot(phase:row:offset:)``), made once per
  /// window.
  let cachesDitheredRows: Bool

  /// The plan for a linear parameter `f + g x + h y` (cells) over `columns` x `rows`; nil where
  /// shifted rows would not pay (too steep, too few rows per window for the masters' cost,
  /// too much memory) or do not apply (`g` or `h` zero, non-finite). `cachingDitheredRows`: the
  /// fill is dithered, and its dithered rows may be cached where that pays.
  init?(
    origin f: Double, alongRow g: Double, alongColumn h: Double, columns: Range<Int>, rows: Range<Int>,
    cachingDitheredRows: Bool = false
  ) {
    guard f.isFinite, g.isFinite, h.isFinite, g != 0, h != 0, !columns.isEmpty, !rows.isEmpty else { return nil }
    let ratio = h / g
    // K: the smallest power of two with |g| / (2K) within the largest shift error.
    var bits = 0
    while bits <= Self.maximumPhaseBits && abs(g) / Double(2 << bits) > Self.largestShiftError { bits &+= 1 }
    guard bits <= Self.maximumPhaseBits, abs(ratio) <= 64 else { return nil }
    let phases = 1 << bits
    let width = columns.count
    func capacity(windowRowBits: Int) -> Int {
      Self.capacity(width: width, shiftPerRow: abs(ratio), windowRowBits: windowRowBits)
    }
    // Rows made once per window (`copies` of `length` pixels) are worth it when making them
    // costs at most half of what the window's `rows` would.
    func pays(_ copies: Int, of length: Double, rows: Int) -> Bool {
      Double(copies) * length * 2 <= Double(rows * width)
    }
    // Cached dithered rows pay when a window holds at least 4 rows per cached row and making
    // them (a pass over the positions its rows read, about twice a fused dither's cost per pixel)
    // costs at most what dithering the rows as they are read would; otherwise a dithered fill is
    // dithered as it is read, with the shorter windows.
    let cachedRows = min(1 << Self.ditheredWindowRowBits, rows.count)
    let cachedCapacity = capacity(windowRowBits: Self.ditheredWindowRowBits)
    let span = Double(width) + Double(cachedRows - 1) * abs(ratio) + 2
    let slots = phases << 6
    let caches =
      cachingDitheredRows && phases <= Self.maximumCachedPhases && cachedRows >= 4 * slots
      && pays(slots, of: span, rows: cachedRows) && pays(phases, of: span, rows: cachedRows)
      && cachedCapacity * (slots * 4 + phases * 8) <= Self.maximumCachedRowBytes
    let windowBits =
      caches
      ? Self.ditheredWindowRowBits
      : Self.plainWindowRowBits(width: width, shiftPerRow: abs(ratio), rows: rows.count, phases: phases)
    let windowRows = min(1 << windowBits, rows.count)
    let capacity = capacity(windowRowBits: windowBits)
    guard pays(phases, of: Double(capacity), rows: windowRows),
      caches || phases * capacity * 8 <= Self.maximumMasterBytes,
      Double(max(abs(rows.lowerBound), abs(rows.upperBound))) * abs(ratio) * Double(phases) < 0x1p40
    else { return nil }
    (origin, step, shiftPerRow, phaseBits) = (f, g, ratio, bits)
    (self.columns, self.rows, self.capacity) = (columns, rows, capacity)
    (windowRowBits, cachesDitheredRows) = (windowBits, caches)
  }

  /// log2 of the rows per window where dithered rows are not cached: the longest window from
  /// 128 to 1024 rows whose rows shift apart by at most the row's width (so a master row is at
  /// most twice as long as a row) and whose master rows fit in ``maximumMasterBytes``, growing
  /// only while a window holds fewer than all `rows`. Longer windows make fewer master rows: a
  /// window's masters cost `K (width + windowRows · shiftPerRow)` pixels, for all its rows.
  static func plainWindowRowBits(width: Int, shiftPerRow: Double, rows: Int, phases: Int) -> Int {
    var bits = shortestWindowRowBits
    while bits < longestWindowRowBits && 1 << bits < rows {
      let longer = capacity(width: width, shiftPerRow: shiftPerRow, windowRowBits: bits + 1)
      guard longer - 2 - width <= width, phases * longer * 8 <= maximumMasterBytes else { break }
      bits += 1
    }
    return bits
  }

  /// Pixels of room per master row for windows of `2^windowRowBits` rows (``capacity``): the
  /// row's `width`, the widest shift across the window rounded up, and 2 for rounding.
  static func capacity(width: Int, shiftPerRow: Double, windowRowBits: Int) -> Int {
    width + Int((Double((1 << windowRowBits) - 1) * shiftPerRow).rounded(.up)) + 2
  }

  var phaseCount: Int { 1 &<< phaseBits }
  /// Rows per window (a power of two).
  var windowRows: Int { 1 &<< windowRowBits }
  /// Cached dithered rows per window (``cachesDitheredRows``).
  var ditheredRowSlots: Int { phaseCount << 6 }

  /// The cached dithered row of master `phase` for row `y` read from `offset`: one per phase,
  /// row phase `y mod 8` and offset phase `offset mod 8`.
  @inline(__always)
  func ditheredRowSlot(phase: Int, row y: Int, offset: Int) -> Int { phase << 6 | (y & 7) << 3 | (offset & 7) }

  /// Row y as master row `phase` read from `offset` pixels along: `σ(y)` rounded to `1/K`.
  @inline(__always)
  func placement(ofRow y: Int) -> (phase: Int, offset: Int) {
    let exact = shiftPerRow * Double(y) * Double(phaseCount)
    // Half away from zero, inline (`rounded()` is a libm call on baseline x86-64).
    let steps = Int(exact < 0 ? exact - 0.5 : exact + 0.5)
    return (steps & (phaseCount &- 1), steps &>> phaseBits)
  }

  /// The index of row `y`'s window (`floor(y / windowRows)`).
  @inline(__always)
  func windowIndex(ofRow y: Int) -> Int { y &>> windowRowBits }

  /// The window of row `y`: its index, and the master positions its rows read.
  func window(ofRow y: Int) -> Window {
    let index = windowIndex(ofRow: y)
    let first = max(rows.lowerBound, index &* windowRows)
    let last = min(rows.upperBound, (index &+ 1) &* windowRows) &- 1
    let (a, b) = (placement(ofRow: first).offset, placement(ofRow: last).offset)
    return Window(
      index: index, positions: (columns.lowerBound &+ min(a, b))..<(columns.upperBound &+ max(a, b)))
  }

  /// The parameter (cells) of master row `phase` at position `j`.
  func parameter(at j: Int, phase: Int) -> Double {
    origin + step * (Double(j) + Double(phase) / Double(phaseCount))
  }

  /// Rows `index * windowRows ..<` the next window's first, and the positions they read.
  struct Window: Equatable {
    var index: Int
    var positions: Range<Int>
  }
}
