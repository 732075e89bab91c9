import Testing

@testable import PixelOps

/// `AnimationTimeline` follows `UIImageView`'s documented timing: `animationDuration` is one
/// cycle with every frame showing an equal share, 0 meaning frame count × 1/30 s;
/// `animationRepeatCount` 0 repeats forever, otherwise the animation finishes after that many
/// cycles (showing the last frame, with no next change). Every expected value is written by
/// hand from those rules, or computed with integer arithmetic — never from the timeline — and
/// the frame after 10,000 cycles at 60, 90 and 120 Hz must be the one exact arithmetic gives
/// (no drift), also with per-frame durations. Bad input throws the documented errors.
@Suite("AnimationTimeline")
struct AnimationTimelineTests {
  /// A time in seconds as an exact fraction, for expected values written from the rules.
  struct Seconds: Sendable, CustomStringConvertible {
    var numerator: Int
    var denominator: Int
    init(_ numerator: Int, _ denominator: Int = 1) {
      self.numerator = numerator
      self.denominator = denominator
    }
    var value: Double { Double(numerator) / Double(denominator) }
    var description: String { denominator == 1 ? "\(numerator) s" : "\(numerator)/\(denominator) s" }

    /// Whether `time` is this time, up to the rounding of the `Double`s that express it.
    func matches(_ time: Double?) -> Bool {
      guard let time else { return false }
      return abs(time - value) <= 1e-12 * max(1, abs(value))
    }
  }

  /// The `ImageSequenceError` `body` throws, or `nil` (recording an issue for any other error).
  static func sequenceError(_ body: () throws -> Void) -> ImageSequenceError? {
    do {
      try body()
      return nil
    } catch let error as ImageSequenceError {
      return error
    } catch {
      Issue.record("not an ImageSequenceError: \(error)")
      return nil
    }
  }

  struct Case: Sendable, CustomTestStringConvertible {
    var frameCount: Int
    var duration: Double
    var repeatCount: Int
    var elapsed: Double
    var index: Int
    var isFinished: Bool
    var nextChange: Seconds?
    var testDescription: String {
      "\(frameCount) frames, duration \(duration), repeat \(repeatCount), at \(elapsed) s"
    }
  }

  static func row(
    _ frameCount: Int, _ duration: Double, _ repeatCount: Int, at elapsed: Double, _ index: Int,
    finished: Bool = false, next: Seconds?
  ) -> Case {
    Case(
      frameCount: frameCount, duration: duration, repeatCount: repeatCount, elapsed: elapsed, index: index,
      isFinished: finished, nextChange: next)
  }

