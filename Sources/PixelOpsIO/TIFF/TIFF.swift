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
///
/// Writing has the shape of ``PNG``'s: ``encode(_:options:)`` and ``write(_:to:options:)`` take
/// a `PixelView` (a whole buffer's, a crop, caller memory), ``encode(pages:options:)`` and
/// ``write(pages:to:options:)`` several, and ``write(pageCount:to:options:page:)`` takes pages
/// produced one at a time. A `PixelBuffer` is written with `writeTIFF(to:options:)` and
/// encoded with `tiffBytes(options:)`, as `writePNG(to:options:)` and `pngBytes(options:)` do
/// for PNG.
///
/// ```swift
/// let page = try TIFF.read(contentsOf: "scan.tif")
/// try page.writeTIFF(to: "copy.tif", options: TIFFEncodingOptions(compression: .lzw))
/// ```
public enum TIFF {
  /// Decodes page `page` (0 = the first in the IFD chain) of the TIFF file at `path`.
  /// Throws as ``TIFFReader/init(contentsOf:options:)`` and ``TIFFReader/decodePage(at:)``.
  public static func read(
    contentsOf path: String, page: Int = 0, options: TIFFDecodingOptions = .standard
  ) throws(ImageIOError) -> PixelBuffer {
    try TIFFReader(contentsOf: path, options: options).decodePage(at: page)
  }

  /// Decodes page `page` of a TIFF held in memory.
  public static func decode(
    _ bytes: [UInt8], page: Int = 0, options: TIFFDecodingOptions = .standard
  ) throws(ImageIOError) -> PixelBuffer {
    try TIFFReader(bytes: bytes, options: options).decodePage(at: page)
  }

  /// Decodes every page of the TIFF file at `path`, in IFD-chain order.
  public static func readAllPages(
    contentsOf path: String, options: TIFFDecodingOptions = .standard
  ) throws(ImageIOError) -> [PixelBuffer] {
    try TIFFReader(contentsOf: path, options: options).decodeAllPages()
  }

  /// Decodes every page of a TIFF held in memory, in IFD-chain order.
  public static func decodeAllPages(
    _ bytes: [UInt8], options: TIFFDecodingOptions = .standard
  ) throws(ImageIOError) -> [PixelBuffer] {
    try TIFFReader(bytes: bytes, options: options).decodeAllPages()
  }
}
