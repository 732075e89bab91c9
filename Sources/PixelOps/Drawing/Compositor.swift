/// Draws images, solid colours and template images onto premultiplied RGBA8 or BGRA8
/// destinations with any ``BlendMode``, opacity and coverage mask.
///
/// Each entry point decides geometry only (where the source lands, clipped to the view) and
/// hands a row source and a coverage source to `CompositeEngine`, which picks the row kernel
/// from `CompositeKernelTable` and runs it in row bands on the ``ThreadPool``. Sources and
/// destinations are ``PixelFormat/rgba8Premultiplied`` or ``PixelFormat/bgra8Premultiplied``
/// (Core Graphics', Cairo's, Skia's and most video frames' order), in any mix: the draw works
/// in the destination's order, and a source of the other order is swapped row by row as it is
/// read, never converted as a whole. Convert other formats first with
/// ``PixelConverter/convert(_:into:parallelism:)``.
///
/// Every draw returns its ``OpacityOutcome``: hand it back from ``PixelBuffer/draw(_:)`` to keep
/// an opaque buffer known opaque.
public enum Compositor {
  /// Draws `source` with its top-left pixel at `origin` of `destination` (clipped to it: any
  /// origin is allowed, including negative or far outside).
  ///
  /// Source and destination must not overlap unless they are the same pixels: the source may
  /// be drawn in place onto exactly the pixels it is read from (same first byte and row bytes;
  /// any blend mode, opacity or mask), since each pixel is read before it is written. Only the
  /// pixels the draw touches count. A mask must not overlap what is written.
  ///
  /// - Returns: What the draw did to opaque destination pixels.
  /// - Throws: ``PixelError/unsupportedFormat(_:operation:)`` unless both views are
  ///   premultiplied RGBA8 or BGRA8 and a mask is Gray8; ``PixelError/sizeMismatch(_:_:)`` when
  ///   the mask is not the source's size; ``PixelError/overlappingViews(operation:)`` for other
  ///   overlap; ``PixelError/allocationFailed(bytes:)`` when a band's scratch memory cannot be
  ///   had; ``PixelError/cancelled``.
  @discardableResult
  public static func draw(
    _ source: PixelView, onto destination: MutablePixelView, at origin: PixelPosition = .zero,
    options: CompositeOptions = CompositeOptions()
  ) throws(PixelError) -> OpacityOutcome {
    try requireWorkingFormat(source.format, "draw source")
    let channels = try drawChannels(destination, options.blendMode, "draw destination")
    let mask = try validatedMask(options.mask, size: source.size)
    try ViewOverlap.requirePlacedReads("Compositor.draw", image: source, mask: mask, size: source.size, at: origin, onto: destination)
    let area = visibleArea(source.size, at: origin, in: destination)
    guard !area.isEmpty else { return .keepsOpaque }
    return try composite(
      ImageRowSource(source, at: origin, area: area), ordered: source.format, channels,
      mask.map { ViewCoverage(mask: $0, at: origin) }, nil, area: area, onto: destination, options: options)
  }

  /// Fills `rect` of `destination` (clipped to it) with `color` (given as red, green, blue,
  /// alpha whatever the destination's byte order).
  ///
  /// A mask must not overlap the pixels written (``PixelError/overlappingViews(operation:)``).
  ///
  /// - Returns: What the fill did to opaque destination pixels.
  /// - Throws: as ``draw(_:onto:at:options:)``; a mask must be `rect`'s size;
  ///   ``PixelError/invalidDimensions(width:height:)`` for a negative size.
  @discardableResult
  public static func fill(
    _ rect: PixelRect, of destination: MutablePixelView, with color: PremultipliedColor,
    options: CompositeOptions = CompositeOptions()
  ) throws(PixelError) -> OpacityOutcome {
    let channels = try drawChannels(destination, options.blendMode, "fill destination")
    guard rect.width >= 0, rect.height >= 0 else { throw .invalidDimensions(width: rect.width, height: rect.height) }
    let mask = try validatedMask(options.mask, size: rect.size)
    try ViewOverlap.requirePlacedReads("Compositor.fill", image: nil, mask: mask, size: rect.size, at: rect.origin, onto: destination)
    let area = visibleArea(rect.size, at: rect.origin, in: destination)
    guard !area.isEmpty else { return .keepsOpaque }
    return try composite(
      SolidColorSource(color: color, order: channels.working), mask.map { ViewCoverage(mask: $0, at: rect.origin) },
      nil, area: area, onto: destination, options: options)
  }

