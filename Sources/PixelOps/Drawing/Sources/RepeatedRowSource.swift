/// One row for every row: the inner source makes destination row ``row`` once per band, and
/// every row drawn is that row. A stretched slice whose rows are all alike is drawn this way
/// (``Compositor``'s resizable images): its first row resampled once, instead of every row.
struct RepeatedRowSource: RowSource {
  let inner: ResampledRowSource
  /// The destination row the inner source makes.
  let row: Int
  /// The width of the draw's area (every row asked for is the area's).
  let width: Int

  private var innerBytes: Int { BandScratch.aligned(inner.scratchByteCount) }

  var solidColor: PremultipliedColor? { nil }
  var isOpaque: Bool { inner.isOpaque }
  var scratchByteCount: Int { innerBytes &+ width &* 4 }
  var readsMemoryOnly: Bool { true }
  func costPerRow(width: Int) -> Int { width &* 4 }

  func makeCursor(scratch: UnsafeMutableRawPointer?) -> Cursor {
    let base = scratch.unsafelyUnwrapped
    return Cursor(
      inner: inner.makeCursor(scratch: inner.scratchByteCount == 0 ? nil : base), pixels: base + innerBytes, row: row)
  }

  struct Cursor: RowSourceCursor {
    var inner: ResampledRowSource.Cursor
    let pixels: UnsafeMutableRawPointer
    let row: Int
    var isMade = false

    mutating func row(_ y: Int, columns: Range<Int>) -> UnsafeRawPointer? {
      if !isMade {
        inner.write(row, columns: columns, into: pixels)
        isMade = true
      }
      return UnsafeRawPointer(pixels)
    }

    mutating func write(_ y: Int, columns: Range<Int>, into target: UnsafeMutableRawPointer) {
      target.copyMemory(from: row(y, columns: columns).unsafelyUnwrapped, byteCount: columns.count &* 4)
    }
  }
}
