import PixelOps

/// The colour type and bit depth a PNG is written with.
public enum PNGColorFormat: Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// Chosen from the pixels: ``gray8`` for `PixelFormat.gray8`, ``grayAlpha8`` (or ``gray8``
  /// when opaque) for `PixelFormat.grayAlpha8`, ``rgba16`` (or ``rgb16`` when opaque) for the
  /// 16-bit formats, and ``rgba8`` (or ``rgb8`` when opaque) for the rest. Opaque means
  /// `PixelView.isKnownOpaque`, or, when that is not set, every alpha at its maximum
  /// (`PixelView.measureOpacity()`: one vector pass over the pixels before encoding).
  case automatic
  /// 8-bit RGB with straight alpha (colour type 6).
  case rgba8
  /// 8-bit RGB without alpha (colour type 2): translucent pixels are stored as composited
  /// over black.
  case rgb8
  /// 8-bit gray (colour type 0): Rec. 601 luma of the image composited over black.
  case gray8
  /// 8-bit gray with straight alpha (colour type 4).
  case grayAlpha8
  /// 16-bit RGB with straight alpha (colour type 6, depth 16).
  case rgba16
  /// 16-bit RGB without alpha (colour type 2, depth 16): translucent pixels are stored as
  /// composited over black.
  case rgb16

  public var description: String {
    switch self {
    case .automatic: "automatic"
    case .rgba8: "RGBA 8-bit"
    case .rgb8: "RGB 8-bit"
    case .gray8: "gray 8-bit"
    case .grayAlpha8: "gray + alpha 8-bit"
    case .rgba16: "RGBA 16-bit"
    case .rgb16: "RGB 16-bit"
    }
  }

  /// The concrete format for `view`: ``automatic`` resolved, others unchanged.
  func resolved(for view: PixelView) -> PNGColorFormat {
    guard self == .automatic else { return self }
    switch view.format {
    case .gray8: return .gray8
    case .grayAlpha8: return view.measureOpacity() ? .gray8 : .grayAlpha8
    case .rgba16Premultiplied, .rgba16Straight: return view.measureOpacity() ? .rgb16 : .rgba16
    case .rgba8Premultiplied, .rgba8Straight, .bgra8Premultiplied:
      return view.measureOpacity() ? .rgb8 : .rgba8
    }
  }

  /// PNG colour type: 0 gray, 2 RGB, 4 gray + alpha, 6 RGBA.
  var colorType: Int32 {
    switch self {
    case .gray8: 0
    case .rgb8, .rgb16: 2
    case .grayAlpha8: 4
    case .automatic, .rgba8, .rgba16: 6
    }
  }

  /// Bits per sample.
  var bitDepth: Int32 {
    switch self {
    case .rgba16, .rgb16: 16
    default: 8
    }
  }

  /// The pixel format of the rows handed to libpng. RGB is written from four-channel rows
  /// whose fourth channel libpng drops; those rows are premultiplied, which is the colour
  /// composited over black.
  var rowFormat: PixelFormat {
    switch self {
    case .automatic, .rgba8: .rgba8Straight
    case .rgb8: .rgba8Premultiplied
    case .gray8: .gray8
    case .grayAlpha8: .grayAlpha8
    case .rgba16: .rgba16Straight
    case .rgb16: .rgba16Premultiplied
    }
  }

  /// Whether rows carry a fourth channel that is not written.
  var rowsHaveFiller: Bool { self == .rgb8 || self == .rgb16 }
}
