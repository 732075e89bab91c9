import Dispatch
import Testing

@testable import PixelOps

/// The decoding window of ``PrefetchingImageSequence``: frames arrive right and in order,
/// memory is bounded by the lookahead whatever the length, stopping stops decoding and frees
/// every frame, and a frame that fails reaches the caller at that frame only.
@Suite("Prefetching sequences: the decode window")
struct PrefetchingSequenceTests {
  @Test("playing in order gives every frame's pixels, for lookaheads 0 through 5", arguments: [0, 1, 2, 5])
  func framesInOrder(lookahead: Int) throws {
    let decoder = RecordingDecoder(frameCount: 12)
    let sequence = try PrefetchingImageSequence(decoder: decoder, lookahead: lookahead, scale: 2)
    for cycle in 0..<3 {
      for index in 0..<12 {
        try sequence.withFrame(at: index) { frame in
          #expect(frame.scale == 2)
          #expect(SequenceFixtures.isSolid(frame.image, SequenceFixtures.color(of: index)), "cycle \(cycle)")
        }
      }
    }
    #expect(sequence.peakResidentFrameCount <= lookahead + 1)
    sequence.stopPlayback()
    #expect(sequence.residentFrameCount == 0)
  }

  @Test("memory: 1,000 frames hold no more decoded frames than 10 (lookahead + 1 at most)")
  func boundedMemory() throws {
    for frames in [10, 1000] {
      let decoder = RecordingDecoder(frameCount: frames)
      let sequence = try PrefetchingImageSequence(decoder: decoder, lookahead: 3)
      for index in 0..<frames {
        try sequence.withFrame(at: index) { _ in
          #expect(sequence.residentFrameCount <= 4)
        }
      }
      #expect(sequence.peakResidentFrameCount <= 4, "\(frames) frames")
      // Every frame was decoded at least once; ahead-of-time decoding wraps at most the window.
      #expect(Set(decoder.decoded) == Set(0..<frames))
      #expect(decoder.decoded.count <= frames + 3)
      sequence.stopPlayback()
    }
  }

  @Test("frame buffers are reused: 300 frames are decoded into at most lookahead + 1 buffers", arguments: [0, 2])
  func buffersReused(lookahead: Int) throws {
    // A copy-on-write copy of a slot's buffer on every decode (a second reference left to it)
    // would show as a new address per frame: a megabyte allocated and freed per 512x512 frame.
    let decoder = RecordingDecoder(frameCount: 30)
    let sequence = try PrefetchingImageSequence(decoder: decoder, lookahead: lookahead)
    for index in 0..<300 {
      try sequence.withFrame(at: index % 30) { frame in
        #expect(SequenceFixtures.isSolid(frame.image, SequenceFixtures.color(of: index % 30)))
      }
    }
    #expect(decoder.distinctBufferAddresses <= lookahead + 1)
    sequence.stopPlayback()
  }

  @Test("lookahead 0 decodes each frame once, on the calling thread, when asked for")
  func noLookahead() throws {
    let decoder = RecordingDecoder(frameCount: 5)
    let sequence = try PrefetchingImageSequence(decoder: decoder, lookahead: 0)
    for index in [0, 1, 1, 3] {
      try sequence.withFrame(at: index) { frame in
        #expect(SequenceFixtures.isSolid(frame.image, SequenceFixtures.color(of: index)))
      }
    }
    #expect(decoder.decoded == [0, 1, 3])
    #expect(sequence.peakResidentFrameCount == 1)
  }

  @Test("stopping frees every frame and stops decoding; asking again restarts")
  func stopAndRestart() throws {
    let decoder = RecordingDecoder(frameCount: 40, delayMicroseconds: 200)
    let sequence = try PrefetchingImageSequence(decoder: decoder, lookahead: 4)
    try sequence.withFrame(at: 0) { _ in }
    sequence.stopPlayback()
    #expect(sequence.residentFrameCount == 0)
    let decodedAtStop = decoder.decoded.count
    #expect(decodedAtStop <= 5)
    // Nothing decodes after the stop returned (give a stray worker time to show itself).
    let clock = ContinuousClock()
    let end = clock.now.advanced(by: .milliseconds(20))
    while clock.now < end {}
    #expect(decoder.decoded.count == decodedAtStop)
    try sequence.withFrame(at: 7) { frame in
      #expect(SequenceFixtures.isSolid(frame.image, SequenceFixtures.color(of: 7)))
    }
    #expect(decoder.decoded[decodedAtStop] == 7)
    sequence.stopPlayback()
    #expect(sequence.residentFrameCount == 0)
  }

