import Synchronization

extension Compositor {
  /// Draws `sourceRect` of a mipmapped image scaled into `destinationRect` with trilinear
  /// filtering (``ContentsFilter/trilinear``), composited with `options`.
  ///
  /// For a reduction by `r` (the larger of the two axes' source-to-destination ratios), the
  /// draw reads levels `⌊log2 r⌋` and the next smaller one, each resampled with
  /// ``ResamplingFilter/bilinear`` as ``draw(_:from:in:onto:filter:options:)`` does, and mixes
  /// them per channel by the fractional part of `log2 r` in 1/256 steps:
  /// `round((a * (256 - w) + b * w) / 256)`. A whole-numbered `log2 r` (and any enlargement)
  /// reads one level only. Geometry is the same as the plain scaled draw, in level-0 pixels.
  ///
  /// - Throws: as ``draw(_:from:in:onto:filter:options:)``.
  public static func draw(
    _ chain: MipmapChain, from sourceRect: FractionalPixelRect? = nil, in destinationRect: FractionalPixelRect,
    onto destination: MutablePixelView, options: CompositeOptions = CompositeOptions()
  ) throws(PixelError) {
    let rect = sourceRect ?? FractionalPixelRect(size: chain.levels[0].size)
    let reduction = max(rect.width / destinationRect.width, rect.height / destinationRect.height)
    let (level, nextWeight) = chain.levels(forReduction: reduction)
    let larger = chain.levels[level]
    let levelRect = Self.rect(rect, atLevel: level)
    guard nextWeight > 0 else {
      return try larger.withView { (source) throws(PixelError) in
        try draw(source, from: levelRect, in: destinationRect, onto: destination, filter: .bilinear, options: options)
      }
    }
    try larger.withView { (first) throws(PixelError) in
      try chain.levels[level + 1].withView { (second) throws(PixelError) in
        try requireScaledDrawFormats(source: first, destination: destination, options: options)
        let near = try ResampleRowProducer(
          source: first, sourceRect: levelRect, destinationSize: destination.size, destinationRect: destinationRect,
          filter: .bilinear)
        let far = try ResampleRowProducer(
          source: second, sourceRect: Self.rect(rect, atLevel: level + 1), destinationSize: destination.size,
          destinationRect: destinationRect, filter: .bilinear)
        guard !near.rows.isEmpty, !near.columns.isEmpty else { return }
        let row = resampledRowKernel(sourceIsOpaque: first.isKnownOpaque && second.isKnownOpaque, options: options)
        let mixedRowBytes = (near.columns.count &* 4 &+ 63) & ~63
        try runResampledBands(
          rowCount: near.rows.count,
          bytesPerRow: near.bandCostPerRow &+ far.bandCostPerRow &+ near.columns.count &* 8,
          scratchBytes: near.scratchByteCount &+ far.scratchByteCount &+ mixedRowBytes, parallelism: options.parallelism
        ) { failed in
          TrilinearRows(
            near: near, far: far, farWeight: UInt16(nextWeight), kernel: row.kernel,
            parameters: Self.parameters(options), destination: destination, failed: failed)
        }
      }
    }
  }

  /// `rect` in the pixels of mipmap level `level` (each `2^level` level-0 pixels wide).
  private static func rect(_ rect: FractionalPixelRect, atLevel level: Int) -> FractionalPixelRect {
    let scale = 1 / Double(1 << level)
    return FractionalPixelRect(x: rect.x * scale, y: rect.y * scale, width: rect.width * scale, height: rect.height * scale)
  }
}

/// One trilinear draw's bands: each row is resampled from both levels, mixed, then composited.
private struct TrilinearRows: RowBandWork {
  let near: ResampleRowProducer
  let far: ResampleRowProducer
  /// Weight of the smaller level, 1...255 (of 256).
  let farWeight: UInt16
  let kernel: CompositeRowKernel
  let parameters: CompositeParameters
  let destination: MutablePixelView
  let failed: UnsafeMutablePointer<Atomic<Bool>>

  /// The larger level's rows stream through its producer band-wise (its ring of source rows
  /// carries over from row to row); the smaller level, a quarter of the pixels, is produced one
  /// row at a time beside it.
  func run(rows: Range<Int>) {
    let firstColumn = near.columns.lowerBound &* 4
    let width = near.columns.count
    do {
      try ResampleScratch.withBuffer(byteCount: width &* 4 &+ 16) { (mixed) throws(PixelError) in
        try near.forEachRow(inBand: rows) { y, nearPixels in
          let r = y &- near.rows.lowerBound
          do {
            try far.forEachRow(inBand: r..<(r &+ 1)) { _, farPixels in
              RowMixing.mix(nearPixels, farPixels, farWeight: farWeight, into: mixed, count: width)
            }
          } catch {
            failed.pointee.store(true, ordering: .relaxed)
            return
          }
          kernel(.image(UnsafeRawPointer(mixed), onto: destination.rowAddress(y) + firstColumn, count: width), parameters)
        }
      }
    } catch {
      failed.pointee.store(true, ordering: .relaxed)
    }
  }
}