  /// Written by hand: frame = floor(elapsed / (cycle / frameCount)) mod frameCount.
  static let table: [Case] = [
    // 30 frames, duration 0: a 1 s cycle, frame k from k/30 s ("30 images: 1 second").
    row(30, 0, 0, at: 0, 0, next: Seconds(1, 30)),
    row(30, 0, 0, at: 0.5 - 1e-6, 14, next: Seconds(15, 30)),
    row(30, 0, 0, at: 0.5, 15, next: Seconds(16, 30)),
    row(30, 0, 0, at: 0.99, 29, next: Seconds(30, 30)),
    row(30, 0, 0, at: 1.0, 0, next: Seconds(31, 30)),  // repeat 0: the second cycle starts
    row(30, 0, 0, at: 12.51, 15, next: Seconds(376, 30)),  // 375.3 frames in: 375 mod 30 = 15
    // 3 frames, duration 0: a 0.1 s cycle.
    row(3, 0, 0, at: 0.05, 1, next: Seconds(2, 30)),
    row(3, 0, 0, at: 0.1, 0, next: Seconds(4, 30)),
    row(3, 0, 0, at: 0.25, 1, next: Seconds(8, 30)),  // 7.5 frames in: 7 mod 3 = 1
    // 4 frames over 2 s forever: 0.5 s each.
    row(4, 2, 0, at: 1234.6, 1, next: Seconds(1235)),  // 2469.2 frames in: 2469 mod 4 = 1
    // 4 frames over 2 s, twice: finished at exactly 4 s.
    row(4, 2, 2, at: 0, 0, next: Seconds(1, 2)),
    row(4, 2, 2, at: 1.75, 3, next: Seconds(2)),  // last frame of the first cycle: the next frame
    row(4, 2, 2, at: 2.0, 0, next: Seconds(5, 2)),
    row(4, 2, 2, at: 3.9, 3, next: Seconds(4)),  // last frame of the last cycle: the end
    row(4, 2, 2, at: 4.0, 3, finished: true, next: nil),
    row(4, 2, 2, at: 1000, 3, finished: true, next: nil),
    // 3 frames, duration 0, twice: finished at 6/30 = 0.2 s.
    row(3, 0, 2, at: 0.19, 2, next: Seconds(6, 30)),
    row(3, 0, 2, at: 0.2, 2, finished: true, next: nil),
    // A single frame forever never changes.
    row(1, 0, 0, at: 0, 0, next: nil),
    row(1, 0, 0, at: 5000.123, 0, next: nil),
    row(1, 3, 0, at: 7, 0, next: nil),
    // A single frame with repeats changes once: at the end.
    row(1, 0.5, 3, at: 0, 0, next: Seconds(3, 2)),
    row(1, 0.5, 3, at: 0.7, 0, next: Seconds(3, 2)),
    row(1, 0.5, 3, at: 1.5, 0, finished: true, next: nil),
    row(1, 0, 1, at: 0.02, 0, next: Seconds(1, 30)),
    // Before the start: the first frame.
    row(30, 0, 0, at: -5, 0, next: Seconds(1, 30)),
    row(30, 0, 0, at: -0.0, 0, next: Seconds(1, 30)),
    row(4, 2, 2, at: -0.25, 0, next: Seconds(1, 2)),
    row(1, 0.5, 3, at: -1, 0, next: Seconds(3, 2)),
  ]

  @Test("the frame, finish and next change follow UIKit's timing rules", arguments: table)
  func timingTable(_ row: Case) throws {
    let timeline = try AnimationTimeline(frameCount: row.frameCount, duration: row.duration, repeatCount: row.repeatCount)
    let frame = try timeline.frame(at: row.elapsed)
    #expect(frame.index == row.index)
    #expect(frame.isFinished == row.isFinished)
    if let next = row.nextChange {
      #expect(next.matches(frame.nextChange), "next change \(String(describing: frame.nextChange)), expected \(next)")
    } else {
      #expect(frame.nextChange == nil)
    }
  }

  @Test("duration 0 means frameCount / 30 s per cycle; repeat 0 has no total duration")
  func defaultDuration() throws {
    let thirty = try AnimationTimeline(frameCount: 30)
    #expect(thirty.cycleDuration == 1)
    #expect(thirty.repeatCount == 0)
    #expect(thirty.totalDuration == nil)
    #expect(Seconds(1, 30).matches(try thirty.duration(ofFrame: 7)))
    let three = try AnimationTimeline(frameCount: 3, duration: 0, repeatCount: 2)
    #expect(Seconds(1, 10).matches(three.cycleDuration))
    #expect(Seconds(2, 10).matches(three.totalDuration))
    let seven = try AnimationTimeline(frameCount: 7, duration: 1)
    #expect(seven.cycleDuration == 1)
    #expect(Seconds(1, 7).matches(try seven.duration(ofFrame: 6)))
  }

  // MARK: - No drift

  /// Equal frames: `framesPerSecond = fpsNumerator / fpsDenominator` exactly.
  struct DriftCase: Sendable, CustomTestStringConvertible {
    var frameCount: Int
    var duration: Double
    var fpsNumerator: Int
    var fpsDenominator: Int
    var rate: Int
    var testDescription: String { "\(frameCount) frames, duration \(duration), at \(rate) Hz" }
  }

