import PixelOps

/// Decoding into a view whose format is not the one libpng delivers (straight RGBA8 or
/// RGBA16): the rows are converted exactly (``PixelConverter``) on their way into the view,
/// through two strips of at most ``stripBytes`` decoded bytes (one row when a row is larger),
/// never through an image-sized buffer.
///
/// - Non-interlaced files: a strip of rows at a time.
/// - Interlaced files: libpng delivers each Adam7 pass as the reduced image it is stored as
///   (its interlace handling, which merges passes into full rows, is not used). A strip of a
///   pass's rows is converted, then each pixel is stored at its place in the view. Conversion
///   is per pixel, so converting before scattering gives the pixels a merged decode would.
enum PNGConvertingReads {
  /// Bytes of decoded rows per strip.
  static let stripBytes = 256 << 10

  /// Rows per strip for images `width` pixels wide decoded to `decodedFormat`.
  static func stripRowCount(width: Int, height: Int, _ decodedFormat: PixelFormat) -> Int {
    min(height, max(1, stripBytes / max(1, width * decodedFormat.bytesPerPixel)))
  }

  /// Decodes the rows of a non-interlaced image a strip at a time, converting each strip
  /// into `view`.
  static func readInStrips(
    _ reader: borrowing LibPNGReader, _ decodedFormat: PixelFormat, into view: MutablePixelView
  ) throws(ImageIOError) {
    var strip = try DecodedStrip(width: view.width, height: view.height, decodedFormat)
    var y = 0
    while y < view.height {
      let rows = min(strip.rows, view.height - y)
      let rect = PixelRect(x: 0, y: y, width: view.width, height: rows)
      try strip.decode(reader, width: view.width, rows: rows)
      try strip.convert(width: view.width, rows: rows, into: pixelWork { () throws(PixelError) in try view.cropped(to: rect) })
      y += rows
    }
  }

  /// Decodes the passes of an interlaced image (libpng started without merging passes), a
  /// strip of each pass at a time, storing each converted pixel at its place in `view`.
  static func readPasses(
    _ reader: borrowing LibPNGReader, _ decodedFormat: PixelFormat, into view: MutablePixelView
  ) throws(ImageIOError) {
    var strip = try DecodedStrip(width: view.width, height: view.height, decodedFormat)
    var converted = try pixelWork { () throws(PixelError) in
      try PixelBuffer(width: view.width, height: strip.rows, format: view.format)
    }
    let bytesPerPixel = view.format.bytesPerPixel
    for pass in Adam7Pass.all {
      let width = pass.width(ofImageWidth: view.width)
      let height = pass.height(ofImageHeight: view.height)
      guard width > 0, height > 0 else { continue }  // libpng skips empty passes too
      var row = 0
      while row < height {
        let rows = min(strip.rows, height - row)
        let rect = PixelRect(x: 0, y: 0, width: width, height: rows)
        try strip.decode(reader, width: width, rows: rows)
        try converted.withMutableView { (destination) throws(ImageIOError) in
          try strip.convert(
            width: width, rows: rows, into: pixelWork { () throws(PixelError) in try destination.cropped(to: rect) })
        }
        converted.withView { (convertedRows) in
          for index in 0..<rows {
            let y = pass.firstRow + (row + index) * pass.rowStep
            pass.scatter(
              convertedRows.rowAddress(index), count: width, bytesPerPixel: bytesPerPixel,
              into: view.rowAddress(y) + pass.firstColumn * bytesPerPixel)
          }
        }
        row += rows
      }
    }
  }

  /// A strip of rows in libpng's format.
  private struct DecodedStrip {
    let rows: Int
    var buffer: PixelBuffer

    init(width: Int, height: Int, _ decodedFormat: PixelFormat) throws(ImageIOError) {
      let rows = stripRowCount(width: width, height: height, decodedFormat)
      self.rows = rows
      buffer = try pixelWork { () throws(PixelError) in try PixelBuffer(width: width, height: rows, format: decodedFormat) }
    }

    /// Decodes the next `rows` rows of `width` pixels into the strip's top left.
    mutating func decode(_ reader: borrowing LibPNGReader, width: Int, rows: Int) throws(ImageIOError) {
      let rect = PixelRect(x: 0, y: 0, width: width, height: rows)
      try buffer.withMutableView { (view) throws(ImageIOError) in
        try reader.readRows(into: pixelWork { () throws(PixelError) in try view.cropped(to: rect) })
      }
    }

    /// Converts the strip's top-left `width` x `rows` pixels into `destination` (that size).
    func convert(width: Int, rows: Int, into destination: MutablePixelView) throws(ImageIOError) {
      let rect = PixelRect(x: 0, y: 0, width: width, height: rows)
      try pixelWork { () throws(PixelError) in
        try buffer.withView { (decoded) throws(PixelError) in
          try PixelConverter.convert(decoded.cropped(to: rect), into: destination, parallelism: .serial)
        }
      }
    }
  }
}
