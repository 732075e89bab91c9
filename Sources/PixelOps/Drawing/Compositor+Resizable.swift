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
  /// says which slices are opaque and `uniformity` which have uniform rows (each one colour, or
  /// all alike; both measured now when not given); `tiles` keeps tiles prepared for tiled slices
  /// (without one they are resampled every call).
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
        let crop = try image.cropped(to: part)
        let source = opacity.isOpaque(row: row, column: column) ? crop.assumingOpaque() : crop
        let (across, down) = (horizontal.patternAxis(ratio: ratio), vertical.patternAxis(ratio: ratio))
        if FastPaths.areEnabled,
          let form = UniformSliceForm(uniformity, row: row, column: column, across: across, down: down)
        {
          outcome = outcome.then(
            try drawUniformSlice(
              source, as: form, across: across, down: down, filter: filter, in: slice, onto: destination,
              options: sliceOptions))
          continue
        }
        outcome = outcome.then(
          try drawPattern(
            source, part: part, horizontal: across, vertical: down, filter: filter, tiles: tiles, in: slice,
            onto: destination, options: sliceOptions))
      }
    }
    return outcome
  }

  /// How a slice whose rows are uniform is drawn without resampling every pixel, its pixels
  /// exactly those of the full resample: every pixel resamples to the exact value of its
  /// uniform row or column, the weights summing to exactly one.
  enum UniformSliceForm {
    /// Rows of one colour each, resampled across: the first column resampled down, each row's
    /// pixel spread across (``ResampledLineSource/Line/column(_:)``).
    case spreadColumn
    /// Rows all alike, resampled down: the first row resampled across once and repeated
    /// (``ResampledLineSource/Line/row(_:)``).
    case repeatedRow

    /// The form for the slice in `row` and `column` drawn along `across` and `down`, or `nil`
    /// where its rows are not uniform along an axis it is resampled along, or it is tiled.
    init?(_ uniformity: SliceUniformity, row: Int, column: Int, across: PatternAxis, down: PatternAxis) {
      guard !across.isPeriodic, !down.isPeriodic else { return nil }
      if uniformity.hasUniformRows(row: row, column: column), !across.isUnscaled {
        self = .spreadColumn
      } else if uniformity.hasAlikeRows(row: row, column: column), !down.isUnscaled {
        self = .repeatedRow
      } else {
        return nil
      }
    }
  }

  /// Draws `slice` (a crop of the image) onto `rect` in `form`, resampling one column or one row
  /// of it as a pattern draw of the whole slice along `across` and `down` resamples it (the same
  /// destination pixels, weights and pass order).
  private static func drawUniformSlice(
    _ slice: PixelView, as form: UniformSliceForm, across: PatternAxis, down: PatternAxis,
    filter: ResamplingFilter, in rect: PixelRect, onto destination: MutablePixelView, options: CompositeOptions
  ) throws(PixelError) -> OpacityOutcome {
    guard let (channels, coverage, area) = try patternTarget(slice, in: rect, onto: destination, options: options) else {
      return .keepsOpaque
    }
    // The whole slice's draw narrowed to the one column (spread) or row (repeated) it makes:
    // the same source positions along the other axis, and the same destination pixels.
    let spreads = form == .spreadColumn
    let line = PixelRect(x: area.x, y: area.y, width: spreads ? 1 : area.width, height: spreads ? area.height : 1)
    let producer = try ResampleRowProducer(
      source: try slice.cropped(to: PixelRect(x: 0, y: 0, width: spreads ? 1 : slice.width, height: spreads ? slice.height : 1)),
      sourceRect: spreads
        ? FractionalPixelRect(
          x: 0, y: (Double(area.y) - down.origin) / down.scale, width: 1, height: Double(area.height) / down.scale)
        : FractionalPixelRect(
          x: (Double(area.x) - across.origin) / across.scale, y: 0, width: Double(area.width) / across.scale, height: 1),
      destinationSize: destination.size,
      destinationRect: FractionalPixelRect(
        x: Double(line.x), y: Double(line.y), width: Double(line.width), height: Double(line.height)),
      filter: filter, extend: ExtendModes(horizontal: across.extend, vertical: down.extend), order: patternPassOrder(filter))
    let made = ResampledRowSource(producer: producer)
    guard made.area == line else { throw .geometryOverflow(operation: "Compositor.fill (pattern)") }
    return try composite(
      ResampledLineSource(line: made, kind: spreads ? .column(area.x) : .row(area.y), width: area.width),
      ordered: slice.format, channels, coverage, nil, area: area, onto: destination, options: options)
  }
}
