public import PixelOps

/// What a PNG's header chunks say about its pixels, read without decoding them
/// (``PNG/header(of:)-([UInt8])``).
///
/// A decode with ``PNGDecodingOptions`` `options` produces an image of ``size`` pixels in
/// `options.format`: the size and format a view must have to be decoded into.
public struct PNGHeader: Sendable, Hashable {
  /// Width in pixels (IHDR).
  public let width: Int
  /// Height in pixels (IHDR).
  public let height: Int
  /// Bits per stored sample: 1, 2, 4, 8 or 16 (palette indices for colour type 3).
  public let bitDepth: Int
  /// The PNG colour type: 0 gray, 2 RGB, 3 palette, 4 gray + alpha, 6 RGBA.
  public let colorType: Int
  /// Whether rows are stored with Adam7 interlacing.
  public let isInterlaced: Bool
  /// Whether the file has a valid tRNS chunk (palette alpha or a colour key).
  public let hasTransparency: Bool

  init(width: Int, height: Int, bitDepth: Int, colorType: Int, isInterlaced: Bool, hasTransparency: Bool) {
    self.width = width
    self.height = height
    self.bitDepth = bitDepth
    self.colorType = colorType
    self.isInterlaced = isInterlaced
    self.hasTransparency = hasTransparency
  }

  /// `width` x `height`.
  public var size: PixelSize { PixelSize(width: width, height: height) }

  /// Whether every pixel is opaque by construction: no alpha channel and no tRNS. Decoded
  /// buffers of such files are marked `PixelBuffer.isKnownOpaque`.
  public var isOpaque: Bool { colorType & 4 == 0 && !hasTransparency }

  /// Samples per pixel as stored.
  var channelCount: Int {
    switch colorType {
    case 2: 3
    case 4: 2
    case 6: 4
    default: 1
    }
  }

  /// The format libpng decodes into for a result in `format`: straight RGBA, 16-bit when the
  /// file or the result is, so 16-bit results follow the same rules as 8-bit ones (scale, then
  /// premultiply at the result's depth).
  func decodedFormat(for format: PixelFormat) -> PixelFormat {
    bitDepth == 16 || format.bitsPerChannel == 16 ? .rgba16Straight : .rgba8Straight
  }
}
