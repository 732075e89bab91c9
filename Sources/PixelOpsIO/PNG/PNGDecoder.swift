import PixelOps

/// Decodes a PNG in memory into a ``PixelBuffer``.
///
/// libpng delivers straight RGBA at 8 bits (16 for 16-bit files or results); the pixels are written
/// straight into the result when that is the requested format, and otherwise converted in
/// strips of rows (non-interlaced files) or from one staging image (interlaced files, whose
/// rows are complete only after the last pass).
enum PNGDecoder {
  /// Bytes of decoded rows per strip when converting on the fly.
  static let stripBytes = 256 << 10

  static func decode(_ data: UnsafeRawBufferPointer, options: PNGDecodingOptions) throws(ImageIOError) -> PixelBuffer {
    try PNGSignature.validate(data)
    let displayExponent = try options.gamma.validatedDisplayExponent()
    let reader = try LibPNGReader(data)
    let header = try reader.readHeader(keepGamma: displayExponent > 0)
    try options.limits.check(width: header.width, height: header.height)
    try PNGDataCapacity.check(data, header: header)

    let decodedFormat = header.decodedFormat(for: options.format)
    let rowBytes = try reader.start(decodedFormat: decodedFormat, displayExponent: displayExponent)
    guard rowBytes == header.width * decodedFormat.bytesPerPixel else {
      throw .unsupported(.png, message: "libpng produced \(rowBytes)-byte rows for \(header.width) pixels")
    }

    var image: PixelBuffer
    if options.format == decodedFormat {
      image = try newBuffer(header, decodedFormat)
      try image.withMutableView { (view) throws(ImageIOError) in try reader.readImage(into: view) }
    } else if header.isInterlaced {
      var staging = try newBuffer(header, decodedFormat)
      try staging.withMutableView { (view) throws(ImageIOError) in try reader.readImage(into: view) }
      image = try pixelWork { () throws(PixelError) in try staging.converted(to: options.format) }
    } else {
      image = try newBuffer(header, options.format)
      try readInStrips(reader, width: header.width, decodedFormat, into: &image)
    }
    try reader.finish()
    if header.isOpaque { image.markOpaque() }
    return image
  }

  /// Decodes rows a strip at a time into a small buffer and converts each strip into `image`.
  private static func readInStrips(
    _ reader: borrowing LibPNGReader, width: Int, _ decodedFormat: PixelFormat, into image: inout PixelBuffer
  ) throws(ImageIOError) {
    let height = image.height
    let stripRows = min(height, max(1, stripBytes / (width * decodedFormat.bytesPerPixel)))
    var strip = try pixelWork { () throws(PixelError) in
      try PixelBuffer(width: width, height: stripRows, format: decodedFormat)
    }
    var y = 0
    while y < height {
      let rows = min(stripRows, height - y)
      let stripRect = PixelRect(x: 0, y: 0, width: width, height: rows)
      try strip.withMutableView { (view) throws(ImageIOError) in
        try reader.readRows(into: pixelWork { () throws(PixelError) in try view.cropped(to: stripRect) })
      }
      let imageRect = PixelRect(x: 0, y: y, width: width, height: rows)
      try pixelWork { () throws(PixelError) in
        try strip.withView { (source) throws(PixelError) in
          try image.withMutableView { (destination) throws(PixelError) in
            try PixelConverter.convert(
              source.cropped(to: stripRect), into: destination.cropped(to: imageRect), parallelism: .serial)
          }
        }
      }
      y += rows
    }
  }

  private static func newBuffer(_ header: PNGHeader, _ format: PixelFormat) throws(ImageIOError) -> PixelBuffer {
    try pixelWork { () throws(PixelError) in
      try PixelBuffer(width: header.width, height: header.height, format: format)
    }
  }
}

/// Runs pixel work, reporting its ``PixelError`` as ``ImageIOError/pixels(_:)``.
func pixelWork<Result>(_ body: () throws(PixelError) -> Result) throws(ImageIOError) -> Result {
  do {
    return try body()
  } catch {
    throw .pixels(error)
  }
}
