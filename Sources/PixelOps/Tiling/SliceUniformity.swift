#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which of the nine source slices of a cut image have rows of one colour each (every pixel of a
/// row equal to the row's first), or rows all alike (every row equal to the first), measured
/// once. Stretched along its rows, a slice of the first kind is its first column resampled to
/// the drawn height with each row's colour spread across; stretched down its columns, one of the
/// second kind is its first row resampled once and repeated. Either way a fill or a copy
/// replaces a two-pass resample of every pixel. The bars, shadings, borders and flat areas that
/// resizable images stretch are mostly of these kinds.
struct SliceUniformity: Equatable, Sendable {
  private var uniformRows: UInt16 = 0
  private var alikeRows: UInt16 = 0

  /// No slice counted uniform: every slice is resampled in full.
  init() {}

  /// Measures the slices of `image` (4 bytes a pixel; other formats have none) cut by
  /// `horizontal` and `vertical`; an empty slice has none.
  init(_ image: PixelView, horizontal: SliceAxis, vertical: SliceAxis) {
    guard image.format.bytesPerPixel == 4 else { return }
    SliceAxis.forEachPart(horizontal: horizontal, vertical: vertical, size: image.size) { row, column, part in
      let (rows, columns) = (part.y..<(part.y + part.height), part.x..<(part.x + part.width))
      let bit: UInt16 = 1 << (row * 3 + column)
      if Self.rowsAreUniform(image, rows: rows, columns: columns) { uniformRows |= bit }
      if Self.rowsAreAlike(image, rows: rows, columns: columns) { alikeRows |= bit }
    }
  }

  /// Whether every row of the slice in `row` and `column` (0 ... 2 each: start, centre, end) is
  /// one colour.
  func hasUniformRows(row: Int, column: Int) -> Bool { uniformRows & (1 << (row * 3 + column)) != 0 }

  /// Whether every row of the slice in `row` and `column` equals its first row.
  func hasAlikeRows(row: Int, column: Int) -> Bool { alikeRows & (1 << (row * 3 + column)) != 0 }

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

  /// Whether `rows` x `columns` of `image` (4 bytes a pixel) is not empty and each of its rows
  /// equals the first, byte for byte; stops at the first row that differs.
  static func rowsAreAlike(_ image: PixelView, rows: Range<Int>, columns: Range<Int>) -> Bool {
    guard !rows.isEmpty, !columns.isEmpty else { return false }
    let first = UnsafeRawPointer(image.rowAddress(rows.lowerBound) + columns.lowerBound &* 4)
    for y in rows.dropFirst() {
      let row = UnsafeRawPointer(image.rowAddress(y) + columns.lowerBound &* 4)
      if memcmp(first, row, columns.count &* 4) != 0 { return false }
    }
    return true
  }
}
