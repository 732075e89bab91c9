/// The composite engine: any ``RowSource`` through any ``CoverageSource`` onto an area of a
/// destination, under a blend mode and opacity. Every draw of the library comes here.
///
/// One call: the source's and coverage's facts become a ``CompositeRequest``;
/// ``CompositeReductions`` simplify it (or find it changes nothing) and ``CompositeKernelTable``
/// picks the row kernel, both looked up in ``CompositeKernelChoices``; ``RowBands`` splits the
/// area's rows into bands on the pool; each band runs ``CompositeBands``.
enum CompositeEngine {
  /// Composites `source` through `coverage` onto `area` of `destination`.
  ///
  /// The source hands rows (and its solid colour) in the order ``DrawChannels`` gives for the
  /// destination and `mode`; when that is not the destination's own order, each destination
  /// row is swapped into it around the kernel.
  ///
  /// - Parameters:
  ///   - area: Destination pixels to draw, already inside the view (may be empty).
  ///   - opacity: The 8-bit opacity factor, `round(opacity * 255)`.
  /// - Returns: What the draw does to opaque destination pixels (``OpacityRules``).
  /// - Throws: ``PixelError/cancelled``; what the source or coverage throws;
  ///   ``PixelError/allocationFailed(bytes:)`` when band scratch cannot be had.
  @discardableResult
  static func composite<Source: RowSource, Coverage: CoverageSource>(
    _ source: Source, coverage: Coverage, area: PixelRect, onto destination: MutablePixelView, mode: BlendMode,
    opacity: UInt32, parallelism: Parallelism
  ) throws(PixelError) -> OpacityOutcome {
    guard !area.isEmpty else { return .keepsOpaque }
    // A solid colour stays unscaled and the opacity goes to the kernel as a parameter, for every
    // mode: the blend modes must see its straight colour (BlendMath.weighted), and source-over
    // weighs it without rounding it to 8 bits (BlendMath.sourceOverWeighted).
    let solid = source.solidColor
    var flags: CompositeFlags = []
    if let solid {
      flags.insert(.solidSource)
      if opacity == 255 { flags.insert(.fullOpacity) }
      if solid.alpha == 255 { flags.insert(.opaqueSource) }
      if solid.alpha == 0 { flags.insert(.transparentSource) }
    } else {
      flags.insert(.imageSource)
      if source.isOpaque { flags.insert(.opaqueSource) }
      if opacity == 255 { flags.insert(.fullOpacity) }
    }
    flags.insert(coverage.isFull ? .fullCoverage : .partialCoverage)
    guard let choice = CompositeKernelChoices.choice(for: CompositeRequest(mode: mode, flags: flags)) else {
      return .keepsOpaque
    }
    let (request, kernels) = (choice.request, choice.kernels)
    let outcome = OpacityRules.outcome(of: request, area: area, destination: destination)
    let swapsDestination = DrawChannels(destination: destination, mode: mode).swapsDestination
    let parameters = CompositeParameters(mode: request.mode, solid: solid ?? .clear, opacity: opacity)

    let width = area.width
    // The destination row is read and written by the kernel, unless a producing source writes it
    // itself (a copy of resampled rows), when the source's cost counts it.
    let destinationTraffic = kernels.copiesSource && !source.readsMemoryOnly ? 0 : width &* 4
    var traffic = destinationTraffic &+ source.costPerRow(width: width) &+ coverage.costPerRow(width: width)
    // Plain stores are weighed like a memcpy, whose break-even measured 4 or more times that of
    // arithmetic kernels (on a 16-core machine a 1 MB copy ran slower on 4 threads than on 1
    // when counted as arithmetic).
    if kernels.storesOnly && source.readsMemoryOnly { traffic /= 4 }
    try RowBands.forEachBand(
      rowCount: area.height, bytesPerRow: traffic, parallelism: parallelism,
      work: CompositeBands(
        source: source, coverage: coverage, kernels: kernels, parameters: parameters, destination: destination,
        area: area, swapsDestination: swapsDestination))
    return outcome
  }
}
