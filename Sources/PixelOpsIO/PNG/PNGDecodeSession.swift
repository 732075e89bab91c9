import PixelOps

/// One PNG being decoded: the header read and checked against the options (pixel count,
/// memory), then the pixels written into a view of the image's size and `options.format`.
///
/// libpng delivers straight RGBA at 8 bits (16 for 16-bit files or results). Those rows go
/// straight into the view when it is in that format (libpng merges the passes of interlaced
/// files itself); otherwise ``PNGConvertingReads`` converts them on the way, a strip of rows
/// or of one interlace pass at a time, so no image-sized memory is needed besides the view.
struct PNGDecodeSession: ~Copyable {
  let header: PNGHeader
  private let reader: LibPNGReader
  private let format: PixelFormat
  private let displayExponent: Double
  private let route: Route

  /// How rows reach the view.
  enum Route {
    /// libpng writes the view itself (the view is in libpng's format).
    case direct
    /// Rows of a non-interlaced image, converted a strip at a time.
    case strips
    /// Rows of each interlace pass, converted a strip at a time and scattered to their pixels.
    case passes
  }

  /// Reads the header of `source` and checks it against `options.limits` (pixels, then the
  /// bytes the decode will hold: the image too when `allocatesImage`) and against the amount
  /// of image data present, before any pixel memory is allocated.
  init(_ source: PNGSource, options: PNGDecodingOptions, allocatesImage: Bool) throws(ImageIOError) {
    try PNGSignature.validate(source.prefix(PNGSignature.bytes.count))
    let displayExponent = try options.gamma.validatedDisplayExponent()
    let reader = try source.makeReader()
    let header = try reader.readHeader(keepGamma: displayExponent > 0)
    try options.limits.check(width: header.width, height: header.height)
    let decodedFormat = header.decodedFormat(for: options.format)
    let route: Route =
      options.format == decodedFormat ? .direct : header.isInterlaced ? .passes : .strips
    let image =
      allocatesImage
      ? DecodingLimits.bufferBytes(
        width: header.width, height: header.height, bytesPerPixel: options.format.bytesPerPixel) : 0
    try options.limits.checkMemory(
      image, Self.scratchByteCount(header: header, decodedFormat: decodedFormat, format: options.format, route: route))
    try PNGDataCapacity.check(source, header: header)
    // Stored only when every check has passed: a noncopyable field is set all at once.
    self.header = header
    self.reader = reader
    self.format = options.format
    self.displayExponent = displayExponent
    self.route = route
  }

  /// Decodes every pixel into `view`, then reads the rest of the file through IEND.
  ///
  /// - Throws: ``ImageIOError/destinationSizeMismatch(expected:actual:)`` or
  ///   ``ImageIOError/destinationFormatMismatch(expected:actual:)`` before writing anything,
  ///   otherwise libpng's failures (the view's contents are then unspecified).
  func decode(into view: MutablePixelView) throws(ImageIOError) {
    try DecodeDestination.check(view, size: header.size, format: format)
    let decodedFormat = header.decodedFormat(for: format)
    let rowBytes = try reader.start(
      decodedFormat: decodedFormat, displayExponent: displayExponent, mergesPasses: route == .direct)
    guard rowBytes == header.width * decodedFormat.bytesPerPixel else {
      throw .unsupported(.png, message: "libpng produced \(rowBytes)-byte rows for \(header.width) pixels")
    }
    switch route {
    case .direct: try reader.readImage(into: view)
    case .strips: try PNGConvertingReads.readInStrips(reader, decodedFormat, into: view)
    case .passes: try PNGConvertingReads.readPasses(reader, decodedFormat, into: view)
    }
    try reader.finish()
  }

  /// The bytes held besides the image: libpng's rows (the current and previous decoded row,
  /// the file buffer, zlib's window; counted as 2 rows + 256 KiB) and, when converting, a
  /// strip of decoded rows (and for interlaced files one of converted rows).
  static func scratchByteCount(header: PNGHeader, decodedFormat: PixelFormat, format: PixelFormat, route: Route) -> Int {
    let decodedRow = header.width.multipliedReportingOverflow(by: decodedFormat.bytesPerPixel)
    guard !decodedRow.overflow, decodedRow.partialValue <= Int.max / 4 - (256 << 10) else { return Int.max }
    let codec = 2 * decodedRow.partialValue + (256 << 10)
    if route == .direct { return codec }
    let rows = PNGConvertingReads.stripRowCount(width: header.width, height: header.height, decodedFormat)
    let decoded = DecodingLimits.bufferBytes(width: header.width, height: rows, bytesPerPixel: decodedFormat.bytesPerPixel)
    let converted =
      route == .passes ? DecodingLimits.bufferBytes(width: header.width, height: rows, bytesPerPixel: format.bytesPerPixel) : 0
    let (strips, overflow) = decoded.addingReportingOverflow(converted)
    return overflow || strips > Int.max - codec ? Int.max : codec + strips
  }
}
