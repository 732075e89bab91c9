import PixelOps

/// Decodes a PNG in memory into a caller's view or a new ``PixelBuffer`` (allocated at the
/// header's size, then decoded into: one path for both), and reads headers alone.
enum PNGDecoder {
  static func decode(_ data: UnsafeRawBufferPointer, options: PNGDecodingOptions) throws(ImageIOError) -> PixelBuffer {
    let session = try PNGDecodeSession(data, options: options)
    let header = session.header
    var image = try pixelWork { () throws(PixelError) in
      try PixelBuffer(width: header.width, height: header.height, format: options.format)
    }
    try image.withMutableView { (view) throws(ImageIOError) in try session.decode(into: view) }
    if header.isOpaque { image.markOpaque() }
    return image
  }

  static func decode(
    _ data: UnsafeRawBufferPointer, into view: MutablePixelView, options: PNGDecodingOptions
  ) throws(ImageIOError) -> PNGHeader {
    let session = try PNGDecodeSession(data, options: options)
    try session.decode(into: view)
    return session.header
  }

  /// The header chunks of `data`; no pixels are decoded and no limits are applied.
  static func header(of data: UnsafeRawBufferPointer) throws(ImageIOError) -> PNGHeader {
    try PNGSignature.validate(data)
    return try LibPNGReader(data).readHeader(keepGamma: false)
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
