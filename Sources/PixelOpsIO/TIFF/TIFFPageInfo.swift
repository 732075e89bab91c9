public import PixelOps

/// How a TIFF page stores alpha.
public enum TIFFAlpha: Sendable, Hashable {
  /// No alpha sample: every decoded pixel is opaque.
  case none
  /// Associated (premultiplied) alpha, ExtraSamples = 1: colours are kept as stored.
  case associated
  /// Unassociated (straight) alpha, ExtraSamples = 2: colours are premultiplied on decoding.
  case unassociated
}

/// What one page of a TIFF file holds, read from its directory without decoding pixels.
public struct TIFFPageInfo: Sendable, Hashable {
  /// The page's position in the IFD chain, from 0.
  public let index: Int
  /// Width in pixels (ImageWidth).
  public let width: Int
  /// Height in pixels (ImageLength).
  public let height: Int
  /// Bits of each stored sample (1 to 16 for pages this decoder reads natively).
  public let bitsPerSample: Int
  /// Stored samples per pixel, extra samples included.
  public let samplesPerPixel: Int
  /// The PhotometricInterpretation tag (0 MinIsWhite, 1 MinIsBlack, 2 RGB, 3 palette,
  /// 5 CMYK, 6 YCbCr, ...), or `nil` when the tag is missing.
  public let photometricInterpretation: Int?
  /// The Compression tag (1 none, 3/4 CCITT fax, 5 LZW, 7 JPEG, 8 Deflate, 32773 PackBits, ...).
  public let compression: Int
  /// Whether pixels are stored in tiles rather than strips.
  public let isTiled: Bool
  /// Whether each sample is stored in its own plane (PlanarConfiguration = 2).
  public let isPlanar: Bool
  /// The Orientation tag, 1 to 8. Decoded rows are always in stored order (top row of the
  /// stored data first); apply this to display pages the way the file intends.
  public let orientation: Int
  /// How the page stores alpha, under the rules the decoder applies.
  public let alpha: TIFFAlpha

  /// `width` x `height`: the size of a view to decode the page into
  /// (``TIFFReader/decodePage(at:into:)``).
  public var size: PixelSize { PixelSize(width: width, height: height) }
}