  static let driftCases: [DriftCase] = [60, 90, 120].flatMap { rate in
    [
      DriftCase(frameCount: 30, duration: 0, fpsNumerator: 30, fpsDenominator: 1, rate: rate),
      DriftCase(frameCount: 3, duration: 0, fpsNumerator: 30, fpsDenominator: 1, rate: rate),  // 0.1 s cycle
      DriftCase(frameCount: 7, duration: 1, fpsNumerator: 7, fpsDenominator: 1, rate: rate),
      DriftCase(frameCount: 24, duration: 1, fpsNumerator: 24, fpsDenominator: 1, rate: rate),
      DriftCase(frameCount: 10, duration: 0.7, fpsNumerator: 100, fpsDenominator: 7, rate: rate),
    ]
  }

  static let cycles = 10_000

  /// Every display tick of 10,000 cycles (up to 1.2 M ticks, all checked also in debug: a
  /// timeline lookup is cheap) shows frame floor(k · fps / rate) mod count, the tick time
  /// computed directly as `Double(k) / rate`. Ticks that land exactly on a boundary (k · fps a
  /// multiple of rate) are the ones that would show the previous frame under drift or rounding.
  @Test("tick k at rate Hz shows frame floor(k * fps / rate) mod count for 10,000 cycles", arguments: driftCases)
  func noDriftEqualFrames(_ c: DriftCase) throws {
    let timeline = try AnimationTimeline(frameCount: c.frameCount, duration: c.duration)
    // Ticks in 10,000 cycles: cycles · count / fps · rate (a whole number for every case).
    let ticks = Self.cycles * c.frameCount * c.fpsDenominator * c.rate / c.fpsNumerator
    #expect(Self.cycles * c.frameCount * c.fpsDenominator * c.rate % c.fpsNumerator == 0)
    var misses: [String] = []
    var boundaryTicks = 0
    for k in 0...ticks {
      let (frames, remainder) = (k * c.fpsNumerator).quotientAndRemainder(dividingBy: c.rate * c.fpsDenominator)
      if remainder == 0 { boundaryTicks += 1 }
      let frame = try timeline.frame(at: Double(k) / Double(c.rate))
      if frame.index != frames % c.frameCount || frame.isFinished, misses.count < 5 {
        misses.append("tick \(k): frame \(frame.index), expected \(frames % c.frameCount)")
      }
    }
    #expect(misses.isEmpty, "\(misses)")
    #expect(boundaryTicks > Self.cycles)  // the boundary ticks were exercised

    // With repeatCount 10,000 the tick at exactly 10,000 cycles is the end, the one before is not.
    let finite = try AnimationTimeline(frameCount: c.frameCount, duration: c.duration, repeatCount: Self.cycles)
    let last = try finite.frame(at: Double(ticks - 1) / Double(c.rate))
    #expect(!last.isFinished && last.index == c.frameCount - 1)
    let end = try finite.frame(at: Double(ticks) / Double(c.rate))
    #expect(end.isFinished && end.index == c.frameCount - 1 && end.nextChange == nil)
  }

  // MARK: - Per-frame durations

  @Test("per-frame durations [0.1, 0.2, 0.3]: each frame from the sum of the ones before it")
  func perFrameBoundaries() throws {
    let timeline = try AnimationTimeline(frameDurations: [0.1, 0.2, 0.3])
    #expect(Seconds(6, 10).matches(timeline.cycleDuration))
    #expect(Seconds(2, 10).matches(try timeline.duration(ofFrame: 1)))
    #expect(timeline.totalDuration == nil)
    // (time, frame, next change): ends at 0.1, 0.3, 0.6, then again 0.6 later.
    let expected: [(Double, Int, Seconds)] = [
      (0, 0, Seconds(1, 10)), (0.0999, 0, Seconds(1, 10)), (0.1, 1, Seconds(3, 10)), (0.1001, 1, Seconds(3, 10)),
      (0.2999, 1, Seconds(3, 10)), (0.3, 2, Seconds(6, 10)), (0.1 + 0.2, 2, Seconds(6, 10)),
      (0.3001, 2, Seconds(6, 10)), (0.5999, 2, Seconds(6, 10)), (0.6, 0, Seconds(7, 10)),
      (0.6001, 0, Seconds(7, 10)), (0.7, 1, Seconds(9, 10)), (0.9, 2, Seconds(12, 10)), (1.2, 0, Seconds(13, 10)),
      (-0.1, 0, Seconds(1, 10)),
    ]
    for (time, index, next) in expected {
      let frame = try timeline.frame(at: time)
      #expect(frame.index == index && !frame.isFinished, "at \(time): frame \(frame.index), expected \(index)")
      #expect(next.matches(frame.nextChange), "at \(time): next \(String(describing: frame.nextChange)), expected \(next)")
    }
  }

