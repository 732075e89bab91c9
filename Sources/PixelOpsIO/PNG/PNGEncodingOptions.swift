/// How ``PNG`` encodes pixels.
public struct PNGEncodingOptions: Sendable, Hashable {
  /// The colour type and bit depth written. The default, ``PNGColorFormat/automatic``,
  /// follows the pixels' format and drops alpha from views known to be opaque.
  public var colorFormat: PNGColorFormat

  /// zlib compression level, from 0 (stored, fastest) to 9 (smallest). The default is 6.
  public var compressionLevel: Int

  /// Pixels per point the file says the image has, written as a pHYs chunk of 72 ppi a point
  /// (a @2x image: 144 ppi), so other applications show it at its size in points; scale 1
  /// writes no pHYs. `nil`, the default, takes a `PixelBuffer`'s own `PixelBuffer.scale` and
  /// 1 for a view. Decoding sets no scale from it (see ``PNG/decode(_:options:)-([UInt8],_)``).
  public var scale: Double?

  /// Options with the given values (see each property).
  public init(colorFormat: PNGColorFormat = .automatic, compressionLevel: Int = 6, scale: Double? = nil) {
    self.colorFormat = colorFormat
    self.compressionLevel = compressionLevel
    self.scale = scale
  }

  /// The defaults described on each property.
  public static let standard = PNGEncodingOptions()

  /// These options with ``scale`` set to `scale` (an image's, clamped to what a file can say)
  /// where they leave it to the image.
  func withScale(orImageScale scale: Double) -> PNGEncodingOptions {
    var options = self
    options.scale = self.scale ?? ImageResolution.fileScale(ofImageScale: scale)
    return options
  }

  /// Throws unless ``compressionLevel`` is in `0...9` and ``scale``, if given, is in
  /// `0.001...750000`.
  func validate() throws(ImageIOError) {
    guard (0...9).contains(compressionLevel) else {
      throw .invalidOption(.png, message: "compression level \(compressionLevel) is outside 0...9")
    }
    try ImageResolution.validate(scale, .png)
  }
}
