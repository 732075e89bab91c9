public import PixelOps

/// The pages of a multi-page TIFF as the frames of a sequence: each page decoded on demand into
/// memory the sequence reuses (``TIFFReader/decodePage(at:into:)``), premultiplied RGBA8.
///
/// Wrap it in a `PrefetchingImageSequence` to decode pages ahead of playback with bounded
/// memory (``TIFFReader/frameSequence(lookahead:scale:)`` does so), or play it with lookahead 0
/// to decode each page when it is shown.
public struct TIFFFrameDecoder: SequenceFrameDecoder {
  /// The file's reader. A reader decodes one page at a time, so it should serve only this
  /// decoder while a sequence plays.
  public let reader: TIFFReader

  /// A decoder of `reader`'s pages, which it must decode to premultiplied RGBA8.
  ///
  /// - Throws: ``ImageIOError/invalidOption(_:message:)`` when the reader decodes to RGBA16.
  public init(reader: TIFFReader) throws(ImageIOError) {
    guard reader.options.format == .rgba8Premultiplied else {
      throw .invalidOption(.tiff, message: "frames of a sequence are decoded to rgba8Premultiplied")
    }
    self.reader = reader
  }

  public var frameCount: Int { reader.pageCount }

  public var pixelFormat: PixelFormat { .rgba8Premultiplied }

  /// The size of page `index`, refused (``ImageIOError/tooLarge(width:height:limit:)``,
  /// ``ImageIOError/exceedsMemoryLimit(bytes:limit:)``, ...) as ``TIFFReader/decodePage(at:)``
  /// refuses it, before the sequence allocates a frame buffer of that size.
  public func frameSize(at index: Int) throws(ImageIOError) -> PixelSize {
    try reader.checkedPageSize(at: index)
  }

  public func decodeFrame(at index: Int, into view: MutablePixelView) throws(ImageIOError) {
    try reader.decodePage(at: index, into: view)
  }
}

extension TIFFReader {
  /// The file's pages as an image sequence, decoded `lookahead` pages ahead of playback on a
  /// background thread, holding at most `lookahead + 1` decoded pages.
  ///
  /// The sequence uses this reader: while it plays, decode other pages through another reader.
  ///
  /// - Parameters:
  ///   - lookahead: Pages decoded ahead (see `PrefetchingImageSequence`).
  ///   - scale: The frames' pixels per point (`UIImage.scale`).
  /// - Throws: ``ImageIOError/invalidOption(_:message:)`` when the reader decodes to RGBA16.
  public func frameSequence(
    lookahead: Int = 2, scale: Double = 1
  ) throws(ImageIOError) -> PrefetchingImageSequence<TIFFFrameDecoder> {
    let decoder = try TIFFFrameDecoder(reader: self)
    do {
      return try PrefetchingImageSequence(decoder: decoder, lookahead: lookahead, scale: scale)
    } catch {
      throw ImageIOError(error)
    }
  }
}
