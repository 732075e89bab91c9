import PixelOps

/// Pixel buffers to and from packed rows (no row padding), the layout of the expectation files.
enum PackedPixels {
  /// A buffer of `format` filled from `bytes` (packed rows).
  static func buffer(width: Int, height: Int, format: PixelFormat, bytes: [UInt8]) throws -> PixelBuffer {
    var image = try PixelBuffer(width: width, height: height, format: format)
    let rowLength = width * format.bytesPerPixel
    image.withMutableView { view in
      bytes.withUnsafeBytes { source in
        for y in 0..<height {
          view.rowAddress(y).copyMemory(from: source.baseAddress! + y * rowLength, byteCount: rowLength)
        }
      }
    }
    return image
  }

  /// The packed pixels of `image`, 16-bit channels as UInt16 little-endian bytes (the `.rgba16`
  /// layout) whatever the machine's byte order.
  static func littleEndianBytes(of image: PixelBuffer) -> [UInt8] {
    var bytes = image.packedBytes()
    #if _endian(big)
      if image.format.bitsPerChannel == 16 {
        for index in stride(from: 0, to: bytes.count, by: 2) { bytes.swapAt(index, index + 1) }
      }
    #endif
    return bytes
  }
}
