/// What went wrong with an image sequence: its timing, a frame index, a frame a source could not
/// produce, or the pixels of drawing a frame.
public enum ImageSequenceError: Error, CustomStringConvertible {
  /// A sequence needs at least one frame.
  case emptySequence
  /// A cycle or frame duration that is NaN, infinite or negative (or zero for a single frame
  /// of ``AnimationTimeline/init(frameDurations:repeatCount:)``), in seconds.
  case invalidDuration(Double)
  /// A negative `animationRepeatCount`.
  case invalidRepeatCount(Int)
  /// A time that is NaN or infinite, or so far from the start that frames can no longer be
  /// told apart (more than 2^52 frames), in seconds.
  case invalidTime(Double)
  /// ``AnimatedImageView/animationFrameDurations`` has another count than the sequence's frames.
  case frameDurationCountMismatch(durations: Int, frames: Int)
  /// A frame index outside `0 ..< frameCount`.
  case frameOutOfRange(index: Int, frameCount: Int)
  /// A source could not produce frame `index` (a TIFF page that fails to decode); `reason` is
  /// the source's own error (for TIFF pages, an `ImageIOError`). Earlier frames stay valid and
  /// later frames may still be asked for.
  case frameFailed(index: Int, reason: any Error)
  /// Drawing a frame failed (a format, size or memory error).
  case pixels(PixelError)

  public var description: String {
    switch self {
    case .emptySequence: "an image sequence needs at least one frame"
    case .invalidDuration(let d): "duration \(d) s is not a valid number of seconds (finite, not negative; per frame, above 0)"
    case .invalidRepeatCount(let n): "repeat count \(n) is negative (0 repeats forever)"
    case .invalidTime(let t): "time \(t) s is not finite or too far from the start"
    case .frameDurationCountMismatch(let durations, let frames):
      "\(durations) frame durations for \(frames) frames"
    case .frameOutOfRange(let index, let count): "frame \(index) is outside the \(count) frames"
    case .frameFailed(let index, let reason): "frame \(index) could not be produced: \(reason)"
    case .pixels(let error): "drawing a frame failed: \(error)"
    }
  }
}
