/// Runs ``FrameSlots`` with a decoder on a background thread: the worker decodes the window's
/// frames ahead of the reader, and the reader waits only for a frame not decoded yet.
///
/// The worker is one detached thread per playing sequence, not a job of the band pool: pool
/// jobs are synchronous (their caller works on them until every band ends), while a decode
/// must run beside the draws of the frame before it. It starts when a frame is first asked
/// for, sleeps when the window is full, and exits when playback stops.
final class FramePipeline<Decoder: SequenceFrameDecoder>: Sendable {
  let decoder: Decoder
  let scale: Double
  private let state: ConditionLock<State>
  /// Signalled whenever a slot, the position or the generation changes.
  private let changed = ConditionVariable()

  struct State: Sendable {
    var slots: FrameSlots
    /// Workers running now, and the generation the newest one serves.
    var runningWorkers = 0
    var workerGeneration: Int?
  }

  init(decoder: Decoder, lookahead: Int, scale: Double) {
    self.decoder = decoder
    self.scale = scale
    state = ConditionLock(State(slots: FrameSlots(frameCount: decoder.frameCount, lookahead: lookahead)))
  }

  var residentBuffers: Int { state.withLock { $0.slots.residentBuffers } }
  var peakResidentBuffers: Int { state.withLock { $0.slots.peakResidentBuffers } }

  /// Calls `body` with frame `index`, decoded by the worker (or here, when no worker can run).
  func withFrame<Result>(
    at index: Int, _ body: (PixelView) throws(ImageSequenceError) -> Result
  ) throws(ImageSequenceError) -> Result {
    let (needsWorker, generation) = state.withLock { state -> (Bool, Int) in
      state.slots.position = index
      let needed = state.slots.lookahead > 0 && state.workerGeneration != state.slots.generation
      if needed {
        state.workerGeneration = state.slots.generation
        state.runningWorkers += 1
      }
      return (needed, state.slots.generation)
    }
    changed.signal(count: 4)
    if needsWorker, !startWorker(generation: generation) {
      state.withLock { state in
        state.runningWorkers -= 1
        state.workerGeneration = nil
      }
    }
    while true {
      if let slot = try waitForFrame(index) {
        return try read(slot: slot, body)
      }
      // No worker will decode it (none running, or it stopped meanwhile): decode it here.
      decodeHere(index)
    }
  }

  /// Waits until `index` is decoded or failed and returns its slot (throwing its failure), or
  /// returns nil at once when no worker would decode it.
  private func waitForFrame(_ index: Int) throws(ImageSequenceError) -> Int? {
    let outcome = state.withLock(waitingOn: changed) { state in
      if let slot = state.slots.slotIndex(of: index), case .decoding = state.slots.slots[slot].status {
        return false
      }
      if state.slots.slotIndex(of: index) != nil { return true }
      return state.workerGeneration != state.slots.generation || state.runningWorkers == 0
    } _: { state -> Result<Int?, ImageSequenceError> in
      guard let slot = state.slots.slotIndex(of: index) else { return .success(nil) }
      if let failure = state.slots.takeFailure(slot) { return .failure(failure) }
      _ = state.slots.pin(slot)
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
      changed.signal(count: 4)
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

  /// Decodes `index` on the calling thread into a free slot (when nothing else will).
  private func decodeHere(_ index: Int) {
    // Bound and consumed in one statement: no other binding keeps a reference to its buffer.
    if let job = claimHere(index) { run(job) }
  }

  /// Claims `index` for ``decodeHere(_:)`` once it has no slot and a slot is free.
  private func claimHere(_ index: Int) -> FrameSlots.Job? {
    state.withLock(waitingOn: changed) { state in
      state.slots.slotIndex(of: index) != nil || state.slots.nextJobCandidate(onlyPosition: true) != nil
    } _: { state -> FrameSlots.Job? in
      guard state.slots.slotIndex(of: index) == nil,
        let candidate = state.slots.nextJobCandidate(onlyPosition: true), candidate.frame == index
      else { return nil }
      return state.slots.claim(candidate)
    }
  }

  /// Decodes a claimed job and hands its slot back.
  ///
  /// The job is consumed and its buffer taken out of it, so the decode writes into storage
  /// nothing else references: a second reference would make `withMutableView` copy the frame
  /// (a megabyte per 512x512 frame, and the allocator's retained memory creeping up with it).
  private func run(_ job: consuming FrameSlots.Job) {
    var buffer = job.buffer.take()
    let hadBuffer = buffer != nil
    var failure: ImageSequenceError?
    do throws(ImageSequenceError) {
      let size: PixelSize
      do { size = try decoder.frameSize(at: job.frame) } catch { throw .frameFailed(index: job.frame, reason: error) }
      if buffer?.size != size || buffer?.format != decoder.pixelFormat {
        buffer = nil
        do {
          buffer = try PixelBuffer(width: size.width, height: size.height, format: decoder.pixelFormat, scale: scale)
        } catch { throw .pixels(error) }
      }
      try buffer!.withMutableView { (view) throws(ImageSequenceError) in
        do { try decoder.decodeFrame(at: job.frame, into: view) } catch {
          throw .frameFailed(index: job.frame, reason: error)
        }
      }
    } catch {
      failure = error
    }
    state.withLock { state in
      state.slots.adjustResidentBuffers(by: (buffer != nil ? 1 : 0) - (hadBuffer ? 1 : 0))
      state.slots.finish(job, buffer: buffer, error: failure)
    }
    changed.signal(count: 4)
  }

  private func startWorker(generation: Int) -> Bool {
    PlatformThreads.startDetachedThread(name: "PixelOps frames") { [self] in
      while let job = nextJob(generation: generation) { run(job) }
    }
  }

  /// The worker's next job, waiting while the window is full; nil once its generation is over.
  private func nextJob(generation: Int) -> FrameSlots.Job? {
    let job = state.withLock(waitingOn: changed) { state in
      state.slots.generation != generation || state.slots.nextJobCandidate() != nil
    } _: { state -> FrameSlots.Job? in
      guard state.slots.generation == generation, let candidate = state.slots.nextJobCandidate() else {
        state.runningWorkers -= 1
        if state.workerGeneration == generation { state.workerGeneration = nil }
        return nil
      }
      return state.slots.claim(candidate)
    }
    if job == nil { changed.signal(count: 4) }
    return job
  }

  /// Stops the worker and lets go of every frame buffer; waits until no decode runs when
  /// `waiting` (a decode in progress is not interrupted: libtiff and zlib cannot be).
  func stop(waiting: Bool) {
    state.withLock { $0.slots.reset() }
    changed.signal(count: 4)
    guard waiting else { return }
    state.withLock(waitingOn: changed) { $0.runningWorkers == 0 } _: { _ in }
  }
}
