public import PixelOps

extension AnimatedImageView {
  /// Plays the animation from its start at `framesPerSecond` and writes what the view shows at
  /// each tick as one page of a multi-page TIFF: tick `k` shows the animation `k /
  /// framesPerSecond` seconds after its start, exactly (no accumulated time).
  ///
  /// The export covers the whole animation (`animationRepeatCount` cycles), or `cycles`
  /// cycles of one that repeats forever; it ends on the tick before the animation finishes. Pages
  /// are produced one at a time, so memory holds one frame whatever the length. The view is left
  /// stopped; its `backingStore` holds the last page until the next display. The file is
  /// written atomically: a failed export leaves no half-written file in place of an old one.
  ///
  /// - Parameters:
  ///   - path: Where the TIFF goes.
  ///   - framesPerSecond: Ticks per second (a display's refresh rate, or the sequence's rate).
  ///   - cycles: Cycles to export when the animation repeats forever (default 1).
  ///   - options: Compression and layout of the TIFF; its resolution is the view's
  ///     `screenScale` unless the options give a scale.
  /// - Throws: ``ImageIOError/invalidOption(_:message:)`` for no animation images, a rate that
  ///   is not finite and positive, `cycles` below 1, more than 1,000,000 pages, or timing errors;
  ///   a frame's own decoding error (a TIFF page that failed); the errors of
  ///   ``TIFF/write(pageCount:to:options:page:)``.
  public func writeAnimationTIFF(
    to path: String, framesPerSecond: Double, cycles: Int = 1, options: TIFFEncodingOptions = .standard
  ) throws(ImageIOError) {
    guard let source = activeAnimationImages else {
      throw .invalidOption(.tiff, message: "the view has no animation images to export")
    }
    guard framesPerSecond.isFinite, framesPerSecond > 0 else {
      throw .invalidOption(.tiff, message: "frame rate \(framesPerSecond) is not finite and positive")
    }
    guard cycles >= 1 else { throw .invalidOption(.tiff, message: "cycles \(cycles) is below 1") }
    let timeline: AnimationTimeline
    do { timeline = try self.timeline(for: source) } catch { throw ImageIOError(error) }
    let duration = timeline.totalDuration ?? timeline.cycleDuration * Double(cycles)
    let ticks = (duration * framesPerSecond).rounded(.up)
    guard ticks <= 1_000_000 else {
      throw .invalidOption(.tiff, message: "\(ticks) pages exceed the export limit of 1,000,000")
    }
    var pageCount = max(1, Int(ticks))
    // The product can land a hair past a whole number of ticks (3 frames of 1/30 s, 3 cycles,
    // at 30 fps: 9.000000000000002): a last page at a time the timeline (which snaps such times
    // onto the boundary) shows after the export's end is dropped.
    func isPastEnd(_ page: Int) throws(ImageIOError) -> Bool {
      let frame: AnimationFrame
      do { frame = try timeline.frame(at: Double(page) / framesPerSecond) } catch { throw ImageIOError(error) }
      return frame.isFinished || timeline.totalDuration == nil && frame.cycle >= cycles
    }
    while pageCount > 1, try isPastEnd(pageCount - 1) { pageCount -= 1 }
    startAnimating(at: 0)
    defer { stopAnimating() }
    try TIFF.write(pageCount: pageCount, to: path, options: options.withScale(orImageScale: screenScale)) {
      (index, write: (PixelView) throws(ImageIOError) -> Void) throws(ImageIOError) in
      do throws(ImageSequenceError) { try display(at: Double(index) / framesPerSecond) } catch { throw ImageIOError(error) }
      try withBackingStore { (view) throws(ImageIOError) in
        guard let view else { throw .invalidOption(.tiff, message: "the view drew nothing") }
        try write(view)
      }
    }
  }
}
