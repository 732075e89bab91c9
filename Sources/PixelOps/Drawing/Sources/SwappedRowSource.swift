/// Any row source whose rows are in the other channel order than the draw works in (an RGBA
/// image onto a BGRA destination or the reverse): each row the inner source gives is swapped
/// (``RedBlueSwap``) into a row of band scratch, or, for kernels that only copy, written by the
/// inner source straight into the destination and swapped there while it is in cache. So mixed
/// orders cost one pass over each row and no whole-image conversion, and same-order draws
/// never meet this type (their sources are used as they are, with no per-row check).
struct SwappedRowSource<Inner: RowSource>: RowSource {
  let inner: Inner
  /// The widest row asked for (the draw's area width).
  let width: Int

  private var innerBytes: Int { BandScratch.aligned(inner.scratchByteCount) }

  var solidColor: PremultipliedColor? { inner.solidColor?.inOrder(.bgra) }
  var isOpaque: Bool { inner.isOpaque }
  var scratchByteCount: Int { innerBytes &+ width &* 4 }
  var readsMemoryOnly: Bool { inner.readsMemoryOnly }
  func costPerRow(width: Int) -> Int { inner.costPerRow(width: width) &+ width &* 4 }

  func makeCursor(scratch: UnsafeMutableRawPointer?) -> Cursor {
    let base = scratch.unsafelyUnwrapped
    return Cursor(inner: inner.makeCursor(scratch: inner.scratchByteCount == 0 ? nil : base), row: base + innerBytes)
  }

  struct Cursor: RowSourceCursor {
    let inner: Inner.Cursor
    let row: UnsafeMutableRawPointer

    @inline(__always)
    func row(_ y: Int, columns: Range<Int>) throws(PixelError) -> UnsafeRawPointer? {
      guard let pixels = try inner.row(y, columns: columns) else { return nil }
      RedBlueSwap.swap(pixels, into: row, count: columns.count)
      return UnsafeRawPointer(row)
    }

    @inline(__always)
    func write(_ y: Int, columns: Range<Int>, into target: UnsafeMutableRawPointer) throws(PixelError) {
      try inner.write(y, columns: columns, into: target)
      RedBlueSwap.swapInPlace(target, count: columns.count)
    }
  }
}
