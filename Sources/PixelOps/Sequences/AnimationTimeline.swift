/// When each frame of an image sequence shows: `UIImageView`'s animation timing as a pure
/// function of the time since `startAnimating()`.
///
/// UIKit's rules (the `UIImageView` reference): `animationDuration` is the time of one cycle
/// through every frame, each frame showing for an equal share; 0 (the default) means the number
/// of frames times 1/30 s. `animationRepeatCount` is the number of cycles; 0 (the default)
/// repeats forever. After the last cycle the animation has finished and the view shows its
/// `image` again. Beyond UIKit, ``init(frameDurations:repeatCount:)`` gives every frame its own
/// duration, as animated formats (GIF, APNG, WebP) need.
///
/// **No drift.** The frame is computed from the elapsed time alone — never by accumulating
/// steps — so the frame shown after 10,000 cycles is the one exact arithmetic gives. A time
/// within a millionth of a frame of a frame boundary (or 16 units in the last place of the
/// elapsed time in frames, when that is more) counts as on it, so the display tick that lands
/// exactly on a boundary (tick `k` at 60 Hz is `k/60` s, not representable exactly, and a clock
/// time minus a start time loses a few more bits) shows the new frame on every refresh rate, as
/// exact arithmetic says. The margin is rounding error only: a real tick never falls within a
/// millionth of a frame (33 ns at 30 fps) of a boundary without being meant to lie on it.
public struct AnimationTimeline: Sendable, Hashable {
  /// The number of frames in one cycle.
  public let frameCount: Int
  /// Cycles before the animation finishes; 0 repeats forever.
  public let repeatCount: Int
  /// Seconds of one cycle.
  public let cycleDuration: Double
  /// Cumulative end times of the frames within a cycle when frames have their own durations
  /// (`frameEnds[i]` is when frame `i` stops showing); empty when every frame shows equally long.
  private let frameEnds: [Double]

  /// The default frame rate of `UIImageView` when `animationDuration` is 0.
  public static let defaultFramesPerSecond = 30.0

  /// The longest cycle, 2^52 s (about 143 million years): with it every time the timeline
  /// computes (the whole animation, a frame boundary up to 2^52 frames on) stays finite.
  public static let maximumCycleDuration = 0x1p52

  /// Timing with every frame showing equally long, as `UIImageView` animates.
  ///
  /// - Parameters:
  ///   - frameCount: Frames in one cycle (at least 1).
  ///   - duration: Seconds of one cycle; 0 means `frameCount` / 30 s, as UIKit.
  ///   - repeatCount: Cycles to play; 0 repeats forever.
  /// - Throws: ``ImageSequenceError/emptySequence`` for no frames;
  ///   ``ImageSequenceError/invalidDuration(_:)`` for a negative, NaN or infinite duration (UIKit
  ///   does not say what those do; an error is the one answer that cannot surprise), or one
  ///   above ``maximumCycleDuration``;
  ///   ``ImageSequenceError/invalidRepeatCount(_:)`` for a negative repeat count.
  public init(frameCount: Int, duration: Double = 0, repeatCount: Int = 0) throws(ImageSequenceError) {
    guard frameCount > 0 else { throw .emptySequence }
    guard duration.isFinite, duration >= 0 else { throw .invalidDuration(duration) }
    guard repeatCount >= 0 else { throw .invalidRepeatCount(repeatCount) }
    self.frameCount = frameCount
    self.repeatCount = repeatCount
    // The default (frameCount / 30 s) is bounded too.
    let cycleDuration = duration > 0 ? duration : Double(frameCount) / Self.defaultFramesPerSecond
    guard cycleDuration <= Self.maximumCycleDuration else { throw .invalidDuration(cycleDuration) }
    self.cycleDuration = cycleDuration
    self.frameEnds = []
  }

  /// Timing with a duration per frame (GIF and APNG frame delays); one cycle is their sum.
  ///
  /// - Parameters:
  ///   - frameDurations: Seconds each frame shows, each finite and greater than 0 (a format's
  ///     "0 delay" must be mapped by its decoder first; browsers show such frames for 0.1 s).
  ///   - repeatCount: Cycles to play; 0 repeats forever.
  /// - Throws: ``ImageSequenceError/emptySequence``, ``ImageSequenceError/invalidDuration(_:)``
  ///   naming the first duration that is not finite and positive (or a sum above
  ///   ``maximumCycleDuration``),
  ///   ``ImageSequenceError/invalidRepeatCount(_:)``.
  public init(frameDurations: [Double], repeatCount: Int = 0) throws(ImageSequenceError) {
    guard !frameDurations.isEmpty else { throw .emptySequence }
    guard repeatCount >= 0 else { throw .invalidRepeatCount(repeatCount) }
    var ends: [Double] = []
    ends.reserveCapacity(frameDurations.count)
    var total = 0.0
    for duration in frameDurations {
      guard duration.isFinite, duration > 0 else { throw .invalidDuration(duration) }
      total += duration
      ends.append(total)
    }
    guard total <= Self.maximumCycleDuration else { throw .invalidDuration(total) }
    self.frameCount = frameDurations.count
    self.repeatCount = repeatCount
    self.cycleDuration = total
    self.frameEnds = ends
  }

