@testable import PixelOps

/// A row source written only for tests, to show that adding a source is one file: a
/// checkerboard of two colours with square cells, cell (0, 0) at destination `origin` showing
/// `first`. Rows are written into the band's scratch.
struct CheckerboardSource: RowSource {
  let first: PremultipliedColor
  let second: PremultipliedColor
  let cellSize: Int
  let origin: PixelPosition
  /// Pixels per row the engine asks for (the drawn area's width).
  let width: Int

  /// The colour at destination pixel `(x, y)`.
  func color(x: Int, y: Int) -> PremultipliedColor {
    let column = (x - origin.x).floorDivided(by: cellSize)
    let row = (y - origin.y).floorDivided(by: cellSize)
    return (column + row) % 2 == 0 ? first : second
  }

  var solidColor: PremultipliedColor? { nil }
  var isOpaque: Bool { first.alpha == 255 && second.alpha == 255 }
  var scratchByteCount: Int { width * 4 }
  var readsMemoryOnly: Bool { false }
  func costPerRow(width: Int) -> Int { width * 4 }
  func makeCursor(scratch: UnsafeMutableRawPointer?) -> Cursor { Cursor(board: self, row: scratch!) }

  struct Cursor: RowSourceCursor {
    let board: CheckerboardSource
    let row: UnsafeMutableRawPointer

    func row(_ y: Int, columns: Range<Int>) -> UnsafeRawPointer? {
      write(y, columns: columns, into: row)
      return UnsafeRawPointer(row)
    }

    func write(_ y: Int, columns: Range<Int>, into target: UnsafeMutableRawPointer) {
      for (i, x) in columns.enumerated() {
        target.storeBytes(of: board.color(x: x, y: y).pixel, toByteOffset: i * 4, as: UInt32.self)
      }
    }
  }
}

extension Int {
  fileprivate func floorDivided(by divisor: Int) -> Int {
    let q = self / divisor
    return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? q - 1 : q
  }
}
