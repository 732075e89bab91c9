/// An image as a row source: image pixel (0, 0) at destination position `origin`, positions
/// outside the image shown as `extend` says, rows handed out in the draw's working channel
/// order.
///
/// Rows inside an image of the working order are handed out as pointers into it, without a
/// copy (the fast path of every unscaled draw); rows that reach past an edge are assembled in
/// the band's scratch. An image of the other order (RGBA onto BGRA or the reverse) has each
/// row swapped into scratch as it is asked for, or straight into the destination when the
/// kernel only copies: no whole-image conversion.
struct ImageRowSource: RowSource {
  let image: PixelView
  let origin: PixelPosition
  let extend: ExtendModes
  /// Whether rows are swapped between RGBA and BGRA on their way to the kernel.
  let swapsChannels: Bool
  /// Whether some row of the call's area reaches outside the image (then a band needs a row of
  /// scratch to assemble it in).
  private let areaLeavesImage: Bool
  private let areaWidth: Int

  /// A source for drawing onto `area` (destination coordinates), handing rows in `order`
  /// (`nil`: the image's own order; an image that is neither RGBA8 nor BGRA8 premultiplied is
  /// handed as it is).
  init(
    _ image: PixelView, at origin: PixelPosition, extend: ExtendModes = .clamp, area: PixelRect,
    order: ChannelOrder? = nil
  ) {
    self.image = image
    self.origin = origin
    self.extend = extend
    let own = image.format.drawingChannelOrder
    swapsChannels = own != nil && order != nil && own != order
    let placed = PixelRect(origin: origin, size: image.size)
    areaLeavesImage = !placed.contains(area)
    areaWidth = area.width
  }

  var solidColor: PremultipliedColor? { nil }
  var isOpaque: Bool { image.isKnownOpaque && !extend.showsTransparentBlack }
  var scratchByteCount: Int { areaLeavesImage || swapsChannels ? areaWidth &* 4 : 0 }
  var readsMemoryOnly: Bool { true }
  func costPerRow(width: Int) -> Int { swapsChannels ? width &* 8 : width &* 4 }

  func makeCursor(scratch: UnsafeMutableRawPointer?) -> Cursor { Cursor(source: self, scratch: scratch) }

  struct Cursor: RowSourceCursor {
    let source: ImageRowSource
    let scratch: UnsafeMutableRawPointer?

    @inline(__always)
    mutating func row(_ y: Int, columns: Range<Int>) -> UnsafeRawPointer? {
      guard let inside = imageRow(y, columns: columns) else {
        let out = assemble(y &- source.origin.y, columns.lowerBound &- source.origin.x, columns.count)
        if source.swapsChannels { RedBlueSwap.swapInPlace(out, count: columns.count) }
        return UnsafeRawPointer(out)
      }
      guard source.swapsChannels else { return inside }
      let out = scratch.unsafelyUnwrapped
      RedBlueSwap.swap(inside, into: out, count: columns.count)
      return UnsafeRawPointer(out)
    }

    mutating func write(_ y: Int, columns: Range<Int>, into target: UnsafeMutableRawPointer) {
      if source.swapsChannels, let inside = imageRow(y, columns: columns) {
        return RedBlueSwap.swap(inside, into: target, count: columns.count)
      }
      target.copyMemory(from: row(y, columns: columns).unsafelyUnwrapped, byteCount: columns.count &* 4)
    }

    /// The image's own pixels of destination row `y` at `columns` when they lie inside it.
    @inline(__always)
    private func imageRow(_ y: Int, columns: Range<Int>) -> UnsafeRawPointer? {
      let image = source.image
      let x = columns.lowerBound &- source.origin.x
      let sourceY = y &- source.origin.y
      guard sourceY >= 0 && sourceY < image.height && x >= 0 && x &+ columns.count <= image.width else { return nil }
      return image.rowAddress(sourceY) + x &* 4
    }

    /// Row `sourceY`, columns `x ..< x + count` of the image (either may lie outside), through
    /// the extend modes into scratch, in the image's order.
    private func assemble(_ sourceY: Int, _ x: Int, _ count: Int) -> UnsafeMutableRawPointer {
      let out = scratch.unsafelyUnwrapped
      let image = source.image
      guard let row = source.extend.vertical.sourceIndex(sourceY, extent: image.height) else {
        out.initializeMemory(as: UInt8.self, repeating: 0, count: count &* 4)
        return out
      }
      source.extend.horizontal.copyRow(image.rowAddress(row), extent: image.width, positions: x..<(x &+ count), into: out)
      return out
    }
  }
}
