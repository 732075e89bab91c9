/// The resolution the encoders write for an image's scale, as Apple's image I/O does: 72 pixels
/// per inch a point, so a @2x image is 144 ppi (PNG's pHYs chunk in pixels per metre, TIFF's
/// XResolution and YResolution in pixels per inch). Other applications then show the image at
/// its size in points. Decoding reads no scale from a file: a decoded image has scale 1, as
/// `UIImage(data:)` does, and a caller who knows the scale sets it.
enum ImageResolution {
  /// Pixels per inch of one point.
  static let pixelsPerInchAtScale1 = 72.0

  /// The scales a file can say: down to 1/1000 (PNG's pHYs still a whole number of pixels per
  /// metre above 0) and up to 750,000 (pHYs at most 2^31 - 1 per metre).
  static let scales = 0.001...750_000.0

  /// Throws ``ImageIOError/invalidOption(_:message:)`` unless `scale` is in ``scales``.
  static func validate(_ scale: Double?, _ format: ImageFileFormat) throws(ImageIOError) {
    guard let scale else { return }
    guard scales.contains(scale) else {
      throw .invalidOption(format, message: "scale \(scale) is outside 0.001...750000")
    }
  }

  /// An image's own scale as a file can say it: clamped into ``scales`` (a buffer's scale is
  /// any positive number, and the caller did not ask for this one).
  static func fileScale(ofImageScale scale: Double) -> Double {
    min(max(scale, scales.lowerBound), scales.upperBound)
  }

  /// Pixels per inch of an image of `scale` pixels per point.
  static func pixelsPerInch(scale: Double) -> Double { pixelsPerInchAtScale1 * scale }

  /// PNG's pHYs value for `scale`: pixels per metre, rounded (`nil` at scale 1, which a PNG
  /// without pHYs means to readers that assume 72 ppi).
  static func pngPixelsPerMetre(scale: Double) -> UInt32? {
    scale == 1 ? nil : UInt32((pixelsPerInch(scale: scale) / 0.0254).rounded())
  }
}
