/// Where the composite engine gets 8-bit coverage (0: leave the destination, 255: draw fully):
/// none, a Gray8 mask, an image's alpha, the product of two coverages; later rasterised path
/// spans. Rows are in destination coordinates, like ``RowSource``'s.
protocol CoverageSource {
  associatedtype Cursor: CoverageCursor

  /// Whether every pixel is fully covered (no coverage at all): kernels without coverage.
  var isFull: Bool { get }
  /// Bytes of scratch memory one band's cursor needs (0 for none).
  var scratchByteCount: Int { get }
  /// Estimated cost of one row of `width` pixels as bytes of traffic, for ``RowBands``.
  func costPerRow(width: Int) -> Int
  /// A cursor for one band; `scratch` as in ``RowSource/makeCursor(scratch:)``.
  func makeCursor(scratch: UnsafeMutableRawPointer?) -> Cursor
}

/// One band's view of a ``CoverageSource``. Rows are asked for in increasing order.
protocol CoverageCursor {
  /// The coverage of destination row `y` at `columns`, or `nil` when it is full.
  mutating func row(_ y: Int, columns: Range<Int>) throws(PixelError) -> CoverageRow?
}

/// One row of coverage bytes: `columns.count` bytes, `stride` apart (1 for a mask, 4 for the
/// alpha of an RGBA image: then each is the last byte of its pixel, and kernels load whole
/// pixels from the first one's start, ``PixelAlphaCoverage``).
struct CoverageRow {
  let bytes: UnsafeRawPointer
  let stride: Int
}
