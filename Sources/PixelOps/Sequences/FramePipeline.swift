/// Runs ``FrameSlots`` with a decoder on a background thread: the worker decodes the window's
/// frames ahead of the reader, and the reader waits only for a frame not decoded yet.
///
/// The worker is one detached thread per playing sequence, not a job of the band pool: pool
/// jobs are synchronous (their caller works on them until every band ends), while a decode
/// must run beside the draws of the frame before it. It starts when a frame is first asked
/// for, sleeps when the window is full, and exits when playback stops.
///
/// A reader asking for a frame no worker will decode — none runs (lookahead 0, or its thread
/// could not start), or the frame is outside the window because another reader moved it —
/// decodes it on its own thread. Decoder calls never overlap (``decoding``), as
/// ``SequenceFrameDecoder`` promises its implementations.
final class FramePipeline<Decoder: SequenceFrameDecoder>: Sendable {
  let decoder: Decoder
  let scale: Double
  private let state: ConditionLock<State>
  /// Broadcast whenever a slot, the position, the generation or the activity changes.
  private let changed = ConditionVariable()
  /// Held around every decoder call.
  private let decoding = ConditionLock(())

  struct State: Sendable {
    var slots: FrameSlots
    /// The generation the running worker serves; `nil` when none runs for the current one.
    var workerGeneration: Int?
    /// Workers alive and decodes running on readers' threads, by the generation they began
    /// in: ``FramePipeline/stop(waiting:)`` waits for those of the generations it ended.
    var activity: [Int: Int] = Dictionary(minimumCapacity: 4)

    mutating func begin(_ generation: Int) { activity[generation, default: 0] += 1 }
    mutating func end(_ generation: Int) {
      activity[generation, default: 1] -= 1
      if activity[generation] == 0 { activity[generation] = nil }
    }
    func isActive(before generation: Int) -> Bool { activity.keys.contains { $0 < generation } }
  }

  init(decoder: Decoder, lookahead: Int, scale: Double) {
    self.decoder = decoder
    self.scale = scale
    state = ConditionLock(State(slots: FrameSlots(frameCount: decoder.frameCount, lookahead: lookahead)))
  }

  var residentBuffers: Int { state.withLock { $0.slots.residentBuffers } }
  var peakResidentBuffers: Int { state.withLock { $0.slots.peakResidentBuffers } }

  /// Calls `body` with frame `index`, decoded by the worker or on this thread.
  func withFrame<Result>(
    at index: Int, _ body: (PixelView) throws(ImageSequenceError) -> Result
  ) throws(ImageSequenceError) -> Result {
    let (needsWorker, generation) = state.withLock { state -> (Bool, Int) in
      state.slots.position = index
      let generation = state.slots.generation
      let needed = state.slots.lookahead > 0 && state.workerGeneration != generation
      if needed {
        state.workerGeneration = generation
        state.begin(generation)
      }
      return (needed, generation)
    }
    changed.broadcast()
    if needsWorker, !startWorker(generation: generation) {
      state.withLock { state in
        state.end(generation)
        if state.workerGeneration == generation { state.workerGeneration = nil }
      }
      changed.broadcast()
    }
    while true {
      if let slot = try waitForFrame(index) {
        return try read(slot: slot, body)
      }
      decodeHere(index)
    }
  }

  /// Waits until `index` is decoded or failed and returns its slot (throwing its failure), or
  /// returns nil as soon as no worker would decode it.
  private func waitForFrame(_ index: Int) throws(ImageSequenceError) -> Int? {
    let outcome = state.withLock(waitingOn: changed) { state in
      if let slot = state.slots.slotIndex(of: index) {
        if case .decoding = state.slots.slots[slot].status { return false }
        return true
      }
      let workerRuns = state.workerGeneration == state.slots.generation
      return !(workerRuns && state.slots.isInWindow(index))
    } _: { state -> Result<Int?, ImageSequenceError> in
      guard let slot = state.slots.slotIndex(of: index) else { return .success(nil) }
      if let failure = state.slots.takeFailure(slot) { return .failure(failure) }
      state.slots.pin(slot)
      return .success(slot)
    }
    return try outcome.get()
  }

