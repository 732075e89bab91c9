import Testing

@testable import PixelOps

/// `AnimatedImageView` shows what the `UIImageView` reference says at every moment: `image`
/// until `startAnimating`, then the frames of `animationImages` in order (each 1/30 s by
/// default, `image` hidden), `image` again after `animationRepeatCount` cycles or
/// `stopAnimating` (with `isAnimating` false), frame 0 again on a restart; when highlighted,
/// `highlightedAnimationImages` and `highlightedImage` replace the others where set. Each
/// image is a distinct solid colour filling the 4x4 pt view at scale 1, so the backing store's
/// colour (written by hand) says which image shows, alongside `DisplayUpdate.shown`. Also: the
/// same image twice in a row draws once, `nextChange` is an absolute clock time, the timing
/// properties change the timing, and bad times or timing throw.
@Suite("AnimatedImageView timing")
struct AnimatedImageViewTimingTests {
  typealias Seconds = AnimationTimelineTests.Seconds

  static let red: [UInt8] = [255, 0, 0, 255]
  static let green: [UInt8] = [0, 255, 0, 255]
  static let blue: [UInt8] = [0, 0, 255, 255]
  static let yellow: [UInt8] = [255, 255, 0, 255]  // the still image
  static let gray: [UInt8] = [128, 128, 128, 255]  // the highlighted still image
  static let cyan: [UInt8] = [0, 255, 255, 255]  // highlighted frame 0
  static let magenta: [UInt8] = [255, 0, 255, 255]  // highlighted frame 1
  static let clear: [UInt8] = [0, 0, 0, 0]

  /// A 4x4 premultiplied RGBA8 image of one opaque colour (the view's size: no scaling).
  static func solid(_ rgba: [UInt8]) throws -> PixelBuffer {
    var buffer = try PixelBuffer(width: 4, height: 4, format: .rgba8Premultiplied)
    let color = PremultipliedColor(premultipliedRed: rgba[0], green: rgba[1], blue: rgba[2], alpha: rgba[3])
    try buffer.withMutableView { (view) throws(PixelError) in
      try Compositor.fill(view.bounds, of: view, with: color, options: CompositeOptions(blendMode: .copy))
    }
    #expect(buffer.packedBytes() == Array((0..<16).map { _ in rgba }.joined()))
    return buffer
  }

  static func sequence(_ colors: [[UInt8]]) throws -> ImageArraySequence {
    try ImageArraySequence(colors.map(solid))
  }

  /// A 4x4 pt view at scale 1 showing a yellow still image (or none).
  static func view(image: [UInt8]? = yellow, appearance: ImageViewAppearance = ImageViewAppearance()) throws
    -> AnimatedImageView
  {
    AnimatedImageView(
      bounds: PointRect(x: 0, y: 0, width: 4, height: 4), screenScale: 1, image: try image.map(solid),
      appearance: appearance, clock: ManualAnimationClock())
  }

  /// The one colour of every backing-store pixel, or `nil` when there is no store or the
  /// pixels are not all one colour.
  static func color(of view: AnimatedImageView) -> [UInt8]? {
    view.withBackingStore { store -> [UInt8]? in
      guard let store, store.width == 4, store.height == 4 else { return nil }
      let bytes = store.packedBytes()
      let first = Array(bytes[0..<4])
      return stride(from: 0, to: bytes.count, by: 4).allSatisfy { Array(bytes[$0..<$0 + 4]) == first } ? first : nil
    }
  }

