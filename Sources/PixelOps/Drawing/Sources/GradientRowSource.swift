/// A gradient fill as a row source: each band's rows computed into its scratch (or straight
/// into the destination when the kernel only copies) by a ``GradientRowWriter``. The scratch
/// holds a row of pixels and, after it, one chunk's table cells.
struct GradientRowSource<Parameter: GradientParameter>: RowSource {
  let parameter: Parameter
  let writer: GradientRowWriter
  /// Pixels per row of the drawn area (the scratch holds one such row).
  let width: Int
  /// Whether every pixel of the area gets an opaque colour.
  let isOpaque: Bool

  var solidColor: PremultipliedColor? { nil }
  var scratchByteCount: Int { width &* 4 &+ GradientRowWriter.cellScratchByteCount }
  var readsMemoryOnly: Bool { false }
  func costPerRow(width: Int) -> Int { width &* (Parameter.costPerPixel &+ (writer.dithers ? 4 : 0)) }
  func makeCursor(scratch: UnsafeMutableRawPointer?) -> Cursor { Cursor(source: self, scratch: scratch.unsafelyUnwrapped) }

  struct Cursor: RowSourceCursor {
    let source: GradientRowSource
    let scratch: UnsafeMutableRawPointer
    /// Whether the scratch row holds the band's row already, for sources whose rows are all
    /// the same (``GradientParameter/isSameForEveryRow``, undithered).
    var holdsRepeatedRow = false

    init(source: GradientRowSource, scratch: UnsafeMutableRawPointer) {
      (self.source, self.scratch) = (source, scratch)
    }

    /// One chunk's cells, after the row of pixels.
    var cells: UnsafeMutablePointer<Int32> {
      (scratch + source.width &* 4).assumingMemoryBound(to: Int32.self)
    }

    var rowsRepeat: Bool { source.parameter.isSameForEveryRow && !source.writer.dithers }

    mutating func row(_ y: Int, columns: Range<Int>) -> UnsafeRawPointer? {
      if !holdsRepeatedRow {
        source.writer.write(source.parameter, y: y, columns: columns, into: scratch, cells: cells)
        holdsRepeatedRow = rowsRepeat
      }
      return UnsafeRawPointer(scratch)
    }

    mutating func write(_ y: Int, columns: Range<Int>, into target: UnsafeMutableRawPointer) {
      guard rowsRepeat else {
        return source.writer.write(source.parameter, y: y, columns: columns, into: target, cells: cells)
      }
      target.copyMemory(from: row(y, columns: columns).unsafelyUnwrapped, byteCount: columns.count &* 4)
    }
  }
}
