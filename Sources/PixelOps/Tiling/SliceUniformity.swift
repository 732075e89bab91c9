/// Which of the nine source slices of a cut image have rows of one colour each (every pixel of a
/// row equal to the row's first), measured once. Stretched along its rows, such a slice is its
/// first column resampled to the drawn height with each row's colour spread across: a fill
/// instead of a two-pass resample of every pixel. The bars, shadings and flat areas that
/// resizable images stretch are mostly of this kind.
struct SliceUniformity: Equatable, Sendable {
  private var bits: UInt16 = 0

  /// No slice counted uniform: every slice is resampled in full.
  init() {}

  /// Measures the slices of `image` (4 bytes a pixel; other formats have none) cut by
  /// `horizontal` and `vertical`; an empty slice has none.
  init(_ image: PixelView, horizontal: SliceAxis, vertical: SliceAxis) {
    guard image.format.bytesPerPixel == 4 else { return }
    for row in 0..<3 {
      for column in 0..<3 {
        let columns = horizontal.segment(column, extent: image.width)
        let rows = vertical.segment(row, extent: image.height)
        if Self.rowsAreUniform(image, rows: rows, columns: columns) { bits |= 1 << (row * 3 + column) }
      }
    }
  }

  /// Whether every row of the slice in `row` and `column` (0 ... 2 each: start, centre, end) is
  /// one colour.
  func hasUniformRows(row: Int, column: Int) -> Bool { bits & (1 << (row * 3 + column)) != 0 }

  /// Whether `rows` x `columns` of `image` (4 bytes a pixel) is not empty and each of its rows
  /// is one colour; stops at the first pixel that differs.
  static func rowsAreUniform(_ image: PixelView, rows: Range<Int>, columns: Range<Int>) -> Bool {
    guard !rows.isEmpty, !columns.isEmpty else { return false }
    for y in rows {
      let pixels = UnsafeRawPointer(image.rowAddress(y) + columns.lowerBound &* 4)
      let first = pixels.loadUnaligned(as: UInt32.self)
      for x in 1..<columns.count where pixels.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self) != first {
        return false
      }
    }
    return true
  }
}
