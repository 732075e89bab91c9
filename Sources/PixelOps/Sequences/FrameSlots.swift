/// The bookkeeping of ``PrefetchingImageSequence``: which frames are decoded, decoding or
/// failed, in a fixed number of slots, and which frame to decode next. Pure state, no threads:
/// ``FramePipeline`` keeps it under a lock.
///
/// The *window* is the frame being shown (`position`) and the `lookahead` frames after it in
/// playback order (wrapping to frame 0 after the last, as a repeating animation does). There
/// are as many slots as the window has frames, so memory is bounded by the window, never by
/// the sequence's length; a slot holding a frame outside the window is reused.
struct FrameSlots: Sendable {
  /// One decoded (or decoding) frame.
  struct Slot: Sendable {
    enum Status: Sendable {
      case empty, decoding, ready
      case failed(ImageSequenceError)
    }
    var frame: Int?
    var status = Status.empty
    /// The pixels; taken out while a decoder writes them, reused for the next frame of the
    /// same size.
    var buffer: PixelBuffer?
    /// Readers using `buffer` now; a pinned slot is never reused.
    var pins = 0
  }

  /// A frame to decode into a slot.
  struct Job: Sendable {
    var slot: Int
    var frame: Int
    var buffer: PixelBuffer?
    var generation: Int
  }

  let frameCount: Int
  let lookahead: Int
  private(set) var slots: [Slot]
  /// The frame being shown: the window starts here.
  var position = 0
  /// Bumped by ``reset()``: a job of an older generation is dropped when it ends.
  private(set) var generation = 0
  /// Frame buffers alive now (in slots or being decoded), and the most there ever were.
  private(set) var residentBuffers = 0
  private(set) var peakResidentBuffers = 0

  init(frameCount: Int, lookahead: Int) {
    self.frameCount = frameCount
    self.lookahead = min(lookahead, frameCount - 1)
    slots = Array(repeating: Slot(), count: self.lookahead + 1)
  }

  /// The slot holding (or decoding) `frame`.
  func slotIndex(of frame: Int) -> Int? {
    slots.firstIndex { $0.frame == frame }
  }

  /// Whether `frame` is in the window.
  func isInWindow(_ frame: Int) -> Bool {
    (frame - position + frameCount) % frameCount <= lookahead
  }

  /// The next frame of the window without a slot, nearest first, and a free slot for it: one
  /// no reader holds and no decoder fills, empty or holding a frame outside the window.
  func nextJobCandidate() -> (slot: Int, frame: Int)? {
    for step in 0...lookahead {
      let frame = (position + step) % frameCount
      if slotIndex(of: frame) != nil { continue }
      return reusableSlot(outsideWindow: true).map { ($0, frame) }
    }
    return nil
  }

  /// A slot a frame may be decoded into on the reader's thread: an empty one or one outside
  /// the window first, else any no reader holds and no decoder fills (a reader asking for a
  /// frame outside the window, as a second reader elsewhere in the sequence does).
  func freeSlot() -> Int? {
    reusableSlot(outsideWindow: true) ?? reusableSlot(outsideWindow: false)
  }

  /// The first slot no reader holds and no decoder fills (and, when `outsideWindow`, empty or
  /// holding a frame outside the window).
  private func reusableSlot(outsideWindow: Bool) -> Int? {
    slots.firstIndex { slot in
      guard slot.pins == 0 else { return false }
      if case .decoding = slot.status { return false }
      return !outsideWindow || (slot.frame.map { !isInWindow($0) } ?? true)
    }
  }

  /// Claims `candidate`: the slot now decodes that frame, and its buffer goes to the decoder.
  mutating func claim(_ candidate: (slot: Int, frame: Int)) -> Job {
    let buffer = slots[candidate.slot].buffer
    slots[candidate.slot] = Slot(frame: candidate.frame, status: .decoding, buffer: nil, pins: 0)
    return Job(slot: candidate.slot, frame: candidate.frame, buffer: buffer, generation: generation)
  }

  /// Ends `job`: its slot is ready or failed, with `buffer` back in it, and the count of live
  /// buffers follows what the job did (made one where it had none, or lost its own when it
  /// could not allocate a new size). A job from before a reset only lets go of its buffer.
  mutating func finish(_ job: Job, buffer: PixelBuffer?, hadBuffer: Bool, error: ImageSequenceError?) {
    residentBuffers += (buffer != nil ? 1 : 0) - (hadBuffer ? 1 : 0)
    peakResidentBuffers = max(peakResidentBuffers, residentBuffers)
    guard job.generation == generation else {
      if buffer != nil { residentBuffers -= 1 }
      return
    }
    slots[job.slot].buffer = buffer
    slots[job.slot].status = error.map { .failed($0) } ?? .ready
  }

  /// Empties every slot no reader holds and lets go of their buffers; running jobs are
  /// dropped when they end (a decoding slot's buffer is with its job).
  mutating func reset() {
    generation += 1
    for index in slots.indices where slots[index].pins == 0 {
      if slots[index].buffer != nil { residentBuffers -= 1 }
      slots[index] = Slot()
    }
  }

  /// A reader starts using slot `index`.
  mutating func pin(_ index: Int) {
    slots[index].pins += 1
  }

  /// A reader stops using slot `index`.
  mutating func unpin(_ index: Int) {
    slots[index].pins -= 1
  }

  /// Takes the error of a failed slot and empties it, so asking again decodes again.
  mutating func takeFailure(_ index: Int) -> ImageSequenceError? {
    guard case .failed(let error) = slots[index].status else { return nil }
    slots[index].status = .empty
    slots[index].frame = nil
    return error
  }
}
