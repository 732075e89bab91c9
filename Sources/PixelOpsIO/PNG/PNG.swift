public import PixelOps

/// PNG reading and writing through the system's libpng.
///
/// Decoding handles every colour type and bit depth, Adam7 interlacing, palettes, tRNS
/// (palette alpha and colour keys) and 16-bit samples. By default it produces premultiplied
/// RGBA8 exactly as the samples are stored: low bit depths scaled by `v * 255 / (2^depth - 1)`,
/// 16-bit samples by `round(v / 257)` before premultiplying, gray copied to R, G and B, alpha
/// 255 where the file has none. Colour management and ancillary chunks (gAMA unless asked,
/// cHRM, iCCP, sBIT, bKGD, text...) are ignored. Damaged, truncated or hostile files throw a
/// typed ``ImageIOError``; libpng never prints and never aborts.
///
/// ```swift
/// let image = try PNG.read(contentsOf: "sprite.png")
/// try image.writePNG(to: "copy.png", options: PNGEncodingOptions(compressionLevel: 9))
/// ```
///
/// Writing has the shape of ``TIFF``'s: ``encode(_:options:)`` and ``write(_:to:options:)`` take a
/// `PixelView` (a whole buffer's, a crop, caller memory), and a `PixelBuffer` is written with
/// `writePNG(to:options:)` and encoded with `pngBytes(options:)`.
///
/// To reuse one buffer across many files (playback, tiles), read the size with
/// ``header(of:)-([UInt8])`` and decode into a view of it with ``decode(_:into:options:)-([UInt8],_,_)``.
public enum PNG {
  /// The eight bytes every PNG file starts with.
  public static let signature: [UInt8] = PNGSignature.bytes

  /// Whether `bytes` start with the PNG signature (a cheap format check; nothing is decoded).
  public static func hasSignature(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { PNGSignature.matches($0) }
  }

  /// Decodes a whole PNG file held in memory into a buffer in `options.format`.
  ///
  /// - Throws: ``ImageIOError/emptyInput``, ``ImageIOError/notRecognized(_:detail:)`` without
  ///   the PNG signature, ``ImageIOError/truncated(_:message:)`` when the data ends early,
  ///   ``ImageIOError/corrupt(_:message:)`` for bad checksums, invalid fields or a broken
  ///   compressed stream, ``ImageIOError/tooLarge(width:height:limit:)`` when the header
  ///   exceeds `options.limits`' pixel count and ``ImageIOError/exceedsMemoryLimit(bytes:limit:)``
  ///   when the image and the decoder's scratch exceed its byte count (both checked before
  ///   allocating), and ``ImageIOError/pixels(_:)`` when memory is not available.
  public static func decode(_ bytes: [UInt8], options: PNGDecodingOptions = .standard) throws(ImageIOError) -> PixelBuffer {
    try withBytes(bytes) { (data) throws(ImageIOError) in try PNGDecoder.decode(.memory(data), options: options) }
  }

  /// Decodes a whole PNG file in memory the caller owns (a memory-mapped file, a network
  /// buffer). The memory is only read, and only during the call. Throws as the `[UInt8]`
  /// overload does.
  public static func decode(
    _ bytes: UnsafeRawBufferPointer, options: PNGDecodingOptions = .standard
  ) throws(ImageIOError) -> PixelBuffer {
    try PNGDecoder.decode(.memory(bytes), options: options)
  }

  /// Reads and decodes the PNG file at `path`.
  ///
  /// The file is read as a stream through a 64 KiB buffer, never whole: its signature and
  /// header are checked (against `options.limits` too) before anything large is allocated, so
  /// a huge file that is not a PNG, or whose chunks are garbage, fails at once. Only regular
  /// files are read; a directory, a FIFO or a device is refused without blocking.
  ///
  /// - Throws: ``ImageIOError/unreadableFile(path:reason:)`` when the file cannot be opened or
  ///   read or is not a regular file (the reason says what it is), and otherwise as
  ///   ``decode(_:options:)-([UInt8],_)`` does.
  public static func read(contentsOf path: String, options: PNGDecodingOptions = .standard) throws(ImageIOError) -> PixelBuffer {
    try PNGDecoder.decode(PNGSource.file(at: path), options: options)
  }

  /// Encodes `view` as a PNG file in memory. Premultiplied pixels are converted to the
  /// straight alpha PNG stores; decoding the result with the default options gives back a
  /// premultiplied RGBA8 view's pixels exactly. Any row bytes work (a crop of a larger buffer,
  /// caller memory); the view is read only during the call.
  ///
  /// - Throws: ``ImageIOError/pixels(_:)`` for an empty view (PNG has no empty images) or one
  ///   wider or taller than PNG's 31-bit sizes, or when memory is not available;
  ///   ``ImageIOError/invalidOption(_:message:)`` for a compression level outside 0...9 or a
  ///   ``PNGEncodingOptions/scale`` outside `0.001...750000`;
  ///   ``ImageIOError/writeFailed(path:reason:)`` with the path `<memory>` if libpng fails.
  public static func encode(_ view: PixelView, options: PNGEncodingOptions = .standard) throws(ImageIOError) -> [UInt8] {
    try PNGEncoder.encode(view, options: options)
  }

  /// Encodes `view` and writes it to `path` atomically: the file is either replaced by the
  /// complete new PNG or left as it was, and no temporary file remains.
  ///
  /// - Throws: as ``encode(_:options:)`` (before touching the file system), and
  ///   ``ImageIOError/writeFailed(path:reason:)`` when the file cannot be written.
  public static func write(_ view: PixelView, to path: String, options: PNGEncodingOptions = .standard) throws(ImageIOError) {
    let bytes: [UInt8]
    do {
      bytes = try encode(view, options: options)
    } catch .writeFailed(ImageIOError.memoryPath, let reason) {
      throw .writeFailed(path: path, reason: reason)  // the file the caller asked for
    }
    try FileSystem.writeAtomically(bytes, to: path)
  }

  /// Calls `body` with the bytes of `bytes`, carrying its typed error out.
  static func withBytes<Output>(
    _ bytes: [UInt8], _ body: (UnsafeRawBufferPointer) throws(ImageIOError) -> Output
  ) throws(ImageIOError) -> Output {
    // `withUnsafeBytes` rethrows untyped errors; carry the typed one out as a value.
    let outcome = bytes.withUnsafeBytes { data in
      Result { () throws(ImageIOError) -> Output in try body(data) }
    }
    return try outcome.get()
  }
}
