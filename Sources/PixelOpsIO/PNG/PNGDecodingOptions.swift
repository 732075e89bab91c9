public import PixelOps

/// How ``PNG`` decodes a file.
public struct PNGDecodingOptions: Sendable, Hashable {
  /// The pixel format of the decoded buffer. The default, `PixelFormat.rgba8Premultiplied`,
  /// is the working format; any format is accepted and reached by exact conversion
  /// (see `PixelConverter`). 16-bit files keep their precision in the 16-bit formats.
  public var format: PixelFormat

  /// Whether the file's gamma (gAMA or sRGB) is applied. The default ignores it, so samples
  /// come out as stored.
  public var gamma: PNGGammaHandling

  /// Size limits checked against the header before any pixel memory is allocated.
  public var limits: DecodingLimits

  /// Options with the given values; the defaults decode to premultiplied RGBA8, ignore gamma
  /// and apply ``DecodingLimits/standard``.
  public init(
    format: PixelFormat = .rgba8Premultiplied,
    gamma: PNGGammaHandling = .ignore,
    limits: DecodingLimits = .standard
  ) {
    self.format = format
    self.gamma = gamma
    self.limits = limits
  }

  /// The defaults described on each property.
  public static let standard = PNGDecodingOptions()
}

/// What a PNG decoder does with the gamma a file declares.
public enum PNGGammaHandling: Sendable, Hashable {
  /// Samples are used as stored; gAMA and sRGB chunks are not even read.
  case ignore

  /// Samples are corrected by libpng for a display whose transfer exponent is
  /// `displayExponent` (2.2 for a typical sRGB display): a sample `v` in 0...1 becomes
  /// `v ^ (1 / (fileGamma * displayExponent))`. Files without gAMA or sRGB are taken to have
  /// a file gamma of 1/2.2. `displayExponent` must be finite and in `0.01 ... 100`.
  case apply(displayExponent: Double)

  /// The display exponent to hand libpng, 0 for ``ignore``.
  func validatedDisplayExponent() throws(ImageIOError) -> Double {
    switch self {
    case .ignore:
      return 0
    case .apply(let exponent):
      guard exponent.isFinite, exponent >= 0.01, exponent <= 100 else {
        throw .invalidOption(
          .png, message: "display exponent \(exponent) is outside 0.01...100")
      }
      return exponent
    }
  }
}
