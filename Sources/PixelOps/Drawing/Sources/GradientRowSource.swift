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
  /// A row of pixels, one chunk's cells, and a word that says whether the row is the band's
  /// repeated row.
  var scratchByteCount: Int { width &* 4 &+ GradientRowWriter.cellScratchByteCount &+ 8 }
  var readsMemoryOnly: Bool { false }
  func costPerRow(width: Int) -> Int { width &* (Parameter.costPerPixel &+ (writer.dithers ? 4 : 0)) }
  func makeCursor(scratch: UnsafeMutableRawPointer?) -> Cursor { Cursor(source: self, scratch: scratch.unsafelyUnwrapped) }

  /// Methods are non-mutating (the repeated-row flag lives in the scratch): a mutating one
  /// copied the source, retaining its gradient, on every row.
  struct Cursor: RowSourceCursor {
    let source: GradientRowSource
    let scratch: UnsafeMutableRawPointer

    init(source: GradientRowSource, scratch: UnsafeMutableRawPointer) {
      (self.source, self.scratch) = (source, scratch)
      holdsRepeatedRow.pointee = false
    }

    /// One chunk's cells, after the row of pixels.
    var cells: UnsafeMutablePointer<Int32> {
      (scratch + source.width &* 4).assumingMemoryBound(to: Int32.self)
    }

    /// Whether the scratch row holds the band's row already, for sources whose rows are all
    /// the same (``GradientParameter/isSameForEveryRow``, undithered).
    var holdsRepeatedRow: UnsafeMutablePointer<Bool> {
      let offset = source.width &* 4 &+ GradientRowWriter.cellScratchByteCount
      return (scratch + offset).assumingMemoryBound(to: Bool.self)
    }

    var rowsRepeat: Bool { source.parameter.isSameForEveryRow && !source.writer.dithers }

    func row(_ y: Int, columns: Range<Int>) -> UnsafeRawPointer? {
      if !holdsRepeatedRow.pointee {
        source.writer.write(source.parameter, y: y, columns: columns, into: scratch, cells: cells)
        holdsRepeatedRow.pointee = rowsRepeat
      }
      return UnsafeRawPointer(scratch)
    }

    func write(_ y: Int, columns: Range<Int>, into target: UnsafeMutableRawPointer) {
      guard rowsRepeat else {
        return source.writer.write(source.parameter, y: y, columns: columns, into: target, cells: cells)
      }
      target.copyMemory(from: row(y, columns: columns).unsafelyUnwrapped, byteCount: columns.count &* 4)
    }
  }
}
