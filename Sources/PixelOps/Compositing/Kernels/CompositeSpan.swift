/// One row of a composite: what a row kernel reads and writes.
struct CompositeSpan {
  /// The first destination pixel (premultiplied RGBA8).
  var destination: UnsafeMutableRawPointer
  /// The first source pixel (premultiplied RGBA8), or `nil` when the source is a solid colour.
  var source: UnsafeRawPointer?
  /// The first coverage byte, or `nil` for full coverage.
  var coverage: UnsafeRawPointer?
  /// Bytes between consecutive coverage bytes (1 for a Gray8 mask, 4 for a template's alpha).
  var coverageStride: Int
  /// Pixels in the row.
  var count: Int
}

/// What stays the same for every row of one call.
struct CompositeParameters {
  let mode: BlendMode
  /// The solid colour (premultiplied) when the source is solid: opacity already applied for
  /// `normal` (``opacity`` is then 255), unscaled for every other mode.
  let solid: PremultipliedColor
  /// Opacity as an 8-bit factor, `round(opacity * 255)`.
  let opacity: UInt32
  /// For a solid source through coverage: `solid` scaled by every coverage value `m`,
  /// `round(c * m / 255)` per channel, as 256 pixels (``CoverageColorTable``); `nil` otherwise.
  var coverageColors: UnsafePointer<UInt32>? = nil
}

/// A row kernel: composites one span.
typealias CompositeRowKernel = @Sendable (_ span: CompositeSpan, _ parameters: CompositeParameters) -> Void
