public import PixelOps

extension PNG {
  /// Decodes a whole PNG file held in memory into `view`, which the caller owns and may
  /// reuse from one image to the next (video frames, tiles): no image-sized memory is
  /// allocated except for interlaced files decoded to a format with fewer bytes per pixel
  /// than libpng's straight RGBA8/RGBA16 (`PixelFormat.gray8`, `PixelFormat.grayAlpha8`,
  /// or an 8-bit format from a 16-bit file), which are staged whole first.
  ///
  /// `view` must be exactly the image's size (``PNGHeader/size`` from ``header(of:)-([UInt8])``) and in
  /// `options.format`; its row bytes may be anything `MutablePixelView` accepts (padded,
  /// odd, a crop of a larger image). Only the view's pixels are written; bytes between rows
  /// and outside the view are not touched. The pixels are exactly those
  /// ``decode(_:options:)-([UInt8],_)`` returns with the same options.
  ///
  /// - Returns: The file's header; ``PNGHeader/isOpaque`` says whether every decoded pixel
  ///   is opaque by construction.
  /// - Throws: ``ImageIOError/destinationSizeMismatch(expected:actual:)`` and
  ///   ``ImageIOError/destinationFormatMismatch(expected:actual:)`` before any pixel is
  ///   written, and otherwise as ``decode(_:options:)-([UInt8],_)`` does (the limits in `options` apply
  ///   too). When decoding fails partway (a truncated or damaged file), the view's pixels
  ///   are unspecified: some rows may be written, others not.
  @discardableResult
  public static func decode(
    _ bytes: [UInt8], into view: MutablePixelView, options: PNGDecodingOptions = .standard
  ) throws(ImageIOError) -> PNGHeader {
    try withBytes(bytes) { (data) throws(ImageIOError) in try PNGDecoder.decode(data, into: view, options: options) }
  }

  /// Decodes a whole PNG file in memory the caller owns into `view`. The memory is only
  /// read, and only during the call. Rules and errors as the `[UInt8]` overload.
  @discardableResult
  public static func decode(
    _ bytes: UnsafeRawBufferPointer, into view: MutablePixelView, options: PNGDecodingOptions = .standard
  ) throws(ImageIOError) -> PNGHeader {
    try PNGDecoder.decode(bytes, into: view, options: options)
  }

  /// Reads the PNG file at `path` and decodes it into `view`. Rules and errors as
  /// ``decode(_:into:options:)-([UInt8],_,_)``, and ``ImageIOError/unreadableFile(path:reason:)`` when the
  /// file cannot be read.
  @discardableResult
  public static func read(
    contentsOf path: String, into view: MutablePixelView, options: PNGDecodingOptions = .standard
  ) throws(ImageIOError) -> PNGHeader {
    try decode(FileSystem.readAll(path: path), into: view, options: options)
  }
}
