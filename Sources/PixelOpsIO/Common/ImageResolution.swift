/// The resolution the encoders write for an image's scale, as Apple's image I/O does: 72 pixels
/// per inch a point, so a @2x image is 144 ppi (PNG's pHYs chunk in pixels per metre, TIFF's
/// XResolution and YResolution in pixels per inch). Other applications then show the image at
/// its size in points. Decoding reads no scale from a file: a decoded image has scale 1, as
/// `UIImage(data:)` does, and a caller who knows the scale sets it.
enum ImageResolution {
  /// Pixels per inch of one point.
  static let pixelsPerInchAtScale1 = 72.0

  /// Throws ``ImageIOError/invalidOption(_:message:)`` unless `scale` is finite, positive and
  /// small enough that its resolution fits the files' 32-bit fields.
  static func validate(_ scale: Double?, _ format: ImageFileFormat) throws(ImageIOError) {
    guard let scale else { return }
    guard scale.isFinite, scale > 0, scale <= 1e6 else {
      throw .invalidOption(format, message: "scale \(scale) is not a positive number up to 1e6")
    }
  }

  /// Pixels per inch of an image of `scale` pixels per point.
  static func pixelsPerInch(scale: Double) -> Double { pixelsPerInchAtScale1 * scale }

  /// PNG's pHYs value for `scale`: pixels per metre, rounded (`nil` at scale 1, which a PNG
  /// without pHYs means to readers that assume 72 ppi).
  static func pngPixelsPerMetre(scale: Double) -> UInt32? {
    scale == 1 ? nil : UInt32((pixelsPerInch(scale: scale) / 0.0254).rounded())
  }
}
