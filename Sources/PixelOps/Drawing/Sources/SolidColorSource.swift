/// One colour as a row source. It never materialises rows: kernels take the colour (with the
/// call's opacity applied) as a parameter, so a fill reads nothing but the destination.
/// The colour is held in the draw's working channel order (swapped once for BGRA).
struct SolidColorSource: RowSource {
  let color: PremultipliedColor

  /// `color` (given as RGBA) for a draw working in `order`.
  init(color: PremultipliedColor, order: ChannelOrder = .rgba) {
    self.color = color.inOrder(order)
  }

  var solidColor: PremultipliedColor? { color }
  var isOpaque: Bool { color.alpha == 255 }
  var scratchByteCount: Int { 0 }
  var readsMemoryOnly: Bool { true }
  func costPerRow(width: Int) -> Int { 0 }
  func makeCursor(scratch: UnsafeMutableRawPointer?) -> Cursor { Cursor(pixel: color.pixel) }
  func memoryRows(_ rows: Range<Int>, columns: Range<Int>) -> MemoryRows? { MemoryRows(first: nil, rowBytes: 0) }

  struct Cursor: RowSourceCursor {
    let pixel: UInt32

    func row(_ y: Int, columns: Range<Int>) -> UnsafeRawPointer? { nil }

    func write(_ y: Int, columns: Range<Int>, into target: UnsafeMutableRawPointer) {
      PixelLoop.fill32(pixel, target, columns.count)
    }
  }
}
