extension PNG {
  /// The header of a PNG held in memory: size, bit depth, colour type, interlacing and
  /// transparency, read from the chunks before the image data. No pixel is decoded and no
  /// pixel memory is allocated, so this is cheap enough to call before every
  /// ``decode(_:into:options:)-([UInt8],_,_)``.
  ///
  /// - Throws: ``ImageIOError/emptyInput``, ``ImageIOError/notRecognized(_:detail:)`` without
  ///   the PNG signature, ``ImageIOError/truncated(_:message:)`` or
  ///   ``ImageIOError/corrupt(_:message:)`` when the chunks before the image data are damaged.
  ///   Size limits are not checked here; decoding checks them.
  public static func header(of bytes: [UInt8]) throws(ImageIOError) -> PNGHeader {
    try withBytes(bytes) { (data) throws(ImageIOError) in try PNGDecoder.header(of: .memory(data)) }
  }

  /// The header of a PNG in memory the caller owns, read only during the call. Throws as the
  /// `[UInt8]` overload does.
  public static func header(of bytes: UnsafeRawBufferPointer) throws(ImageIOError) -> PNGHeader {
    try PNGDecoder.header(of: .memory(bytes))
  }

  /// The header of the PNG file at `path`, reading only the chunks before the image data.
  ///
  /// - Throws: ``ImageIOError/unreadableFile(path:reason:)`` when the file cannot be read or
  ///   is not a regular file (refused without blocking), and otherwise as ``header(of:)-([UInt8])`` does.
  public static func readHeader(contentsOf path: String) throws(ImageIOError) -> PNGHeader {
    try PNGDecoder.header(of: PNGSource.file(at: path))
  }
}
