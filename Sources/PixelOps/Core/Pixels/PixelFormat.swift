/// The memory layout of one pixel.
///
/// `rgba8Premultiplied` and `bgra8Premultiplied` are the working formats: every draw reads and
/// writes both natively, in any mix, and every other format converts to and from them exactly
/// (see ``PixelConverter``). Byte order is the
/// order in memory, independent of the machine's endianness; 16-bit channels are stored in
/// native byte order as `UInt16`.
public enum PixelFormat: Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// Bytes R, G, B, A; colour channels premultiplied by alpha (`c <= a`). A working format.
  case rgba8Premultiplied
  /// Bytes R, G, B, A; colour channels not multiplied by alpha (as PNG stores them).
  case rgba8Straight
  /// Bytes B, G, R, A, premultiplied (Core Graphics' `premultipliedFirst | byteOrder32Little`,
  /// Cairo's and Skia's native order on little-endian machines). A working format: every draw
  /// takes it natively, as source or destination.
  case bgra8Premultiplied
  /// One byte of luminance per pixel, no alpha: always opaque.
  case gray8
  /// Luminance then alpha, one byte each, straight (not premultiplied) alpha, as PNG stores it.
  case grayAlpha8
  /// Four native-endian `UInt16` channels R, G, B, A, premultiplied: lossless 16-bit import.
  case rgba16Premultiplied
  /// Four native-endian `UInt16` channels R, G, B, A, straight alpha.
  case rgba16Straight

  /// Bytes one pixel occupies.
  public var bytesPerPixel: Int {
    switch self {
    case .rgba8Premultiplied, .rgba8Straight, .bgra8Premultiplied: 4
    case .gray8: 1
    case .grayAlpha8: 2
    case .rgba16Premultiplied, .rgba16Straight: 8
    }
  }

  /// Number of channels, alpha included.
  public var channelCount: Int {
    switch self {
    case .gray8: 1
    case .grayAlpha8: 2
    default: 4
    }
  }

  /// Bits in one channel: 8 or 16.
  public var bitsPerChannel: Int {
    switch self {
    case .rgba16Premultiplied, .rgba16Straight: 16
    default: 8
    }
  }

  /// Whether the format stores an alpha channel. Formats without one are always opaque.
  public var hasAlpha: Bool { self != .gray8 }

  /// Whether colour channels are stored multiplied by alpha.
  public var isPremultiplied: Bool {
    switch self {
    case .rgba8Premultiplied, .bgra8Premultiplied, .rgba16Premultiplied: true
    default: false
    }
  }

  /// Byte offset of the alpha channel inside a pixel, or `nil` for formats without alpha.
  public var alphaByteOffset: Int? {
    switch self {
    case .rgba8Premultiplied, .rgba8Straight, .bgra8Premultiplied: 3
    case .grayAlpha8: 1
    case .rgba16Premultiplied, .rgba16Straight: 6
    case .gray8: nil
    }
  }

  public var description: String {
    switch self {
    case .rgba8Premultiplied: "RGBA8 premultiplied"
    case .rgba8Straight: "RGBA8 straight"
    case .bgra8Premultiplied: "BGRA8 premultiplied"
    case .gray8: "Gray8"
    case .grayAlpha8: "GrayAlpha8 straight"
    case .rgba16Premultiplied: "RGBA16 premultiplied"
    case .rgba16Straight: "RGBA16 straight"
    }
  }
}
