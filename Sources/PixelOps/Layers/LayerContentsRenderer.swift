/// Draws a layer's contents image the way Core Animation shows it: ``ContentDrawPlan`` decides
/// where (gravity, `contentsScale`, `contentsRect`, `masksToBounds`), the layer's minification
/// or magnification filter decides how it is sampled, and the fused scaled draw of
/// ``Compositor`` does the pixels in one pass.
public enum LayerContentsRenderer {
  /// Draws `image`, the contents of `layer`, onto `surface` with the layer's bounds origin at
  /// `layerOrigin` (surface pixels; pass `.zero` when `surface` is the layer's own backing store
  /// of ``ContentDrawPlan/backingStoreSize``).
  ///
  /// Content that overflows the bounds is drawn unless the layer masks to its bounds; either
  /// way nothing is drawn outside `surface`. A `contentsCenter` smaller than the whole image
  /// draws the border outside it at the contents' scale and stretches its centre (see
  /// ``draw(_:as:onto:at:filter:options:)`` for how the slices meet); the trilinear filter
  /// then samples as linear. The minification filter applies when the image is
  /// reduced on either axis, the magnification filter otherwise. Destination pixels whose
  /// centre lies inside the placed contents are drawn (``Compositor/draw(_:from:in:onto:filter:extend:options:)``).
  /// As in Core Animation, `contentsRect` selects a part of the whole image, so a scaled draw's
  /// filter may sample pixels just outside it (a neighbouring sprite of a sheet); to clamp at a
  /// cell's edges, crop the cell (``SpriteSheetSequence`` does).
  ///
  /// - Parameters:
  ///   - image: The contents, premultiplied RGBA8 or BGRA8, ``ContentLayer/contentsPixelSize`` large.
  ///   - layer: Where and how the contents are placed.
  ///   - surface: A premultiplied RGBA8 or BGRA8 view to draw on (either order with either).
  ///   - layerOrigin: Where the layer's bounds origin lies on `surface`.
  ///   - minificationFilter: `CALayer.minificationFilter` (default linear).
  ///   - magnificationFilter: `CALayer.magnificationFilter` (default linear).
  ///   - mipmaps: The chain of `image`, for ``ContentsFilter/trilinear`` minification. Keep one
  ///     for an image drawn reduced repeatedly; without it a trilinear draw builds one (and
  ///     allocates) every call.
  ///   - options: Blend mode (a layer composites with `normal`), opacity (`CALayer.opacity`)
  ///     and threads.
  /// `image` and `options.mask` must not overlap `surface` (a scaled draw cannot run in place).
  ///
  /// - Returns: What the draw did to opaque pixels of `surface` (for ``PixelBuffer/draw(_:)``).
  /// - Throws: ``PixelError/sizeMismatch(_:_:)`` when `image` (or the chain's level 0) is not
  ///   the layer's contents size; ``PixelError/overlappingViews(operation:)``; the errors of ``ContentDrawPlan/init(layer:)`` and of the
  ///   scaled draw.
  @discardableResult
  public static func draw(
    _ image: PixelView, as layer: ContentLayer, onto surface: MutablePixelView, at layerOrigin: PixelPosition = .zero,
    minificationFilter: ContentsFilter = .linear, magnificationFilter: ContentsFilter = .linear,
    mipmaps: MipmapChain? = nil, options: CompositeOptions = CompositeOptions()
  ) throws(PixelError) -> OpacityOutcome {
    guard image.size == layer.contentsPixelSize else { throw .sizeMismatch(image.size, layer.contentsPixelSize) }
    try ViewOverlap.requireDisjoint("LayerContentsRenderer.draw", source: image, mask: options.mask, onto: surface)
    let plan = try ContentDrawPlan(layer: layer)
    guard let (target, destinationRect) = try placement(of: plan, onto: surface, at: layerOrigin) else {
      return .keepsOpaque
    }
    let filter = plan.samplingFilter(minification: minificationFilter, magnification: magnificationFilter)
    if let slicing = try ContentDrawPlan.centerSlicing(of: layer) {
      return try drawSliced(
        try image.cropped(to: slicing.part), horizontal: slicing.horizontal, vertical: slicing.vertical, tiles: nil,
        layer: layer, in: destinationRect, onto: target, filter: filter, options: options)
    }
    guard filter == .trilinear && plan.reducesContents else {
      return try Compositor.draw(
        image, from: plan.sourceRect, in: destinationRect, onto: target, filter: filter.resamplingFilter,
        options: options)
    }
    let chain: MipmapChain
    if let mipmaps { chain = mipmaps } else { chain = try MipmapChain(image, parallelism: options.parallelism) }
    guard chain.levels[0].size == image.size else { throw .sizeMismatch(chain.levels[0].size, image.size) }
    return try Compositor.draw(chain, from: plan.sourceRect, in: destinationRect, onto: target, options: options)
  }

  /// Where `plan` draws on `surface` with the layer's bounds origin at `layerOrigin`: the surface
  /// cropped to the plan's clip, and the destination rect in the crop's pixels; `nil` when
  /// nothing is drawn.
  static func placement(
    of plan: ContentDrawPlan, onto surface: MutablePixelView, at layerOrigin: PixelPosition
  ) throws(PixelError) -> (target: MutablePixelView, destinationRect: FractionalPixelRect)? {
    if plan.isEmpty { return nil }
    let clip = plan.clipRect.offsetBy(dx: layerOrigin.x, dy: layerOrigin.y).intersection(surface.bounds)
    if clip.isEmpty { return nil }
    let destinationRect = FractionalPixelRect(
      x: plan.destinationRect.x + Double(layerOrigin.x - clip.x), y: plan.destinationRect.y + Double(layerOrigin.y - clip.y),
      width: plan.destinationRect.width, height: plan.destinationRect.height)
    return (try surface.cropped(to: clip), destinationRect)
  }
}
