extension Compositor {
  /// Draws `sourceRect` of `source` scaled into `destinationRect` of `destination` with `filter`,
  /// composited with `options`' blend mode, opacity and mask: one pass over destination rows,
  /// each resampled into a small per-band buffer and composited at once (no full-size
  /// intermediate image).
  ///
  /// Geometry is ``Resampler``'s: destination pixels whose centre lies inside
  /// `destinationRect` (and inside the view) are drawn, each sampling the source at the
  /// matching point of `sourceRect`, which may reach outside the image; what lies outside shows
  /// as `extend` says (by default edge pixels extend outward). The kernel is the one
  /// ``draw(_:onto:at:options:)`` uses for the same request, so a source known to be opaque
  /// drawn with `normal` at opacity 1 is resampled straight into the destination, and
  /// source-over skips opaque and transparent runs of resampled pixels.
  ///
  /// - Parameters:
  ///   - source: A `rgba8Premultiplied` or `bgra8Premultiplied` image.
  ///   - sourceRect: The part of `source` to draw, in source pixels; `nil` for the whole image.
  ///   - destinationRect: Where it lands, in destination pixels (may be fractional).
  ///   - destination: A `rgba8Premultiplied` or `bgra8Premultiplied` view (either order with
  ///     either source order: rows are resampled in the source's order and swapped per row).
  ///   - filter: How source pixels are weighed.
  ///   - extend: What the source shows beyond its edges, per axis.
  ///   - options: Blend mode, opacity, mask and threads. A mask covers the destination pixels
  ///     `destinationRect` covers before clipping to the view (those whose centre lies inside
  ///     it), its pixel (0, 0) on the first of them.
  /// Source and destination must not overlap at all, not even as the same view (a resampled
  /// pixel reads several source pixels, some already written); nor may a mask overlap the
  /// destination. Draw from a copy.
  ///
  /// - Returns: What the draw did to opaque destination pixels.
  /// - Throws: ``PixelError/unsupportedFormat(_:operation:)`` for other formats;
  ///   ``PixelError/sizeMismatch(_:_:)`` for a mask of another size;
  ///   ``PixelError/overlappingViews(operation:)`` when views overlap;
  ///   ``PixelError/allocationFailed(bytes:)``; the errors of
  ///   ``Resampler/resample(_:from:onto:in:filter:extend:parallelism:)``.
  @discardableResult
  public static func draw(
    _ source: PixelView, from sourceRect: FractionalPixelRect? = nil, in destinationRect: FractionalPixelRect,
    onto destination: MutablePixelView, filter: ResamplingFilter, extend: ExtendModes = .clamp,
    options: CompositeOptions = CompositeOptions()
  ) throws(PixelError) -> OpacityOutcome {
    try requireWorkingFormat(source.format, "draw source")
    let channels = try drawChannels(destination, options.blendMode, "draw destination")
    let producer = try ResampleRowProducer(
      source: source, sourceRect: sourceRect ?? FractionalPixelRect(size: source.size),
      destinationSize: destination.size, destinationRect: destinationRect, filter: filter, extend: extend)
    let mask = try scaledDrawMask(options.mask, destinationRect: destinationRect)
    try ViewOverlap.requireDisjoint("Compositor.draw (scaled)", source: source, mask: options.mask, onto: destination)
    let resampled = ResampledRowSource(producer: producer)
    guard !resampled.area.isEmpty else { return .keepsOpaque }
    return try composite(resampled, ordered: source.format, channels, mask, nil, area: resampled.area, onto: destination, options: options)
  }

  /// The coverage of a scaled draw's mask: the size of the pixels `destinationRect` covers
  /// (``ResampleAxis/coveredRange(origin:length:)`` per axis), placed on the first of them.
  /// Call after the rect was validated (its coordinates are finite and within ±2^52).
  static func scaledDrawMask(
    _ mask: PixelView?, destinationRect: FractionalPixelRect
  ) throws(PixelError) -> ViewCoverage? {
    let columns = ResampleAxis.coveredRange(origin: destinationRect.x, length: destinationRect.width)
    let rows = ResampleAxis.coveredRange(origin: destinationRect.y, length: destinationRect.height)
    let covered = PixelRect(x: columns.lowerBound, y: rows.lowerBound, width: columns.count, height: rows.count)
    return try validatedMask(mask, size: covered.size).map { ViewCoverage(mask: $0, at: covered.origin) }
  }
}

