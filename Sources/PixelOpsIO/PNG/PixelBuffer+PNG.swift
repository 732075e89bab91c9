public import PixelOps

extension PixelBuffer {
  /// This image encoded as a PNG file in memory, its resolution that of its ``scale`` unless
  /// `options` give one. See ``PNG/encode(_:options:)``.
  public func pngBytes(options: PNGEncodingOptions = .standard) throws(ImageIOError) -> [UInt8] {
    let options = withScale(options)
    return try withView { (view) throws(ImageIOError) in try PNG.encode(view, options: options) }
  }

  /// Writes this image as a PNG file at `path`, atomically, its resolution that of its ``scale``
  /// unless `options` give one. See ``PNG/write(_:to:options:)``.
  public func writePNG(to path: String, options: PNGEncodingOptions = .standard) throws(ImageIOError) {
    let options = withScale(options)
    try withView { (view) throws(ImageIOError) in try PNG.write(view, to: path, options: options) }
  }

  private func withScale(_ options: PNGEncodingOptions) -> PNGEncodingOptions {
    var options = options
    options.scale = options.scale ?? scale
    return options
  }
}
