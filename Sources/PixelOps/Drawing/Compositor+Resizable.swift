extension Compositor {
  /// Draws a resizable image into `rect` (points at `scale`): caps as they are, edges and
  /// centre stretched or tiled.
  @discardableResult
  public static func draw(
    _ image: ResizableImage, in rect: PointRect, onto destination: MutablePixelView, scale: Double = 1,
    filter: ResamplingFilter = .bilinear, options: CompositeOptions = CompositeOptions()
  ) throws(PixelError) -> OpacityOutcome {
    fatalError("not yet")
  }
}
