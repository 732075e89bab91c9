/// The checks every resampling call makes before it touches a pixel.
enum ResampleValidation {
  /// Coordinates beyond this magnitude are refused (as ``PointRect/pixelRect(scale:rounding:)``
  /// refuses them): past it `Double` no longer resolves fractions of a pixel.
  static let maximumCoordinate = Double(1 << 52)

  /// - Throws: ``PixelError/unsupportedFormat(_:operation:)`` unless `source` is
  ///   `rgba8Premultiplied` or `bgra8Premultiplied`; ``PixelError/invalidDimensions(width:height:)`` for an empty
  ///   source; ``PixelError/invalidCoordinate(_:)`` for a non-finite or huge coordinate, or a
  ///   source rect without positive width and height.
  static func check(
    source: PixelView, sourceRect: FractionalPixelRect, destinationRect: FractionalPixelRect
  ) throws(PixelError) {
    try requireFormat(source.format)
    guard !source.isEmpty else { throw .invalidDimensions(width: source.width, height: source.height) }
    try checkCoordinates(of: sourceRect)
    try checkCoordinates(of: destinationRect)
    guard sourceRect.width > 0 else { throw .invalidCoordinate(sourceRect.width) }
    guard sourceRect.height > 0 else { throw .invalidCoordinate(sourceRect.height) }
    guard destinationRect.width >= 0 else { throw .invalidCoordinate(destinationRect.width) }
    guard destinationRect.height >= 0 else { throw .invalidCoordinate(destinationRect.height) }
  }

  /// - Throws: ``PixelError/unsupportedFormat(_:operation:)`` unless `format` is premultiplied
  ///   RGBA8 or BGRA8 (resampling treats the four bytes alike, so either order works).
  static func requireFormat(_ format: PixelFormat, operation: String = "resampling") throws(PixelError) {
    _ = try format.requireDrawingChannelOrder(for: operation)
  }

  private static func checkCoordinates(of rect: FractionalPixelRect) throws(PixelError) {
    try checkCoordinate(rect.x)
    try checkCoordinate(rect.y)
    try checkCoordinate(rect.width)
    try checkCoordinate(rect.height)
    try checkCoordinate(rect.maxX)
    try checkCoordinate(rect.maxY)
  }

  private static func checkCoordinate(_ value: Double) throws(PixelError) {
    guard value.isFinite, abs(value) <= maximumCoordinate else { throw .invalidCoordinate(value) }
  }
}
