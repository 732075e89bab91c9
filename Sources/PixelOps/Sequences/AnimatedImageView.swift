/// A `UIImageView` that animates: a still image and an image sequence, UIKit's timing and
/// highlight rules, and a backing store the frames are drawn into.
///
/// UIKit's rules (the `UIImageView` reference):
/// - While animating, the view shows frames of ``animationImages`` (of
///   ``highlightedAnimationImages`` when ``isHighlighted`` and that is set) and hides
///   ``image``; otherwise it shows ``image`` (``highlightedImage`` when highlighted and set).
/// - ``animationDuration`` is one cycle (0: frame count × 1/30 s); ``animationRepeatCount`` is
///   the number of cycles (0: forever). After the last cycle the animation has finished:
///   ``isAnimating`` is false and the still image shows again.
/// - Each frame is placed by ``contentMode`` on its own (frames of other sizes or scales are each
///   scaled separately), over ``appearance``'s background, with its alpha and opacity rules
///   (``ImageViewTransparency``); template frames are drawn in ``tintColor``.
///
/// Time comes from ``clock`` (``SystemAnimationClock`` unless one is injected), or explicitly
/// through ``startAnimating(at:)`` and ``display(at:)``, so tests and exports step exactly.
/// ``display()`` draws what shows now into ``backingStore`` — and draws nothing when the same
/// pixels are already there (the same image twice in a row, a frame that has not changed yet).
///
/// Not `Sendable`: like a `UIView`, one thread owns it.
public final class AnimatedImageView {
  /// The view's bounds in points.
  public var bounds: PointRect
  /// Backing-store pixels per point.
  public var screenScale: Double
  /// How each image is placed in the bounds (UIKit's default `.scaleToFill`).
  public var contentMode: ContentMode
  /// Whether drawing is clipped to the bounds.
  public var clipsToBounds: Bool
  /// Background colour, `isOpaque` and `alpha`.
  public var appearance: ImageViewAppearance
  /// The colour template frames are drawn in (`tintColor`; default UIKit's system blue).
  public var tintColor: PremultipliedColor
  /// Threads for each draw.
  public var parallelism: Parallelism
  /// Where ``startAnimating()``, ``isAnimating`` and ``display()`` read the time.
  public var clock: any AnimationClock

  /// The still image (`image`), shown when not animating; `nil` shows only the background.
  public var image: PixelBuffer?
  /// The still image shown while highlighted (`highlightedImage`).
  public var highlightedImage: PixelBuffer?
  /// The frames (`animationImages`). Setting it stops a running animation (UIKit's reference
  /// does not say; stopping means frames of two sequences never mix on one clock): call
  /// ``startAnimating()`` to play the new ones.
  public var animationImages: (any ImageSequenceSource)? {
    didSet { animationSourcesChanged(replacing: oldValue) }
  }
  /// The frames while highlighted (`highlightedAnimationImages`); setting it stops a running
  /// animation too.
  public var highlightedAnimationImages: (any ImageSequenceSource)? {
    didSet { animationSourcesChanged(replacing: oldValue) }
  }
  /// Seconds of one cycle (`animationDuration`); 0 means frame count × 1/30 s.
  public var animationDuration: Double = 0 {
    didSet { cachedTimeline = nil }
  }
  /// Cycles to play (`animationRepeatCount`); 0 repeats forever.
  public var animationRepeatCount: Int = 0 {
    didSet { cachedTimeline = nil }
  }
  /// Seconds per frame, beyond UIKit (animated formats give each frame its own delay); when
  /// set it must have one entry per frame and replaces ``animationDuration``.
  public var animationFrameDurations: [Double]? {
    didSet { cachedTimeline = nil }
  }
  /// Whether the highlighted images are shown (`isHighlighted`). Changing it while animating
  /// switches sequences on the same clock; the sequence no longer shown stops decoding ahead.
  public var isHighlighted = false {
    didSet {
      if let previous = animationImages(highlighted: oldValue), previous !== activeAnimationImages {
        previous.stopPlayback()
      }
    }
  }

