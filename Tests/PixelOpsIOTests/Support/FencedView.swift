import PixelOps

/// A writable view at an offset inside a larger block of memory whose other bytes hold a
/// known pattern, to check that a decoder writes the view's pixels and nothing else.
///
/// The view starts `left` pixels into row `top` of the block. Its rows are `padding` bytes
/// longer than the block's `left` pixels plus the view's own; with the default odd padding
/// the row bytes are odd, so rows start at odd addresses (16-bit channels unaligned). Rows of
/// pattern lie above and below the view, and between its rows.
final class FencedView {
  let width: Int
  let height: Int
  let format: PixelFormat
  let rowBytes: Int
  private let offset: Int
  private let block: UnsafeMutableRawBufferPointer

  init(width: Int, height: Int, format: PixelFormat, left: Int = 3, top: Int = 1, padding: Int = 7) {
    self.width = width
    self.height = height
    self.format = format
    rowBytes = (left + width) * format.bytesPerPixel + padding
    offset = top * rowBytes + left * format.bytesPerPixel
    block = .allocate(byteCount: rowBytes * (top + height + 1), alignment: 16)
    fillWithPattern()
  }

  convenience init(size: PixelSize, format: PixelFormat) {
    self.init(width: size.width, height: size.height, format: format)
  }

  deinit { block.deallocate() }

  /// The view inside the block; valid while this object is alive.
  var view: MutablePixelView {
    // Sizes are the tests' own and always valid.
    try! MutablePixelView(
      unsafeBaseAddress: block.baseAddress! + offset, width: width, height: height, rowBytes: rowBytes, format: format)
  }

  /// The view's pixels, rows packed.
  func packedBytes() -> [UInt8] {
    let rowLength = width * format.bytesPerPixel
    var bytes = [UInt8](repeating: 0, count: rowLength * height)
    bytes.withUnsafeMutableBytes { output in
      for y in 0..<height {
        (output.baseAddress! + y * rowLength).copyMemory(from: block.baseAddress! + offset + y * rowBytes, byteCount: rowLength)
      }
    }
    return bytes
  }

  /// The view's pixels, rows packed, 16-bit channels as little-endian bytes (the layout of
  /// the `.rgba16` expectation files) whatever the machine's byte order.
  func littleEndianBytes() -> [UInt8] {
    var bytes = packedBytes()
    #if _endian(big)
      if format.bitsPerChannel == 16 {
        for index in stride(from: 0, to: bytes.count, by: 2) { bytes.swapAt(index, index + 1) }
      }
    #endif
    return bytes
  }

  /// The whole block, view and fence.
  func blockBytes() -> [UInt8] { Array(block) }

  /// How many bytes outside the view's pixels no longer hold the pattern.
  func changedBytesOutsideView() -> Int {
    // The fence: up to the first pixel, from the end of each row to the start of the next,
    // and after the last pixel.
    var fence = [0..<offset]
    for y in 0..<height {
      let end = pixelRange(row: y).upperBound
      fence.append(end..<(y + 1 < height ? pixelRange(row: y + 1).lowerBound : block.count))
    }
    return fence.reduce(0) { count, range in count + range.count(where: { block[$0] != Self.pattern($0) }) }
  }

  /// Whether any pixel byte of the view was written (differs from the pattern).
  func viewWasWritten() -> Bool {
    (0..<height).contains { y in pixelRange(row: y).contains { block[$0] != Self.pattern($0) } }
  }

  private func pixelRange(row y: Int) -> Range<Int> {
    let start = offset + y * rowBytes
    return start..<start + width * format.bytesPerPixel
  }

  /// Writes the pattern's first period, then doubles the filled prefix until the block is full.
  private func fillWithPattern() {
    let period = min(256, block.count)
    for index in 0..<period { block[index] = Self.pattern(index) }
    var filled = period
    while filled < block.count {
      let count = min(filled, block.count - filled)
      (block.baseAddress! + filled).copyMemory(from: block.baseAddress!, byteCount: count)
      filled += count
    }
  }

  /// The fence's byte at `index`; repeats every 256 bytes.
  private static func pattern(_ index: Int) -> UInt8 {
    UInt8(truncatingIfNeeded: index &* 151 &+ 89)
  }
}
