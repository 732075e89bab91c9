/// How ``PNG`` encodes pixels.
public struct PNGEncodingOptions: Sendable, Hashable {
  /// The colour type and bit depth written. The default, ``PNGColorFormat/automatic``,
  /// follows the pixels' format and drops alpha from views known to be opaque.
  public var colorFormat: PNGColorFormat

  /// zlib compression level, from 0 (stored, fastest) to 9 (smallest). The default is 6.
  public var compressionLevel: Int

  /// Options with the given values (see each property).
  public init(colorFormat: PNGColorFormat = .automatic, compressionLevel: Int = 6) {
    self.colorFormat = colorFormat
    self.compressionLevel = compressionLevel
  }

  /// The defaults described on each property.
  public static let standard = PNGEncodingOptions()

  /// Throws unless ``compressionLevel`` is in `0...9`.
  func validate() throws(ImageIOError) {
    guard (0...9).contains(compressionLevel) else {
      throw .invalidOption(.png, message: "compression level \(compressionLevel) is outside 0...9")
    }
  }
}
