/// An image as a row source: image pixel (0, 0) at destination position `origin`, positions
/// outside the image shown as `extend` says.
///
/// Rows inside the image are handed out as pointers into it, without a copy (the fast path of
/// every unscaled draw); rows that reach past an edge are assembled in the band's scratch, or
/// straight in the destination for a kernel that only copies. With ``ExtendMode/repeat`` on
/// both axes this is the pattern source: a tile repeated from an integer phase.
struct ImageRowSource: RowSource {
  let image: PixelView
  let origin: PixelPosition
  let extend: ExtendModes
  /// Whether some row of the call's area reaches outside the image (then a band needs a row of
  /// scratch to assemble it in).
  private let areaLeavesImage: Bool
  private let areaWidth: Int

  /// A source for drawing onto `area` (destination coordinates).
  init(_ image: PixelView, at origin: PixelPosition, extend: ExtendModes = .clamp, area: PixelRect) {
    self.image = image
    self.origin = origin
    self.extend = extend
    let placed = PixelRect(origin: origin, size: image.size)
    areaLeavesImage = !placed.contains(area)
    areaWidth = area.width
  }

  var solidColor: PremultipliedColor? { nil }
  var isOpaque: Bool { image.isKnownOpaque && !extend.showsTransparentBlack }
  var scratchByteCount: Int { areaLeavesImage ? areaWidth &* 4 : 0 }
  var readsMemoryOnly: Bool { true }
  func costPerRow(width: Int) -> Int { width &* 4 }

  func makeCursor(scratch: UnsafeMutableRawPointer?) -> Cursor { Cursor(source: self, scratch: scratch) }

  /// The image's own rows when `rows` x `columns` lie inside it (the rows a cursor hands out
  /// as pointers into the image; a repeating row only ever leaves it).
  func memoryRows(_ rows: Range<Int>, columns: Range<Int>) -> MemoryRows? {
    let (x, y) = (columns.lowerBound &- origin.x, rows.lowerBound &- origin.y)
    guard !rows.isEmpty, x >= 0, x &+ columns.count <= image.width, y >= 0, y &+ rows.count <= image.height
    else { return nil }
    return MemoryRows(first: image.rowAddress(y) + x &* 4, rowBytes: image.rowBytes)
  }

  struct Cursor: RowSourceCursor {
    let source: ImageRowSource
    let scratch: UnsafeMutableRawPointer?

    @inline(__always)
    func row(_ y: Int, columns: Range<Int>) -> UnsafeRawPointer? {
      if let inside = pixelsInside(y, columns) { return inside }
      return assemble(y &- source.origin.y, columns.lowerBound &- source.origin.x, columns.count)
    }

    /// The image's own pixels of row `y` at `columns` when they lie inside it.
    @inline(__always)
    private func pixelsInside(_ y: Int, _ columns: Range<Int>) -> UnsafeRawPointer? {
      let image = source.image
      let x = columns.lowerBound &- source.origin.x
      let sourceY = y &- source.origin.y
      guard sourceY >= 0 && sourceY < image.height && x >= 0 && x &+ columns.count <= image.width else { return nil }
      return image.rowAddress(sourceY) + x &* 4
    }

    /// A row repeating a period of at least ``ExtendMode/repeatUnitBytes`` along a
    /// ``ExtendMode/repeat`` axis, when it leaves the image: the image row itself, repeated.
    @inline(__always)
    func repeatingRow(_ y: Int, columns: Range<Int>) -> RepeatingRow? {
      let image = source.image
      guard source.extend.horizontal == .repeat, image.width &* 4 >= ExtendMode.repeatUnitBytes else { return nil }
      let x = columns.lowerBound &- source.origin.x
      guard x < 0 || x &+ columns.count > image.width,
        let row = source.extend.vertical.sourceIndex(y &- source.origin.y, extent: image.height)
      else { return nil }
      let phase = ExtendMode.repeat.sourceIndex(x, extent: image.width).unsafelyUnwrapped
      return RepeatingRow(run: image.rowAddress(row), period: image.width, phase: phase)
    }

    /// Copies rows inside the image; assembles a row reaching past an edge straight into
    /// `target` (a repeated pattern row is written once, not assembled and then copied).
    func write(_ y: Int, columns: Range<Int>, into target: UnsafeMutableRawPointer) {
      if let inside = pixelsInside(y, columns) {
        target.copyMemory(from: inside, byteCount: columns.count &* 4)
      } else {
        assemble(y &- source.origin.y, columns.lowerBound &- source.origin.x, columns.count, into: target)
      }
    }

    private func assemble(_ sourceY: Int, _ x: Int, _ count: Int) -> UnsafeRawPointer {
      let out = scratch.unsafelyUnwrapped
      assemble(sourceY, x, count, into: out)
      return UnsafeRawPointer(out)
    }

    /// Row `sourceY`, columns `x ..< x + count` of the image (either may lie outside), through
    /// the extend modes into `out`.
    private func assemble(_ sourceY: Int, _ x: Int, _ count: Int, into out: UnsafeMutableRawPointer) {
      let image = source.image
      guard let row = source.extend.vertical.sourceIndex(sourceY, extent: image.height) else {
        out.initializeMemory(as: UInt8.self, repeating: 0, count: count &* 4)
        return
      }
      source.extend.horizontal.copyRow(image.rowAddress(row), extent: image.width, positions: x..<(x &+ count), into: out)
    }
  }
}