  @Test("per-frame durations played once: the last frame's next change is the end, then finished")
  func perFrameFinish() throws {
    let timeline = try AnimationTimeline(frameDurations: [0.1, 0.2, 0.3], repeatCount: 1)
    #expect(Seconds(6, 10).matches(timeline.totalDuration))
    let last = try timeline.frame(at: 0.45)
    #expect(last.index == 2 && !last.isFinished && Seconds(6, 10).matches(last.nextChange))
    for time in [0.6, 0.6001, 50] {
      let done = try timeline.frame(at: time)
      #expect(done.index == 2 && done.isFinished && done.nextChange == nil, "at \(time)")
    }
    let twice = try AnimationTimeline(frameDurations: [0.1, 0.2, 0.3], repeatCount: 2)
    let endOfFirst = try twice.frame(at: 0.5)
    #expect(endOfFirst.index == 2 && Seconds(6, 10).matches(endOfFirst.nextChange))
    let second = try twice.frame(at: 0.6)
    #expect(second.index == 0 && !second.isFinished && Seconds(7, 10).matches(second.nextChange))
  }

  /// Per-frame durations `numerators[i] / denominator` seconds.
  struct PerFrameDriftCase: Sendable, CustomTestStringConvertible {
    var numerators: [Int]
    var denominator: Int
    var rate: Int
    var durations: [Double] { numerators.map { Double($0) / Double(denominator) } }
    var testDescription: String { "\(numerators.map { "\($0)/\(denominator)" }) at \(rate) Hz" }
  }

  static let perFrameDriftCases: [PerFrameDriftCase] = [60, 90, 120].flatMap { rate in
    [
      PerFrameDriftCase(numerators: [1, 2, 5], denominator: 8, rate: rate),  // 0.125, 0.25, 0.625: exact
      PerFrameDriftCase(numerators: [1, 2, 3], denominator: 60, rate: rate),  // 1/60, 2/60, 3/60: inexact
    ]
  }

  /// Every tick of 10,000 cycles: in units of 1 / (denominator · rate) s, tick k is at
  /// k · denominator, a cycle is sum · rate, and frame i ends at (n_0 + … + n_i) · rate.
  @Test("per-frame durations: tick k shows the frame exact arithmetic gives for 10,000 cycles", arguments: perFrameDriftCases)
  func noDriftPerFrame(_ c: PerFrameDriftCase) throws {
    let timeline = try AnimationTimeline(frameDurations: c.durations)
    let sum = c.numerators.reduce(0, +)
    var ends: [Int] = []
    for n in c.numerators { ends.append((ends.last ?? 0) + n * c.rate) }
    let cycleUnits = sum * c.rate
    let ticks = Self.cycles * cycleUnits / c.denominator
    #expect(Self.cycles * cycleUnits % c.denominator == 0)
    var misses: [String] = []
    for k in 0...ticks {
      let position = (k * c.denominator) % cycleUnits
      let index = ends.firstIndex { position < $0 }!
      let frame = try timeline.frame(at: Double(k) / Double(c.rate))
      if frame.index != index || frame.isFinished, misses.count < 5 {
        misses.append("tick \(k): frame \(frame.index), expected \(index)")
      }
    }
    #expect(misses.isEmpty, "\(misses)")
  }

  // MARK: - Far from the start

