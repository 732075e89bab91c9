public import PixelOps

extension PixelBuffer {
  /// This image encoded as a PNG file in memory, its resolution that of its `scale` unless
  /// `options` give one. See ``PNG/encode(_:options:)``.
  public func pngBytes(options: PNGEncodingOptions = .standard) throws(ImageIOError) -> [UInt8] {
    let options = options.withScale(orImageScale: scale)
    return try withView { (view) throws(ImageIOError) in try PNG.encode(view, options: options) }
  }

  /// Writes this image as a PNG file at `path`, atomically, its resolution that of its `scale`
  /// unless `options` give one. See ``PNG/write(_:to:options:)``.
  public func writePNG(to path: String, options: PNGEncodingOptions = .standard) throws(ImageIOError) {
    let options = options.withScale(orImageScale: scale)
    try withView { (view) throws(ImageIOError) in try PNG.write(view, to: path, options: options) }
  }
}
