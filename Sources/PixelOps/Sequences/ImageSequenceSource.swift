/// The frames of an image sequence, however they are stored: an array of images
/// (``ImageArraySequence``), one sprite sheet (``SpriteSheetSequence``), or frames decoded on
/// demand ahead of playback (``PrefetchingImageSequence``, with a TIFF decoder in PixelOpsIO).
///
/// A source is a class: a view compares sources by identity to know that the frame it drew
/// last is still on screen.
public protocol ImageSequenceSource: AnyObject {
  /// Frames in one cycle.
  var frameCount: Int { get }

  /// A number that is equal for two frames exactly when they show the same pixels (the same
  /// image appearing twice in an array, one sprite-sheet cell listed twice). A view that drew
  /// frame `a` and must now show frame `b` with the same key draws nothing. Total: an index
  /// outside the frames gives a key of its own (the sources here return the index).
  func frameKey(at index: Int) -> Int

  /// Calls `body` with frame `index`, valid only during the call.
  ///
  /// - Throws: ``ImageSequenceError/frameOutOfRange(index:frameCount:)``,
  ///   ``ImageSequenceError/frameFailed(index:reason:)`` when the frame cannot be produced, or
  ///   what `body` throws.
  func withFrame<Result>(
    at index: Int, _ body: (SequenceFrame) throws(ImageSequenceError) -> Result
  ) throws(ImageSequenceError) -> Result

  /// Playback stopped: a source that works ahead (decoding frames in the background) stops
  /// and lets go of what it holds. Frames can still be asked for afterwards.
  func stopPlayback()
}

extension ImageSequenceSource {
  /// Sources that hold their frames have nothing to stop.
  public func stopPlayback() {}

  /// Throws ``ImageSequenceError/frameOutOfRange(index:frameCount:)`` unless `index` is a frame.
  func checkFrameIndex(_ index: Int) throws(ImageSequenceError) {
    guard index >= 0, index < frameCount else { throw .frameOutOfRange(index: index, frameCount: frameCount) }
  }
}

/// Frame keys of a source whose frames are given by values: each frame's key is the index of
/// the first frame with an equal value, so equal values share a key.
func firstOccurrenceKeys<Value: Hashable>(_ values: [Value]) -> [Int] {
  var first: [Value: Int] = [:]
  return values.enumerated().map { index, value in
    if let earlier = first[value] { return earlier }
    first[value] = index
    return index
  }
}

/// One frame of a sequence: premultiplied RGBA8 or BGRA8 pixels, valid during the call that
/// lends it.
public struct SequenceFrame {
  /// The frame's pixels (a crop of a sprite sheet, a decoded page, an image of an array).
  public var image: PixelView
  /// Pixels per point (`UIImage.scale`): a frame of 2N pixels at scale 2 is N points wide.
  public var scale: Double
  /// Whether the frame is drawn as a template (`UIImage.RenderingMode.alwaysTemplate`): its
  /// alpha is the coverage of the view's tint colour.
  public var isTemplate: Bool

  /// A frame of `image` at `scale` pixels per point.
  public init(image: PixelView, scale: Double, isTemplate: Bool = false) {
    self.image = image
    self.scale = scale
    self.isTemplate = isTemplate
  }
}
