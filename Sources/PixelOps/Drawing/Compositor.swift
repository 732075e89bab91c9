/// Draws images, solid colours and template images onto premultiplied RGBA8 destinations with
/// any ``BlendMode``, opacity and coverage mask.
///
/// Geometry (placement, clipping) is decided here; the pixel work is a row kernel chosen from
/// ``CompositeKernelTable`` and run in row bands on the ``ThreadPool``. Sources and destinations
/// are ``PixelFormat/rgba8Premultiplied``; convert other formats first with ``PixelConverter``.
public enum Compositor {
  /// Draws `source` with its top-left pixel at `origin` of `destination` (clipped to it: any
  /// origin is allowed, including negative or far outside).
  ///
  /// - Throws: ``PixelError/unsupportedFormat(_:operation:)`` unless both views are
  ///   premultiplied RGBA8 and a mask is Gray8; ``PixelError/sizeMismatch(_:_:)`` when the
  ///   mask is not the source's size; ``PixelError/cancelled``.
  public static func draw(
    _ source: PixelView, onto destination: MutablePixelView, at origin: PixelPosition = .zero,
    options: CompositeOptions = CompositeOptions()
  ) throws(PixelError) {
    try requireWorkingFormat(source.format, "draw source")
    try requireWorkingFormat(destination.format, "draw destination")
    let mask = try validatedMask(options.mask, size: source.size)
    let geometry = CompositeGeometry(sourceSize: source.size, origin: origin, destinationSize: destination.size)
    if geometry.isEmpty { return }
    let request = CompositeRequest(
      mode: options.blendMode, source: .image, sourceIsOpaque: source.isKnownOpaque, sourceIsTransparent: false,
      hasCoverage: mask != nil, hasFullOpacity: options.opacity8 == 255)
    try run(
      request, solid: .clear, opacity: options.opacity8, parallelism: options.parallelism,
      destination: try destination.cropped(to: geometry.destinationRect),
      source: try source.cropped(to: geometry.sourceRect),
      coverage: try mask.map { (view) throws(PixelError) in Coverage(mask: try view.cropped(to: geometry.sourceRect)) })
  }

  /// Fills `rect` of `destination` (clipped to it) with `color`.
  ///
  /// - Throws: as ``draw(_:onto:at:options:)``; a mask must be `rect`'s size.
  public static func fill(
    _ rect: PixelRect, of destination: MutablePixelView, with color: PremultipliedColor,
    options: CompositeOptions = CompositeOptions()
  ) throws(PixelError) {
    try requireWorkingFormat(destination.format, "fill destination")
    guard rect.width >= 0, rect.height >= 0 else { throw .invalidDimensions(width: rect.width, height: rect.height) }
    let mask = try validatedMask(options.mask, size: rect.size)
    try fillSolid(
      color, size: rect.size, origin: rect.origin, destination: destination, options: options,
      coverage: { (clip: PixelRect) throws(PixelError) in
        try mask.map { (view) throws(PixelError) in Coverage(mask: try view.cropped(to: clip)) }
      })
  }

  /// Draws a template image: its alpha, as coverage, tints `tint` (`UIImage` rendering mode
  /// `.alwaysTemplate` with a `tintColor`). The template's colour channels are ignored; a
  /// format without alpha tints every pixel.
  ///
  /// - Throws: as ``fill(_:of:with:options:)``; `options.mask` further limits coverage and must
  ///   be the template's size.
  public static func drawTemplate(
    _ template: PixelView, tint: PremultipliedColor, onto destination: MutablePixelView,
    at origin: PixelPosition = .zero, options: CompositeOptions = CompositeOptions()
  ) throws(PixelError) {
    try requireWorkingFormat(destination.format, "template destination")
    guard template.format.bitsPerChannel == 8 else {
      throw .unsupportedFormat(template.format, operation: "template image (8-bit formats)")
    }
    if options.mask != nil {
      // Two coverages multiply: combine them into one Gray8 mask for the call.
      throw .unsupportedFormat(.gray8, operation: "a mask together with a template image")
    }
    try fillSolid(
      tint, size: template.size, origin: origin, destination: destination, options: options,
      coverage: { (clip: PixelRect) throws(PixelError) in try Coverage(alphaOf: template.cropped(to: clip)) })
  }

  /// Draws a prepared template image: its coverage tints `tint`. The same result as drawing
  /// the image it was made from with ``drawTemplate(_:tint:onto:at:options:)-(PixelView,_,_,_,_)``,
  /// reading one byte per pixel instead of four.
  ///
  /// - Throws: as ``fill(_:of:with:options:)``; `options.mask` must be `nil`.
  public static func drawTemplate(
    _ template: TemplateImage, tint: PremultipliedColor, onto destination: MutablePixelView,
    at origin: PixelPosition = .zero, options: CompositeOptions = CompositeOptions()
  ) throws(PixelError) {
    try requireWorkingFormat(destination.format, "template destination")
    if options.mask != nil {
      throw .unsupportedFormat(.gray8, operation: "a mask together with a template image")
    }
    try template.coverage.withView { (mask) throws(PixelError) in
      try fillSolid(
        tint, size: mask.size, origin: origin, destination: destination, options: options,
        coverage: { (clip: PixelRect) throws(PixelError) in Coverage(mask: try mask.cropped(to: clip)) })
    }
  }

