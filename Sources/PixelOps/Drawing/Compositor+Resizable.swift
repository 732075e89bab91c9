extension Compositor {
  /// Draws a resizable image into `rect`: its caps as they are (at the image's scale), its edges
  /// stretched or tiled along their axis and its centre along both, as each ``SliceAxis/mode``
  /// says; composited with `options`' blend mode, opacity and mask.
  ///
  /// Geometry is in points at `scale` pixels per point, with the view's pixel (0, 0) at point
  /// (0, 0). `rect` becomes whole pixels by rounding each edge to the nearest pixel, and so do
  /// the cap boundaries inside it (each cap keeps its drawn size, rounded, from its own edge):
  /// the nine slices meet on whole pixels, each destination pixel drawn by exactly one of them.
  /// Each slice is filtered from its own pixels only (its source clamped at the slice's
  /// edges), so a slice never picks up colour from its neighbour. Caps whose drawn sizes add up
  /// to more than the rect shrink in proportion around the split point and the centre is
  /// omitted. A tiled area repeats from its first pixel; a tile at another
  /// scale than the destination's is resampled once and kept with the image.
  ///
  /// At the image's own scale the caps, and tiles from a whole-pixel start, are exact copies of
  /// the image's pixels (exact source-over under ``BlendMode/normal``).
  ///
  /// - Parameters:
  ///   - image: The resizable image.
  ///   - rect: Where it is drawn, in points (any size; its content-mode rect for an image view).
  ///   - destination: A `rgba8Premultiplied` or `bgra8Premultiplied` view.
  ///   - scale: Pixels per point of the destination.
  ///   - filter: How stretched and rescaled slices are resampled (default bilinear).
  ///   - options: Blend mode, opacity, mask (the size of `rect` in whole pixels, its pixel (0, 0)
  ///     on the rect's first pixel) and threads.
  /// - Returns: What the draw did to opaque destination pixels (at best that it kept them).
  /// - Throws: ``PixelError/unsupportedFormat(_:operation:)`` for a destination that is not
  ///   premultiplied RGBA8 or BGRA8 or a mask that is not Gray8; ``PixelError/invalidScale(_:)``;
  ///   ``PixelError/invalidCoordinate(_:)`` for a rect that is not finite or lies beyond ±2^52
  ///   pixels; ``PixelError/sizeMismatch(_:_:)`` for a mask of another size;
  ///   ``PixelError/overlappingViews(operation:)``; ``PixelError/allocationFailed(bytes:)``;
  ///   ``PixelError/cancelled``; the errors of the resampler for slices reduced beyond its
  ///   limits.
  @discardableResult
  public static func draw(
    _ image: ResizableImage, in rect: PointRect, onto destination: MutablePixelView, scale: Double = 1,
    filter: ResamplingFilter = .bilinear, options: CompositeOptions = CompositeOptions()
  ) throws(PixelError) -> OpacityOutcome {
    guard scale.isFinite, scale > 0 else { throw .invalidScale(scale) }
    let pixels = try rect.pixelRect(scale: scale, rounding: .nearest)
    let ratio = scale / image.image.scale
    guard ratio.isFinite, ratio > 0 else { throw .invalidScale(ratio) }
    return try drawSlices(image, in: pixels, ratio: ratio, filter: filter, onto: destination, options: options)
  }

  /// Draws `image`'s nine slices onto `rect` (whole destination pixels), `ratio` destination
  /// pixels per image pixel; `options.mask` is `rect`'s size.
  static func drawSlices(
    _ image: ResizableImage, in rect: PixelRect, ratio: Double, filter: ResamplingFilter,
    onto destination: MutablePixelView, options: CompositeOptions
  ) throws(PixelError) -> OpacityOutcome {
    try image.image.withView { (view) throws(PixelError) -> OpacityOutcome in
      try drawSlices(
        view, horizontal: image.horizontal, vertical: image.vertical, opacity: image.opacity,
        uniformity: image.uniformity, tiles: image.tiles, in: rect, ratio: ratio, filter: filter, onto: destination,
        options: options)
    }
  }

  /// Draws the nine slices of `image` cut by `horizontal` and `vertical` onto `rect`. `opacity`
  /// says which slices are opaque and `uniformity` which have rows of one colour each (measured
  /// now when not given); `tiles` keeps tiles prepared for tiled slices (without one they are
  /// resampled every call).
  static func drawSlices(
    _ image: PixelView, horizontal: SliceAxis, vertical: SliceAxis, opacity: SliceOpacity? = nil,
    uniformity: SliceUniformity? = nil, tiles: PreparedTileCache?, in rect: PixelRect,
    ratio: Double, filter: ResamplingFilter, onto destination: MutablePixelView, options: CompositeOptions
  ) throws(PixelError) -> OpacityOutcome {
    _ = try drawChannels(destination, options.blendMode, "resizable image destination")
    let mask = try validatedMask(options.mask, size: rect.size)
    let plan = NineSlicePlan(
      horizontal: horizontal, vertical: vertical, imageSize: image.size, destination: rect, ratio: ratio)
    let opacity = opacity ?? SliceOpacity(image, horizontal: horizontal, vertical: vertical)
    let uniformity = uniformity ?? SliceUniformity(image, horizontal: horizontal, vertical: vertical)
    var outcome = OpacityOutcome.keepsOpaque
    for row in 0..<3 {
      let vertical = plan.vertical[row]
      guard !vertical.isEmpty else { continue }
      for column in 0..<3 {
        let horizontal = plan.horizontal[column]
        guard !horizontal.isEmpty else { continue }
        let part = PixelRect(
          x: horizontal.source.lowerBound, y: vertical.source.lowerBound, width: horizontal.source.count,
          height: vertical.source.count)
        let slice = PixelRect(
          x: horizontal.destination.lowerBound, y: vertical.destination.lowerBound,
          width: horizontal.destination.count, height: vertical.destination.count)
        var sliceOptions = options
        sliceOptions.mask = try mask?.cropped(to: slice.offsetBy(dx: -rect.x, dy: -rect.y))
        let isOpaque = opacity.isOpaque(row: row, column: column)
        let (across, down) = (horizontal.patternAxis(ratio: ratio), vertical.patternAxis(ratio: ratio))
        if uniformity.hasUniformRows(row: row, column: column), !across.isUnscaled, !across.isPeriodic,
          !down.isPeriodic
        {
          // Rows of one colour each, resampled across: every pixel of a row comes out that
          // colour (the weights sum to exactly one), so only the first column is resampled.
          let column = try image.cropped(to: PixelRect(x: part.x, y: part.y, width: 1, height: part.height))
          outcome = outcome.then(
            try drawSpreadColumn(
              isOpaque ? column.assumingOpaque() : column, vertical: down, filter: filter, in: slice,
              onto: destination, options: sliceOptions))
          continue
        }
        let crop = try image.cropped(to: part)
        outcome = outcome.then(
          try drawPattern(
            isOpaque ? crop.assumingOpaque() : crop, part: part, horizontal: across, vertical: down, filter: filter,
            tiles: tiles, in: slice, onto: destination, options: sliceOptions))
      }
    }
    return outcome
  }

  /// Draws `column`, a slice's first column (one pixel wide) whose slice has rows of one colour
  /// each, resampled along `vertical` as a pattern draw of the whole slice resamples it (the
  /// same rows, weights and pass order), each row's pixel spread across `rect`.
  private static func drawSpreadColumn(
    _ column: PixelView, vertical: PatternAxis, filter: ResamplingFilter, in rect: PixelRect,
    onto destination: MutablePixelView, options: CompositeOptions
  ) throws(PixelError) -> OpacityOutcome {
    try requireWorkingFormat(column.format, "pattern tile")
    let channels = try drawChannels(destination, options.blendMode, "pattern fill destination")
    let mask = try validatedMask(options.mask, size: rect.size)
    try ViewOverlap.requireDisjoint("Compositor.fill (pattern)", source: column, mask: mask, onto: destination)
    let area = visibleArea(rect.size, at: rect.origin, in: destination)
    guard !area.isEmpty else { return .keepsOpaque }
    let producer = try ResampleRowProducer(
      source: column,
      sourceRect: FractionalPixelRect(
        x: 0, y: (Double(area.y) - vertical.origin) / vertical.scale, width: 1,
        height: Double(area.height) / vertical.scale),
      destinationSize: destination.size,
      destinationRect: FractionalPixelRect(x: Double(area.x), y: Double(area.y), width: 1, height: Double(area.height)),
      filter: filter, extend: ExtendModes(horizontal: .clamp, vertical: vertical.extend), order: patternPassOrder(filter))
    let inner = ResampledRowSource(producer: producer)
    guard inner.area == PixelRect(x: area.x, y: area.y, width: 1, height: area.height) else {
      throw .geometryOverflow(operation: "Compositor.fill (pattern)")
    }
    return try composite(
      SpreadRowSource(inner: inner, column: area.x, width: area.width), ordered: column.format, channels,
      mask.map { ViewCoverage(mask: $0, at: rect.origin) }, nil, area: area, onto: destination, options: options)
  }
}