  /// Draws a template image: its alpha, as coverage, tints `tint` (`UIImage` rendering mode
  /// `.alwaysTemplate` with a `tintColor`). The template's colour channels are ignored; a
  /// format without alpha tints every pixel.
  ///
  /// The template and destination must not overlap unless they are the same pixels (a template
  /// tinted in place, as ``draw(_:onto:at:options:)`` allows); a mask must not overlap what is
  /// written.
  ///
  /// - Returns: What the draw did to opaque destination pixels.
  /// - Throws: ``PixelError/unsupportedFormat(_:operation:)`` for a template of 16-bit channels
  ///   (any 8-bit format is a template), a destination that is not premultiplied RGBA8 or BGRA8,
  ///   or a mask that is not Gray8; ``PixelError/sizeMismatch(_:_:)`` unless the mask, which
  ///   further limits coverage (the two multiply, `round(a * m / 255)`), is the template's size;
  ///   ``PixelError/overlappingViews(operation:)``; ``PixelError/allocationFailed(bytes:)``;
  ///   ``PixelError/cancelled``.
  @discardableResult
  public static func drawTemplate(
    _ template: PixelView, tint: PremultipliedColor, onto destination: MutablePixelView,
    at origin: PixelPosition = .zero, options: CompositeOptions = CompositeOptions()
  ) throws(PixelError) -> OpacityOutcome {
    let channels = try drawChannels(destination, options.blendMode, "template destination")
    guard template.format.bitsPerChannel == 8 else {
      throw .unsupportedFormat(template.format, operation: TemplateImage.formatAdvice)
    }
    try ViewOverlap.requirePlacedReads(
      "Compositor.drawTemplate", image: template, mask: options.mask, size: template.size, at: origin, onto: destination)
    return try drawTinted(
      ViewCoverage(alphaOf: template, at: origin), size: template.size, tint: tint, origin: origin,
      onto: destination, channels: channels, options: options)
  }

  /// Draws a prepared template image: its coverage tints `tint`. The same result as drawing
  /// the image it was made from with ``drawTemplate(_:tint:onto:at:options:)-(PixelView,_,_,_,_)``,
  /// reading one byte per pixel instead of four.
  ///
  /// A mask must not overlap the pixels written.
  ///
  /// - Returns: What the draw did to opaque destination pixels.
  /// - Throws: as ``drawTemplate(_:tint:onto:at:options:)-(PixelView,_,_,_,_)``.
  @discardableResult
  public static func drawTemplate(
    _ template: TemplateImage, tint: PremultipliedColor, onto destination: MutablePixelView,
    at origin: PixelPosition = .zero, options: CompositeOptions = CompositeOptions()
  ) throws(PixelError) -> OpacityOutcome {
    let channels = try drawChannels(destination, options.blendMode, "template destination")
    try ViewOverlap.requirePlacedReads(
      "Compositor.drawTemplate", image: nil, mask: options.mask, size: template.size, at: origin, onto: destination)
    return try template.coverage.withView { (coverage) throws(PixelError) in
      try drawTinted(
        template.coversEveryPixel ? nil : ViewCoverage(mask: coverage, at: origin), size: coverage.size, tint: tint,
        origin: origin, onto: destination, channels: channels, options: options)
    }
  }

  // MARK: - Shared steps

