import CTIFFSupport
public import PixelOps

/// Reading and writing TIFF files through the system's libtiff (4.5 or later).
///
/// Decoding yields premultiplied RGBA8 (or RGBA16) from any TIFF libtiff can decompress
/// (none, LZW including the old style, Deflate, PackBits, CCITT G3/G4, JPEG), striped or
/// tiled, contiguous or planar, classic or BigTIFF, 1 to 16 bits per sample, gray, palette,
/// RGB and JPEG YCbCr, with associated or unassociated alpha; other colour spaces (CMYK,
/// CIE L*a*b*, ...) go through libtiff's RGBA interface at 8 bits. libtiff's messages become
/// the text of typed errors; nothing is printed.
///
/// For multi-page files, ``TIFFReader`` opens a file once and decodes pages on demand.
public enum TIFF {
  /// Decodes page `page` (0 = the first in the IFD chain) of the TIFF file at `path`.
  /// Throws as ``TIFFReader/init(contentsOf:options:)`` and ``TIFFReader/decodePage(at:)``.
  public static func read(
    contentsOf path: String, page: Int = 0, options: TIFFDecodingOptions = TIFFDecodingOptions()
  ) throws(ImageIOError) -> PixelBuffer {
    try TIFFReader(contentsOf: path, options: options).decodePage(at: page)
  }

  /// Decodes page `page` of a TIFF held in memory.
  public static func decode(
    _ bytes: [UInt8], page: Int = 0, options: TIFFDecodingOptions = TIFFDecodingOptions()
  ) throws(ImageIOError) -> PixelBuffer {
    try TIFFReader(bytes: bytes, options: options).decodePage(at: page)
  }

  /// Decodes every page of the TIFF file at `path`, in IFD-chain order.
  public static func readAllPages(
    contentsOf path: String, options: TIFFDecodingOptions = TIFFDecodingOptions()
  ) throws(ImageIOError) -> [PixelBuffer] {
    try TIFFReader(contentsOf: path, options: options).decodeAllPages()
  }

  /// Decodes every page of a TIFF held in memory, in IFD-chain order.
  public static func decodeAllPages(
    _ bytes: [UInt8], options: TIFFDecodingOptions = TIFFDecodingOptions()
  ) throws(ImageIOError) -> [PixelBuffer] {
    try TIFFReader(bytes: bytes, options: options).decodeAllPages()
  }

  /// Writes `image` as a one-page TIFF at `path`, atomically: libtiff writes a temporary file
  /// beside `path`, which is flushed to disk and renamed over `path` only when complete. On
  /// failure an existing file at `path` is untouched and the temporary file is removed.
  ///
  /// Every `PixelFormat` is stored losslessly (see ``TIFFEncodingOptions``); premultiplied
  /// RGBA is stored with associated alpha, so reading it back gives the same bytes.
  ///
  /// - Throws: ``ImageIOError/writeFailed(path:reason:)``.
  public static func write(
    _ image: PixelBuffer, to path: String, options: TIFFEncodingOptions = TIFFEncodingOptions()
  ) throws(ImageIOError) {
    try write(pages: [image], to: path, options: options)
  }

  /// Writes `pages` as a multi-page TIFF at `path` (one directory per page, in order),
  /// atomically as ``write(_:to:options:)`` does.
  public static func write(
    pages: [PixelBuffer], to path: String, options: TIFFEncodingOptions = TIFFEncodingOptions()
  ) throws(ImageIOError) {
    try write(pageCount: pages.count, to: path, options: options) { (index: Int) throws(ImageIOError) in pages[index] }
  }

  /// Writes `pageCount` pages produced one at a time by `page` (called with 0, 1, ... in
  /// order), so that long documents need not be held in memory at once. Atomic as
  /// ``write(_:to:options:)``: if `page` throws, the error is rethrown and `path` is untouched.
  /// BigTIFF is chosen when `pageCount` pages the size of the first approach 4 GiB.
  public static func write(
    pageCount: Int, to path: String, options: TIFFEncodingOptions = TIFFEncodingOptions(),
    page: (Int) throws(ImageIOError) -> PixelBuffer
  ) throws(ImageIOError) {
    guard pageCount > 0 else { throw .writeFailed(path: path, reason: "no pages to write") }
    let firstPage = try page(0)
    let bigTIFF = TIFFWriter.needsBigTIFF(firstPage: firstPage, pageCount: pageCount, options: options)
    try FileSystem.withAtomicReplacement(of: path) { (temporaryPath: String) throws(ImageIOError) in
      let handle = try TIFFHandle(writingPath: temporaryPath, bigTIFF: bigTIFF, reportedPath: path)
      try TIFFWriter.writePages(
        into: handle, pageCount: pageCount, firstPage: firstPage, options: options, reportedPath: path, page: page)
      let status = po_tiff_sync_path(temporaryPath)
      if status != 0 {
        throw .writeFailed(path: path, reason: "fsync failed with error \(status)")
      }
    }
  }

  /// The bytes of a one-page TIFF holding `image`.
  public static func encode(_ image: PixelBuffer, options: TIFFEncodingOptions = TIFFEncodingOptions()) throws(ImageIOError)
    -> [UInt8]
  {
    try encode(pages: [image], options: options)
  }

  /// The bytes of a multi-page TIFF holding `pages` in order.
  ///
  /// - Throws: ``ImageIOError/writeFailed(path:reason:)`` with the path `<memory>`.
  public static func encode(pages: [PixelBuffer], options: TIFFEncodingOptions = TIFFEncodingOptions()) throws(ImageIOError)
    -> [UInt8]
  {
    guard let firstPage = pages.first else {
      throw .writeFailed(path: TIFFHandle.memoryPath, reason: "no pages to write")
    }
    let bigTIFF = TIFFWriter.needsBigTIFF(firstPage: firstPage, pageCount: pages.count, options: options)
    let handle = try TIFFHandle(writingMemoryWithBigTIFF: bigTIFF)
    try TIFFWriter.writePages(
      into: handle, pageCount: pages.count, firstPage: firstPage, options: options,
      reportedPath: TIFFHandle.memoryPath
    ) { (index: Int) throws(ImageIOError) in pages[index] }
    var count = 0
    guard let bytes = po_tiff_memory_bytes(handle.pointer, &count) else { return [] }
    return Array(UnsafeBufferPointer(start: bytes, count: count))
  }
}
