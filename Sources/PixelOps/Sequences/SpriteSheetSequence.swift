/// A sequence whose frames are cells of one image, a sprite sheet: the frames a layer shows by
/// changing its `contentsRect` (*iOS Core Animation*, "Image Sprites"), without a separate
/// image per frame.
///
/// Cells are given in unit coordinates of the sheet (y from the top) and snapped to the nearest
/// pixel edges once, when the sequence is made (a grid's edges exactly, so that its cells
/// partition the sheet even where they do not divide it). A frame is the cell cropped out of the sheet,
/// so filtering a scaled frame clamps at the cell's edges and never blends in a neighbouring
/// cell's pixels (Core Animation samples the whole texture and can bleed at cell edges; sheets
/// made for it carry gutters that are then unnecessary here).
public final class SpriteSheetSequence: ImageSequenceSource, Sendable {
  /// The sheet.
  public let sheet: PixelBuffer
  /// Each frame's cell, in sheet pixels.
  public let cells: [PixelRect]
  /// Whether every frame draws as a template (tinted by the view).
  public let isTemplate: Bool
  private let keys: [Int]

  /// Frames from a grid of equal cells, read row by row from the top left.
  ///
  /// - Parameters:
  ///   - sheet: The sheet; frames are drawn at its ``PixelBuffer/scale``.
  ///   - columns: Cells per row.
  ///   - rows: Rows of cells.
  ///   - frameCount: How many cells are frames (a last row may be partly empty); `nil` uses
  ///     all `columns × rows`.
  ///   - isTemplate: Whether frames draw as templates, in the view's tint.
  /// - Throws: ``ImageSequenceError/emptySequence`` when there are no frames;
  ///   ``ImageSequenceError/pixels(_:)`` with ``PixelError/invalidDimensions(width:height:)``
  ///   when the grid does not divide the sheet into cells of at least one pixel, or more frames
  ///   than cells are asked for.
  public convenience init(
    sheet: PixelBuffer, columns: Int, rows: Int, frameCount: Int? = nil, isTemplate: Bool = false
  ) throws(ImageSequenceError) {
    guard columns > 0, rows > 0, sheet.width >= columns, sheet.height >= rows else {
      throw .pixels(.invalidDimensions(width: columns, height: rows))
    }
    let (cellCount, overflow) = columns.multipliedReportingOverflow(by: rows)
    let count = frameCount ?? cellCount
    guard !overflow, count <= cellCount else { throw .pixels(.invalidDimensions(width: columns, height: rows)) }
    guard count > 0 else { throw .emptySequence }
    let cells = (0..<count).map { index in
      let (column, row) = (index % columns, index / columns)
      let x = Self.gridEdge(column, of: columns, extent: sheet.width)
      let y = Self.gridEdge(row, of: rows, extent: sheet.height)
      return PixelRect(
        x: x, y: y, width: Self.gridEdge(column + 1, of: columns, extent: sheet.width) - x,
        height: Self.gridEdge(row + 1, of: rows, extent: sheet.height) - y)
    }
    self.init(sheet: sheet, cells: cells, isTemplate: isTemplate)
  }

  /// Edge `k` of `count` equal cells over `extent` pixels: `k extent / count` rounded to the
  /// nearest pixel, halves up (the rule unit cells follow), computed exactly, so that
  /// neighbouring cells share it. (From unit rects in `Double`, `x + 1/c` and the next cell's `x`
  /// could round to different pixels: a gap or a shared column.) Cells are at least one pixel
  /// wide where `count <= extent`.
  private static func gridEdge(_ k: Int, of count: Int, extent: Int) -> Int {
    let (quotient, remainder) = count.dividingFullWidth(k.multipliedFullWidth(by: extent))
    return quotient + (remainder >= count - remainder ? 1 : 0)
  }

  /// Frames from a list of cells in unit coordinates of the sheet (x from the left, y from the
  /// top), as `contentsRect` values; a cell may appear several times.
  ///
  /// - Throws: ``ImageSequenceError/emptySequence`` for no cells;
  ///   ``ImageSequenceError/pixels(_:)`` with ``PixelError/invalidCoordinate(_:)`` for a
  ///   non-finite value, ``PixelError/invalidDimensions(width:height:)`` for a cell narrower or
  ///   shorter than a pixel once snapped, ``PixelError/rectOutOfBounds(_:bounds:)`` for a cell
  ///   reaching outside the sheet.
  public convenience init(sheet: PixelBuffer, frames: [UnitRect], isTemplate: Bool = false) throws(ImageSequenceError) {
    guard !frames.isEmpty else { throw .emptySequence }
    var cells: [PixelRect] = []
    cells.reserveCapacity(frames.count)
    for unit in frames {
      cells.append(try Self.pixelCell(unit, in: sheet.bounds))
    }
    self.init(sheet: sheet, cells: cells, isTemplate: isTemplate)
  }

  /// Frames from cells already in sheet pixels, inside the sheet and not empty.
  private init(sheet: PixelBuffer, cells: [PixelRect], isTemplate: Bool) {
    self.keys = firstOccurrenceKeys(cells)
    self.sheet = sheet
    self.cells = cells
    self.isTemplate = isTemplate
  }

  public var frameCount: Int { cells.count }

  public func frameKey(at index: Int) -> Int { keys.indices.contains(index) ? keys[index] : index }

  public func withFrame<Result>(
    at index: Int, _ body: (SequenceFrame) throws(ImageSequenceError) -> Result
  ) throws(ImageSequenceError) -> Result {
    try checkFrameIndex(index)
    let cell = cells[index]
    return try sheet.withView { (view) throws(ImageSequenceError) -> Result in
      let frame: PixelView
      do throws(PixelError) { frame = try view.cropped(to: cell) } catch { throw .pixels(error) }
      return try body(SequenceFrame(image: frame, scale: sheet.scale, isTemplate: isTemplate))
    }
  }

  /// `unit` times the sheet's size, each edge rounded to the nearest pixel (halves up).
  private static func pixelCell(_ unit: UnitRect, in bounds: PixelRect) throws(ImageSequenceError) -> PixelRect {
    let width = Double(bounds.width)
    let height = Double(bounds.height)
    let edges = [unit.x * width, unit.y * height, (unit.x + unit.width) * width, (unit.y + unit.height) * height]
    for edge in edges where !edge.isFinite || abs(edge) > 0x1p52 {
      throw .pixels(.invalidCoordinate(edge))
    }
    let rounded = edges.map { Int(($0 + 0.5).rounded(.down)) }
    let cell = PixelRect(x: rounded[0], y: rounded[1], width: rounded[2] - rounded[0], height: rounded[3] - rounded[1])
    guard cell.width > 0, cell.height > 0 else {
      throw .pixels(.invalidDimensions(width: cell.width, height: cell.height))
    }
    guard bounds.contains(cell) else { throw .pixels(.rectOutOfBounds(cell, bounds: bounds)) }
    return cell
  }
}
