extension Compositor {
  /// Fills `rect` of `destination` (clipped to it) with a repeated image, composited with
  /// `options`' blend mode, opacity and mask in one pass.
  ///
  /// Geometry is in points at `scale` pixels per point, with the view's pixel (0, 0) at point
  /// (0, 0): the tile's top-left corner lies at `fill.phase`, and the pattern continues from
  /// there in every direction as the pattern's extend modes say. The tile is
  /// `image.size / image.scale` points. `rect` becomes whole pixels by rounding each edge to the
  /// nearest pixel (``PixelRounding/nearest``).
  ///
  /// A tile at the destination's scale drawn from a whole-pixel phase is copied pixel for pixel
  /// (exact copies under ``BlendMode/copy``, exact source-over under ``BlendMode/normal``).
  /// Otherwise the tile is resampled once with the pattern's filter into a tile on the
  /// destination's pixel grid (kept with the pattern for later fills) and repeated; where the
  /// resampled period is not a whole number of pixels the extended tile is resampled straight
  /// onto the destination instead (the same convolution, without a prepared tile).
  ///
  /// - Parameters:
  ///   - rect: The part of the view to fill, in points; `nil` for the whole view.
  ///   - destination: A `rgba8Premultiplied` or `bgra8Premultiplied` view (either order with
  ///     either tile order).
  ///   - scale: Pixels per point of the destination (`contentsScale`).
  ///   - fill: The pattern and its phase.
  ///   - options: Blend mode, opacity, mask (the size of `rect` in pixels, its pixel (0, 0) on
  ///     the rect's first pixel) and threads. A mask must not overlap the pixels written.
  /// - Returns: What the fill did to opaque destination pixels.
  /// - Throws: ``PixelError/unsupportedFormat(_:operation:)`` for a destination that is not
  ///   premultiplied RGBA8 or BGRA8 or a mask that is not Gray8; ``PixelError/invalidScale(_:)``;
  ///   ``PixelError/invalidCoordinate(_:)`` for a rect or phase that is not finite or lies beyond
  ///   ±2^52 pixels; ``PixelError/geometryOverflow(operation:)`` where the placed pattern's
  ///   pixel arithmetic would overflow `Int`; ``PixelError/sizeMismatch(_:_:)`` for a mask of
  ///   another size; ``PixelError/overlappingViews(operation:)``;
  ///   ``PixelError/allocationFailed(bytes:)``; ``PixelError/cancelled``; and for a resampled
  ///   tile the errors of ``Resampler/resample(_:from:onto:in:filter:extend:parallelism:)``.
  @discardableResult
  public static func fill(
    _ rect: PointRect? = nil, of destination: MutablePixelView, scale: Double = 1, with fill: PatternFill,
    options: CompositeOptions = CompositeOptions()
  ) throws(PixelError) -> OpacityOutcome {
    guard scale.isFinite, scale > 0 else { throw .invalidScale(scale) }
    let pixels = try rect?.pixelRect(scale: scale, rounding: .nearest) ?? PixelRect(size: destination.size)
    let pattern = fill.pattern
    let ratio = scale / pattern.image.scale
    guard ratio.isFinite, ratio > 0 else { throw .invalidScale(ratio) }
    let horizontal = PatternAxis(
      extent: pattern.image.width, scale: ratio, origin: try pixelCoordinate(fill.phase.x, scale),
      extend: pattern.extend.horizontal)
    let vertical = PatternAxis(
      extent: pattern.image.height, scale: ratio, origin: try pixelCoordinate(fill.phase.y, scale),
      extend: pattern.extend.vertical)
    return try pattern.image.withView { (tile) throws(PixelError) -> OpacityOutcome in
      try drawPattern(
        tile, horizontal: horizontal, vertical: vertical, filter: pattern.filter, tiles: pattern.tiles,
        in: pixels, onto: destination, options: options)
    }
  }

  /// `point × scale`, checked to be a usable pixel coordinate.
  static func pixelCoordinate(_ point: Double, _ scale: Double) throws(PixelError) -> Double {
    let pixels = point * scale
    guard pixels.isFinite, abs(pixels) <= 4_503_599_627_370_496 else { throw .invalidCoordinate(point) }
    return pixels
  }

