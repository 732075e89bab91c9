/// One row of a composite: what a row kernel reads and writes.
struct CompositeSpan {
  /// The first destination pixel (premultiplied RGBA8).
  var destination: UnsafeMutableRawPointer
  /// The first source pixel (premultiplied RGBA8), or `nil` when the source is a solid colour.
  var source: UnsafeRawPointer?
  /// The first coverage byte, or `nil` for full coverage.
  var coverage: UnsafeRawPointer?
  /// Bytes between consecutive coverage bytes (1 for a Gray8 mask, 4 for a template's alpha).
  /// At stride 4 each coverage byte is the last of a 4-byte pixel (its alpha): kernels load the
  /// whole pixels from three bytes before `coverage` (``PixelAlphaCoverage``).
  var coverageStride: Int
  /// Pixels in the row.
  var count: Int
}

/// What stays the same for every row of one call.
struct CompositeParameters {
  let mode: BlendMode
  /// The solid colour (premultiplied, unscaled) when the source is solid.
  let solid: PremultipliedColor
  /// Opacity as an 8-bit factor, `round(opacity * 255)`, for image and solid sources alike.
  let opacity: UInt32
}

/// A row kernel: composites one span.
typealias CompositeRowKernel = @Sendable (_ span: CompositeSpan, _ parameters: CompositeParameters) -> Void

/// A row kernel whose source is a ``DitheredRow`` (`span.source` is `nil`): the same pixels as
/// the entry's ``CompositeRowKernel`` on the dithered row, without writing that row first.
typealias DitheredRowKernel = @Sendable (_ span: CompositeSpan, _ source: DitheredRow, _ parameters: CompositeParameters) -> Void