  @Test("a frame that fails reaches the caller at that frame; the frames around it stay valid")
  func failureMidSequence() throws {
    let decoder = RecordingDecoder(frameCount: 10, failing: [5])
    let sequence = try PrefetchingImageSequence(decoder: decoder, lookahead: 2)
    for index in 0..<10 {
      if index == 5 {
        #expect { try sequence.withFrame(at: index) { _ in } } throws: { error in
          guard case ImageSequenceError.frameFailed(5, let reason) = error else { return false }
          return (reason as? RecordingDecoder.Failure) == RecordingDecoder.Failure(index: 5)
        }
        continue
      }
      try sequence.withFrame(at: index) { frame in
        #expect(SequenceFixtures.isSolid(frame.image, SequenceFixtures.color(of: index)))
      }
    }
    // Asking for the failed frame again decodes it again (and fails again).
    #expect(throws: ImageSequenceError.self) { try sequence.withFrame(at: 5) { _ in } }
    sequence.stopPlayback()
  }

  @Test("frames of different sizes each get a buffer of their size")
  func mixedSizes() throws {
    let decoder = RecordingDecoder(frameCount: 6) { PixelSize(width: 3 + $0, height: 9 - $0) }
    let sequence = try PrefetchingImageSequence(decoder: decoder, lookahead: 2)
    for index in [0, 1, 2, 3, 4, 5, 0, 1] {
      try sequence.withFrame(at: index) { frame in
        #expect(frame.image.size == PixelSize(width: 3 + index, height: 9 - index))
        #expect(SequenceFixtures.isSolid(frame.image, SequenceFixtures.color(of: index)))
      }
    }
    #expect(sequence.peakResidentFrameCount <= 3)
    sequence.stopPlayback()
  }

  @Test("jumping around (scrubbing) still gives the right frames, within the memory bound")
  func randomAccess() throws {
    let decoder = RecordingDecoder(frameCount: 30)
    let sequence = try PrefetchingImageSequence(decoder: decoder, lookahead: 3)
    var rng = SystemRandomNumberGenerator()
    for _ in 0..<200 {
      let index = Int.random(in: 0..<30, using: &rng)
      try sequence.withFrame(at: index) { frame in
        #expect(SequenceFixtures.isSolid(frame.image, SequenceFixtures.color(of: index)))
      }
    }
    #expect(sequence.peakResidentFrameCount <= 4)
    sequence.stopPlayback()
  }

  @Test("an empty decoder and a bad scale are typed errors")
  func badInput() {
    #expect { try PrefetchingImageSequence(decoder: RecordingDecoder(frameCount: 0)) } throws: { error in
      if case ImageSequenceError.emptySequence = error { return true } else { return false }
    }
    #expect { try PrefetchingImageSequence(decoder: RecordingDecoder(frameCount: 2), scale: .nan) } throws: { error in
      if case ImageSequenceError.pixels(.invalidScale) = error { return true } else { return false }
    }
  }

  @Test("a sequence released while its worker decodes lets the worker finish and go")
  func releasedWhilePlaying() throws {
    let decoder = RecordingDecoder(frameCount: 50, delayMicroseconds: 300)
    do {
      let sequence = try PrefetchingImageSequence(decoder: decoder, lookahead: 8)
      try sequence.withFrame(at: 0) { _ in }
    }
    let count = decoder.decoded.count
    let clock = ContinuousClock()
    let end = clock.now.advanced(by: .milliseconds(30))
    while clock.now < end {}
    #expect(decoder.decoded.count <= count + 1)
  }
}

/// Several threads on one prefetching sequence: each gets its own frames right and none waits
/// forever, whether the readers play different parts of the sequence (each moving the window
/// away from the other) or one stops playback while another reads.
@Suite("Prefetching sequences: several readers")
struct PrefetchingSequenceThreadTests {
  /// Runs `work` on `threads` threads at once; false when they have not all finished within
  /// 20 s (a hang; the stuck threads are left behind).
  func finishes(threads: Int, _ work: @escaping @Sendable (Int) -> Void) -> Bool {
    let group = DispatchGroup()
    for thread in 0..<threads {
      DispatchQueue.global().async(group: group) { work(thread) }
    }
    return group.wait(timeout: .now() + 20) == .success
  }

  /// Whether frame `index` comes out without an error and with its own colour.
  static func readsRight(_ sequence: PrefetchingImageSequence<RecordingDecoder>, _ index: Int) -> Bool {
    (try? sequence.withFrame(at: index) { SequenceFixtures.isSolid($0.image, SequenceFixtures.color(of: index)) })
      ?? false
  }

