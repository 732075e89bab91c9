/// Resizes premultiplied RGBA8 and BGRA8 images (either order onto either): any source rectangle onto any destination rectangle, with
/// a choice of filter, on the thread pool.
///
/// Resampling is separable convolution (Pillow's and libvips' method): on reduction the filter
/// widens with the reduction factor, so every source pixel contributes and fine detail does not
/// alias; on enlargement it interpolates. Sample points follow the pixel-centre convention:
/// destination pixel `x` samples source position `origin + (x + 0.5 - destinationOrigin) * scale`
/// in continuous coordinates (pixel `k` covers `[k, k + 1)`), per axis. Samples outside the
/// source image show what `extend` says: by default the nearest edge pixel (clamp to edge); the
/// image repeated, mirrored, transparent black, or left out with the weights renormalised
/// (``ExtendMode/renormalize``, Pillow's rule). Arithmetic is fixed point, so
/// results are the same on every machine and for every thread count, and within 1 of the same
/// convolution in `Double` (see DESIGN.md, "Resampling").
///
/// Compared with Pillow's `Image.resize`: the same filters and windows, so results agree within
/// 1 away from the edges. At the edges Pillow renormalises where PixelOps clamps by default (pass
/// `extend: .renormalize` to match it); Pillow rounds its intermediate pass to 8 bits where
/// PixelOps keeps fractions of a level; and PixelOps clamps colour to alpha after filters with
/// negative lobes, so its output is always valid premultiplied.
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
  ///   - source: A `rgba8Premultiplied` or `bgra8Premultiplied` image.
  ///   - sourceRect: The part of `source` to draw, in source pixels; `nil` for the whole image.
  ///   - destination: A `rgba8Premultiplied` or `bgra8Premultiplied` view. Resampling treats
  ///     the four bytes alike, so the same order needs nothing more; the other order has each
  ///     row swapped as it is written.
  ///   - destinationRect: Where the source rect lands, in destination pixels; `nil` for the
  ///     whole view.
  ///   - filter: How source pixels are weighed.
  ///   - extend: What the source shows beyond its edges, per axis.
  ///   - parallelism: Threads for this call.
  /// - Returns: What the call did to opaque destination pixels: an opaque source (with no
  ///   transparent extend) keeps them opaque, and makes the whole view opaque when it covers it.
  /// - Throws: ``PixelError/unsupportedFormat(_:operation:)`` for other formats;
  ///   ``PixelError/invalidDimensions(width:height:)`` for an empty source;
  ///   ``PixelError/invalidCoordinate(_:)`` for a non-finite coordinate, one beyond ±2^52, a
  ///   source rect without positive size or a destination rect of negative size;
  ///   ``PixelError/reductionTooLarge(factor:maximum:)`` for a reduction so extreme that its
  ///   weight table would be unreasonably large (more than about a million source pixels per
  ///   destination pixel; the error gives the limit for the filter and destination size);
  ///   ``PixelError/overlappingViews(operation:)`` when the views overlap;
  ///   ``PixelError/allocationFailed(bytes:)`` when a band's scratch memory cannot be had;
  ///   ``PixelError/cancelled``. An empty destination (rect or view) is not an error: nothing
  ///   is drawn.
  @discardableResult
  public static func resample(
    _ source: PixelView, from sourceRect: FractionalPixelRect? = nil, onto destination: MutablePixelView,
    in destinationRect: FractionalPixelRect? = nil, filter: ResamplingFilter = .bilinear,
    extend: ExtendModes = .clamp, parallelism: Parallelism = .automatic
  ) throws(PixelError) -> OpacityOutcome {
    try ResampleValidation.requireFormat(destination.format)
    let producer = try ResampleRowProducer(
      source: source, sourceRect: sourceRect ?? FractionalPixelRect(size: source.size),
      destinationSize: destination.size,
      destinationRect: destinationRect ?? FractionalPixelRect(size: destination.size), filter: filter, extend: extend)
    try ViewOverlap.requireDisjoint("Resampler.resample", source: source, mask: nil, onto: destination)
    return try producer.writeRows(to: destination, parallelism: parallelism)
  }
}

extension ResampleRowProducer {
  /// Writes every row into `destination` (replacing what is there), banded on the pool: the
  /// engine's `copy` of a ``ResampledRowSource``.
  @discardableResult
  func writeRows(to destination: MutablePixelView, parallelism: Parallelism) throws(PixelError) -> OpacityOutcome {
    let rows = ResampledRowSource(producer: self)
    guard source.format.drawingChannelOrder != destination.format.drawingChannelOrder else {
      return try CompositeEngine.composite(
        rows, coverage: FullCoverage(), area: rows.area, onto: destination, mode: .copy, opacity: 255,
        parallelism: parallelism)
    }
    return try CompositeEngine.composite(
      SwappedRowSource(inner: rows, width: rows.area.width), coverage: FullCoverage(), area: rows.area,
      onto: destination, mode: .copy, opacity: 255, parallelism: parallelism)
  }
}
