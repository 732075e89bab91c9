import PixelOps

/// The check every decode-into entry point makes before writing a pixel: the caller's view
/// must have the image's size and the format the decoder writes.
enum DecodeDestination {
  /// Throws ``ImageIOError/destinationSizeMismatch(expected:actual:)`` unless `view` is `size`
  /// pixels, then ``ImageIOError/destinationFormatMismatch(expected:actual:)`` unless it is
  /// in `format`.
  static func check(_ view: MutablePixelView, size: PixelSize, format: PixelFormat) throws(ImageIOError) {
    guard view.size == size else { throw .destinationSizeMismatch(expected: size, actual: view.size) }
    guard view.format == format else { throw .destinationFormatMismatch(expected: format, actual: view.format) }
  }
}
