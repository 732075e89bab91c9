import PixelOps

/// How the writer stores a ``PixelFormat``: every format maps to TIFF samples losslessly.
///
/// | Format | Stored as |
/// |---|---|
/// | RGBA8 / BGRA8 premultiplied | RGB + associated alpha (ExtraSamples = 1), 8 bits |
/// | RGBA8 straight | RGB + unassociated alpha (ExtraSamples = 2), 8 bits |
/// | Gray8 | MinIsBlack, 8 bits |
/// | GrayAlpha8 | MinIsBlack + unassociated alpha, 8 bits |
/// | RGBA16 premultiplied / straight | RGB + associated / unassociated alpha, 16 bits |
///
/// Images known to be opaque may drop the alpha sample (``TIFFEncodingOptions/dropsAlphaOfOpaqueImages``).
struct TIFFStoredFormat: Sendable, Hashable {
  let samplesPerPixel: Int
  let bitsPerSample: Int
  let photometric: Int
  /// The ExtraSamples value of the last sample, or `nil` when there is no alpha.
  let alphaSample: Int?
  /// For each stored sample, the index of the channel of the source pixel it comes from.
  let sourceChannels: [Int]

  init(format: PixelFormat, isOpaque: Bool, dropsAlphaOfOpaqueImages: Bool) {
    let dropsAlpha = isOpaque && dropsAlphaOfOpaqueImages
    let alpha: Int
    switch format {
    case .rgba8Premultiplied, .bgra8Premultiplied, .rgba16Premultiplied: alpha = TIFFCode.extraSampleAssociatedAlpha
    default: alpha = TIFFCode.extraSampleUnassociatedAlpha
    }
    var channels: [Int]
    switch format {
    case .gray8:
      channels = [0]
    case .grayAlpha8:
      channels = [0, 1]
    case .bgra8Premultiplied:
      channels = [2, 1, 0, 3]
    case .rgba8Premultiplied, .rgba8Straight, .rgba16Premultiplied, .rgba16Straight:
      channels = [0, 1, 2, 3]
    }
    let hasAlpha = format.hasAlpha && !dropsAlpha
    if format.hasAlpha && dropsAlpha { channels.removeLast() }
    self.sourceChannels = channels
    self.samplesPerPixel = channels.count
    self.bitsPerSample = format.bitsPerChannel
    self.photometric = channels.count >= 3 ? TIFFCode.photometricRGB : TIFFCode.photometricMinIsBlack
    self.alphaSample = hasAlpha ? alpha : nil
  }

  /// Whether stored pixels are the source pixels byte for byte.
  func isVerbatim(for format: PixelFormat) -> Bool {
    sourceChannels == Array(0..<format.channelCount)
  }

  /// Bytes of one stored row of `width` pixels.
  func rowByteCount(width: Int) -> Int {
    width * samplesPerPixel * bitsPerSample / 8
  }
}
