extension LayerContentsRenderer {
  /// Draws a resizable image as the contents of `layer` (a `UIImageView` showing a resizable
  /// image: ``ContentLayer/imageView(bounds:imageSize:imageScale:contentMode:screenScale:clipsToBounds:)``):
  /// the layer's gravity (the view's content mode) gives the rect, and the image is drawn into it
  /// with its caps at the layer's ``ContentLayer/effectiveImageScale`` (the image's scale when
  /// the layer is made by `imageView(...)` with the image's `imageScale`, as a `UIImageView`'s
  /// is; a layer made without `contentsImageScale` takes `contentsScale`, as Core Animation
  /// takes a `CGImage`) and its centre stretched or tiled
  /// (``Compositor/draw(_:in:onto:scale:filter:options:)``). An aspect-fill view that clips to
  /// its bounds shows only the middle of a tall stretched image, as in UIKit.
  ///
  /// - Parameters:
  ///   - image: The resizable image; ``ContentLayer/contentsPixelSize`` must be its size.
  ///   - layer: Where the contents are placed (its `contentsRect` must be the whole image, as
  ///     UIKit leaves it, and its `contentsCenter` is not used: the image's slicing is).
  ///   - surface: A premultiplied RGBA8 or BGRA8 view to draw on.
  ///   - layerOrigin: Where the layer's bounds origin lies on `surface`.
  ///   - filter: How stretched slices are sampled (default linear; trilinear samples as linear).
  ///   - options: Blend mode, opacity and threads.
  /// - Returns: What the draw did to opaque pixels of `surface`.
  /// - Throws: ``PixelError/sizeMismatch(_:_:)`` when the image is not the layer's contents
  ///   size; ``PixelError/invalidSlicing(reason:)`` for a `contentsRect` other than the whole
  ///   image; the errors of ``ContentDrawPlan/init(layer:)`` and of the draw.
  @discardableResult
  public static func draw(
    _ image: ResizableImage, as layer: ContentLayer, onto surface: MutablePixelView, at layerOrigin: PixelPosition = .zero,
    filter: ContentsFilter = .linear, options: CompositeOptions = CompositeOptions()
  ) throws(PixelError) -> OpacityOutcome {
    guard image.image.size == layer.contentsPixelSize else {
      throw .sizeMismatch(image.image.size, layer.contentsPixelSize)
    }
    guard layer.contentsRect == .full else {
      throw .invalidSlicing(reason: "contentsRect \(layer.contentsRect) with a resizable image (only the whole image)")
    }
    guard let (target, destinationRect) = try placement(of: try ContentDrawPlan(layer: layer), onto: surface, at: layerOrigin)
    else { return .keepsOpaque }
    return try image.image.withView { (view) throws(PixelError) -> OpacityOutcome in
      try drawSliced(
        view, horizontal: image.horizontal, vertical: image.vertical, opacity: image.opacity,
        uniformity: image.uniformity, tiles: image.tiles, layer: layer, in: destinationRect, onto: target,
        filter: filter, options: options)
    }
  }

  /// The nine slices of `image` onto the pixels whose centres lie in `destinationRect` (the
  /// pixels a plain scaled draw of the same rect writes, and the size of a mask), caps at
  /// `contentsScale / imageScale` backing pixels per image pixel. `opacity` and `uniformity`
  /// are a resizable image's measurements, made now when not given.
  static func drawSliced(
    _ image: PixelView, horizontal: SliceAxis, vertical: SliceAxis, opacity: SliceOpacity? = nil,
    uniformity: SliceUniformity? = nil, tiles: PreparedTileCache?, layer: ContentLayer,
    in destinationRect: FractionalPixelRect, onto target: MutablePixelView, filter: ContentsFilter,
    options: CompositeOptions
  ) throws(PixelError) -> OpacityOutcome {
    // The plan leaves a masked destination unchecked (the clip bounds it); its pixel edges must
    // still be whole numbers an `Int` holds.
    try requirePixelCoordinate(destinationRect.x)
    try requirePixelCoordinate(destinationRect.y)
    try requirePixelCoordinate(destinationRect.maxX)
    try requirePixelCoordinate(destinationRect.maxY)
    let columns = ResampleAxis.coveredRange(origin: destinationRect.x, length: destinationRect.width)
    let rows = ResampleAxis.coveredRange(origin: destinationRect.y, length: destinationRect.height)
    let rect = PixelRect(x: columns.lowerBound, y: rows.lowerBound, width: columns.count, height: rows.count)
    guard !rect.isEmpty else { return .keepsOpaque }
    return try Compositor.drawSlices(
      image, horizontal: horizontal, vertical: vertical, opacity: opacity, uniformity: uniformity, tiles: tiles,
      in: rect,
      ratio: layer.contentsScale / layer.effectiveImageScale, filter: filter.resamplingFilter, onto: target,
      options: options)
  }

  private static func requirePixelCoordinate(_ value: Double) throws(PixelError) {
    guard abs(value) <= 4_503_599_627_370_496 else { throw .invalidCoordinate(value) }
  }
}
