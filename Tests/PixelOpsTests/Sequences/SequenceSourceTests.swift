import Testing

@testable import PixelOps

/// The in-memory sources: arrays keep UIKit's "the same image may appear several times" as a
/// shared key, sprite sheets snap their cells to pixels and crop them, and bad input is a typed
/// error.
@Suite("Image array and sprite-sheet sources")
struct SequenceSourceTests {
  @Test("an array shares a key exactly between appearances of the same buffer")
  func arrayKeys() throws {
    let size = PixelSize(width: 3, height: 2)
    let a = try SequenceFixtures.solid(SequenceFixtures.color(of: 1), size: size)
    let b = try SequenceFixtures.solid(SequenceFixtures.color(of: 1), size: size)  // equal pixels, own storage
    let sequence = try ImageArraySequence([a, b, a, a, b])
    #expect(sequence.frameCount == 5)
    #expect((0..<5).map(sequence.frameKey(at:)) == [0, 1, 0, 0, 1])
  }

  @Test("an array lends each image at its own scale")
  func arrayFrames() throws {
    let images = try (0..<4).map { try SequenceFixtures.solid(SequenceFixtures.color(of: $0), size: PixelSize(width: 2 + $0, height: 3), scale: Double($0 + 1)) }
    let sequence = try ImageArraySequence(images, isTemplate: true)
    for index in 0..<4 {
      try sequence.withFrame(at: index) { frame in
        #expect(frame.image.size == PixelSize(width: 2 + index, height: 3))
        #expect(frame.scale == Double(index + 1))
        #expect(frame.isTemplate)
        #expect(SequenceFixtures.isSolid(frame.image, SequenceFixtures.color(of: index)))
      }
    }
  }

