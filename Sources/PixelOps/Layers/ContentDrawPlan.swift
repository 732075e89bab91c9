/// What a renderer does to draw a layer's contents: resample ``sourceRect`` of the image into
/// ``destinationRect`` of the backing store, touching only pixels inside ``clipRect``.
///
/// Pure geometry, computed once from a ``ContentLayer``; no pixels are read. All rectangles use
/// PixelOps' top-left origin (row 0 is the top row of the image and of the backing store).
public struct ContentDrawPlan: Sendable, Hashable {
  /// The layer's backing store: `bounds.size × contentsScale`, each side rounded up (an edge
  /// within 1e-6 pixel of a whole number snaps to it).
  public var backingStoreSize: PixelSize
  /// The part of the image to draw, in image pixels: `contentsRect` times the image's pixel size.
  /// It may extend beyond the image (a `contentsRect` outside 0...1); the renderer then samples
  /// with clamping, so the edge pixels extend outward.
  public var sourceRect: FractionalPixelRect
  /// Where ``sourceRect`` lands, in backing-store pixels (bounds origin at (0, 0)), unrounded.
  /// It may be fractional, and may lie partly or wholly outside the backing store.
  public var destinationRect: FractionalPixelRect
  /// The same destination in the layer's points (the bounds' coordinate space).
  public var destinationRectInPoints: PointRect
  /// The backing-store pixels drawing may touch: the whole backing store
  /// (`PixelRect(size: backingStoreSize)`) when the layer masks to its bounds; otherwise the
  /// pixels ``destinationRect`` covers (rounded outward), so content overflowing the bounds is
  /// drawn, limited only by the destination surface the renderer intersects this with. Empty, at
  /// (0, 0), when there is nothing to draw.
  public var clipRect: PixelRect

  /// Whether there is nothing to draw (no image area, an empty `contentsRect`, an empty
  /// destination, or a clip that excludes everything).
  public var isEmpty: Bool {
    if sourceRect.isEmpty || destinationRect.isEmpty || clipRect.isEmpty { return true }
    let overlapsX = Double(clipRect.x) < destinationRect.maxX && Double(clipRect.maxX) > destinationRect.x
    let overlapsY = Double(clipRect.y) < destinationRect.maxY && Double(clipRect.maxY) > destinationRect.y
    return !(overlapsX && overlapsY)
  }

  /// Whether the contents are reduced on either axis, which picks the minification filter.
  var reducesContents: Bool {
    destinationRect.width < sourceRect.width || destinationRect.height < sourceRect.height
  }

  /// The layer filter that samples the contents: `minification` when they are reduced on
  /// either axis, `magnification` otherwise (Core Animation's rule).
  func samplingFilter(minification: ContentsFilter, magnification: ContentsFilter) -> ContentsFilter {
    reducesContents ? minification : magnification
  }
}
