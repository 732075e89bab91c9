/// Where red and blue sit in a premultiplied 8-bit four-channel pixel: the two layouts every
/// draw takes natively (``PixelFormat/rgba8Premultiplied`` and
/// ``PixelFormat/bgra8Premultiplied``). Green and alpha are bytes 1 and 3 in both, so only
/// bytes 0 and 2 differ.
enum ChannelOrder: Sendable, Equatable {
  /// Bytes R, G, B, A.
  case rgba
  /// Bytes B, G, R, A.
  case bgra

  /// The premultiplied format with this order.
  var format: PixelFormat {
    switch self {
    case .rgba: .rgba8Premultiplied
    case .bgra: .bgra8Premultiplied
    }
  }
}

extension PixelFormat {
  /// The channel order of the formats the draws take natively (premultiplied RGBA8 and
  /// BGRA8); `nil` for every other format, which converts first.
  var drawingChannelOrder: ChannelOrder? {
    switch self {
    case .rgba8Premultiplied: .rgba
    case .bgra8Premultiplied: .bgra
    default: nil
    }
  }

  /// What a refusal of another format tells the caller to do.
  static let drawingConversionAdvice =
    "premultiplied RGBA8 or BGRA8 only: convert with PixelConverter.convert(_:into:parallelism:) to "
    + ".rgba8Premultiplied or .bgra8Premultiplied first"

  /// The format's ``drawingChannelOrder``.
  ///
  /// - Throws: ``PixelError/unsupportedFormat(_:operation:)`` for any other format, its text
  ///   naming `operation` and the conversion to use: "draw source (premultiplied RGBA8 or
  ///   BGRA8 only: convert with PixelConverter.convert(_:into:parallelism:) to
  ///   .rgba8Premultiplied or .bgra8Premultiplied first) does not take RGBA8 straight".
  func requireDrawingChannelOrder(for operation: String) throws(PixelError) -> ChannelOrder {
    guard let order = drawingChannelOrder else {
      throw .unsupportedFormat(self, operation: "\(operation) (\(Self.drawingConversionAdvice))")
    }
    return order
  }
}

extension PremultipliedColor {
  /// The colour with red and blue exchanged when `order` is BGRA: stored as one pixel
  /// (``pixel``), it then has the bytes of the colour in that order.
  func inOrder(_ order: ChannelOrder) -> PremultipliedColor {
    switch order {
    case .rgba: self
    case .bgra: PremultipliedColor(premultipliedRed: blue, green: green, blue: red, alpha: alpha)
    }
  }
}
