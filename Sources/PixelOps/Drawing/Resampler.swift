/// Resizes premultiplied RGBA8 images: any source rectangle onto any destination rectangle, with
/// a choice of filter, on the thread pool.
///
/// Resampling is separable convolution (Pillow's and libvips' method): on reduction the filter
/// widens with the reduction factor, so every source pixel contributes and fine detail does not
/// alias; on enlargement it interpolates. Sample points follow the pixel-centre convention:
/// destination pixel `x` samples source position `origin + (x + 0.5 - destinationOrigin) * scale`
/// in continuous coordinates (pixel `k` covers `[k, k + 1)`), per axis. Samples outside the
/// source image show what `extend` says: by default the nearest edge pixel (clamp to edge); the
/// image repeated, mirrored, or transparent black. Arithmetic is fixed point, so
/// results are the same on every machine and for every thread count, and within 1 of the same
/// convolution in `Double` (see DESIGN.md, "Resampling").
public enum Resampler {
  /// Draws `sourceRect` of `source` into `destinationRect` of `destination`, replacing the
  /// pixels there.
  ///
  /// Destination pixels whose centre lies inside `destinationRect` (half-open: `x + 0.5` in
  /// `[minX, maxX)`) and inside the view are written; others are untouched. Both rects are in
  /// pixels and may be fractional; `sourceRect` may reach outside the image, which shows there
  /// as `extend` says (edge pixels extend outward by default).
  ///
  /// Source and destination must not overlap at all, not even as the same view: each output
  /// pixel reads several source pixels, which other rows (and threads) may already have
  /// written. Resample from a copy.
  ///
  /// - Parameters:
  ///   - source: A `rgba8Premultiplied` image.
  ///   - sourceRect: The part of `source` to draw, in source pixels; `nil` for the whole image.
  ///   - destination: A `rgba8Premultiplied` view.
  ///   - destinationRect: Where the source rect lands, in destination pixels; `nil` for the
  ///     whole view.
  ///   - filter: How source pixels are weighed.
  ///   - extend: What the source shows beyond its edges, per axis.
  ///   - parallelism: Threads for this call.
  /// - Throws: ``PixelError/unsupportedFormat(_:operation:)`` for other formats;
  ///   ``PixelError/invalidDimensions(width:height:)`` for an empty source;
  ///   ``PixelError/invalidCoordinate(_:)`` for a non-finite coordinate, one beyond ±2^52, a
  ///   source rect without positive size or a destination rect of negative size;
  ///   ``PixelError/reductionTooLarge(factor:maximum:)`` for a reduction so extreme that its
  ///   weight table would be unreasonably large (more than about a million source pixels per
  ///   destination pixel; the error gives the limit for the filter and destination size);
  ///   ``PixelError/overlappingViews(operation:)`` when the views overlap;
  ///   ``PixelError/cancelled``. An empty destination (rect or view) is not an error: nothing
  ///   is drawn.
  public static func resample(
    _ source: PixelView, from sourceRect: FractionalPixelRect? = nil, onto destination: MutablePixelView,
    in destinationRect: FractionalPixelRect? = nil, filter: ResamplingFilter = .bilinear,
    extend: ExtendModes = .clamp, parallelism: Parallelism = .automatic
  ) throws(PixelError) {
    guard destination.format == .rgba8Premultiplied else {
      throw .unsupportedFormat(destination.format, operation: "resampling")
    }
    let producer = try ResampleRowProducer(
      source: source, sourceRect: sourceRect ?? FractionalPixelRect(size: source.size),
      destinationSize: destination.size,
      destinationRect: destinationRect ?? FractionalPixelRect(size: destination.size), filter: filter, extend: extend)
    try ViewOverlap.requireDisjoint("Resampler.resample", source: source, mask: nil, onto: destination)
    try producer.writeRows(to: destination, parallelism: parallelism)
  }
}

extension ResampleRowProducer {
  /// Writes every row into `destination` (replacing what is there), banded on the pool: the
  /// engine's `copy` of a ``ResampledRowSource``.
  func writeRows(to destination: MutablePixelView, parallelism: Parallelism) throws(PixelError) {
    let source = ResampledRowSource(producer: self)
    try CompositeEngine.composite(
      source, coverage: FullCoverage(), area: source.area, onto: destination, mode: .copy, opacity: 255,
      parallelism: parallelism)
  }
}