  private static func drawTinted(
    _ template: ViewCoverage?, size: PixelSize, tint: PremultipliedColor, origin: PixelPosition,
    onto destination: MutablePixelView, channels: DrawChannels, options: CompositeOptions
  ) throws(PixelError) -> OpacityOutcome {
    let mask = try validatedMask(options.mask, size: size)
    let area = visibleArea(size, at: origin, in: destination)
    guard !area.isEmpty else { return .keepsOpaque }
    return try composite(
      SolidColorSource(color: tint, order: channels.working), template, mask.map { ViewCoverage(mask: $0, at: origin) }, area: area,
      onto: destination, options: options)
  }

  /// The destination pixels that `size` pixels placed at `origin` cover inside the view:
  /// pure geometry, overflow-safe for any origin (far outside gives an empty rect).
  static func visibleArea(_ size: PixelSize, at origin: PixelPosition, in destination: MutablePixelView) -> PixelRect {
    PixelRect(origin: origin, size: size).intersection(PixelRect(size: destination.size))
  }

  /// Runs the engine with up to two coverages (none: full coverage; two: their product).
  static func composite<Source: RowSource>(
    _ source: Source, _ first: ViewCoverage?, _ second: ViewCoverage?, area: PixelRect,
    onto destination: MutablePixelView, options: CompositeOptions
  ) throws(PixelError) -> OpacityOutcome {
    func run<Coverage: CoverageSource>(_ coverage: Coverage) throws(PixelError) -> OpacityOutcome {
      try CompositeEngine.composite(
        source, coverage: coverage, area: area, onto: destination, mode: options.blendMode,
        opacity: options.opacity8, parallelism: options.parallelism)
    }
    switch (first, second) {
    case (nil, nil): return try run(FullCoverage())
    case (let only?, nil), (nil, let only?): return try run(only)
    case (let first?, let second?): return try run(ProductCoverage(first: first, second: second, width: area.width))
    }
  }

  /// Runs the engine with `source`, whose rows are in the channel order of `format`, as is when
  /// that is the order the draw works in, else through a ``SwappedRowSource``.
  static func composite<Source: RowSource>(
    _ source: Source, ordered format: PixelFormat, _ channels: DrawChannels, _ first: ViewCoverage?,
    _ second: ViewCoverage?, area: PixelRect, onto destination: MutablePixelView, options: CompositeOptions
  ) throws(PixelError) -> OpacityOutcome {
    guard format.drawingChannelOrder != channels.working else {
      return try composite(source, first, second, area: area, onto: destination, options: options)
    }
    return try composite(
      SwappedRowSource(inner: source, width: area.width), first, second, area: area, onto: destination,
      options: options)
  }

  /// Checks that `format` is one the draws take natively (premultiplied RGBA8 or BGRA8).
  ///
  /// - Throws: ``PixelError/unsupportedFormat(_:operation:)`` naming `role` and the conversion
  ///   to use.
  static func requireWorkingFormat(_ format: PixelFormat, _ role: String) throws(PixelError) {
    _ = try format.requireDrawingChannelOrder(for: role)
  }

  /// Checks the destination's format and gives the channels a draw under `mode` works in.
  static func drawChannels(
    _ destination: MutablePixelView, _ mode: BlendMode, _ role: String
  ) throws(PixelError) -> DrawChannels {
    try requireWorkingFormat(destination.format, role)
    return DrawChannels(destination: destination, mode: mode)
  }

  static func validatedMask(_ mask: PixelView?, size: PixelSize) throws(PixelError) -> PixelView? {
    guard let mask else { return nil }
    guard mask.format == .gray8 else {
      throw .unsupportedFormat(
        mask.format, operation: "coverage mask (Gray8 only: convert with PixelConverter.convert(_:into:parallelism:) to .gray8 first)")
    }
    guard mask.size == size else { throw .sizeMismatch(mask.size, size) }
    return mask
  }
}
