/// Draws images, solid colours and template images onto premultiplied RGBA8 destinations with
/// any ``BlendMode``, opacity and coverage mask.
///
/// Each entry point decides geometry only (where the source lands, clipped to the view) and
/// hands a row source and a coverage source to ``CompositeEngine``, which picks the row kernel
/// from ``CompositeKernelTable`` and runs it in row bands on the ``ThreadPool``. Sources and
/// destinations are ``PixelFormat/rgba8Premultiplied``; convert other formats first with
/// ``PixelConverter``.
public enum Compositor {
  /// Draws `source` with its top-left pixel at `origin` of `destination` (clipped to it: any
  /// origin is allowed, including negative or far outside).
  ///
  /// Source and destination must not overlap unless they are the same pixels: the source may
  /// be drawn in place onto exactly the pixels it is read from (same first byte and row bytes;
  /// any blend mode, opacity or mask), since each pixel is read before it is written. Only the
  /// pixels the draw touches count. A mask must not overlap what is written.
  ///
  /// - Throws: ``PixelError/unsupportedFormat(_:operation:)`` unless both views are
  ///   premultiplied RGBA8 and a mask is Gray8; ``PixelError/sizeMismatch(_:_:)`` when the
  ///   mask is not the source's size; ``PixelError/overlappingViews(operation:)`` for other
  ///   overlap; ``PixelError/cancelled``.
  public static func draw(
    _ source: PixelView, onto destination: MutablePixelView, at origin: PixelPosition = .zero,
    options: CompositeOptions = CompositeOptions()
  ) throws(PixelError) {
    try requireWorkingFormat(source.format, "draw source")
    try requireWorkingFormat(destination.format, "draw destination")
    let mask = try validatedMask(options.mask, size: source.size)
    try ViewOverlap.requirePlacedReads("Compositor.draw", image: source, mask: mask, size: source.size, at: origin, onto: destination)
    let area = visibleArea(source.size, at: origin, in: destination)
    guard !area.isEmpty else { return }
    try composite(
      ImageRowSource(source, at: origin, area: area), mask.map { ViewCoverage(mask: $0, at: origin) }, nil,
      area: area, onto: destination, options: options)
  }

  /// Fills `rect` of `destination` (clipped to it) with `color`.
  ///
  /// A mask must not overlap the pixels written (``PixelError/overlappingViews(operation:)``).
  ///
  /// - Throws: as ``draw(_:onto:at:options:)``; a mask must be `rect`'s size;
  ///   ``PixelError/invalidDimensions(width:height:)`` for a negative size.
  public static func fill(
    _ rect: PixelRect, of destination: MutablePixelView, with color: PremultipliedColor,
    options: CompositeOptions = CompositeOptions()
  ) throws(PixelError) {
    try requireWorkingFormat(destination.format, "fill destination")
    guard rect.width >= 0, rect.height >= 0 else { throw .invalidDimensions(width: rect.width, height: rect.height) }
    let mask = try validatedMask(options.mask, size: rect.size)
    try ViewOverlap.requirePlacedReads("Compositor.fill", image: nil, mask: mask, size: rect.size, at: rect.origin, onto: destination)
    let area = visibleArea(rect.size, at: rect.origin, in: destination)
    guard !area.isEmpty else { return }
    try composite(
      SolidColorSource(color: color), mask.map { ViewCoverage(mask: $0, at: rect.origin) }, nil, area: area,
      onto: destination, options: options)
  }

