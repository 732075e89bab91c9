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
/// Master rows are made per *window* of ``windowRows`` rows, counted from row 0 of the
/// destination (not from a band), and each covers exactly the positions its window's rows read:
/// a pixel's colour depends on its coordinates only, whatever the thread count or band split.
struct GradientRowShifts: Sendable {
  /// Rows per window (a power of two): the rows that share one set of master rows.
  static let windowRows = 1 << windowRowBits
  static let windowRowBits = 7
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

  /// The plan for a linear parameter `f + g x + h y` (cells) over `columns` x `rows`; nil where
  /// shifted rows would not pay (too steep, too few rows per window for the masters' cost,
  /// too much memory) or do not apply (`g` or `h` zero, non-finite).
  init?(origin f: Double, alongRow g: Double, alongColumn h: Double, columns: Range<Int>, rows: Range<Int>) {
    guard f.isFinite, g.isFinite, h.isFinite, g != 0, h != 0, !columns.isEmpty, !rows.isEmpty else { return nil }
    let ratio = h / g
    // K: the smallest power of two with |g| / (2K) within the largest shift error.
    var bits = 0
    while bits <= Self.maximumPhaseBits && abs(g) / Double(2 << bits) > Self.largestShiftError { bits &+= 1 }
    guard bits <= Self.maximumPhaseBits, abs(ratio) <= 64 else { return nil }
    let phases = 1 << bits
    let width = columns.count
    let windowRows = min(Self.windowRows, rows.count)
    let capacity = width + Int((Double(Self.windowRows - 1) * abs(ratio)).rounded(.up)) + 2
    // Masters are worth it when making them costs at most half of computing the rows.
    guard phases * capacity * 2 <= windowRows * width,
      phases * capacity * 8 <= Self.maximumMasterBytes,
      Double(max(abs(rows.lowerBound), abs(rows.upperBound))) * abs(ratio) * Double(phases) < 0x1p40
    else { return nil }
    (origin, step, shiftPerRow, phaseBits) = (f, g, ratio, bits)
    (self.columns, self.rows, self.capacity) = (columns, rows, capacity)
  }

  var phaseCount: Int { 1 << phaseBits }

  /// Row y as master row `phase` read from `offset` pixels along: `σ(y)` rounded to `1/K`.
  @inline(__always)
  func placement(ofRow y: Int) -> (phase: Int, offset: Int) {
    let exact = shiftPerRow * Double(y) * Double(phaseCount)
    // Half away from zero, inline (`rounded()` is a libm call on baseline x86-64).
    let steps = Int(exact < 0 ? exact - 0.5 : exact + 0.5)
    return (steps & (phaseCount &- 1), steps >> phaseBits)
  }

  /// The index of row `y`'s window (`floor(y / windowRows)`).
  @inline(__always)
  static func windowIndex(ofRow y: Int) -> Int { y >> windowRowBits }

  /// The window of row `y`: its index, and the master positions its rows read.
  func window(ofRow y: Int) -> Window {
    let index = Self.windowIndex(ofRow: y)
    let first = max(rows.lowerBound, index &* Self.windowRows)
    let last = min(rows.upperBound, (index &+ 1) &* Self.windowRows) &- 1
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