extension Compositor {
  /// ``draw(_:from:in:onto:filter:extend:options:)`` with `normal` over a view filled with
  /// `backdrop` first, in one pass: the scaled source is drawn over the colour where it lands
  /// (``BackdropRowSource``) and the colour is copied everywhere else in `destination`. The
  /// pixels are exactly those of a `copy` fill followed by the scaled draw.
  static func draw(
    _ source: PixelView, from sourceRect: FractionalPixelRect, in destinationRect: FractionalPixelRect,
    onto destination: MutablePixelView, filter: ResamplingFilter, overBackdrop backdrop: PremultipliedColor,
    parallelism: Parallelism
  ) throws(PixelError) -> OpacityOutcome {
    try requireWorkingFormat(source.format, "draw source")
    // The rows are already the final pixels (source over colour): they replace what is there.
    let options = CompositeOptions(blendMode: .copy, parallelism: parallelism)
    let channels = try drawChannels(destination, .copy, "draw destination")
    let producer = try ResampleRowProducer(
      source: source, sourceRect: sourceRect, destinationSize: destination.size, destinationRect: destinationRect,
      filter: filter, extend: .clamp)
    try ViewOverlap.requireDisjoint("Compositor.draw (scaled)", source: source, mask: nil, onto: destination)
    let resampled = ResampledRowSource(producer: producer)
    let area = resampled.area
    var outcome = try fill(around: area, of: destination, with: backdrop, options: options)
    if backdrop.alpha == 255 { outcome = .makesOpaque(destination) }
    guard !area.isEmpty else { return outcome }
    // Blended in the source's channel order, then swapped with the rest of the row when the
    // draw works in the other order.
    let sourceOrder = source.format.drawingChannelOrder ?? channels.working
    let overBackdrop = BackdropRowSource(inner: resampled, backdrop: backdrop.inOrder(sourceOrder), width: area.width)
    outcome = outcome.then(try composite(
      overBackdrop, ordered: source.format, channels, nil, nil, area: area, onto: destination, options: options))
    return outcome
  }

  /// Fills every pixel of `destination` outside `area` (at most four rectangles: above,
  /// below, left and right of it).
  private static func fill(
    around area: PixelRect, of destination: MutablePixelView, with color: PremultipliedColor,
    options: CompositeOptions
  ) throws(PixelError) -> OpacityOutcome {
    let bounds = destination.bounds
    guard !area.isEmpty else { return try fill(bounds, of: destination, with: color, options: options) }
    let top = PixelRect(x: 0, y: 0, width: bounds.width, height: area.y)
    let bottom = PixelRect(x: 0, y: area.y &+ area.height, width: bounds.width, height: bounds.height &- area.y &- area.height)
    let left = PixelRect(x: 0, y: area.y, width: area.x, height: area.height)
    let right = PixelRect(
      x: area.x &+ area.width, y: area.y, width: bounds.width &- area.x &- area.width, height: area.height)
    // Four calls, not a loop over an array: the draw allocates nothing.
    try fillUnlessEmpty(top, of: destination, with: color, options: options)
    try fillUnlessEmpty(bottom, of: destination, with: color, options: options)
    try fillUnlessEmpty(left, of: destination, with: color, options: options)
    try fillUnlessEmpty(right, of: destination, with: color, options: options)
    // A copy of an opaque colour over part of the view keeps opaque pixels opaque; of a
    // translucent one it does not.
    return color.alpha == 255 ? .keepsOpaque : .unknown
  }

  private static func fillUnlessEmpty(
    _ rect: PixelRect, of destination: MutablePixelView, with color: PremultipliedColor, options: CompositeOptions
  ) throws(PixelError) {
    guard rect.width > 0, rect.height > 0 else { return }
    _ = try fill(rect, of: destination, with: color, options: options)
  }
}
