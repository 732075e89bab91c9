import Synchronization

extension Compositor {
  /// Draws `sourceRect` of `source` scaled into `destinationRect` of `destination` with `filter`,
  /// composited with `options`' blend mode and opacity: one pass over destination rows, each
  /// resampled into a small per-band buffer and composited at once (no full-size intermediate
  /// image).
  ///
  /// Geometry is ``Resampler``'s: destination pixels whose centre lies inside
  /// `destinationRect` (and inside the view) are drawn, each sampling the source at the
  /// matching point of `sourceRect`, which may reach outside the image (edge pixels extend
  /// outward). The kernel is the one ``draw(_:onto:at:options:)`` uses for the same request, so
  /// a source known to be opaque drawn with `normal` at opacity 1 is resampled straight into
  /// the destination, and source-over skips opaque and transparent runs of resampled pixels.
  ///
  /// - Parameters:
  ///   - source: A `rgba8Premultiplied` image.
  ///   - sourceRect: The part of `source` to draw, in source pixels; `nil` for the whole image.
  ///   - destinationRect: Where it lands, in destination pixels (may be fractional).
  ///   - destination: A `rgba8Premultiplied` view.
  ///   - filter: How source pixels are weighed.
  ///   - options: Blend mode, opacity and threads. A coverage mask is not supported here.
  /// - Throws: ``PixelError/unsupportedFormat(_:operation:)`` for other formats or a mask;
  ///   the errors of ``Resampler/resample(_:from:onto:in:filter:parallelism:)``.
  public static func draw(
    _ source: PixelView, from sourceRect: FractionalPixelRect? = nil, in destinationRect: FractionalPixelRect,
    onto destination: MutablePixelView, filter: ResamplingFilter, options: CompositeOptions = CompositeOptions()
  ) throws(PixelError) {
    try requireScaledDrawFormats(source: source, destination: destination, options: options)
    let producer = try ResampleRowProducer(
      source: source, sourceRect: sourceRect ?? FractionalPixelRect(size: source.size),
      destinationSize: destination.size, destinationRect: destinationRect, filter: filter)
    guard !producer.rows.isEmpty, !producer.columns.isEmpty else { return }
    let row = resampledRowKernel(sourceIsOpaque: source.isKnownOpaque, options: options)
    if row.copiesSource {
      // Nothing to blend: resample straight into the destination.
      return try producer.writeRows(to: destination, parallelism: options.parallelism)
    }
    try runResampledBands(
      rowCount: producer.rows.count, bytesPerRow: producer.bandCostPerRow &+ producer.columns.count &* 8,
      scratchBytes: producer.scratchByteCount, parallelism: options.parallelism
    ) { failed in
      ScaledCompositeRows(
        producer: producer, kernel: row.kernel, parameters: Self.parameters(options), destination: destination,
        failed: failed)
    }
  }

  // MARK: - Shared by the resampled draws

  static func requireScaledDrawFormats(
    source: PixelView, destination: MutablePixelView, options: CompositeOptions
  ) throws(PixelError) {
    guard source.format == .rgba8Premultiplied else { throw .unsupportedFormat(source.format, operation: "draw source") }
    guard destination.format == .rgba8Premultiplied else {
      throw .unsupportedFormat(destination.format, operation: "draw destination")
    }
    if options.mask != nil { throw .unsupportedFormat(.gray8, operation: "a coverage mask with a scaled draw") }
  }

  /// The kernel-table row that composites resampled rows of an image source.
  static func resampledRowKernel(sourceIsOpaque: Bool, options: CompositeOptions) -> CompositeKernelEntry {
    CompositeKernelTable.row(
      for: CompositeRequest(
        mode: options.blendMode, source: .image, sourceIsOpaque: sourceIsOpaque, sourceIsTransparent: false,
        hasCoverage: false, hasFullOpacity: options.opacity8 == 255))
  }

  static func parameters(_ options: CompositeOptions) -> CompositeParameters {
    CompositeParameters(mode: options.blendMode, solid: .clear, opacity: options.opacity8)
  }

  /// Runs the bands of a resampled draw; `makeWork` gets the flag a band sets when it cannot
  /// get scratch memory, which then fails the call.
  static func runResampledBands<Work: RowBandWork>(
    rowCount: Int, bytesPerRow: Int, scratchBytes: Int, parallelism: Parallelism,
    _ makeWork: (UnsafeMutablePointer<Atomic<Bool>>) -> Work
  ) throws(PixelError) {
    let failed = try withUnsafeTemporaryAllocation(of: Atomic<Bool>.self, capacity: 1) {
      (flag) throws(PixelError) -> Bool in
      flag.initializeElement(at: 0, to: Atomic(false))
      defer { _ = flag.moveElement(from: 0) }
      try RowBands.forEachBand(
        rowCount: rowCount, bytesPerRow: bytesPerRow, parallelism: parallelism,
        work: makeWork(flag.baseAddress.unsafelyUnwrapped))
      return flag[0].load(ordering: .relaxed)
    }
    if failed { throw .allocationFailed(bytes: scratchBytes) }
  }
}

/// One scaled draw's bands: each resamples its destination rows into scratch and composites
/// every row as soon as it is made, while it is still in cache.
private struct ScaledCompositeRows: RowBandWork {
  let producer: ResampleRowProducer
  let kernel: CompositeRowKernel
  let parameters: CompositeParameters
  let destination: MutablePixelView
  /// Set when a band could not get scratch memory.
  let failed: UnsafeMutablePointer<Atomic<Bool>>

  func run(rows: Range<Int>) {
    let firstColumn = producer.columns.lowerBound &* 4
    let width = producer.columns.count
    do {
      try producer.forEachRow(inBand: rows) { y, pixels in
        kernel(.image(pixels, onto: destination.rowAddress(y) + firstColumn, count: width), parameters)
      }
    } catch {
      failed.pointee.store(true, ordering: .relaxed)
    }
  }
}