  /// Displays at `time` and checks what shows and its colour; returns the update.
  @discardableResult
  static func expectShows(
    _ view: AnimatedImageView, at time: Double, _ shown: DisplayUpdate.Shown, _ rgba: [UInt8],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> DisplayUpdate {
    let update = try view.display(at: time)
    #expect(update.shown == shown, "at \(time) s", sourceLocation: sourceLocation)
    #expect(color(of: view) == rgba, "at \(time) s", sourceLocation: sourceLocation)
    return update
  }

  static func expectNext(
    _ update: DisplayUpdate, _ next: Double?, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    if let next {
      let ok = update.nextChange.map { abs($0 - next) <= 1e-9 * max(1, abs(next)) } ?? false
      #expect(ok, "next change \(String(describing: update.nextChange)), expected \(next)", sourceLocation: sourceLocation)
    } else {
      #expect(update.nextChange == nil, sourceLocation: sourceLocation)
    }
  }

  // MARK: - What shows

  @Test("before startAnimating the still image shows, even with animation images set")
  func notStarted() throws {
    let view = try Self.view()
    view.animationImages = try Self.sequence([Self.red, Self.green, Self.blue])
    for time in [0.0, 0.05, 100] {
      let update = try Self.expectShows(view, at: time, .image, Self.yellow)
      Self.expectNext(update, nil)
      #expect(!view.isAnimating(at: time))
    }
  }

  @Test("animating shows the frames in order, 1/30 s each by default, hiding the image, forever")
  func framesInOrder() throws {
    let view = try Self.view()
    view.animationImages = try Self.sequence([Self.red, Self.green, Self.blue])
    view.startAnimating(at: 10)
    let colors = [Self.red, Self.green, Self.blue]
    for k in 0..<10 {  // on each frame boundary and half a frame later
      for offset in [0.0, 0.5] {
        let time = 10 + (Double(k) + offset) / 30
        let update = try Self.expectShows(view, at: time, .frame(k % 3), colors[k % 3])
        Self.expectNext(update, 10 + Double(k + 1) / 30)
        #expect(view.isAnimating(at: time))
      }
    }
    // Repeat count 0: still running 1000 cycles later.
    try Self.expectShows(view, at: 10 + 3000.5 / 30, .frame(0), Self.red)
    #expect(view.isAnimating(at: 10 + 3000.5 / 30))
  }

  @Test("after animationRepeatCount cycles the image shows again and isAnimating is false")
  func finishesAfterRepeatCount() throws {
    let view = try Self.view()
    view.animationImages = try Self.sequence([Self.red, Self.green, Self.blue])
    view.animationRepeatCount = 2  // 2 × 3 frames × 1/30 s: ends at 6/30 s
    view.startAnimating(at: 5)
    try Self.expectShows(view, at: 5 + 3.5 / 30, .frame(0), Self.red)  // second cycle
    #expect(view.isAnimating(at: 5 + 5.5 / 30))
    #expect(!view.isAnimating(at: 5 + 6.0 / 30))
    #expect(!view.isAnimating(at: 6))
    let last = try Self.expectShows(view, at: 5 + 5.5 / 30, .frame(2), Self.blue)
    Self.expectNext(last, 5 + 6.0 / 30)  // the end
    let done = try Self.expectShows(view, at: 5 + 6.0 / 30, .image, Self.yellow)
    Self.expectNext(done, nil)
    #expect(!view.isAnimating(at: 5 + 6.0 / 30))
    try Self.expectShows(view, at: 9, .image, Self.yellow)
  }

  /// A start that is not finite made every later display throw `invalidTime(nan)` while
  /// `isAnimating` said false; it is ignored, and a running animation keeps its start.
  @Test("startAnimating at a time that is not finite starts nothing; a running animation runs on")
  func nonFiniteStartIgnored() throws {
    let view = try Self.view()
    view.animationImages = try Self.sequence([Self.red, Self.green, Self.blue])
    for start in [Double.nan, .infinity, -.infinity] {
      view.startAnimating(at: start)
      #expect(!view.isAnimating(at: 1))
      try Self.expectShows(view, at: 1, .image, Self.yellow)
    }
    view.startAnimating(at: 0)
    view.startAnimating(at: .nan)
    #expect(view.isAnimating(at: 1.5 / 30))
    try Self.expectShows(view, at: 1.5 / 30, .frame(1), Self.green)
  }

  @Test("a finished animation without an image shows only the background")
  func finishesWithoutImage() throws {
    let view = try Self.view(image: nil)
    view.animationImages = try Self.sequence([Self.red, Self.green])
    view.animationRepeatCount = 1  // ends at 2/30 s
    view.startAnimating(at: 0)
    try Self.expectShows(view, at: 1.5 / 30, .frame(1), Self.green)
    try Self.expectShows(view, at: 2.0 / 30, .background, Self.clear)
  }

  @Test("stopAnimating shows the still image; isAnimating is false")
  func stop() throws {
    let view = try Self.view()
    view.animationImages = try Self.sequence([Self.red, Self.green, Self.blue])
    view.startAnimating(at: 0)
    try Self.expectShows(view, at: 1.5 / 30, .frame(1), Self.green)
    view.stopAnimating()
    #expect(!view.isAnimating(at: 1.5 / 30))
    let update = try Self.expectShows(view, at: 1.5 / 30, .image, Self.yellow)
    #expect(update.didDraw)
    Self.expectNext(update, nil)
  }

  @Test("starting again, after a stop or while running, starts from frame 0")
  func restart() throws {
    let view = try Self.view()
    view.animationImages = try Self.sequence([Self.red, Self.green, Self.blue])
    view.startAnimating(at: 0)
    try Self.expectShows(view, at: 2.5 / 30, .frame(2), Self.blue)
    view.stopAnimating()
    view.startAnimating(at: 7)
    Self.expectNext(try Self.expectShows(view, at: 7, .frame(0), Self.red), 7 + 1.0 / 30)
    try Self.expectShows(view, at: 7 + 1.0 / 30, .frame(1), Self.green)
    view.startAnimating(at: 8)  // while running
    Self.expectNext(try Self.expectShows(view, at: 8, .frame(0), Self.red), 8 + 1.0 / 30)
    try Self.expectShows(view, at: 8 + 2.0 / 30, .frame(2), Self.blue)
  }

  @Test("highlighted: highlightedAnimationImages animate and highlightedImage is the still image")
  func highlightedWithBoth() throws {
    let view = try Self.view()
    view.highlightedImage = try Self.solid(Self.gray)
    view.animationImages = try Self.sequence([Self.red, Self.green, Self.blue])
    view.highlightedAnimationImages = try Self.sequence([Self.cyan, Self.magenta])
    view.isHighlighted = true
    try Self.expectShows(view, at: 0, .image, Self.gray)
    view.startAnimating(at: 0)
    try Self.expectShows(view, at: 0, .frame(0), Self.cyan)
    try Self.expectShows(view, at: 1.0 / 30, .frame(1), Self.magenta)
    // Two frames: a 2/30 s cycle.
    Self.expectNext(try Self.expectShows(view, at: 2.5 / 30, .frame(0), Self.cyan), 3.0 / 30)
    view.stopAnimating()
    try Self.expectShows(view, at: 3.0 / 30, .image, Self.gray)
    view.isHighlighted = false
    try Self.expectShows(view, at: 3.0 / 30, .image, Self.yellow)
    view.startAnimating(at: 1)
    try Self.expectShows(view, at: 1 + 2.5 / 30, .frame(2), Self.blue)
  }

  @Test("highlighted without highlighted images: animationImages and image, as when not highlighted")
  func highlightedWithNeither() throws {
    let view = try Self.view()
    view.animationImages = try Self.sequence([Self.red, Self.green, Self.blue])
    view.isHighlighted = true
    try Self.expectShows(view, at: 0, .image, Self.yellow)
    view.startAnimating(at: 0)
    try Self.expectShows(view, at: 0.5 / 30, .frame(0), Self.red)
    try Self.expectShows(view, at: 1.5 / 30, .frame(1), Self.green)
    view.stopAnimating()
    try Self.expectShows(view, at: 1.5 / 30, .image, Self.yellow)
  }

  @Test("highlighted with only highlightedImage: animationImages animate, highlightedImage is still")
  func highlightedWithStillOnly() throws {
    let view = try Self.view()
    view.highlightedImage = try Self.solid(Self.gray)
    view.animationImages = try Self.sequence([Self.red, Self.green, Self.blue])
    try Self.expectShows(view, at: 0, .image, Self.yellow)  // not highlighted: image
    view.isHighlighted = true
    try Self.expectShows(view, at: 0, .image, Self.gray)
    view.animationRepeatCount = 1  // ends at 3/30 s
    view.startAnimating(at: 0)
    try Self.expectShows(view, at: 2.5 / 30, .frame(2), Self.blue)
    try Self.expectShows(view, at: 3.0 / 30, .image, Self.gray)  // finished while highlighted
  }

  @Test("highlighted with only highlightedAnimationImages: they animate, image is still")
  func highlightedWithAnimationOnly() throws {
    let view = try Self.view()
    view.animationImages = try Self.sequence([Self.red, Self.green, Self.blue])
    view.highlightedAnimationImages = try Self.sequence([Self.cyan, Self.magenta])
    view.isHighlighted = true
    try Self.expectShows(view, at: 0, .image, Self.yellow)
    view.startAnimating(at: 0)
    try Self.expectShows(view, at: 1.5 / 30, .frame(1), Self.magenta)
    view.stopAnimating()
    try Self.expectShows(view, at: 1.5 / 30, .image, Self.yellow)
  }

  @Test("no image and no animation: only the background (transparent by default)")
  func backgroundOnly() throws {
    let plain = try Self.view(image: nil)
    Self.expectNext(try Self.expectShows(plain, at: 0, .background, Self.clear), nil)
    let navy = PremultipliedColor(premultipliedRed: 0, green: 0, blue: 128, alpha: 255)
    let colored = try Self.view(image: nil, appearance: ImageViewAppearance(backgroundColor: navy))
    try Self.expectShows(colored, at: 0, .background, [0, 0, 128, 255])
    colored.startAnimating(at: 0)  // no animation images: nothing starts
    #expect(!colored.isAnimating(at: 0))
    try Self.expectShows(colored, at: 0, .background, [0, 0, 128, 255])
  }

  // MARK: - Drawing only what changed

  @Test("the same image twice in a row draws once; a changed frame draws; displaying twice draws once")
  func sameImageTwice() throws {
    let view = try Self.view()
    let a = try Self.solid(Self.red)
    let b = try Self.solid(Self.blue)
    view.animationImages = try ImageArraySequence([a, a, b])
    view.startAnimating(at: 0)
    #expect(try Self.expectShows(view, at: 0, .frame(0), Self.red).didDraw)
    #expect(try !Self.expectShows(view, at: 0, .frame(0), Self.red).didDraw)
    #expect(try !Self.expectShows(view, at: 1.0 / 30, .frame(1), Self.red).didDraw)
    #expect(try !Self.expectShows(view, at: 1.5 / 30, .frame(1), Self.red).didDraw)
    #expect(try Self.expectShows(view, at: 2.0 / 30, .frame(2), Self.blue).didDraw)
    #expect(try !Self.expectShows(view, at: 2.5 / 30, .frame(2), Self.blue).didDraw)
    #expect(try Self.expectShows(view, at: 3.0 / 30, .frame(0), Self.red).didDraw)  // next cycle
    view.stopAnimating()
    #expect(try Self.expectShows(view, at: 4, .image, Self.yellow).didDraw)
    #expect(try !Self.expectShows(view, at: 4, .image, Self.yellow).didDraw)
    #expect(try !Self.expectShows(view, at: 5, .image, Self.yellow).didDraw)
  }

  // MARK: - nextChange

  @Test("nextChange is the clock time of the next change, the start time included")
  func nextChangeIsAbsolute() throws {
    let view = try Self.view()
    view.animationImages = try Self.sequence([Self.red, Self.green, Self.blue, Self.yellow])
    view.animationDuration = 2  // 0.5 s per frame
    view.animationRepeatCount = 1  // ends 2 s after the start
    view.startAnimating(at: 100)
    Self.expectNext(try Self.expectShows(view, at: 99, .frame(0), Self.red), 100.5)  // before the start
    Self.expectNext(try Self.expectShows(view, at: 100, .frame(0), Self.red), 100.5)
    Self.expectNext(try Self.expectShows(view, at: 101.2, .frame(2), Self.blue), 101.5)
    Self.expectNext(try Self.expectShows(view, at: 101.7, .frame(3), Self.yellow), 102)  // the end
    Self.expectNext(try Self.expectShows(view, at: 102, .image, Self.yellow), nil)
  }

  @Test("with an injected clock, startAnimating() and display() read it")
  func manualClock() throws {
    let clock = ManualAnimationClock(start: 3)
    let view = try Self.view()
    view.clock = clock
    view.animationImages = try Self.sequence([Self.red, Self.green, Self.blue])
    view.startAnimating()
    #expect(view.isAnimating)
    let first = try view.display()
    #expect(first.shown == .frame(0) && Self.color(of: view) == Self.red)
    Self.expectNext(first, 3 + 1.0 / 30)
    clock.advance(by: 0.05)  // 1.5 frames
    let second = try view.display()
    #expect(second.shown == .frame(1) && Self.color(of: view) == Self.green)
    Self.expectNext(second, 3 + 2.0 / 30)
    view.stopAnimating()
    #expect(!view.isAnimating)
  }

  // MARK: - Timing properties

  @Test("animationDuration sets the cycle: 4 frames over 1 s instead of 4/30 s")
  func durationChangesTiming() throws {
    let view = try Self.view()
    view.animationImages = try Self.sequence([Self.red, Self.green, Self.blue, Self.yellow])
    view.startAnimating(at: 0)
    try Self.expectShows(view, at: 0.5, .frame(3), Self.yellow)  // default: 15 frames in, 15 mod 4 = 3
    view.animationDuration = 1
    Self.expectNext(try Self.expectShows(view, at: 0.5, .frame(2), Self.blue), 0.75)
    Self.expectNext(try Self.expectShows(view, at: 1.3, .frame(1), Self.green), 1.5)
  }

  @Test("animationRepeatCount sets the number of cycles")
  func repeatCountChangesTiming() throws {
    let view = try Self.view()
    view.animationImages = try Self.sequence([Self.red, Self.green])
    view.animationDuration = 1
    view.startAnimating(at: 0)
    #expect(view.isAnimating(at: 2.5))  // forever by default
    view.animationRepeatCount = 3
    #expect(view.isAnimating(at: 2.99))
    #expect(!view.isAnimating(at: 3))
    Self.expectNext(try Self.expectShows(view, at: 2.6, .frame(1), Self.green), 3)
    try Self.expectShows(view, at: 3, .image, Self.yellow)
  }

  @Test("animationFrameDurations give each frame its own time and replace animationDuration")
  func frameDurationsChangeTiming() throws {
    let view = try Self.view()
    view.animationImages = try Self.sequence([Self.red, Self.green, Self.blue, Self.yellow])
    view.animationDuration = 5  // ignored while frame durations are set
    view.animationFrameDurations = [0.1, 0.2, 0.3, 0.4]  // ends at 0.1, 0.3, 0.6, 1.0
    view.startAnimating(at: 0)
    let colors = [Self.red, Self.green, Self.blue, Self.yellow]
    for (time, index, next) in [
      (0.05, 0, 0.1), (0.1, 1, 0.3), (0.29, 1, 0.3), (0.3, 2, 0.6), (0.6, 3, 1.0), (0.99, 3, 1.0), (1.0, 0, 1.1),
      (1.15, 1, 1.3),
    ] {
      Self.expectNext(try Self.expectShows(view, at: time, .frame(index), colors[index]), next)
    }
    view.animationFrameDurations = nil  // back to 5 s per cycle: 1.25 s per frame
    Self.expectNext(try Self.expectShows(view, at: 1.0, .frame(0), Self.red), 1.25)
    Self.expectNext(try Self.expectShows(view, at: 1.3, .frame(1), Self.green), 2.5)
  }

  @Test("animationFrameDurations with another count than the frames is .frameDurationCountMismatch")
  func frameDurationCountMismatch() throws {
    let view = try Self.view()
    let frames = try Self.sequence([Self.red, Self.green, Self.blue, Self.yellow])
    view.animationImages = frames
    view.animationFrameDurations = [0.1, 0.2]
    view.startAnimating(at: 0)
    for error in [
      AnimationTimelineTests.sequenceError { _ = try view.display(at: 0) },
      AnimationTimelineTests.sequenceError { _ = try view.timeline(for: frames) },
    ] {
      guard case .frameDurationCountMismatch(let durations, let count) = error else {
        Issue.record("expected .frameDurationCountMismatch, got \(String(describing: error))")
        continue
      }
      #expect(durations == 2 && count == 4)
    }
  }

  @Test("a negative animationRepeatCount or animationDuration throws from display")
  func invalidTiming() throws {
    let view = try Self.view()
    view.animationImages = try Self.sequence([Self.red, Self.green])
    view.animationRepeatCount = -1
    view.startAnimating(at: 0)
    let repeatError = AnimationTimelineTests.sequenceError { _ = try view.display(at: 0) }
    guard case .invalidRepeatCount(-1) = repeatError else {
      Issue.record("expected .invalidRepeatCount(-1), got \(String(describing: repeatError))")
      return
    }
    view.animationRepeatCount = 0
    view.animationDuration = -1
    let durationError = AnimationTimelineTests.sequenceError { _ = try view.display(at: 0) }
    guard case .invalidDuration(-1) = durationError else {
      Issue.record("expected .invalidDuration(-1), got \(String(describing: durationError))")
      return
    }
  }

  @Test("display(at:) with a NaN or infinite time is .invalidTime, animating or not", arguments: [Double.nan, .infinity])
  func invalidTime(_ time: Double) throws {
    let view = try Self.view()
    view.animationImages = try Self.sequence([Self.red, Self.green])
    for animating in [false, true] {
      if animating { view.startAnimating(at: 0) }
      let error = AnimationTimelineTests.sequenceError { _ = try view.display(at: time) }
      guard case .invalidTime(let value) = error else {
        Issue.record("expected .invalidTime, got \(String(describing: error))")
        continue
      }
      #expect(value == time || value.isNaN && time.isNaN)
    }
  }
}