  /// The rules hold up to 2^52 frames: 2^40 frames in, a time 3/4 of a frame past a boundary
  /// still shows the frame that started at that boundary (floor, not round to nearest).
  @Test("2^40 frames after the start, 3/4 of a frame in still shows that frame")
  func farFromStartEqualFrames() throws {
    let timeline = try AnimationTimeline(frameCount: 4, duration: 4)  // 1 s per frame
    let boundary = Double(1 << 40)  // frame 2^40, index 2^40 mod 4 = 0
    for (offset, index) in [(0.0, 0), (0.25, 0), (0.75, 0), (1.0, 1), (-0.25, 3)] {
      let frame = try timeline.frame(at: boundary + offset)
      #expect(frame.index == index, "2^40 s + \(offset) s: frame \(frame.index), expected \(index)")
    }
  }

  /// Per-frame durations [0.125, 0.25, 0.625] (a 1 s cycle), 2^33 cycles in: 0.75 s into the
  /// cycle is frame 2 (it ends at 1 s), not the next cycle's frame 0.
  @Test("2^33 cycles after the start, per-frame timing still shows the frame within the cycle")
  func farFromStartPerFrame() throws {
    let timeline = try AnimationTimeline(frameDurations: [0.125, 0.25, 0.625])
    let start = Double(1 << 33)
    for (offset, index) in [(0.0, 0), (0.1, 0), (0.2, 1), (0.5, 2), (0.75, 2), (0.9, 2), (1.0, 0)] {
      let frame = try timeline.frame(at: start + offset)
      #expect(frame.index == index, "2^33 s + \(offset) s: frame \(frame.index), expected \(index)")
    }
  }

  // MARK: - Bad input

  @Test("no frames is .emptySequence")
  func emptySequence() {
    for error in [
      Self.sequenceError { _ = try AnimationTimeline(frameCount: 0) },
      Self.sequenceError { _ = try AnimationTimeline(frameCount: -3, duration: 1) },
      Self.sequenceError { _ = try AnimationTimeline(frameDurations: []) },
    ] {
      guard case .emptySequence = error else {
        Issue.record("expected .emptySequence, got \(String(describing: error))")
        continue
      }
    }
  }

  @Test(
    "a negative, NaN, infinite or over-long cycle duration is .invalidDuration",
    arguments: [-1, -0.001, .nan, .infinity, -.infinity, 1e308, 0x1p52.nextUp])
  func invalidCycleDuration(_ duration: Double) {
    let error = Self.sequenceError { _ = try AnimationTimeline(frameCount: 3, duration: duration) }
    guard case .invalidDuration(let value) = error else {
      Issue.record("expected .invalidDuration, got \(String(describing: error))")
      return
    }
    #expect(value == duration || value.isNaN && duration.isNaN)
  }

  @Test(
    "a per-frame duration of 0, negative, NaN or infinite is .invalidDuration naming it",
    arguments: [0, -0.1, .nan, .infinity])
  func invalidFrameDuration(_ bad: Double) {
    let error = Self.sequenceError { _ = try AnimationTimeline(frameDurations: [0.1, bad, 0.2]) }
    guard case .invalidDuration(let value) = error else {
      Issue.record("expected .invalidDuration, got \(String(describing: error))")
      return
    }
    #expect(value == bad || value.isNaN && bad.isNaN)
  }

  @Test("per-frame durations whose sum overflows are .invalidDuration")
  func overflowingSum() {
    let error = Self.sequenceError {
      _ = try AnimationTimeline(frameDurations: [.greatestFiniteMagnitude, .greatestFiniteMagnitude])
    }
    guard case .invalidDuration = error else {
      Issue.record("expected .invalidDuration, got \(String(describing: error))")
      return
    }
  }

