/// Validated size arithmetic shared by buffers and views: every product that sizes memory
/// is checked for overflow here, once, so pixel loops can use unchecked arithmetic.
struct PixelLayout {
  let width: Int
  let height: Int
  let format: PixelFormat
  let rowBytes: Int

  /// Bytes one row of pixels occupies, without padding.
  var packedRowBytes: Int { width &* format.bytesPerPixel }

  /// Bytes from the first pixel to one past the last: `rowBytes * (height - 1) + packedRowBytes`.
  var byteSpan: Int { height == 0 || width == 0 ? 0 : rowBytes &* (height &- 1) &+ packedRowBytes }

  /// Validates dimensions and stride. `rowBytes == nil` chooses aligned, minimal row bytes.
  init(width: Int, height: Int, format: PixelFormat, rowBytes: Int?, allowEmpty: Bool)
    throws(PixelError)
  {
    let minimumSide = allowEmpty ? 0 : 1
    guard width >= minimumSide, height >= minimumSide else {
      throw .invalidDimensions(width: width, height: height)
    }
    let (packed, rowOverflow) = width.multipliedReportingOverflow(by: format.bytesPerPixel)
    guard !rowOverflow else {
      throw .sizeOverflow(width: width, height: height, bytesPerPixel: format.bytesPerPixel)
    }
    let stride: Int
    if let rowBytes {
      guard rowBytes >= packed else { throw .rowBytesTooSmall(rowBytes: rowBytes, minimum: packed) }
      stride = rowBytes
    } else {
      guard let aligned = AlignedMemory.alignedRowBytes(packed) else {
        throw .sizeOverflow(width: width, height: height, bytesPerPixel: format.bytesPerPixel)
      }
      stride = aligned
    }
    let (_, totalOverflow) = stride.multipliedReportingOverflow(by: height)
    guard !totalOverflow else {
      throw .sizeOverflow(width: width, height: height, bytesPerPixel: format.bytesPerPixel)
    }
    self.width = width
    self.height = height
    self.format = format
    self.rowBytes = stride
  }
}