  /// Draws a template image: its alpha, as coverage, tints `tint` (`UIImage` rendering mode
  /// `.alwaysTemplate` with a `tintColor`). The template's colour channels are ignored; a
  /// format without alpha tints every pixel.
  ///
  /// The template and destination must not overlap unless they are the same pixels (a template
  /// tinted in place, as ``draw(_:onto:at:options:)`` allows); a mask must not overlap what is
  /// written.
  ///
  /// - Throws: as ``fill(_:of:with:options:)``; `options.mask` further limits coverage (the
  ///   two multiply, `round(a * m / 255)`) and must be the template's size;
  ///   ``PixelError/overlappingViews(operation:)``.
  public static func drawTemplate(
    _ template: PixelView, tint: PremultipliedColor, onto destination: MutablePixelView,
    at origin: PixelPosition = .zero, options: CompositeOptions = CompositeOptions()
  ) throws(PixelError) {
    try requireWorkingFormat(destination.format, "template destination")
    guard template.format.bitsPerChannel == 8 else {
      throw .unsupportedFormat(template.format, operation: "template image (8-bit formats)")
    }
    try ViewOverlap.requirePlacedReads(
      "Compositor.drawTemplate", image: template, mask: options.mask, size: template.size, at: origin, onto: destination)
    try drawTinted(
      ViewCoverage(alphaOf: template, at: origin), size: template.size, tint: tint, origin: origin,
      onto: destination, options: options)
  }

  /// Draws a prepared template image: its coverage tints `tint`. The same result as drawing
  /// the image it was made from with ``drawTemplate(_:tint:onto:at:options:)-(PixelView,_,_,_,_)``,
  /// reading one byte per pixel instead of four.
  ///
  /// A mask must not overlap the pixels written.
  ///
  /// - Throws: as ``drawTemplate(_:tint:onto:at:options:)-(PixelView,_,_,_,_)``.
  public static func drawTemplate(
    _ template: TemplateImage, tint: PremultipliedColor, onto destination: MutablePixelView,
    at origin: PixelPosition = .zero, options: CompositeOptions = CompositeOptions()
  ) throws(PixelError) {
    try requireWorkingFormat(destination.format, "template destination")
    try ViewOverlap.requirePlacedReads(
      "Compositor.drawTemplate", image: nil, mask: options.mask, size: template.size, at: origin, onto: destination)
    try template.coverage.withView { (coverage) throws(PixelError) in
      try drawTinted(
        ViewCoverage(mask: coverage, at: origin), size: coverage.size, tint: tint, origin: origin, onto: destination,
        options: options)
    }
  }

  // MARK: - Shared steps

  private static func drawTinted(
    _ template: ViewCoverage?, size: PixelSize, tint: PremultipliedColor, origin: PixelPosition,
    onto destination: MutablePixelView, options: CompositeOptions
  ) throws(PixelError) {
    let mask = try validatedMask(options.mask, size: size)
    let area = visibleArea(size, at: origin, in: destination)
    guard !area.isEmpty else { return }
    try composite(
      SolidColorSource(color: tint), template, mask.map { ViewCoverage(mask: $0, at: origin) }, area: area,
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
  ) throws(PixelError) {
    func run<Coverage: CoverageSource>(_ coverage: Coverage) throws(PixelError) {
      try CompositeEngine.composite(
        source, coverage: coverage, area: area, onto: destination, mode: options.blendMode,
        opacity: options.opacity8, parallelism: options.parallelism)
    }
    switch (first, second) {
    case (nil, nil): try run(FullCoverage())
    case (let only?, nil), (nil, let only?): try run(only)
    case (let first?, let second?): try run(ProductCoverage(first: first, second: second, width: area.width))
    }
  }

  static func requireWorkingFormat(_ format: PixelFormat, _ role: String) throws(PixelError) {
    guard format == .rgba8Premultiplied else { throw .unsupportedFormat(format, operation: role) }
  }

  static func validatedMask(_ mask: PixelView?, size: PixelSize) throws(PixelError) -> PixelView? {
    guard let mask else { return nil }
    guard mask.format == .gray8 else { throw .unsupportedFormat(mask.format, operation: "coverage mask (Gray8)") }
    guard mask.size == size else { throw .sizeMismatch(mask.size, size) }
    return mask
  }
}

extension PremultipliedColor {
  /// Every channel times `factor / 255`, rounded: `round(c * factor / 255)`.
  func scaled(by factor: UInt32) -> PremultipliedColor {
    PremultipliedColor(
      premultipliedRed: UInt8(ExactDivision.div255(UInt32(red) * factor)),
      green: UInt8(ExactDivision.div255(UInt32(green) * factor)),
      blue: UInt8(ExactDivision.div255(UInt32(blue) * factor)), alpha: UInt8(ExactDivision.div255(UInt32(alpha) * factor)))
  }
}