  // MARK: - Shared steps

  private static func fillSolid(
    _ color: PremultipliedColor, size: PixelSize, origin: PixelPosition, destination: MutablePixelView,
    options: CompositeOptions, coverage: (PixelRect) throws(PixelError) -> Coverage?
  ) throws(PixelError) {
    let geometry = CompositeGeometry(sourceSize: size, origin: origin, destinationSize: destination.size)
    if geometry.isEmpty { return }
    let clipCoverage = try coverage(geometry.sourceRect)
    // Opacity folds into the colour once: round(c * o / 255) per channel.
    let solid = options.opacity8 == 255 ? color : color.scaled(by: options.opacity8)
    let request = CompositeRequest(
      mode: options.blendMode, source: .solid, sourceIsOpaque: solid.alpha == 255, sourceIsTransparent: solid.alpha == 0,
      hasCoverage: clipCoverage != nil, hasFullOpacity: true)
    try run(
      request, solid: solid, opacity: 255, parallelism: options.parallelism,
      destination: try destination.cropped(to: geometry.destinationRect), source: nil, coverage: clipCoverage)
  }

  private static func run(
    _ request: CompositeRequest, solid: PremultipliedColor, opacity: UInt32, parallelism: Parallelism,
    destination: MutablePixelView, source: PixelView?, coverage: Coverage?
  ) throws(PixelError) {
    let row = CompositeKernelTable.row(for: request)
    let kernel = row.kernel
    var parameters = CompositeParameters(mode: request.mode, solid: solid, opacity: opacity)
    let width = destination.width
    // Traffic (bytes read and written) as RowBands counts it; plain stores are weighed like a
    // memcpy, whose break-even measured 4 or more times that of arithmetic kernels (on a 16-core
    // machine a 1 MB copy ran slower on 4 threads than on 1 when counted as arithmetic).
    let traffic = width &* (source == nil ? 4 : 8) &+ (coverage == nil ? 0 : width)
    let bytesPerRow = row.storesOnly ? traffic / 4 : traffic
    func runRows(_ parameters: CompositeParameters) throws(PixelError) {
      try RowBands.forEachBand(
        rowCount: destination.height, bytesPerRow: bytesPerRow, parallelism: parallelism,
        work: CompositeRows(
          kernel: kernel, parameters: parameters, destination: destination, source: source, coverage: coverage))
    }
    guard source == nil && coverage != nil else { return try runRows(parameters) }
    try withUnsafeTemporaryAllocation(of: UInt32.self, capacity: CoverageColorTable.count) {
      (table) throws(PixelError) in
      CoverageColorTable.fill(table, color: solid)
      parameters.coverageColors = UnsafePointer(table.baseAddress!)
      try runRows(parameters)
    }
  }

  private static func requireWorkingFormat(_ format: PixelFormat, _ role: String) throws(PixelError) {
    guard format == .rgba8Premultiplied else { throw .unsupportedFormat(format, operation: role) }
  }

  private static func validatedMask(_ mask: PixelView?, size: PixelSize) throws(PixelError) -> PixelView? {
    guard let mask else { return nil }
    guard mask.format == .gray8 else { throw .unsupportedFormat(mask.format, operation: "coverage mask (Gray8)") }
    guard mask.size == size else { throw .sizeMismatch(mask.size, size) }
    return mask
  }
}

/// One call's rows: the chosen row kernel applied to every row of a band.
private struct CompositeRows: RowBandWork {
  let kernel: CompositeRowKernel
  let parameters: CompositeParameters
  let destination: MutablePixelView
  let source: PixelView?
  let coverage: Coverage?

  func run(rows: Range<Int>) {
    let width = destination.width
    for y in rows {
      kernel(
        CompositeSpan(
          destination: destination.rowAddress(y), source: source?.rowAddress(y), coverage: coverage?.row(y),
          coverageStride: coverage?.stride ?? 1, count: width),
        parameters)
    }
  }
}

/// Where a call's coverage bytes are: a Gray8 mask (stride 1) or a template's alpha channel.
struct Coverage {
  let view: PixelView
  /// Byte offset of the coverage byte inside a pixel.
  let offset: Int
  let stride: Int

  init(mask: PixelView) {
    view = mask
    offset = 0
    stride = 1
  }

  /// The alpha bytes of `template`, or `nil` when its format has no alpha (full coverage).
  init?(alphaOf template: PixelView) {
    guard let alphaOffset = template.format.alphaByteOffset else { return nil }
    view = template
    offset = alphaOffset
    stride = template.format.bytesPerPixel
  }

  func row(_ y: Int) -> UnsafeRawPointer { view.rowAddress(y) + offset }
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
