/// Where an animated view reads the time: seconds on a monotonic scale with an arbitrary origin.
///
/// Inject one to step an animation exactly (tests, exporting an animation at a fixed frame
/// rate); ``SystemAnimationClock`` is the real one.
public protocol AnimationClock {
  /// Seconds now, never decreasing.
  var now: Double { get }
}

/// The system's monotonic clock (`ContinuousClock`), in seconds since the clock was made.
public struct SystemAnimationClock: AnimationClock, Sendable {
  private let origin = ContinuousClock.now

  /// A clock reading 0 now.
  public init() {}

  public var now: Double {
    let elapsed = origin.duration(to: ContinuousClock.now).components
    return Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
  }
}

/// A clock that moves only when told to: an animation stepped frame by frame at an exact rate.
public final class ManualAnimationClock: AnimationClock {
  /// Seconds now.
  public var now: Double

  /// A clock reading `start` seconds.
  public init(start: Double = 0) { now = start }

  /// Moves the clock forward by `seconds`.
  public func advance(by seconds: Double) { now += seconds }
}