  /// Reads a pinned slot, then unpins it.
  private func read<Result>(
    slot: Int, _ body: (PixelView) throws(ImageSequenceError) -> Result
  ) throws(ImageSequenceError) -> Result {
    defer {
      state.withLock { $0.slots.unpin(slot) }
      changed.broadcast()
    }
    // The buffer copy lives only inside this call, so the slot's storage is unique again once
    // it returns and the worker can reuse it without copying.
    func readBuffer() throws(ImageSequenceError) -> Result {
      guard let buffer = state.withLock({ $0.slots.slots[slot].buffer }) else {
        throw .pixels(.allocationFailed(bytes: 0))
      }
      return try buffer.withView(body)
    }
    return try readBuffer()
  }

  /// Decodes `index` on the calling thread into a free slot (when no worker will).
  private func decodeHere(_ index: Int) {
    if var job = claimHere(index) {
      let generation = job.generation
      run(&job)
      state.withLock { $0.end(generation) }
      changed.broadcast()
    }
  }

  /// Claims `index` once it has no slot and a slot is free; nil when it got a slot meanwhile.
  private func claimHere(_ index: Int) -> FrameSlots.Job? {
    state.withLock(waitingOn: changed) { state in
      state.slots.slotIndex(of: index) != nil || state.slots.freeSlot() != nil
    } _: { state -> FrameSlots.Job? in
      guard state.slots.slotIndex(of: index) == nil, let slot = state.slots.freeSlot() else { return nil }
      state.begin(state.slots.generation)
      return state.slots.claim((slot: slot, frame: index))
    }
  }

  /// Decodes a claimed job and hands its slot back.
  ///
  /// The buffer is taken out of the caller's job (`inout`), so the decode writes into storage
  /// nothing else references: a second reference would make `withMutableView` copy the frame
  /// (a megabyte per 512x512 frame, and the allocator's retained memory creeping up with it).
  private func run(_ job: inout FrameSlots.Job) {
    var buffer = job.buffer.take()
    let hadBuffer = buffer != nil
    var failure: ImageSequenceError?
    do throws(ImageSequenceError) {
      try decoding.withLock { (_) throws(ImageSequenceError) in
        let size: PixelSize
        do { size = try decoder.frameSize(at: job.frame) } catch {
          throw .frameFailed(index: job.frame, reason: error)
        }
        if buffer?.size != size || buffer?.format != decoder.pixelFormat {
          buffer = nil
          do throws(PixelError) {
            buffer = try PixelBuffer(width: size.width, height: size.height, format: decoder.pixelFormat, scale: scale)
          } catch { throw .pixels(error) }
        }
        try buffer!.withMutableView { (view) throws(ImageSequenceError) in
          do { try decoder.decodeFrame(at: job.frame, into: view) } catch {
            throw .frameFailed(index: job.frame, reason: error)
          }
        }
      }
    } catch {
      failure = error
    }
    state.withLock { $0.slots.finish(job, buffer: buffer, hadBuffer: hadBuffer, error: failure) }
    changed.broadcast()
  }

  private func startWorker(generation: Int) -> Bool {
    PlatformThreads.startDetachedThread(name: "PixelOps frames") { [self] in
      while var job = nextJob(generation: generation) { run(&job) }
    }
  }

  /// The worker's next job, waiting while the window is full; nil once its generation is over
  /// (the worker then ends).
  private func nextJob(generation: Int) -> FrameSlots.Job? {
    let job = state.withLock(waitingOn: changed) { state in
      state.slots.generation != generation || state.slots.nextJobCandidate() != nil
    } _: { state -> FrameSlots.Job? in
      guard state.slots.generation == generation, let candidate = state.slots.nextJobCandidate() else {
        state.end(generation)
        if state.workerGeneration == generation { state.workerGeneration = nil }
        return nil
      }
      return state.slots.claim(candidate)
    }
    if job == nil { changed.broadcast() }
    return job
  }

  /// Ends the current generation: the worker stops after the page it is decoding and every
  /// frame buffer no reader holds is freed. When `waiting`, returns once every worker and
  /// decode that began before it has ended (a decode in progress is not interrupted: libtiff
  /// and zlib cannot be); a reader asking for a frame meanwhile starts a new generation, which
  /// is not waited for.
  func stop(waiting: Bool) {
    let ended = state.withLock { state -> Int in
      state.slots.reset()
      return state.slots.generation
    }
    changed.broadcast()
    guard waiting else { return }
    state.withLock(waitingOn: changed) { !$0.isActive(before: ended) } _: { _ in }
  }
}