  @Test("an empty array and indices outside the frames are typed errors")
  func arrayErrors() throws {
    #expect { try ImageArraySequence([]) } throws: { error in
      if case ImageSequenceError.emptySequence = error { return true }
      return false
    }
    let sequence = try ImageArraySequence([SequenceFixtures.solid(.white, size: PixelSize(width: 1, height: 1))])
    for index in [-1, 1, Int.max] {
      #expect { try sequence.withFrame(at: index) { _ in } } throws: { error in
        if case ImageSequenceError.frameOutOfRange(index, 1) = error { return true }
        return false
      }
    }
  }

  /// A 4x3 grid of 5x4-pixel cells, each filled with the colour of its row-major index.
  func gridSheet(columns: Int = 4, rows: Int = 3, cell: PixelSize = PixelSize(width: 5, height: 4)) throws -> PixelBuffer {
    var sheet = try PixelBuffer(width: columns * cell.width, height: rows * cell.height, format: .rgba8Premultiplied, scale: 2)
    try sheet.withMutableView { view in
      for row in 0..<rows {
        for column in 0..<columns {
          let rect = PixelRect(x: column * cell.width, y: row * cell.height, width: cell.width, height: cell.height)
          _ = try Compositor.fill(
            rect, of: view, with: SequenceFixtures.color(of: row * columns + column),
            options: CompositeOptions(blendMode: .copy))
        }
      }
    }
    return sheet
  }

  @Test("a grid's frames are its cells read row by row, at the sheet's scale")
  func gridCells() throws {
    let sequence = try SpriteSheetSequence(sheet: gridSheet(), columns: 4, rows: 3, frameCount: 10)
    #expect(sequence.frameCount == 10)
    #expect(sequence.cells[6] == PixelRect(x: 10, y: 4, width: 5, height: 4))
    for index in 0..<10 {
      try sequence.withFrame(at: index) { frame in
        #expect(frame.image.size == PixelSize(width: 5, height: 4))
        #expect(frame.scale == 2)
        #expect(SequenceFixtures.isSolid(frame.image, SequenceFixtures.color(of: index)))
      }
    }
  }

  /// Cells that do not divide the sheet: each shared edge is `k W / c` rounded to the nearest
  /// pixel (halves up), the same edge for both neighbours. From `x + 1/c` in `Double`, a 9-pixel
  /// sheet of 6 columns gave frame 4 [6, 7) (4.5/6 x 9 = 7.4999...) and no frame column 7; 45
  /// pixels in 20 columns gave frames 13 and 14 column 31 both.
  @Test("a grid that does not divide the sheet partitions it: neighbours share each rounded edge")
  func unevenGridPartitions() throws {
    let nine = try SpriteSheetSequence(sheet: PixelBuffer(width: 9, height: 1, format: .rgba8Premultiplied), columns: 6, rows: 1)
    #expect(nine.cells.map(\.x) == [0, 2, 3, 5, 6, 8])
    #expect(nine.cells.map(\.width) == [2, 1, 2, 1, 2, 1])
    // 45 in 20: edges k * 2.25 rounded halves up (11.25 -> 11, 13.5 -> 14, 31.5 -> 32).
    let fortyFive = try SpriteSheetSequence(sheet: PixelBuffer(width: 45, height: 1, format: .rgba8Premultiplied), columns: 20, rows: 1)
    #expect(fortyFive.cells.map(\.x) == [0, 2, 5, 7, 9, 11, 14, 16, 18, 20, 23, 25, 27, 29, 32, 34, 36, 38, 41, 43])
    for (width, columns) in [(45, 20), (7, 3), (100, 7), (2047, 64), (31, 31)] {
      for (extent, cells) in [(width, columns), (columns, 1)] {
        let sheet = try PixelBuffer(width: extent, height: width, format: .rgba8Premultiplied)
        let rows = try SpriteSheetSequence(sheet: sheet, columns: cells, rows: columns)
        for row in 0..<columns {
          let line = rows.cells[(row * cells)..<((row + 1) * cells)]
          #expect(line.first?.x == 0 && line.last?.maxX == extent)
          for (left, right) in zip(line, line.dropFirst()) { #expect(left.maxX == right.x) }
          #expect(line.allSatisfy { $0.y == line.first?.y && $0.height == line.first?.height })
        }
        // Rows partition the height the same way.
        let tops = stride(from: 0, to: rows.cells.count, by: cells).map { rows.cells[$0] }
        #expect(tops.first?.y == 0 && tops.last?.maxY == width)
        for (upper, lower) in zip(tops, tops.dropFirst()) { #expect(upper.maxY == lower.y) }
      }
    }
  }

  @Test("unit-rect cells snap to the nearest pixel edges; a repeated cell shares its key")
  func unitCells() throws {
    let sheet = try gridSheet()  // 20x12 pixels
    // x 0.26 * 20 = 5.2 -> 5, right (0.26 + 0.24) * 20 = 10; y 0.34 * 12 = 4.08 -> 4, bottom 0.66 * 12 = 7.92 -> 8.
    let cell = UnitRect(x: 0.26, y: 0.34, width: 0.24, height: 0.32)
    let sequence = try SpriteSheetSequence(sheet: sheet, frames: [cell, .full, cell])
    #expect(sequence.cells == [PixelRect(x: 5, y: 4, width: 5, height: 4), sheet.bounds, PixelRect(x: 5, y: 4, width: 5, height: 4)])
    #expect((0..<3).map(sequence.frameKey(at:)) == [0, 1, 0])
    try sequence.withFrame(at: 0) { frame in
      #expect(SequenceFixtures.isSolid(frame.image, SequenceFixtures.color(of: 5)))
    }
  }

  @Test("bad grids and cells are typed errors, never traps")
  func spriteErrors() throws {
    let sheet = try gridSheet()
    func fails(_ body: () throws -> Void, _ matches: (ImageSequenceError) -> Bool) {
      #expect { try body() } throws: { error in (error as? ImageSequenceError).map(matches) ?? false }
    }
    fails({ _ = try SpriteSheetSequence(sheet: sheet, columns: 0, rows: 3) }) {
      if case .pixels(.invalidDimensions) = $0 { return true } else { return false }
    }
    fails({ _ = try SpriteSheetSequence(sheet: sheet, columns: 21, rows: 1) }) {
      if case .pixels(.invalidDimensions) = $0 { return true } else { return false }
    }
    fails({ _ = try SpriteSheetSequence(sheet: sheet, columns: 4, rows: 3, frameCount: 13) }) {
      if case .pixels(.invalidDimensions) = $0 { return true } else { return false }
    }
    fails({ _ = try SpriteSheetSequence(sheet: sheet, columns: Int.max, rows: Int.max) }) {
      if case .pixels(.invalidDimensions) = $0 { return true } else { return false }
    }
    fails({ _ = try SpriteSheetSequence(sheet: sheet, columns: 4, rows: 3, frameCount: 0) }) {
      if case .emptySequence = $0 { return true } else { return false }
    }
    fails({ _ = try SpriteSheetSequence(sheet: sheet, frames: []) }) {
      if case .emptySequence = $0 { return true } else { return false }
    }
    fails({ _ = try SpriteSheetSequence(sheet: sheet, frames: [UnitRect(x: .nan, y: 0, width: 1, height: 1)]) }) {
      if case .pixels(.invalidCoordinate) = $0 { return true } else { return false }
    }
    fails({ _ = try SpriteSheetSequence(sheet: sheet, frames: [UnitRect(x: 0, y: 0, width: 1e300, height: 1)]) }) {
      if case .pixels(.invalidCoordinate) = $0 { return true } else { return false }
    }
    fails({ _ = try SpriteSheetSequence(sheet: sheet, frames: [UnitRect(x: 0.5, y: 0, width: 0.6, height: 1)]) }) {
      if case .pixels(.rectOutOfBounds) = $0 { return true } else { return false }
    }
    fails({ _ = try SpriteSheetSequence(sheet: sheet, frames: [UnitRect(x: 0.5, y: 0, width: 0.01, height: 1)]) }) {
      if case .pixels(.invalidDimensions) = $0 { return true } else { return false }
    }
  }
}