  @Test("two readers in different parts of the sequence both get every frame", arguments: [0, 2])
  func twoReaders(lookahead: Int) throws {
    let decoder = RecordingDecoder(frameCount: 100)
    let sequence = try PrefetchingImageSequence(decoder: decoder, lookahead: lookahead)
    let wrong = Locked(0)
    let finished = finishes(threads: 2) { thread in
      for step in 0..<200 {
        let index = (thread * 50 + step) % 100
        if !Self.readsRight(sequence, index) { wrong.withLock { $0 += 1 } }
      }
    }
    #expect(finished)
    #expect(wrong.withLock { $0 } == 0)
    sequence.stopPlayback()
    #expect(sequence.residentFrameCount == 0)
  }

  @Test("stopping while another thread reads returns, and the reader still gets its frames")
  func stopWhileReading() throws {
    let decoder = RecordingDecoder(frameCount: 40, delayMicroseconds: 50)
    let sequence = try PrefetchingImageSequence(decoder: decoder, lookahead: 2)
    let wrong = Locked(0)
    let finished = finishes(threads: 2) { thread in
      for step in 0..<150 {
        if thread == 1 {
          if step % 3 == 0 { sequence.stopPlayback() }
          continue
        }
        let index = step % 40
        if !Self.readsRight(sequence, index) { wrong.withLock { $0 += 1 } }
      }
    }
    #expect(finished)
    #expect(wrong.withLock { $0 } == 0)
    sequence.stopPlayback()
    #expect(sequence.residentFrameCount == 0)
  }
}

/// What an animated view does to the sequences it plays when they change under it, and
/// stepping by `nextChange` on a clock with a large origin.
@Suite("Animated view: sequence changes and clock origins")
struct AnimatedViewSourceTests {
  func view() -> AnimatedImageView {
    AnimatedImageView(bounds: PointRect(x: 0, y: 0, width: 4, height: 4), screenScale: 1, clock: ManualAnimationClock())
  }

  @Test("replacing either sequence while one plays stops the animation and the playing sequence's decoding")
  func replacingStopsThePlayingSequence() throws {
    for replacesHighlighted in [false, true] {
      let view = view()
      let playing = try PrefetchingImageSequence(decoder: RecordingDecoder(frameCount: 10), lookahead: 2)
      view.animationImages = playing
      view.startAnimating(at: 0)
      try view.display(at: 0.05)
      #expect(playing.residentFrameCount > 0)
      let other = try PrefetchingImageSequence(decoder: RecordingDecoder(frameCount: 10), lookahead: 2)
      if replacesHighlighted { view.highlightedAnimationImages = other } else { view.animationImages = other }
      #expect(!view.isAnimating(at: 0.05))
      #expect(playing.residentFrameCount == 0, "replacing highlighted: \(replacesHighlighted)")
    }
  }

  @Test("highlighting mid-animation switches sequences on the same clock; the one left stops decoding")
  func highlightSwitch() throws {
    let view = view()
    let normal = try PrefetchingImageSequence(decoder: RecordingDecoder(frameCount: 10), lookahead: 2)
    let highlighted = try PrefetchingImageSequence(decoder: RecordingDecoder(frameCount: 5), lookahead: 2)
    view.animationImages = normal
    view.highlightedAnimationImages = highlighted
    view.startAnimating(at: 0)
    #expect(try view.display(at: 0.1).shown == .frame(3))
    view.isHighlighted = true
    #expect(normal.residentFrameCount == 0)
    // 0.2 s at 1/30 s per frame is step 6; the highlighted sequence has 5 frames: frame 1.
    #expect(try view.display(at: 0.2).shown == .frame(1))
    #expect(view.isAnimating(at: 0.2))
    view.stopAnimating()
    #expect(highlighted.residentFrameCount == 0)
  }

  @Test("stepping by nextChange advances every time, even on a clock whose origin is Unix time")
  func nextChangeAdvancesOnLargeOrigins() throws {
    for origin in [0.0, 1.0e6, 1.7e9, 4.0e9] {
      let view = view()
      view.animationImages = try ImageArraySequence(
        (0..<7).map { try SequenceFixtures.solid(SequenceFixtures.color(of: $0), size: PixelSize(width: 2, height: 2)) })
      view.startAnimating(at: origin)
      var time = origin
      var expected = 0
      for _ in 0..<300 {
        let update = try view.display(at: time)
        #expect(update.shown == .frame(expected), "origin \(origin)")
        guard let next = update.nextChange, update.shown == .frame(expected) else { break }
        #expect(next > time)
        time = next
        expected = (expected + 1) % 7
      }
    }
  }
}