  /// Seconds from the start until the animation finishes; `nil` when it repeats forever.
  public var totalDuration: Double? {
    repeatCount == 0 ? nil : cycleDuration * Double(repeatCount)
  }

  /// Seconds frame `index` shows in each cycle.
  ///
  /// - Throws: ``ImageSequenceError/frameOutOfRange(index:frameCount:)`` outside the frames.
  public func duration(ofFrame index: Int) throws(ImageSequenceError) -> Double {
    guard index >= 0, index < frameCount else { throw .frameOutOfRange(index: index, frameCount: frameCount) }
    guard frameEnds.isEmpty else { return frameEnds[index] - (index == 0 ? 0 : frameEnds[index - 1]) }
    return cycleDuration / Double(frameCount)
  }

  /// What shows `elapsed` seconds after the animation started.
  ///
  /// A negative time (a clock read before the start) shows the first frame. Once the last
  /// cycle has ended the result is finished: its frame is the last one and there is no next
  /// change.
  ///
  /// - Throws: ``ImageSequenceError/invalidTime(_:)`` for NaN or infinite times, or a time more
  ///   than 2^52 frames after the start of an animation that has not finished by then.
  public func frame(at elapsed: Double) throws(ImageSequenceError) -> AnimationFrame {
    guard elapsed.isFinite else { throw .invalidTime(elapsed) }
    let time = max(elapsed, 0)
    // At or past the end, finished however far: no frame to resolve, so no time is too far.
    if let totalDuration, time >= totalDuration { return finished }
    let (cycle, index) = try position(at: time)
    if repeatCount > 0, cycle >= repeatCount { return finished }
    let isLastFrameOfLastCycle = repeatCount > 0 && cycle == repeatCount - 1 && index == frameCount - 1
    let nextChange: Double? =
      frameCount == 1 && repeatCount == 0 ? nil
      : isLastFrameOfLastCycle || frameCount == 1 && repeatCount > 0 ? totalDuration
      : boundary(cycle: cycle, frameEnd: index)
    return AnimationFrame(index: index, cycle: cycle, isFinished: false, nextChange: nextChange)
  }

  /// What shows once the last cycle has ended (only when ``repeatCount`` is positive).
  private var finished: AnimationFrame {
    AnimationFrame(index: frameCount - 1, cycle: repeatCount - 1, isFinished: true, nextChange: nil)
  }

  /// Snapping tolerance: a time this close to a boundary is on it. In frames, and in units in
  /// the last place of the elapsed time in frames (the rounding error of `k / rate × fps`).
  private static let boundaryFrames = 1e-6
  private static let boundaryUlps = 16.0
  /// Beyond this many frames from the start, adjacent frames are no longer distinct `Double`s.
  private static let maximumFrames = 0x1p52

  /// The cycle and frame index at `time` ≥ 0.
  private func position(at time: Double) throws(ImageSequenceError) -> (cycle: Int, index: Int) {
    let count = Double(frameCount)
    let totalFrames = time * count / cycleDuration
    guard totalFrames < Self.maximumFrames else { throw .invalidTime(time) }
    let slack = max(Self.boundaryFrames, Self.boundaryUlps * totalFrames.ulp)
    if frameEnds.isEmpty {
      let step = Int(Self.snapped(totalFrames, slack: slack))
      return (step / frameCount, step % frameCount)
    }
    let cycle = Int(Self.snapped(time / cycleDuration, slack: slack / count))
    // Time into this cycle, in frames of the mean duration, so the slack means the same.
    let within = (time - Double(cycle) * cycleDuration) * count / cycleDuration
    return (cycle, firstFrameEnding(after: within, slack: slack))
  }

  /// The first frame whose end lies after `within` (mean-frame units into the cycle), with the
  /// boundary tolerance: a time on an end belongs to the next frame.
  private func firstFrameEnding(after within: Double, slack: Double) -> Int {
    let scale = Double(frameCount) / cycleDuration
    var low = 0
    var high = frameCount - 1
    while low < high {
      let middle = (low + high) / 2
      if frameEnds[middle] * scale - within > slack {
        high = middle
      } else {
        low = middle + 1
      }
    }
    return low
  }

  /// The time at which frame `frameEnd` of `cycle` ends.
  private func boundary(cycle: Int, frameEnd index: Int) -> Double {
    if frameEnds.isEmpty {
      return Double(cycle * frameCount + index + 1) * cycleDuration / Double(frameCount)
    }
    return Double(cycle) * cycleDuration + frameEnds[index]
  }

  /// `value` rounded down, or to the nearest integer when within `slack` of it.
  private static func snapped(_ value: Double, slack: Double) -> Double {
    let nearest = value.rounded()
    if abs(value - nearest) <= slack { return nearest }
    return value.rounded(.down)
  }
}

/// The state of an animation at one moment (``AnimationTimeline/frame(at:)``).
public struct AnimationFrame: Sendable, Hashable {
  /// The frame showing, `0 ..< frameCount` (the last frame once finished).
  public var index: Int
  /// The cycle it belongs to, from 0.
  public var cycle: Int
  /// Whether every cycle has played: the view shows its still `image` again.
  public var isFinished: Bool
  /// Seconds after the start at which what shows next changes (a new frame, or the end of the
  /// animation); `nil` when it never changes (a finished animation, or a single frame repeated
  /// forever). A player sleeps until then.
  public var nextChange: Double?
}
