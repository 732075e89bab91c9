public import PixelOps

extension PixelError {
  /// What a draw or resampling call throws for a format other than premultiplied RGBA8 or
  /// BGRA8: the operation, then the conversion to use (the text the issue asked for, written
  /// here by hand rather than taken from the library).
  public static func refusedDrawingFormat(_ format: PixelFormat, operation: String) -> PixelError {
    .unsupportedFormat(
      format,
      operation: operation
        + " (premultiplied RGBA8 or BGRA8 only: convert with PixelConverter.convert(_:into:parallelism:) to"
        + " .rgba8Premultiplied or .bgra8Premultiplied first)")
  }
}
