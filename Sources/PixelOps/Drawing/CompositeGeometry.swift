/// Where a source placed at an offset meets the destination: pure geometry, no pixels.
struct CompositeGeometry: Equatable {
  /// The part of the source that lands inside the destination.
  let sourceRect: PixelRect
  /// Where that part lands in the destination (same size as `sourceRect`).
  let destinationRect: PixelRect

  /// Clips a `sourceSize` image placed with its top-left pixel at `origin` in a destination of
  /// `destinationSize`. Any origin is allowed, including far outside (the result is empty).
  init(sourceSize: PixelSize, origin: PixelPosition, destinationSize: PixelSize) {
    let placed = PixelRect(origin: origin, size: sourceSize)
    let visible = placed.intersection(PixelRect(size: destinationSize))
    if visible.isEmpty {
      sourceRect = PixelRect(x: 0, y: 0, width: 0, height: 0)
      destinationRect = PixelRect(x: 0, y: 0, width: 0, height: 0)
    } else {
      destinationRect = visible
      sourceRect = PixelRect(x: visible.x - origin.x, y: visible.y - origin.y, width: visible.width, height: visible.height)
    }
  }

  var isEmpty: Bool { destinationRect.isEmpty }
}
