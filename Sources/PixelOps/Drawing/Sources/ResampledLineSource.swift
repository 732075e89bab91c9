/// An area filled from one resampled line: a column, each row's one pixel spread across the
/// row, or a row, the same for every row. A stretched slice whose rows are uniform is drawn
/// this way (``Compositor``'s resizable images, ``Compositor/UniformSliceForm``): one line
/// resampled instead of every pixel.
struct ResampledLineSource: RowSource {
  /// Which line the producer makes, in destination coordinates.
  enum Line {
    /// Column `x`: each row is its pixel in that row, spread.
    case column(Int)
    /// Row `y`, made once per band: every row is it.
    case row(Int)
  }

  /// The producer of the line (one pixel wide or one row tall).
  let line: ResampledRowSource
  let kind: Line
  /// The width of the draw's area (every row asked for is the area's).
  let width: Int

  private var lineBytes: Int { BandScratch.aligned(line.scratchByteCount) }
  /// Where the flag that says the band's row is made sits, after the row of pixels.
  private var flagOffset: Int { lineBytes &+ width &* 4 }

  var solidColor: PremultipliedColor? { nil }
  var isOpaque: Bool { line.isOpaque }
  var scratchByteCount: Int { flagOffset &+ 1 }
  /// A column's pixel is resampled for every row; a row once, then copied.
  var readsMemoryOnly: Bool {
    if case .row = kind { return true }
    return false
  }
  func costPerRow(width: Int) -> Int {
    if case .column = kind { return line.costPerRow(width: 1) &+ width &* 4 }
    return width &* 4
  }

  func makeCursor(scratch: UnsafeMutableRawPointer?) -> Cursor {
    let base = scratch.unsafelyUnwrapped
    let isMade = (base + flagOffset).bindMemory(to: Bool.self, capacity: 1)
    isMade.initialize(to: false)
    return Cursor(
      line: line.makeCursor(scratch: line.scratchByteCount == 0 ? nil : base), kind: kind, pixels: base + lineBytes,
      isMade: isMade)
  }

  struct Cursor: RowSourceCursor {
    let line: ResampledRowSource.Cursor
    let kind: Line
    /// The row handed out: a spread row, or the repeated row once made.
    let pixels: UnsafeMutableRawPointer
    /// Whether ``pixels`` holds the repeated row (in the scratch, after the row).
    let isMade: UnsafeMutablePointer<Bool>

    func row(_ y: Int, columns: Range<Int>) -> UnsafeRawPointer? {
      switch kind {
      case .column(let x): spread(x, row: y, count: columns.count, into: pixels)
      case .row(let made):
        if !isMade.pointee {
          line.write(made, columns: columns, into: pixels)
          isMade.pointee = true
        }
      }
      return UnsafeRawPointer(pixels)
    }

    func write(_ y: Int, columns: Range<Int>, into target: UnsafeMutableRawPointer) {
      if case .column(let x) = kind { return spread(x, row: y, count: columns.count, into: target) }
      target.copyMemory(from: row(y, columns: columns).unsafelyUnwrapped, byteCount: columns.count &* 4)
    }

    /// Row `y`'s pixel of column `x`, in the `count` pixels at `target`.
    private func spread(_ x: Int, row y: Int, count: Int, into target: UnsafeMutableRawPointer) {
      let pixel = line.row(y, columns: x..<(x &+ 1)).unsafelyUnwrapped.loadUnaligned(as: UInt32.self)
      PixelLoop.fill32(pixel, target, count)
    }
  }
}
