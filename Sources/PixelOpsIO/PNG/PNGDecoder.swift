import PixelOps

/// Decodes a PNG in memory or in a file into a caller's view or a new ``PixelBuffer``
/// (allocated at the header's size, then decoded into: one path for both), and reads headers
/// alone.
enum PNGDecoder {
  static func decode(_ source: PNGSource, options: PNGDecodingOptions) throws(ImageIOError) -> PixelBuffer {
    let session = try PNGDecodeSession(source, options: options, allocatesImage: true)
    let header = session.header
    var image = try pixelWork { () throws(PixelError) in
      try PixelBuffer(width: header.width, height: header.height, format: options.format)
    }
    try image.withMutableView { (view) throws(ImageIOError) in try session.decode(into: view) }
    if header.isOpaque { image.markOpaque() }
    return image
  }

  static func decode(
    _ source: PNGSource, into view: MutablePixelView, options: PNGDecodingOptions
  ) throws(ImageIOError) -> PNGHeader {
    let session = try PNGDecodeSession(source, options: options, allocatesImage: false)
    try session.decode(into: view)
    return session.header
  }

  /// The header chunks of `source`; no pixels are decoded and no limits are applied.
  static func header(of source: PNGSource) throws(ImageIOError) -> PNGHeader {
    try PNGSignature.validate(source.prefix(PNGSignature.bytes.count))
    return try source.makeReader().readHeader(keepGamma: false)
  }
}

/// Runs pixel work, reporting its ``PixelError`` as ``ImageIOError/pixels(_:)``.
func pixelWork<Result>(_ body: () throws(PixelError) -> Result) throws(ImageIOError) -> Result {
  do {
    return try body()
  } catch {
    throw .pixels(error)
  }
}
