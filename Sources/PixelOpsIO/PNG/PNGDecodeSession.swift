import PixelOps

/// One PNG being decoded: the header read and checked against the options, then the pixels
/// written into a view of the image's size and `options.format`.
///
/// libpng delivers straight RGBA at 8 bits (16 for 16-bit files or results). Those rows go
/// straight into the view when it is in that format; otherwise ``PNGConvertingReads`` converts
/// them on the way (see there for which cases need a full-size staging image).
struct PNGDecodeSession: ~Copyable {
  let header: PNGHeader
  private let reader: LibPNGReader
  private let format: PixelFormat
  private let displayExponent: Double

  /// Reads the header of `data` and checks it against `options.limits` and against the
  /// amount of image data present, before any pixel memory is allocated.
  init(_ data: UnsafeRawBufferPointer, options: PNGDecodingOptions) throws(ImageIOError) {
    try PNGSignature.validate(data)
    let displayExponent = try options.gamma.validatedDisplayExponent()
    let reader = try LibPNGReader(data)
    let header = try reader.readHeader(keepGamma: displayExponent > 0)
    try options.limits.check(width: header.width, height: header.height)
    try PNGDataCapacity.check(data, header: header)
    // Stored only when every check has passed: a noncopyable field is set all at once.
    self.header = header
    self.reader = reader
    self.format = options.format
    self.displayExponent = displayExponent
  }

  /// Decodes every pixel into `view`, then reads the rest of the file through IEND.
  ///
  /// - Throws: ``ImageIOError/destinationSizeMismatch(expected:actual:)`` or
  ///   ``ImageIOError/destinationFormatMismatch(expected:actual:)`` before writing anything,
  ///   otherwise libpng's failures (the view's contents are then unspecified).
  func decode(into view: MutablePixelView) throws(ImageIOError) {
    try DecodeDestination.check(view, size: header.size, format: format)
    let decodedFormat = header.decodedFormat(for: format)
    let rowBytes = try reader.start(decodedFormat: decodedFormat, displayExponent: displayExponent)
    guard rowBytes == header.width * decodedFormat.bytesPerPixel else {
      throw .unsupported(.png, message: "libpng produced \(rowBytes)-byte rows for \(header.width) pixels")
    }
    if format == decodedFormat {
      try reader.readImage(into: view)
    } else if !header.isInterlaced {
      try PNGConvertingReads.readInStrips(reader, decodedFormat, into: view)
    } else if format.bytesPerPixel == decodedFormat.bytesPerPixel {
      try PNGConvertingReads.readInPlace(reader, decodedFormat, into: view)
    } else {
      try PNGConvertingReads.readThroughStaging(reader, decodedFormat, into: view)
    }
    try reader.finish()
  }
}
