/// A sequence decoded on demand from storage (a multi-page TIFF, an animated file), a few frames
/// ahead of playback on a background thread, holding at most `lookahead + 1` decoded frames
/// whatever the sequence's length.
///
/// Asking for frame `n` makes the window frames `n ... n + lookahead` (wrapping after the last
/// frame, as a repeating animation does): a background thread decodes them in order into
/// buffers that are reused from frame to frame, and the call waits only if frame `n` itself is
/// not decoded yet. ``stopPlayback()`` stops decoding and frees the buffers (a view calls it
/// when its animation stops); asking for a frame again restarts it. With `lookahead` 0 every
/// frame is decoded on the calling thread when asked for.
///
/// A frame that fails to decode throws ``ImageSequenceError/frameFailed(index:reason:)`` when
/// it is asked for, with the decoder's error; earlier frames were valid and later frames are
/// decoded as usual. Frames are distinct: each frame's key is its index.
///
/// Concurrency: `Sendable`; calls from several threads are safe, but one reader playing in
/// order is what the window is made for.
public final class PrefetchingImageSequence<Decoder: SequenceFrameDecoder>: ImageSequenceSource, Sendable {
  /// Frames decoded ahead of the one shown.
  public let lookahead: Int
  private let pipeline: FramePipeline<Decoder>

  /// A sequence of `decoder`'s frames.
  ///
  /// - Parameters:
  ///   - decoder: Decodes the frames.
  ///   - lookahead: Frames decoded ahead of the one asked for (default 2: one frame's
  ///     decode hides behind the drawing of the previous one, with one spare for jitter).
  ///     Clamped to `0 ... frameCount - 1`.
  ///   - scale: The frames' pixels per point (`UIImage.scale`).
  /// - Throws: ``ImageSequenceError/emptySequence`` when the decoder has no frames.
  public init(decoder: Decoder, lookahead: Int = 2, scale: Double = 1) throws(ImageSequenceError) {
    guard decoder.frameCount > 0 else { throw .emptySequence }
    guard scale.isFinite, scale > 0 else { throw .pixels(.invalidScale(scale)) }
    self.lookahead = max(0, min(lookahead, decoder.frameCount - 1))
    pipeline = FramePipeline(decoder: decoder, lookahead: self.lookahead, scale: scale)
  }

  deinit { pipeline.stop(waiting: false) }

  /// The decoder.
  public var decoder: Decoder { pipeline.decoder }

  public var frameCount: Int { pipeline.decoder.frameCount }

  public func frameKey(at index: Int) -> Int { index }

  public func withFrame<Result>(
    at index: Int, _ body: (SequenceFrame) throws(ImageSequenceError) -> Result
  ) throws(ImageSequenceError) -> Result {
    try checkFrameIndex(index)
    let scale = pipeline.scale
    return try pipeline.withFrame(at: index) { (view) throws(ImageSequenceError) -> Result in
      try body(SequenceFrame(image: view, scale: scale))
    }
  }

  /// Stops decoding ahead and frees every decoded frame; returns once no decode is running (a
  /// page being decoded is finished first: decoders cannot be interrupted midway).
  public func stopPlayback() { pipeline.stop(waiting: true) }

  /// Decoded frame buffers alive now; at most `lookahead + 1`.
  public var residentFrameCount: Int { pipeline.residentBuffers }

  /// The most decoded frame buffers alive at once since the sequence was made.
  public var peakResidentFrameCount: Int { pipeline.peakResidentBuffers }
}
