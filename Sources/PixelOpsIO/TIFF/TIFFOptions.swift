public import PixelOps

/// The pixel format a TIFF page is decoded to.
public enum TIFFOutputFormat: Sendable, Hashable, CaseIterable {
  /// Premultiplied RGBA8 (the working format). Samples deeper than 8 bits are scaled to 8
  /// bits first (`round(v * 255 / max)`), then straight alpha is premultiplied at 8 bits.
  case rgba8Premultiplied
  /// Premultiplied RGBA16: the same rules at 16 bits, lossless for 16-bit files.
  case rgba16Premultiplied

  /// The `PixelFormat` of decoded buffers.
  public var pixelFormat: PixelFormat {
    switch self {
    case .rgba8Premultiplied: .rgba8Premultiplied
    case .rgba16Premultiplied: .rgba16Premultiplied
    }
  }
}

/// How TIFF files are decoded.
public struct TIFFDecodingOptions: Sendable, Hashable {
  /// The format decoded pages come out in. The default is ``TIFFOutputFormat/rgba8Premultiplied``.
  public var format: TIFFOutputFormat
  /// Size, page-count and memory limits checked before anything is allocated. The default is
  /// ``DecodingLimits/standard``.
  public var limits: DecodingLimits

  /// Options with the given values; the defaults decode to premultiplied RGBA8 and apply
  /// ``DecodingLimits/standard``.
  public init(format: TIFFOutputFormat = .rgba8Premultiplied, limits: DecodingLimits = .standard) {
    self.format = format
    self.limits = limits
  }

  /// The defaults described on each property.
  public static let standard = TIFFDecodingOptions()
}

/// The compression schemes the TIFF writer offers; all are lossless.
public enum TIFFCompression: Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// Uncompressed strips.
  case none
  /// LZW (TIFF 6), with the horizontal predictor.
  case lzw
  /// Deflate (zlib, compression code 8), with the horizontal predictor.
  case deflate
  /// PackBits run-length encoding.
  case packBits

  /// The TIFF Compression tag value.
  var tagValue: UInt16 {
    switch self {
    case .none: 1
    case .lzw: 5
    case .deflate: 8
    case .packBits: 32773
    }
  }

  /// The most the compression can make pixel bytes grow: LZW by half (a code of at most 12 bits
  /// for each byte of input), PackBits by a header byte per 128, Deflate by a few bytes per
  /// stored block.
  var worstCaseGrowth: Double {
    switch self {
    case .none: 1
    case .lzw: 1.5
    case .deflate: 1.001
    case .packBits: 129.0 / 128
    }
  }

  /// The Predictor tag value: horizontal differencing (2) where the codec benefits from it.
  var predictor: UInt16 {
    switch self {
    case .lzw, .deflate: 2
    case .none, .packBits: 1
    }
  }

  /// The scheme's usual name ("none", "LZW", "Deflate", "PackBits").
  public var description: String {
    switch self {
    case .none: "none"
    case .lzw: "LZW"
    case .deflate: "Deflate"
    case .packBits: "PackBits"
    }
  }
}

/// How TIFF files are written.
public struct TIFFEncodingOptions: Sendable, Hashable {
  /// The compression of every page. The default is ``TIFFCompression/deflate``.
  public var compression: TIFFCompression
  /// Writes BigTIFF (64-bit offsets) even when a classic TIFF would do. BigTIFF is chosen
  /// automatically when the pixels, grown by the compression's worst case (LZW: half as much
  /// again), approach the 4 GiB limit of classic TIFF.
  /// The default is false.
  public var forcesBigTIFF: Bool
  /// Writes opaque RGBA images (`PixelBuffer.isKnownOpaque`) as RGB without an alpha
  /// sample: smaller, and read back to the same pixels. The default is true.
  public var dropsAlphaOfOpaqueImages: Bool
  /// Pixels per point the file says the pages have: XResolution and YResolution of 72 ppi a
  /// point (a @2x page: 144), in inches, the resolution fields baseline TIFF requires. `nil`,
  /// the default, takes a `PixelBuffer`'s own `PixelBuffer.scale` (an array of buffers: the
  /// first one's; an animation export: the view's screen scale) and 1 for views. Decoding sets
  /// no scale from it.
  public var scale: Double?

  /// Options with the given values (see each property).
  public init(
    compression: TIFFCompression = .deflate, forcesBigTIFF: Bool = false,
    dropsAlphaOfOpaqueImages: Bool = true, scale: Double? = nil
  ) {
    self.compression = compression
    self.forcesBigTIFF = forcesBigTIFF
    self.dropsAlphaOfOpaqueImages = dropsAlphaOfOpaqueImages
    self.scale = scale
  }

  /// Throws unless ``scale``, if given, is in `0.001...750000`.
  func validate() throws(ImageIOError) { try ImageResolution.validate(scale, .tiff) }

  /// These options with ``scale`` set to `scale` (an image's, clamped to what a file can say)
  /// where they leave it to the image.
  func withScale(orImageScale scale: Double) -> TIFFEncodingOptions {
    var options = self
    options.scale = self.scale ?? ImageResolution.fileScale(ofImageScale: scale)
    return options
  }

  /// The defaults described on each property.
  public static let standard = TIFFEncodingOptions()
}
