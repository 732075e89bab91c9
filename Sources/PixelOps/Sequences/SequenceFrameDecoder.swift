/// Decodes the frames of a stored sequence (the pages of a multi-page TIFF, the frames of an
/// animated file) one at a time, into memory it is given. ``PrefetchingImageSequence`` calls
/// it from a background thread, one call at a time, mostly in increasing frame order.
public protocol SequenceFrameDecoder: Sendable {
  /// What decoding a frame can throw (the file format's own error).
  associatedtype Failure: Error

  /// Frames in the sequence (at least 1).
  var frameCount: Int { get }

  /// The format frames are decoded to: premultiplied RGBA8 or BGRA8.
  var pixelFormat: PixelFormat { get }

  /// The size of frame `index` in pixels, read without decoding its pixels. The sequence
  /// allocates a buffer of this size next, so a decoder with limits refuses a frame beyond them
  /// here (throws), not in ``decodeFrame(at:into:)``.
  func frameSize(at index: Int) throws(Failure) -> PixelSize

  /// Decodes frame `index` into `view`, which has ``frameSize(at:)`` and ``pixelFormat``.
  func decodeFrame(at index: Int, into view: MutablePixelView) throws(Failure)
}
