/// Rows of one colour each: the inner source makes each row's one pixel at destination column
/// ``column``, and that pixel is spread across the columns drawn. A stretched slice whose rows
/// are each one colour is drawn this way (``Compositor``'s resizable images): its first column
/// resampled, then a fill, instead of a two-pass resample of every pixel.
struct SpreadRowSource: RowSource {
  let inner: ResampledRowSource
  /// The destination column the inner source's rows are made at.
  let column: Int
  /// The widest row asked for (the draw's area width).
  let width: Int

  private var innerBytes: Int { BandScratch.aligned(inner.scratchByteCount) }

  var solidColor: PremultipliedColor? { nil }
  var isOpaque: Bool { inner.isOpaque }
  var scratchByteCount: Int { innerBytes &+ width &* 4 }
  var readsMemoryOnly: Bool { false }
  func costPerRow(width: Int) -> Int { inner.costPerRow(width: 1) &+ width &* 4 }

  func makeCursor(scratch: UnsafeMutableRawPointer?) -> Cursor {
    let base = scratch.unsafelyUnwrapped
    return Cursor(
      inner: inner.makeCursor(scratch: inner.scratchByteCount == 0 ? nil : base), row: base + innerBytes,
      column: column)
  }

  struct Cursor: RowSourceCursor {
    var inner: ResampledRowSource.Cursor
    let row: UnsafeMutableRawPointer
    let column: Int

    mutating func row(_ y: Int, columns: Range<Int>) -> UnsafeRawPointer? {
      write(y, columns: columns, into: row)
      return UnsafeRawPointer(row)
    }

    mutating func write(_ y: Int, columns: Range<Int>, into target: UnsafeMutableRawPointer) {
      let pixel = inner.row(y, columns: column..<(column &+ 1)).unsafelyUnwrapped.loadUnaligned(as: UInt32.self)
      PixelLoop.fill32(pixel, target, columns.count)
    }
  }
}
