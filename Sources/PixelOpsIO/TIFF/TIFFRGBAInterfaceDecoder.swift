import CTIFFSupport
import PixelOps

/// Decodes pages whose photometric interpretation the sample path does not handle (CMYK,
/// YCbCr without JPEG, CIE L*a*b*, LogLuv, ...) through libtiff's RGBA interface
/// (`TIFFReadRGBAImageOriented`): 8 bits per channel, alpha associated, rows in stored order.
/// 16-bit output widens each channel exactly (`v * 257`).
///
/// libtiff fills a packed raster of the whole page, so this path needs a page-sized scratch
/// raster, which is then copied into the destination's rows.
struct TIFFRGBAInterfaceDecoder {
  private let handle: TIFFHandle
  private let fields: TIFFDirectoryFields

  /// Checks that libtiff can read the current directory of `handle` through its RGBA
  /// interface, that the page could fit in the file, and that the raster with the image the
  /// caller allocates (`imageBytes`, 0 for the caller's memory) is within `limits`' memory
  /// budget, before anything is allocated.
  init(handle: TIFFHandle, fields: TIFFDirectoryFields, limits: DecodingLimits, imageBytes: Int) throws(ImageIOError) {
    handle.clearError()
    guard po_tiff_rgba_supported(handle.pointer) == 1 else {
      throw .unsupported(.tiff, message: handle.failureMessage("libtiff's RGBA interface cannot read this page"))
    }
    try Self.checkPlausible(fields, fileSize: handle.inputSize)
    // libtiff's RGBA reader decodes a whole strip or tile (per plane) too.
    try TIFFPlausibility.checkChunk(fields, chunkBytes: fields.chunkSize, fileSize: handle.inputSize)
    let raster = fields.width.multipliedReportingOverflow(by: fields.height * 4)
    // libtiff holds one compressed strip or tile at a time (at most the file), the strip or
    // tile decoded (one per plane for separate planes) and its codec state.
    let decoded = fields.chunkSize.multipliedReportingOverflow(by: fields.isPlanar ? fields.samplesPerPixel : 1)
    try limits.checkMemory(
      imageBytes, raster.overflow ? Int.max : raster.partialValue, min(handle.inputSize, fields.chunkSize),
      decoded.overflow ? Int.max : decoded.partialValue, 1 << 20)
    self.handle = handle
    self.fields = fields
  }

  /// Refuses a page whose samples could not fit in a file of `fileSize` bytes with the page's
  /// compression (``TIFFPlausibility``). Allocates nothing.
  static func checkPlausible(_ fields: TIFFDirectoryFields, fileSize: Int) throws(ImageIOError) {
    try TIFFPlausibility.check(
      width: fields.width, height: fields.height, neededBytes: storedBytes(fields),
      bitsPerPixel: fields.samplesPerPixel * fields.bitsPerSample, compression: fields.compression,
      fileSize: fileSize)
  }

  /// The bytes the page's samples take stored uncompressed: libtiff's size, which knows YCbCr
  /// subsampling (2x2 by default: half the samples of RGB), else every sample of every pixel
  /// (`Int.max` on overflow).
  private static func storedBytes(_ fields: TIFFDirectoryFields) -> Int {
    if fields.pageBytes > 0 { return fields.pageBytes }
    let rowBytes = (fields.width * fields.samplesPerPixel * fields.bitsPerSample + 7) / 8
    let (bytes, overflow) = rowBytes.multipliedReportingOverflow(by: fields.height)
    return overflow ? Int.max : bytes
  }

  /// Reads the page into a scratch raster and writes it into `view`, which has the page's
  /// size and is premultiplied RGBA8 or RGBA16. The view is untouched when libtiff fails.
  func write(into view: MutablePixelView) throws(ImageIOError) {
    let (width, height) = (fields.width, fields.height)
    let raster = try TIFFScratchMemory(byteCount: width * height * 4)
    let words = raster.pointer.assumingMemoryBound(to: UInt32.self)
    handle.clearError()
    let orientation = (1...8).contains(fields.orientation) ? fields.orientation : 1
    guard po_tiff_read_rgba(handle.pointer, UInt32(width), UInt32(height), words, UInt16(orientation)) == 1 else {
      throw handle.readFailure("libtiff's RGBA interface could not read the page")
    }
    let sixteenBit = view.format.bitsPerChannel == 16
    for y in 0..<height {
      let source = words + y * width
      let row = view.rowAddress(y)
      for x in 0..<width {
        // The word holds R in its low byte, A in its high byte, whatever the byte order.
        let word = source[x]
        let pixel = SIMD4<UInt32>(word, word >> 8, word >> 16, word >> 24) & 0xFF
        if sixteenBit {
          row.storeBytes(of: SIMD4<UInt16>(truncatingIfNeeded: pixel) &* 257, toByteOffset: x * 8, as: SIMD4<UInt16>.self)
        } else {
          row.storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: pixel), toByteOffset: x * 4, as: SIMD4<UInt8>.self)
        }
      }
    }
  }
}
