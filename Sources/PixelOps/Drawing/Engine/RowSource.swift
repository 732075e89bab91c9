/// Where the composite engine gets its source pixels: premultiplied RGBA8 rows in destination
/// coordinates. Image (also the repeated tile of a pattern), solid colour, resampled,
/// mipmap-trilinear, resampled-line (a column spread or a row repeated), gradient and backdrop
/// sources implement it.
///
/// A source is made for one call and is read by several bands at once, each through its own
/// ``Cursor`` over the band's scratch memory; it outlives its cursors (every band ends before
/// the call returns). Adding a source is one file: a type conforming to
/// this protocol, handed to ``CompositeEngine/composite(_:coverage:area:onto:mode:opacity:parallelism:)``
/// (`Tests/PixelOpsTests/Drawing/CheckerboardSource.swift` is one, written only for tests).
protocol RowSource {
  associatedtype Cursor: RowSourceCursor

  /// The colour of every pixel (premultiplied) when the source is one colour: kernels then
  /// take the colour as a parameter and ``RowSourceCursor/row(_:columns:)`` returns `nil`.
  var solidColor: PremultipliedColor? { get }
  /// Whether every pixel the source gives has alpha 255 (enables opaque fast paths).
  var isOpaque: Bool { get }
  /// Bytes of scratch memory one band's cursor needs (0 for none).
  var scratchByteCount: Int { get }
  /// Whether the cursor may offer rows as ``DitheredRow``s (``RowSourceCursor/ditheredRow(_:columns:)``;
  /// `false`, the default, spares asking for them row by row).
  var offersDitheredRows: Bool { get }
  /// Whether producing rows is only reading memory (an image or a colour), so that a store-only
  /// kernel over this source costs what a memcpy does when deciding threads.
  var readsMemoryOnly: Bool { get }
  /// Estimated cost of making one row of `width` pixels as bytes of traffic, for ``RowBands``:
  /// what it reads and, for a source that computes its rows, what it writes (the engine adds
  /// the destination's traffic when the kernel reads and writes it).
  func costPerRow(width: Int) -> Int
  /// A cursor for one band; `scratch` holds ``scratchByteCount`` bytes (64-byte aligned),
  /// `nil` when that is 0, and stays valid while the cursor is used.
  func makeCursor(scratch: UnsafeMutableRawPointer?) -> Cursor
  /// A key, this source's alone and not 0, for what its cursors keep in a band's scratch for
  /// its later bands (a gradient's master rows); 0 (the default) when they keep nothing.
  var scratchKey: UInt64 { get }
  /// A cursor for one band whose scratch was last used by a band of this source (``scratchKey``)
  /// when `isKept`: what that band's cursor kept there is intact. Otherwise the scratch holds
  /// anything. The default ignores it and calls ``makeCursor(scratch:)``.
  func makeCursor(scratch: UnsafeMutableRawPointer?, isKept: Bool) -> Cursor
  /// Destination rows `rows` at `columns` as pixels already in memory a fixed distance apart,
  /// when every one of them is (an image's rows inside it; a solid colour's, which have no
  /// pixels): the engine then steps a pointer from row to row instead of asking a cursor. The
  /// rows must be those ``RowSourceCursor/row(_:columns:)`` gives, and none a repeating or
  /// dithered row. `nil` (the default): ask the cursor row by row.
  func memoryRows(_ rows: Range<Int>, columns: Range<Int>) -> MemoryRows?
}

extension RowSource {
  var offersDitheredRows: Bool { false }
  var scratchKey: UInt64 { 0 }
  func makeCursor(scratch: UnsafeMutableRawPointer?, isKept: Bool) -> Cursor { makeCursor(scratch: scratch) }
  func memoryRows(_ rows: Range<Int>, columns: Range<Int>) -> MemoryRows? { nil }
}

/// Rows of pixels in memory (``RowSource/memoryRows(_:columns:)``): the first row's pixels at
/// `first`, each next row's `rowBytes` further on; `first` is `nil` for a solid colour, whose
/// rows have no pixels.
struct MemoryRows {
  var first: UnsafeRawPointer?
  var rowBytes: Int
}

/// One band's view of a ``RowSource``. Rows are asked for in increasing order.
///
/// The methods are non-mutating: what a cursor keeps from row to row lives in its scratch, so
/// a band's cursor is a constant the optimizer need not copy for each call (the nine-slice
/// tile, whose slices' line sources kept a flag in the cursor: 474,799 → 467,514 instructions).
/// Keep cursors small: one larger than a few words was still copied whole before every row's
/// call (``GradientRowSource/Cursor``).
protocol RowSourceCursor {
  /// The source pixels of destination row `y` at destination columns `columns`
  /// (`columns.count` pixels, premultiplied RGBA8), valid until the next call; `nil` for a
  /// solid source.
  func row(_ y: Int, columns: Range<Int>) throws(PixelError) -> UnsafeRawPointer?
  /// The same pixels written into `target` (for kernels that only copy the source).
  func write(_ y: Int, columns: Range<Int>, into target: UnsafeMutableRawPointer) throws(PixelError)
  /// Row `y` as a run of pixels repeated along it, when it is one (a pattern's row): the
  /// kernel is then called once per repetition on the run itself instead of on an assembled
  /// row. `nil` (the default) for every other row.
  func repeatingRow(_ y: Int, columns: Range<Int>) -> RepeatingRow?
  /// Row `y` as 8.8 colours the kernel dithers as it reads them, when the source has them that
  /// way (a dithered linear gradient's master row) and the kernel can read them
  /// (``CompositeKernels/dithered``): the dither then costs no pass of its own.
  /// `nil` (the default) for every other row; ``row(_:columns:)`` still gives the same pixels.
  func ditheredRow(_ y: Int, columns: Range<Int>) -> DitheredRow?
}

extension RowSourceCursor {
  @inline(__always)
  func repeatingRow(_ y: Int, columns: Range<Int>) -> RepeatingRow? { nil }

  @inline(__always)
  func ditheredRow(_ y: Int, columns: Range<Int>) -> DitheredRow? { nil }
}

/// A row that is `period` pixels at `run` repeated, starting `phase` pixels into the run.
struct RepeatingRow {
  var run: UnsafeRawPointer
  var period: Int
  var phase: Int
}

/// A row of 8.8 colours split into planes, to be dithered as it is read (``DitheredPixels``):
/// pixel k's whole bytes at `whole + 4k`, its fraction bytes with the sign bit flipped at
/// `fraction + 4k`, and the row's carry limits (``OrderedDither/carryLimits``: 16 pixels from
/// destination column 0) with the destination column of pixel 0.
struct DitheredRow {
  var whole: UnsafeRawPointer
  var fraction: UnsafeRawPointer
  var limits: UnsafeRawPointer
  var firstColumn: Int
}
