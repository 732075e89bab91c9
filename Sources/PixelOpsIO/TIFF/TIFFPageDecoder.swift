import CTIFFSupport
import PixelOps

/// Decodes one page (directory) of an open TIFF into a caller's view or into a new
/// premultiplied RGBA8 or RGBA16 buffer: one path for both.
///
/// A page is decoded in two steps: preparing it (its fields read and checked against the
/// limits and the file's size, scratch memory for a strip or tile allocated), then writing
/// its pixels into a view of the page's size. Decoding to a new buffer allocates the buffer
/// between the two, so hostile sizes are refused before any pixel memory exists. Gray,
/// palette, RGB and JPEG YCbCr pages go through ``TIFFSampleDecoder``; other photometric
/// interpretations through libtiff's RGBA interface (``TIFFRGBAInterfaceDecoder``).
enum TIFFPageDecoder {
  /// Decodes page `index` into a new buffer, making it the handle's current directory.
  static func decode(handle: TIFFHandle, page index: Int, options: TIFFDecodingOptions) throws(ImageIOError)
    -> PixelBuffer
  {
    let fields = try checkedFields(handle: handle, page: index, limits: options.limits)
    let page = try PreparedPage(
      handle: handle, fields: fields, options: options, imageBytes: bufferBytes(fields, options))
    var image = try pixelWork { () throws(PixelError) in
      try PixelBuffer(width: fields.width, height: fields.height, format: options.format.pixelFormat)
    }
    try image.withMutableView { (view) throws(ImageIOError) in try page.write(into: view) }
    if page.isKnownOpaque {
      image.markOpaque()
    } else {
      image.updateOpacity()
    }
    return image
  }

  /// The size of page `index`, checked before a caller allocates a buffer of that size (a
  /// frame sequence's slots) and without allocating anything itself: the pixel limit, the
  /// buffer within the memory budget, and whether the page's samples could fit in the file.
  /// Decoding into the buffer then checks the decoder's scratch as well.
  static func checkedSize(handle: TIFFHandle, page index: Int, options: TIFFDecodingOptions) throws(ImageIOError)
    -> PixelSize
  {
    let fields = try checkedFields(handle: handle, page: index, limits: options.limits)
    try options.limits.checkMemory(bufferBytes(fields, options))
    switch try TIFFSampleLayout.plan(for: fields) {
    case .samples(let layout): try TIFFSampleDecoder.checkPlausible(fields, layout: layout, fileSize: handle.inputSize)
    case .rgbaInterface: try TIFFRGBAInterfaceDecoder.checkPlausible(fields, fileSize: handle.inputSize)
    }
    return PixelSize(width: fields.width, height: fields.height)
  }

  /// The bytes of a new buffer for the page in the format `options` decode to.
  private static func bufferBytes(_ fields: TIFFDirectoryFields, _ options: TIFFDecodingOptions) -> Int {
    DecodingLimits.bufferBytes(
      width: fields.width, height: fields.height, bytesPerPixel: options.format.pixelFormat.bytesPerPixel)
  }

  /// Decodes page `index` into `view`, making it the handle's current directory.
  static func decode(
    handle: TIFFHandle, page index: Int, options: TIFFDecodingOptions, into view: MutablePixelView
  ) throws(ImageIOError) -> TIFFPageInfo {
    let fields = try checkedFields(handle: handle, page: index, limits: options.limits)
    try DecodeDestination.check(
      view, size: PixelSize(width: fields.width, height: fields.height), format: options.format.pixelFormat)
    try PreparedPage(handle: handle, fields: fields, options: options, imageBytes: 0).write(into: view)
    return info(fields, page: index)
  }

  /// What ``TIFFReader/pageInfo(at:)`` reports: the directory's fields and the alpha rule.
  static func info(handle: TIFFHandle, page index: Int) throws(ImageIOError) -> TIFFPageInfo {
    info(try TIFFDirectoryFields.read(from: handle, directory: index), page: index)
  }

  private static func info(_ fields: TIFFDirectoryFields, page index: Int) -> TIFFPageInfo {
    var alpha = TIFFAlpha.none
    if case .samples(let layout)? = try? TIFFSampleLayout.plan(for: fields) {
      alpha = layout.alpha
    } else if let photometric = fields.photometric, Self.rgbaInterfaceKeepsAlpha(photometric: photometric) {
      alpha = TIFFSampleLayout.alpha(
        of: fields, colourSamples: TIFFSampleLayout.colourSampleCount(photometric: photometric), photometric: photometric)
    }
    return TIFFPageInfo(
      index: index, width: fields.width, height: fields.height, bitsPerSample: fields.bitsPerSample,
      samplesPerPixel: fields.samplesPerPixel, photometricInterpretation: fields.photometric,
      compression: fields.compression, isTiled: fields.isTiled, isPlanar: fields.isPlanar,
      orientation: fields.orientation, alpha: alpha)
  }

  /// Whether libtiff's RGBA reader draws a page of `photometric` with its alpha sample: gray
  /// and RGB only. Its CMYK, YCbCr, Lab and palette routines leave extra samples out and draw
  /// every pixel opaque, so such a page has no alpha to report.
  private static func rgbaInterfaceKeepsAlpha(photometric: Int) -> Bool {
    [TIFFCode.photometricMinIsWhite, TIFFCode.photometricMinIsBlack, TIFFCode.photometricRGB].contains(photometric)
  }

  /// The fields of page `index`, refused when its size is empty or beyond `limits`.
  private static func checkedFields(handle: TIFFHandle, page index: Int, limits: DecodingLimits) throws(ImageIOError)
    -> TIFFDirectoryFields
  {
    let fields = try TIFFDirectoryFields.read(from: handle, directory: index)
    try checkDimensions(fields, limits: limits)
    return fields
  }

  private static func checkDimensions(_ fields: TIFFDirectoryFields, limits: DecodingLimits) throws(ImageIOError) {
    guard fields.width > 0, fields.height > 0 else {
      throw .corrupt(.tiff, message: "the page is \(fields.width)x\(fields.height) pixels")
    }
    try limits.check(width: fields.width, height: fields.height)
  }

  /// A page checked and ready to write its pixels.
  private enum PreparedPage {
    case samples(TIFFSampleDecoder)
    case rgbaInterface(TIFFRGBAInterfaceDecoder)

    /// `imageBytes`: the image the caller allocates after this (0 when decoding into its view).
    init(handle: TIFFHandle, fields: TIFFDirectoryFields, options: TIFFDecodingOptions, imageBytes: Int)
      throws(ImageIOError)
    {
      switch try TIFFSampleLayout.plan(for: fields) {
      case .rgbaInterface:
        self = .rgbaInterface(
          try TIFFRGBAInterfaceDecoder(handle: handle, fields: fields, limits: options.limits, imageBytes: imageBytes))
      case .samples(let layout):
        self = .samples(
          try TIFFSampleDecoder(
            handle: handle, fields: fields, layout: layout, output: options.format, limits: options.limits,
            imageBytes: imageBytes))
      }
    }

    /// Whether every pixel is opaque by construction (no alpha sample); otherwise opacity is
    /// measured after decoding.
    var isKnownOpaque: Bool {
      switch self {
      case .samples(let decoder): decoder.layout.alpha == .none
      case .rgbaInterface: false
      }
    }

    func write(into view: MutablePixelView) throws(ImageIOError) {
      switch self {
      case .samples(let decoder): try decoder.write(into: view)
      case .rgbaInterface(let decoder): try decoder.write(into: view)
      }
    }
  }
}