  /// Clock time at which the running animation started; `nil` when not animating.
  private var animationStart: Double?
  private var cachedTimeline: AnimationTimeline?
  private var renderer = FrameRenderer()

  /// UIKit's default tint, system blue (0, 122, 255).
  public static let defaultTintColor = PremultipliedColor(premultipliedRed: 0, green: 122, blue: 255, alpha: 255)

  /// A view of `bounds` points drawn at `screenScale`, with UIKit's defaults otherwise.
  public init(
    bounds: PointRect, screenScale: Double, image: PixelBuffer? = nil, contentMode: ContentMode = .scaleToFill,
    clipsToBounds: Bool = false, appearance: ImageViewAppearance = ImageViewAppearance(),
    tintColor: PremultipliedColor = AnimatedImageView.defaultTintColor, parallelism: Parallelism = .automatic,
    clock: any AnimationClock = SystemAnimationClock()
  ) {
    self.bounds = bounds
    self.screenScale = screenScale
    self.image = image
    self.contentMode = contentMode
    self.clipsToBounds = clipsToBounds
    self.appearance = appearance
    self.tintColor = tintColor
    self.parallelism = parallelism
    self.clock = clock
  }

  /// The sequence that plays now: the highlighted one when highlighted and set.
  public var activeAnimationImages: (any ImageSequenceSource)? { animationImages(highlighted: isHighlighted) }

  private func animationImages(highlighted: Bool) -> (any ImageSequenceSource)? {
    highlighted ? highlightedAnimationImages ?? animationImages : animationImages
  }

  /// Starts the animation from its first frame now (`startAnimating()`); does nothing without
  /// animation images. Starting a running animation restarts it.
  public func startAnimating() { startAnimating(at: clock.now) }

  /// Starts the animation as if started at clock time `time` (seconds on ``clock``'s scale). A
  /// time that is not finite is ignored: nothing starts, and a running animation runs on.
  public func startAnimating(at time: Double) {
    guard activeAnimationImages != nil, time.isFinite else { return }
    animationStart = time
  }

  /// Stops the animation (`stopAnimating()`): the still image shows again, and a source that
  /// decodes ahead stops and frees its frames.
  public func stopAnimating() {
    animationStart = nil
    animationImages?.stopPlayback()
    highlightedAnimationImages?.stopPlayback()
  }

  /// Whether the animation is running now (`isAnimating`): started, not stopped, and its last
  /// cycle not over.
  public var isAnimating: Bool { isAnimating(at: clock.now) }

  /// Whether the animation runs at clock time `time`.
  public func isAnimating(at time: Double) -> Bool {
    guard let animationStart, let source = activeAnimationImages,
      let timeline = try? timeline(for: source), let frame = try? timeline.frame(at: time - animationStart)
    else { return false }
    return !frame.isFinished
  }

  /// Draws what the view shows now into ``backingStore`` (see ``display(at:)``).
  @discardableResult
  public func display() throws(ImageSequenceError) -> DisplayUpdate { try display(at: clock.now) }

  /// Draws what the view shows at clock time `time` into ``backingStore``, unless it is
  /// already there.
  ///
  /// An animation found finished here ends: the still image is drawn and the source is told to
  /// stop (``ImageSequenceSource/stopPlayback()``).
  ///
  /// - Returns: What shows, whether pixels were drawn, and when the next change is due.
  /// - Throws: ``ImageSequenceError/invalidTime(_:)`` for a non-finite time; the timing errors of
  ///   ``AnimationTimeline``; ``ImageSequenceError/frameFailed(index:reason:)`` when the source
  ///   cannot produce the frame (the backing store then holds no valid frame, and the next
  ///   call draws again); ``ImageSequenceError/pixels(_:)`` for drawing errors.
  @discardableResult
  public func display(at time: Double) throws(ImageSequenceError) -> DisplayUpdate {
    guard time.isFinite else { throw .invalidTime(time) }
    var content = FrameRenderer.Content.nothing
    var shown = DisplayUpdate.Shown.background
    var nextChange: Double?
    if let start = animationStart, let source = activeAnimationImages {
      let timeline = try timeline(for: source)
      let frame = try timeline.frame(at: time - start)
      if frame.isFinished {
        stopAnimating()
      } else {
        content = .frame(source, index: frame.index)
        shown = .frame(frame.index)
        nextChange = try frame.nextChange.map { change throws(ImageSequenceError) in
          try Self.clockTime(of: change, after: start, leaving: frame, on: timeline)
        }
      }
    }
    if case .nothing = content, let still = isHighlighted ? highlightedImage ?? image : image {
      content = .still(still)
      shown = .image
    }
    let didDraw = try renderer.show(content, state: viewState, parallelism: parallelism)
    return DisplayUpdate(shown: shown, didDraw: didDraw, nextChange: nextChange)
  }