  /// Draws `tile` placed by `horizontal` and `vertical` over `rect` (destination pixels; clipped
  /// to the view) with `options`, whose mask is `rect`'s size. `tiles` keeps prepared tiles of
  /// this `tile` (its key includes `part`, the tile's place in a larger image that shares the
  /// cache); without a cache nothing is prepared (the pattern is resampled straight onto the
  /// area). The one drawing path of patterns and of every slice of a resizable image.
  ///
  /// Resampling takes its pass order from ``patternPassOrder(_:)``, so the slices of a
  /// resizable image that share a column (or row) of source pixels round it alike whatever the
  /// other axis does: no one-level seams where a cap meets a stretched edge.
  static func drawPattern(
    _ tile: PixelView, part: PixelRect? = nil, horizontal: PatternAxis, vertical: PatternAxis,
    filter: ResamplingFilter, tiles: PreparedTileCache?, in rect: PixelRect, onto destination: MutablePixelView,
    options: CompositeOptions
  ) throws(PixelError) -> OpacityOutcome {
    guard let (channels, coverage, area) = try patternTarget(tile, in: rect, onto: destination, options: options) else {
      return .keepsOpaque
    }
    let x = horizontal.nearestPeriod(to: area.x)
    let y = vertical.nearestPeriod(to: area.y)
    switch PatternPlan(horizontal: x, vertical: y, filter: filter, area: area, canPrepare: tiles != nil) {
    case .unscaled(let origin):
      let source = ImageRowSource(tile, at: origin, extend: ExtendModes(horizontal: x.extend, vertical: y.extend), area: area)
      return try composite(source, ordered: tile.format, channels, coverage, nil, area: area, onto: destination, options: options)
    case .prepared(let tileX, let tileY):
      let key = PreparedTileCache.Key(
        part: part ?? tile.bounds, horizontal: .init(x, tileX), vertical: .init(y, tileY), filter: filter)
      let prepared = try tiles.unsafelyUnwrapped.tile(for: key) { () throws(PixelError) -> PixelBuffer in
        try preparedTile(tile, x, tileX, y, tileY, filter: filter, parallelism: options.parallelism)
      }
      return try prepared.withView { (view) throws(PixelError) -> OpacityOutcome in
        let source = ImageRowSource(
          view, at: PixelPosition(x: tileX.origin, y: tileY.origin),
          extend: ExtendModes(horizontal: tileX.tileExtend, vertical: tileY.tileExtend), area: area)
        return try composite(source, ordered: view.format, channels, coverage, nil, area: area, onto: destination, options: options)
      }
    case .resampled:
      let producer = try ResampleRowProducer(
        source: tile,
        sourceRect: FractionalPixelRect(
          x: (Double(area.x) - x.origin) / x.scale, y: (Double(area.y) - y.origin) / y.scale,
          width: Double(area.width) / x.scale, height: Double(area.height) / y.scale),
        destinationSize: destination.size,
        destinationRect: FractionalPixelRect(x: Double(area.x), y: Double(area.y), width: Double(area.width), height: Double(area.height)),
        filter: filter, extend: ExtendModes(horizontal: x.extend, vertical: y.extend), order: patternPassOrder(filter))
      let source = ResampledRowSource(producer: producer)
      guard source.area == area else { throw .geometryOverflow(operation: "Compositor.fill (pattern)") }
      return try composite(source, ordered: tile.format, channels, coverage, nil, area: area, onto: destination, options: options)
    }
  }

  /// What every pattern draw of `tile` onto `rect` checks and works out first: the formats, the
  /// mask (`rect`'s size) and overlap, the channels the draw works in, the mask as coverage and
  /// the visible part of `rect`; `nil` when none of it is visible.
  static func patternTarget(
    _ tile: PixelView, in rect: PixelRect, onto destination: MutablePixelView, options: CompositeOptions
  ) throws(PixelError) -> (channels: DrawChannels, coverage: ViewCoverage?, area: PixelRect)? {
    try requireWorkingFormat(tile.format, "pattern tile")
    let channels = try drawChannels(destination, options.blendMode, "pattern fill destination")
    let mask = try validatedMask(options.mask, size: rect.size)
    try ViewOverlap.requireDisjoint("Compositor.fill (pattern)", source: tile, mask: mask, onto: destination)
    let area = visibleArea(rect.size, at: rect.origin, in: destination)
    guard !area.isEmpty else { return nil }
    return (channels, mask.map { ViewCoverage(mask: $0, at: rect.origin) }, area)
  }

  /// One period (or the image's span and margins) of the pattern resampled onto the pixel grid.
  private static func preparedTile(
    _ tile: PixelView, _ x: PatternAxis, _ tileX: PatternAxis.Prepared, _ y: PatternAxis, _ tileY: PatternAxis.Prepared,
    filter: ResamplingFilter, parallelism: Parallelism
  ) throws(PixelError) -> PixelBuffer {
    var prepared = try PixelBuffer(width: tileX.length, height: tileY.length, format: tile.format)
    let sourceRect = FractionalPixelRect(
      x: tileX.sourceStart, y: tileY.sourceStart, width: Double(tileX.length) / x.scale,
      height: Double(tileY.length) / y.scale)
    try prepared.draw { (view) throws(PixelError) -> OpacityOutcome in
      let producer = try ResampleRowProducer(
        source: tile, sourceRect: sourceRect, destinationSize: view.size, destinationRect: FractionalPixelRect(size: view.size),
        filter: filter, extend: ExtendModes(horizontal: x.extend, vertical: y.extend), order: patternPassOrder(filter))
      return try producer.writeRows(to: view, parallelism: parallelism)
    }
    return prepared
  }
}

extension Compositor {
  /// The pass order of resampled patterns and slices: the producer's cheaper order (which
  /// depends on the vertical axis only, so slices sharing a row of source pixels take the same
  /// order) for filters that cannot overshoot, whose two orders round a column of one colour
  /// identically (the horizontal-first intermediate is floored and its vertical pass is exact
  /// on rows of one value); vertical-first for the others, whose 16-bit vertical pass is not.
  /// Either way slices of a resizable image agree exactly where the source is uniform.
  static func patternPassOrder(_ filter: ResamplingFilter) -> ResampleRowProducer.PassOrder? {
    filter.canOvershoot ? .verticalFirst : nil
  }
}
