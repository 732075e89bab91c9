extension ContentDrawPlan {
  /// The plan for drawing `layer`'s contents.
  ///
  /// 1. Backing store: `bounds.size × contentsScale` pixels, rounded up.
  /// 2. Source: `contentsRect` (its y measured from the image's top in
  ///    ``CoordinateOrigin/topLeft`` geometry, from its bottom in ``CoordinateOrigin/bottomLeft``)
  ///    times the image's pixel size.
  /// 3. Content size in points: the source size divided by ``ContentLayer/effectiveImageScale``.
  /// 4. Destination: the gravity places that size in the bounds
  ///    (``ContentsGravity/destinationRect(forContentSize:in:origin:)``), then
  ///    `(point - bounds.origin) × contentsScale` gives backing-store pixels.
  /// 5. Clip: the backing store when masking, else the destination's covering pixels; an empty
  ///    rectangle at (0, 0) when there is nothing to draw.
  ///
  /// An image with no pixels or a `contentsRect` with a zero or negative side gives an empty plan
  /// (nothing drawn; mirroring by negative sizes is not modelled). Bounds with a negative side are
  /// standardised.
  ///
  /// - Throws: ``PixelError/invalidScale(_:)`` when `contentsScale` or `contentsImageScale` is
  ///   not finite and positive; ``PixelError/invalidCoordinate(_:)`` for a non-finite value in
  ///   `bounds` or `contentsRect` (or a source rectangle that overflows `Double`), or a backing
  ///   store or (unmasked) destination beyond ±2^52 pixels; ``PixelError/invalidDimensions(width:height:)`` for a negative image size.
  public init(layer: ContentLayer) throws(PixelError) {
    let scale = layer.contentsScale
    let imageScale = layer.effectiveImageScale
    guard scale.isFinite, scale > 0 else { throw .invalidScale(scale) }
    guard imageScale.isFinite, imageScale > 0 else { throw .invalidScale(imageScale) }
    let image = layer.contentsPixelSize
    guard image.width >= 0, image.height >= 0 else {
      throw .invalidDimensions(width: image.width, height: image.height)
    }
    let unit = layer.contentsRect
    if let bad = Self.firstNonFinite(layer.bounds.minX, layer.bounds.minY, layer.bounds.width, layer.bounds.height)
      ?? Self.firstNonFinite(unit.x, unit.y, unit.width, unit.height)
    {
      throw .invalidCoordinate(bad)
    }

    let bounds = layer.bounds.standardized
    backingStoreSize = try PointRect(x: 0, y: 0, width: bounds.width, height: bounds.height)
      .pixelRect(scale: scale).size

    let topY = layer.coordinateOrigin == .topLeft ? unit.y : 1 - unit.y - unit.height
    let imageWidth = Double(image.width)
    let imageHeight = Double(image.height)
    sourceRect = FractionalPixelRect(
      x: unit.x * imageWidth, y: topY * imageHeight, width: unit.width * imageWidth,
      height: unit.height * imageHeight)
    if let bad = Self.firstNonFinite(sourceRect.x, sourceRect.y, sourceRect.width, sourceRect.height) {
      throw .invalidCoordinate(bad)  // a contentsRect so large that image pixels overflow Double
    }

    let contentSize =
      sourceRect.isEmpty
      ? PointSize(width: 0, height: 0)
      : PointSize(width: sourceRect.width / imageScale, height: sourceRect.height / imageScale)
    let placed = layer.contentsGravity.destinationRect(
      forContentSize: contentSize, in: bounds, origin: layer.coordinateOrigin)
    destinationRectInPoints = placed
    destinationRect = FractionalPixelRect(
      x: Self.finite((placed.minX - bounds.minX) * scale), y: Self.finite((placed.minY - bounds.minY) * scale),
      width: Self.finite(placed.width * scale), height: Self.finite(placed.height * scale))

    if sourceRect.isEmpty || destinationRect.isEmpty {
      clipRect = PixelRect(x: 0, y: 0, width: 0, height: 0)
    } else if layer.masksToBounds {
      clipRect = PixelRect(size: backingStoreSize)
    } else {
      clipRect = try destinationRect.coveringPixelRect()
    }
  }

  /// The first of four values that is NaN or infinite (no array, so no allocation per plan).
  private static func firstNonFinite(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Double? {
    if !a.isFinite { return a }
    if !b.isFinite { return b }
    if !c.isFinite { return c }
    if !d.isFinite { return d }
    return nil
  }

  private static func finite(_ value: Double) -> Double {
    min(max(value, -.greatestFiniteMagnitude), .greatestFiniteMagnitude)
  }
}