  /// The pixels drawn by the last ``display()``: `bounds × screenScale` pixels, premultiplied
  /// RGBA8; `nil` before the first display and while the bounds have no pixels (zero width or
  /// height, as a view's before layout: display then draws nothing). The buffer shares storage
  /// with the view until the next display (which then copies it once if it is still held).
  public var backingStore: PixelBuffer? { renderer.backingStore }

  /// Calls `body` with the backing store's pixels without copying them (valid in the call).
  public func withBackingStore<Result, Failure: Error>(
    _ body: (PixelView?) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    guard let store = renderer.backingStore else { return try body(nil) }
    return try store.withView { (view) throws(Failure) -> Result in try body(view) }
  }

  /// The clock time of the elapsed time `change`: `start + change`, moved up by a few units in
  /// the last place where rounding would make `display(at:)` at that time still show `frame`
  /// (a clock with a large origin, such as Unix time, keeps fewer bits of the elapsed time
  /// than the boundary snapping tolerates).
  private static func clockTime(
    of change: Double, after start: Double, leaving frame: AnimationFrame, on timeline: AnimationTimeline
  ) throws(ImageSequenceError) -> Double {
    var time = start + change
    for _ in 0..<64 {
      let next = try timeline.frame(at: time - start)
      if next.index != frame.index || next.cycle != frame.cycle || next.isFinished { return time }
      time = time.nextUp
    }
    return time
  }

  /// The timing of `source` with this view's duration, repeat count and frame durations.
  public func timeline(for source: any ImageSequenceSource) throws(ImageSequenceError) -> AnimationTimeline {
    if let cachedTimeline, cachedTimeline.frameCount == source.frameCount { return cachedTimeline }
    let timeline: AnimationTimeline
    if let durations = animationFrameDurations {
      guard durations.count == source.frameCount else {
        throw .frameDurationCountMismatch(durations: durations.count, frames: source.frameCount)
      }
      timeline = try AnimationTimeline(frameDurations: durations, repeatCount: animationRepeatCount)
    } else {
      timeline = try AnimationTimeline(
        frameCount: source.frameCount, duration: animationDuration, repeatCount: animationRepeatCount)
    }
    cachedTimeline = timeline
    return timeline
  }

  private var viewState: FrameRenderer.ViewState {
    FrameRenderer.ViewState(
      bounds: bounds, screenScale: screenScale, contentMode: contentMode, clipsToBounds: clipsToBounds,
      appearance: appearance, tintColor: tintColor)
  }

  /// A sequence was replaced: the timing is rebuilt, and a running animation stops (both
  /// sequences and the replaced one stop decoding ahead).
  private func animationSourcesChanged(replacing old: (any ImageSequenceSource)?) {
    cachedTimeline = nil
    guard animationStart != nil else { return }
    old?.stopPlayback()
    stopAnimating()
  }
}

/// What ``AnimatedImageView/display(at:)`` showed.
public struct DisplayUpdate: Sendable, Hashable {
  /// The content on screen.
  public enum Shown: Sendable, Hashable {
    /// Only the background: no image and no running animation.
    case background
    /// The still image (or the highlighted one).
    case image
    /// Frame `index` of the active sequence.
    case frame(Int)
  }
  /// What shows.
  public var shown: Shown
  /// Whether pixels were drawn; false when the backing store already showed the same pixels.
  public var didDraw: Bool
  /// Clock time of the next change while animating (a new frame or the end); `nil` otherwise.
  public var nextChange: Double?
}
