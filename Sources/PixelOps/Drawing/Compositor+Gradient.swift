extension Compositor {
  /// Fills `rect` of `destination` (clipped to it) with a gradient, composited with `options`'
  /// blend mode, opacity and mask: one pass, each band's gradient rows computed into a small
  /// buffer and composited at once (or written straight into the destination when the draw
  /// only copies, an opaque gradient under ``BlendMode/normal`` or ``BlendMode/copy``).
  ///
  /// Geometry is in points at `scale` pixels per point, with the view's pixel (0, 0) at point
  /// (0, 0): the gradient's coordinates are the view's, not relative to `rect`. Each pixel shows
  /// the gradient at its centre. `rect` becomes whole pixels by rounding each edge to the
  /// nearest pixel (``PixelRounding/nearest``): the pixels whose centres it contains, where a
  /// centre on an edge counts as inside at the right or bottom edge and outside at the left or
  /// top one, since halves round up (as Skia rounds a rect it fills unantialiased). Scaled
  /// draws into a ``FractionalPixelRect`` take the other side at a tie, counting the centres in
  /// `minX ..< maxX` (DESIGN.md, "Geometry"); they differ only where an edge lies exactly
  /// on a pixel centre.
  ///
  /// Without dithering every pixel is within 1 of the exact colour at its centre (see
  /// ``Gradient`` for the colour rules and DESIGN.md for the arithmetic).
  ///
  /// - Parameters:
  ///   - rect: The part of the view to fill, in points; `nil` for the whole view.
  ///   - destination: A `rgba8Premultiplied` or `bgra8Premultiplied` view.
  ///   - scale: Pixels per point (`contentsScale`).
  ///   - fill: The gradient, its shape, extend mode and dithering.
  ///   - options: Blend mode, opacity, mask (the size of `rect` in pixels, its pixel (0, 0) on
  ///     the rect's first pixel) and threads. A mask must not overlap the pixels written.
  /// - Returns: What the fill did to opaque destination pixels.
  /// - Throws: ``PixelError/invalidScale(_:)``; ``PixelError/invalidCoordinate(_:)`` for a
  ///   rect beyond ±2^52 pixels; ``PixelError/invalidGradient(reason:)`` for a shape that
  ///   draws nothing meaningful (see ``GradientShape``); as ``fill(_:of:with:options:)``,
  ///   ``PixelError/unsupportedFormat(_:operation:)``, ``PixelError/sizeMismatch(_:_:)``,
  ///   ``PixelError/overlappingViews(operation:)``, ``PixelError/allocationFailed(bytes:)`` and
  ///   ``PixelError/cancelled``.
  @discardableResult
  public static func fill(
    _ rect: PointRect? = nil, of destination: MutablePixelView, scale: Double = 1, with fill: GradientFill,
    options: CompositeOptions = CompositeOptions()
  ) throws(PixelError) -> OpacityOutcome {
    guard scale.isFinite, scale > 0 else { throw .invalidScale(scale) }
    let pixels = try rect?.pixelRect(scale: scale, rounding: .nearest) ?? PixelRect(size: destination.size)
    let geometry = try fill.shape.geometry(map: GradientMap(scale: scale), extend: fill.extend)
    return try fillGradient(
      pixels, of: destination, geometry: geometry, gradient: fill.gradient, extend: fill.extend, dithers: fill.dithers,
      options: options)
  }

  /// Fills `rect` (destination pixels) with `gradient` laid out by `geometry`.
  static func fillGradient(
    _ rect: PixelRect, of destination: MutablePixelView, geometry: GradientGeometry, gradient: Gradient,
    extend: GradientExtend, dithers: Bool, options: CompositeOptions
  ) throws(PixelError) -> OpacityOutcome {
    let channels = try drawChannels(destination, options.blendMode, "gradient fill destination")
    let mask = try validatedMask(options.mask, size: rect.size)
    try ViewOverlap.requirePlacedReads(
      "Compositor.fill (gradient)", image: nil, mask: mask, size: rect.size, at: rect.origin, onto: destination)
    let area = visibleArea(rect.size, at: rect.origin, in: destination)
    guard !area.isEmpty else { return .keepsOpaque }
    let coverage = mask.map { ViewCoverage(mask: $0, at: rect.origin) }
    let drawsEveryPixel = geometry.drawsEveryPixel(extend)
    if drawsEveryPixel, let solid = gradient.solidColor {
      return try composite(
        SolidColorSource(color: solid, order: channels.working), coverage, nil, area: area, onto: destination,
        options: options)
    }
    let writer = GradientRowWriter(gradient: gradient, extend: extend, order: channels.working, dithers: dithers)
    // A first dithered draw makes the 8.8 tables here, once, not in every band at once.
    if dithers { _ = gradient.table.table16(channels.working) }
    let opaque = drawsEveryPixel && gradient.isOpaque
    func run<Parameter: GradientParameter>(_ parameter: Parameter) throws(PixelError) -> OpacityOutcome {
      try composite(
        GradientRowSource(parameter: parameter, writer: writer, area: area, isOpaque: opaque), coverage, nil,
        area: area, onto: destination, options: options)
    }
    switch geometry {
    case .linear(let parameter): return try run(parameter)
    case .concentric(let parameter): return try run(parameter)
    case .twoCircle(let parameter): return try run(parameter)
    case .focal(let parameter): return try run(parameter)
    case .conic(let parameter): return try run(parameter)
    }
  }
}

extension GradientGeometry {
  /// Whether every pixel gets a colour under `extend`: both ends padded, repeated or reflected,
  /// on a shape that gives every point a parameter (all but two circles that are not nested).
  func drawsEveryPixel(_ extend: GradientExtend) -> Bool {
    if case .conic = self { return true }
    if case .twoCircle = self { return false }
    if case .padded(let beforeStart, let afterEnd) = extend { return beforeStart && afterEnd }
    return true
  }
}
