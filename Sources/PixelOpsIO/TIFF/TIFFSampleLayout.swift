/// How the stored samples of a page become RGBA: the colour model, the sample depth, which
/// samples carry colour and alpha, and how the data is arranged.
///
/// The rules (see the test data README, "How the expectations were computed"):
/// - gray: R = G = B; MinIsWhite is inverted first (v <- max - v);
/// - palette: the ColorMap entry of the sample;
/// - RGB: the first three samples; YCbCr with JPEG compression is converted to RGB by the
///   JPEG codec and then read as RGB;
/// - alpha: the first extra sample, when ExtraSamples says associated (1) or unassociated (2)
///   alpha, or says unspecified (0) and there are more than 3 samples; RGB with 4 samples and
///   no ExtraSamples tag counts as associated alpha. These are libtiff's RGBA rules;
/// - signed and untyped samples are read as unsigned bits; floating-point samples are refused.
struct TIFFSampleLayout: Sendable, Hashable {
  enum ColourModel: Sendable, Hashable {
    case gray(minIsWhite: Bool)
    case palette
    case rgb

    /// Samples that carry colour: 1 for gray and palette, 3 for RGB.
    var sampleCount: Int {
      switch self {
      case .gray, .palette: 1
      case .rgb: 3
      }
    }
  }

  let colour: ColourModel
  /// Bits per stored sample, 1 to 16.
  let bitsPerSample: Int
  let samplesPerPixel: Int
  let isPlanar: Bool
  let alpha: TIFFAlpha
  /// Whether libtiff's JPEG codec must be asked to deliver RGB instead of YCbCr.
  let convertsJPEGYCbCr: Bool

  /// Index of the alpha sample (the first extra sample), or `nil` without alpha.
  var alphaSample: Int? {
    alpha == .none ? nil : colour.sampleCount
  }

  /// The samples the decoder reads: the colour samples, then alpha if present.
  var usedSamples: [Int] {
    Array(0..<colour.sampleCount) + (alphaSample.map { [$0] } ?? [])
  }

  /// Largest stored sample value, `2^bits - 1`.
  var maximumSample: Int { (1 << bitsPerSample) - 1 }

  /// Bytes of one row of `pixelCount` pixels in one strip or tile (each row starts on a
  /// byte boundary; a planar row holds one sample per pixel).
  func rowByteCount(pixelCount: Int) -> Int {
    let samplesPerRow = isPlanar ? pixelCount : pixelCount * samplesPerPixel
    return (samplesPerRow * bitsPerSample + 7) / 8
  }

  /// Largest number of samples per pixel accepted: far beyond any real image, far below the
  /// values hostile files claim.
  static let maximumSamplesPerPixel = 64

  /// How a page must be decoded.
  enum Plan: Sendable, Hashable {
    /// Raw samples through ``TIFFRowAssembler``.
    case samples(TIFFSampleLayout)
    /// A photometric interpretation handled by libtiff's RGBA interface (CMYK, YCbCr without
    /// JPEG, CIE L*a*b*, LogLuv, ...): 8 bits per channel, alpha associated.
    case rgbaInterface
  }

  /// Works out the plan for a page, or throws why it cannot be decoded.
  static func plan(for fields: TIFFDirectoryFields) throws(ImageIOError) -> Plan {
    switch fields.sampleFormat {
    case TIFFCode.sampleFormatUnsigned, TIFFCode.sampleFormatSigned, TIFFCode.sampleFormatUntyped: break
    case TIFFCode.sampleFormatFloat:
      throw .unsupported(.tiff, message: "\(fields.bitsPerSample)-bit floating-point samples")
    default:
      throw .unsupported(.tiff, message: "SampleFormat \(fields.sampleFormat) (complex or unknown)")
    }
    guard fields.samplesPerPixel >= 1 else {
      throw .corrupt(.tiff, message: "SamplesPerPixel is 0")
    }
    guard fields.samplesPerPixel <= maximumSamplesPerPixel else {
      throw .unsupported(.tiff, message: "\(fields.samplesPerPixel) samples per pixel")
    }
    guard let photometric = fields.photometric else {
      throw .corrupt(.tiff, message: "PhotometricInterpretation is missing")
    }
    let colour: ColourModel
    var convertsJPEG = false
    let bits = fields.bitsPerSample
    switch photometric {
    case TIFFCode.photometricMinIsWhite: colour = .gray(minIsWhite: true)
    case TIFFCode.photometricMinIsBlack: colour = .gray(minIsWhite: false)
    case TIFFCode.photometricRGB: colour = .rgb
    case TIFFCode.photometricPalette:
      guard fields.hasColormap else { throw .corrupt(.tiff, message: "palette image without a ColorMap") }
      colour = .palette
    case TIFFCode.photometricYCbCr
    where fields.compression == TIFFCode.compressionJPEG && !fields.isPlanar && fields.bitsPerSample == 8:
      colour = .rgb
      convertsJPEG = true
    case 4:
      throw .unsupported(.tiff, message: "transparency mask pages (PhotometricInterpretation 4)")
    default:
      return .rgbaInterface
    }
    guard (1...16).contains(bits) else {
      throw .unsupported(.tiff, message: "\(bits)-bit samples")
    }
    guard fields.samplesPerPixel >= colour.sampleCount else {
      throw .corrupt(
        .tiff,
        message:
          "\(fields.samplesPerPixel) samples per pixel, PhotometricInterpretation \(photometric) needs \(colour.sampleCount)")
    }
    let layout = TIFFSampleLayout(
      colour: colour, bitsPerSample: bits, samplesPerPixel: fields.samplesPerPixel, isPlanar: fields.isPlanar,
      alpha: alpha(of: fields, colourSamples: colour.sampleCount, photometric: photometric),
      convertsJPEGYCbCr: convertsJPEG)
    return .samples(layout)
  }

  /// Colour samples of a photometric interpretation: 1 for gray, palette and LogL, 4 for
  /// CMYK (separated), 3 for the rest.
  static func colourSampleCount(photometric: Int) -> Int {
    switch photometric {
    case TIFFCode.photometricMinIsWhite, TIFFCode.photometricMinIsBlack, TIFFCode.photometricPalette, 4, 32844: 1
    case 5: 4
    default: 3
    }
  }

  /// The alpha rule of libtiff's RGBA interface (`TIFFRGBAImageBegin`).
  static func alpha(of fields: TIFFDirectoryFields, colourSamples: Int, photometric: Int) -> TIFFAlpha {
    guard fields.samplesPerPixel > colourSamples else { return .none }
    guard let first = fields.extraSamples.first else {
      return fields.samplesPerPixel == 4 && photometric == TIFFCode.photometricRGB ? .associated : .none
    }
    switch first {
    case TIFFCode.extraSampleAssociatedAlpha: return .associated
    case TIFFCode.extraSampleUnassociatedAlpha: return .unassociated
    case TIFFCode.extraSampleUnspecified: return fields.samplesPerPixel > 3 ? .associated : .none
    default: return .none
    }
  }
}
