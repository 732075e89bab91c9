extension Compositor {
  /// Draws `sourceRect` of a mipmapped image scaled into `destinationRect` with trilinear
  /// filtering (``ContentsFilter/trilinear``), composited with `options`.
  ///
  /// For a reduction by `r` (the larger of the two axes' source-to-destination ratios), the
  /// draw reads levels `⌊log2 r⌋` and the next smaller one, each resampled with
  /// ``ResamplingFilter/bilinear`` as ``draw(_:from:in:onto:filter:extend:options:)`` does, and
  /// mixes them per channel by the fractional part of `log2 r` in 1/256 steps:
  /// `round((a * (256 - w) + b * w) / 256)`. A whole-numbered `log2 r` (and any enlargement)
  /// reads one level only. Geometry and masks are those of the plain scaled draw, in level-0
  /// pixels.
  ///
  /// A mask must not overlap the destination (the chain owns its levels, so they cannot).
  ///
  /// - Returns: What the draw did to opaque destination pixels.
  /// - Throws: as ``draw(_:from:in:onto:filter:extend:options:)``.
  @discardableResult
  public static func draw(
    _ chain: MipmapChain, from sourceRect: FractionalPixelRect? = nil, in destinationRect: FractionalPixelRect,
    onto destination: MutablePixelView, options: CompositeOptions = CompositeOptions()
  ) throws(PixelError) -> OpacityOutcome {
    try ViewOverlap.requireDisjoint("Compositor.draw (mipmaps)", source: nil, mask: options.mask, onto: destination)
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
    return try larger.withView { (first) throws(PixelError) -> OpacityOutcome in
      try chain.levels[level + 1].withView { (second) throws(PixelError) -> OpacityOutcome in
        try requireWorkingFormat(first.format, "draw source")
        let channels = try drawChannels(destination, options.blendMode, "draw destination")
        let near = try ResampleRowProducer(
          source: first, sourceRect: levelRect, destinationSize: destination.size, destinationRect: destinationRect,
          filter: .bilinear)
        let far = try ResampleRowProducer(
          source: second, sourceRect: Self.rect(rect, atLevel: level + 1), destinationSize: destination.size,
          destinationRect: destinationRect, filter: .bilinear)
        let mask = try scaledDrawMask(options.mask, destinationRect: destinationRect)
        let mixed = TrilinearRowSource(near: near, far: far, farWeight: UInt16(nextWeight))
        guard !mixed.area.isEmpty else { return .keepsOpaque }
        return try composite(mixed, ordered: first.format, channels, mask, nil, area: mixed.area, onto: destination, options: options)
      }
    }
  }

  /// `rect` in the pixels of mipmap level `level` (each `2^level` level-0 pixels wide).
  private static func rect(_ rect: FractionalPixelRect, atLevel level: Int) -> FractionalPixelRect {
    let scale = 1 / Double(1 << level)
    return FractionalPixelRect(x: rect.x * scale, y: rect.y * scale, width: rect.width * scale, height: rect.height * scale)
  }
}
