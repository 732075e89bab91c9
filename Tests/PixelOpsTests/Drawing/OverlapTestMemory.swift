import PixelOps
import PixelOpsTestSupport

/// One block of caller memory holding valid premultiplied RGBA8 pixels, from which the overlap
/// tests cut views of any shape and format, as a caller with one big buffer would.
final class OverlapTestMemory {
  let base: UnsafeMutableRawPointer
  let byteCount: Int
  /// Row bytes of the block seen as an image `rowBytes / 4` pixels wide.
  let rowBytes: Int

  init(width: Int, height: Int, seed: UInt64) {
    rowBytes = width * 4
    byteCount = rowBytes * height
    base = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 64)
    var rng = SeededGenerator(seed: seed)
    for offset in stride(from: 0, to: byteCount, by: 4) {
      RandomPixels.fillPixel(base + offset, format: .rgba8Premultiplied, &rng)
    }
  }

  deinit { base.deallocate() }

  /// A view of the block's pixels `rect` (in `rowBytes / 4`-wide image coordinates).
  func view(_ rect: PixelRect, format: PixelFormat = .rgba8Premultiplied) throws(PixelError) -> MutablePixelView {
    try MutablePixelView(
      unsafeBaseAddress: base + rect.y * rowBytes + rect.x * 4, width: rect.width, height: rect.height,
      rowBytes: rowBytes, format: format)
  }

  /// Every byte of the block.
  var bytes: [UInt8] { Array(UnsafeRawBufferPointer(start: base, count: byteCount)) }

  func restore(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { base.copyMemory(from: $0.baseAddress!, byteCount: byteCount) }
  }
}