  /// The longest cycle keeps every time finite: with 1e308 s a cycle (accepted before) the
  /// whole animation and the frame boundaries overflowed to infinity, and a view showing it
  /// threw on its first display.
  @Test("at the longest cycle duration every time the timeline gives is finite")
  func longestCycle() throws {
    let longest = AnimationTimeline.maximumCycleDuration
    let perFrame = try AnimationTimeline(frameDurations: [longest / 2, longest / 2], repeatCount: 3)
    for timeline in [try AnimationTimeline(frameCount: 2, duration: longest, repeatCount: 3), perFrame] {
      #expect(timeline.totalDuration.map(\.isFinite) == true)
      for time in [0, longest / 2, longest, 2.5 * longest] {
        let frame = try timeline.frame(at: time)
        #expect(frame.nextChange.map(\.isFinite) ?? true, "\(time): \(frame)")
      }
    }
    let overLong = Self.sequenceError { _ = try AnimationTimeline(frameDurations: [longest, 1]) }
    guard case .invalidDuration = overLong else {
      Issue.record("expected .invalidDuration, got \(String(describing: overLong))")
      return
    }
  }

  @Test("a negative repeat count is .invalidRepeatCount")
  func invalidRepeatCount() {
    for error in [
      Self.sequenceError { _ = try AnimationTimeline(frameCount: 3, repeatCount: -1) },
      Self.sequenceError { _ = try AnimationTimeline(frameDurations: [0.1], repeatCount: -1) },
    ] {
      guard case .invalidRepeatCount(let count) = error else {
        Issue.record("expected .invalidRepeatCount, got \(String(describing: error))")
        continue
      }
      #expect(count == -1)
    }
  }

  @Test("a NaN or infinite elapsed time is .invalidTime", arguments: [Double.nan, .infinity, -.infinity])
  func nonFiniteTime(_ time: Double) throws {
    for timeline in [try AnimationTimeline(frameCount: 3), try AnimationTimeline(frameDurations: [0.1, 0.2])] {
      let error = Self.sequenceError { _ = try timeline.frame(at: time) }
      guard case .invalidTime(let value) = error else {
        Issue.record("expected .invalidTime, got \(String(describing: error))")
        continue
      }
      #expect(value == time || value.isNaN && time.isNaN)
    }
  }

  /// 30 frames per second: 2^52 frames are 2^52 / 30 s. 2^51 frames in is still a time.
  @Test("a time more than 2^52 frames after the start is .invalidTime; 2^51 frames is not")
  func tooFarFromStart() throws {
    let timeline = try AnimationTimeline(frameCount: 30)
    let perFrame = try AnimationTimeline(frameDurations: [0.5, 0.5])  // 2 frames per second
    for (t, time) in [(timeline, 0x1p53 / 30), (timeline, 1e300), (perFrame, 0x1p52), (perFrame, 1e300)] {
      let error = Self.sequenceError { _ = try t.frame(at: time) }
      guard case .invalidTime = error else {
        Issue.record("at \(time) s: expected .invalidTime, got \(String(describing: error))")
        continue
      }
    }
    #expect(throws: Never.self) { _ = try timeline.frame(at: 0x1p51 / 30) }
    #expect(throws: Never.self) { _ = try perFrame.frame(at: 0x1p50) }
  }

  /// An animation that repeats a given number of times has finished once its last cycle ended,
  /// however long ago: the frame need not be resolved. The 2^52-frame check came first and
  /// threw, so a view showed an error where UIImageView shows its image.
  @Test("a finished animation is finished at any finite time after its end, also past 2^52 frames")
  func finishedLongAgo() throws {
    let counted = try AnimationTimeline(frameCount: 3, repeatCount: 1)
    let timed = try AnimationTimeline(frameDurations: [0.5, 0.25], repeatCount: 2)
    for (timeline, lastFrame) in [(counted, 2), (timed, 1)] {
      for time in [2e14, 0x1p60, 1e300, .greatestFiniteMagnitude] {
        let frame = try timeline.frame(at: time)
        #expect(frame.isFinished && frame.index == lastFrame && frame.nextChange == nil, "at \(time) s")
      }
    }
    // Repeating forever there is no end, and such a time has no frame.
    let forever = try AnimationTimeline(frameCount: 3)
    guard case .invalidTime(1e300) = Self.sequenceError({ _ = try forever.frame(at: 1e300) }) else {
      Issue.record("repeating forever, 1e300 s should be .invalidTime")
      return
    }
  }
}
