import PixelOps

/// Decoding into a view whose format is not the one libpng delivers (straight RGBA8 or
/// RGBA16): the rows are converted exactly (``PixelConverter``) on their way into the view.
///
/// - Non-interlaced files: a strip of rows at a time through a small buffer.
/// - Interlaced files (rows are complete only after the last pass) into a format with as many
///   bytes per pixel as libpng's (premultiplied RGBA8 or BGRA8 from 8-bit files, premultiplied
///   RGBA16): libpng fills the view itself, then each strip is copied out and converted back.
/// - Other interlaced files (gray results, 8-bit results of 16-bit files) do not fit in the
///   view: the whole image is staged in libpng's format, the one case with a full-size buffer.
enum PNGConvertingReads {
  /// Bytes of decoded rows per strip.
  static let stripBytes = 256 << 10

  /// Decodes the rows of a non-interlaced image a strip at a time, converting each strip
  /// into `view`.
  static func readInStrips(
    _ reader: borrowing LibPNGReader, _ decodedFormat: PixelFormat, into view: MutablePixelView
  ) throws(ImageIOError) {
    try forEachStrip(of: view, decodedFormat) { (strip, _) throws(ImageIOError) in
      try reader.readRows(into: strip)
    }
  }

  /// Decodes the whole image into `view`'s memory in `decodedFormat` (the same bytes per
  /// pixel as `view.format`), then converts it in place a strip at a time.
  static func readInPlace(
    _ reader: borrowing LibPNGReader, _ decodedFormat: PixelFormat, into view: MutablePixelView
  ) throws(ImageIOError) {
    let decoded = try pixelWork { () throws(PixelError) in
      try MutablePixelView(
        unsafeBaseAddress: view.baseAddress, width: view.width, height: view.height, rowBytes: view.rowBytes,
        format: decodedFormat)
    }
    try reader.readImage(into: decoded)
    try forEachStrip(of: view, decodedFormat) { (strip, rect) throws(ImageIOError) in
      try pixelWork { () throws(PixelError) in try strip.copyPixels(from: decoded.cropped(to: rect).readOnly) }
    }
  }

  /// Decodes the whole image into a staging buffer in `decodedFormat`, then converts it
  /// into `view`.
  static func readThroughStaging(
    _ reader: borrowing LibPNGReader, _ decodedFormat: PixelFormat, into view: MutablePixelView
  ) throws(ImageIOError) {
    var staging = try pixelWork { () throws(PixelError) in
      try PixelBuffer(width: view.width, height: view.height, format: decodedFormat)
    }
    try staging.withMutableView { (stagingView) throws(ImageIOError) in try reader.readImage(into: stagingView) }
    try pixelWork { () throws(PixelError) in
      try staging.withView { (source) throws(PixelError) in try PixelConverter.convert(source, into: view) }
    }
  }

  /// Walks `view` top to bottom in strips of at most ``stripBytes`` decoded bytes: `fill`
  /// writes the strip's rows in `decodedFormat` (it gets a view of them and their rectangle
  /// in `view`), then they are converted into `view`.
  private static func forEachStrip(
    of view: MutablePixelView, _ decodedFormat: PixelFormat,
    fill: (MutablePixelView, PixelRect) throws(ImageIOError) -> Void
  ) throws(ImageIOError) {
    let width = view.width
    let stripRows = min(view.height, max(1, stripBytes / (width * decodedFormat.bytesPerPixel)))
    var strip = try pixelWork { () throws(PixelError) in
      try PixelBuffer(width: width, height: stripRows, format: decodedFormat)
    }
    var y = 0
    while y < view.height {
      let rows = min(stripRows, view.height - y)
      let stripRect = PixelRect(x: 0, y: 0, width: width, height: rows)
      let imageRect = PixelRect(x: 0, y: y, width: width, height: rows)
      try strip.withMutableView { (stripView) throws(ImageIOError) in
        try fill(pixelWork { () throws(PixelError) in try stripView.cropped(to: stripRect) }, imageRect)
      }
      try pixelWork { () throws(PixelError) in
        try strip.withView { (source) throws(PixelError) in
          try PixelConverter.convert(
            source.cropped(to: stripRect), into: view.cropped(to: imageRect), parallelism: .serial)
        }
      }
      y += rows
    }
  }
}
