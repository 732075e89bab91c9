public import PixelOps

extension PNG {
  /// Decodes a whole PNG file held in memory into `view`, which the caller owns and may
  /// reuse from one image to the next (video frames, tiles): no image-sized memory is
  /// allocated, interlaced or not, whatever the format (rows are converted a strip at a time).
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
    try withBytes(bytes) { (data) throws(ImageIOError) in try PNGDecoder.decode(.memory(data), into: view, options: options) }
  }

  /// Decodes a whole PNG file in memory the caller owns into `view`. The memory is only
  /// read, and only during the call. Rules and errors as the `[UInt8]` overload.
  @discardableResult
  public static func decode(
    _ bytes: UnsafeRawBufferPointer, into view: MutablePixelView, options: PNGDecodingOptions = .standard
  ) throws(ImageIOError) -> PNGHeader {
    try PNGDecoder.decode(.memory(bytes), into: view, options: options)
  }

  /// Reads the PNG file at `path` as a stream and decodes it into `view`. Rules and errors as
  /// ``decode(_:into:options:)-([UInt8],_,_)``, and ``ImageIOError/unreadableFile(path:reason:)`` when the
  /// file cannot be read or is not a regular file (see ``read(contentsOf:options:)``).
  @discardableResult
  public static func read(
    contentsOf path: String, into view: MutablePixelView, options: PNGDecodingOptions = .standard
  ) throws(ImageIOError) -> PNGHeader {
    try PNGDecoder.decode(PNGSource.file(at: path), into: view, options: options)
  }
}
