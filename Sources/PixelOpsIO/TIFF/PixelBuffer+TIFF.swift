public import PixelOps

extension PixelBuffer {
  /// This image encoded as a one-page TIFF in memory, its resolution that of its `scale`
  /// unless `options` give one. See ``TIFF/encode(_:options:)``.
  public func tiffBytes(options: TIFFEncodingOptions = .standard) throws(ImageIOError) -> [UInt8] {
    let options = options.withScale(orImageScale: scale)
    return try withView { (view) throws(ImageIOError) in try TIFF.encode(view, options: options) }
  }

  /// Writes this image as a one-page TIFF file at `path`, atomically, its resolution that of its
  /// `scale` unless `options` give one. See ``TIFF/write(_:to:options:)``.
  public func writeTIFF(to path: String, options: TIFFEncodingOptions = .standard) throws(ImageIOError) {
    let options = options.withScale(orImageScale: scale)
    try withView { (view) throws(ImageIOError) in try TIFF.write(view, to: path, options: options) }
  }
}

extension Array where Element == PixelBuffer {
  /// These images encoded in order as the pages of a multi-page TIFF in memory, their resolution
  /// that of the first one's scale unless `options` give one. See ``TIFF/encode(pages:options:)``.
  public func tiffBytes(options: TIFFEncodingOptions = .standard) throws(ImageIOError) -> [UInt8] {
    let options = options.withScale(orImageScale: first?.scale ?? 1)
    return try TIFF.encodePages(count: count, options: options, rawBytes: rawBytes) { (index, write) throws(ImageIOError) in
      try self[index].withView(write)
    }
  }

  /// Writes these images in order as the pages of a multi-page TIFF file at `path`, atomically,
  /// their resolution that of the first one's scale unless `options` give one. See
  /// ``TIFF/write(pages:to:options:)``.
  public func writeTIFF(to path: String, options: TIFFEncodingOptions = .standard) throws(ImageIOError) {
    let options = options.withScale(orImageScale: first?.scale ?? 1)
    try TIFF.writePages(count: count, to: path, options: options, rawBytes: rawBytes) {
      (index, write) throws(ImageIOError) in try self[index].withView(write)
    }
  }

  /// The uncompressed bytes of every page, to decide BigTIFF by.
  private var rawBytes: Int { TIFFWriter.rawBytes(of: self) { ($0.size, $0.format) } }
}
