import CTIFFSupport
import PixelOps

/// Writes pages into an open libtiff handle: one directory per page (`TIFFWriteDirectory`),
/// contiguous strips of about 64 KiB, compressed as the options say.
enum TIFFWriter {
  /// Bytes the compressed pages may take at most above which BigTIFF is chosen: classic TIFF
  /// offsets end at 4 GiB, and the rest is left for directories and strip tables.
  static let bigTIFFThreshold = 3 << 30

  /// Whether pages whose pixels take `rawBytes` uncompressed (in the views' formats, at least
  /// what is stored) call for BigTIFF, once grown by the compression's worst case
  /// (``TIFFCompression/worstCaseGrowth``): LZW makes noise larger, not smaller.
  static func needsBigTIFF(rawBytes: Int, options: TIFFEncodingOptions) -> Bool {
    options.forcesBigTIFF || Double(rawBytes) * options.compression.worstCaseGrowth >= Double(bigTIFFThreshold)
  }

  /// The uncompressed bytes of `pages`' pixels, saturating at `Int.max`.
  static func rawBytes<Pages: Sequence>(of pages: Pages, size: (Pages.Element) -> (PixelSize, PixelFormat)) -> Int {
    var total = 0
    for page in pages {
      let (pixels, format) = size(page)
      let (area, overflow) = pixels.width.multipliedReportingOverflow(by: pixels.height)
      let (bytes, overflow2) = area.multipliedReportingOverflow(by: format.bytesPerPixel)
      let (sum, overflow3) = total.addingReportingOverflow(bytes)
      if overflow || overflow2 || overflow3 { return Int.max }
      total = sum
    }
    return total
  }

  /// Throws ``ImageIOError/pixels(_:)`` with `PixelError.invalidDimensions` unless `view` has
  /// pixels and fits TIFF's 32-bit width and height (TIFF has no empty images).
  static func validate(_ view: PixelView) throws(ImageIOError) {
    guard view.width > 0, view.height > 0, UInt32(exactly: view.width) != nil, UInt32(exactly: view.height) != nil
    else {
      throw .pixels(.invalidDimensions(width: view.width, height: view.height))
    }
  }

  /// Ends the file (flushing what libtiff buffered); errors name `reportedPath`.
  static func finish(_ handle: TIFFHandle, reportedPath: String) throws(ImageIOError) {
    handle.clearError()
    guard po_tiff_finish(handle.pointer) == 1 else {
      throw .writeFailed(path: reportedPath, reason: handle.failureMessage("libtiff could not finish the file"))
    }
  }

  /// Writes `view`, which passed ``validate(_:)``, as directory `index` of `pageCount`. Errors
  /// are reported as ``ImageIOError/writeFailed(path:reason:)`` naming `reportedPath`.
  static func writePage(
    _ view: PixelView, index: Int, pageCount: Int, into handle: TIFFHandle, options: TIFFEncodingOptions,
    reportedPath: String
  ) throws(ImageIOError) {
    func failure(_ what: String) -> ImageIOError {
      .writeFailed(path: reportedPath, reason: handle.failureMessage("libtiff could not \(what) (page \(index))"))
    }
    let stored = TIFFStoredFormat(
      format: view.format, isOpaque: view.isKnownOpaque, dropsAlphaOfOpaqueImages: options.dropsAlphaOfOpaqueImages)
    let recordsPages = pageCount > 1 && pageCount <= Int(UInt16.max)
    var layout = po_tiff_page_layout(
      width: UInt32(view.width), height: UInt32(view.height), bits_per_sample: UInt16(stored.bitsPerSample),
      samples_per_pixel: UInt16(stored.samplesPerPixel), photometric: UInt16(stored.photometric),
      alpha_sample: stored.alphaSample.map(UInt16.init) ?? 0xFFFF,
      compression: options.compression.tagValue, predictor: options.compression.predictor,
      page_index: recordsPages ? UInt16(index) : 0, page_count: recordsPages ? UInt16(pageCount) : 0,
      is_page: pageCount > 1 ? 1 : 0,
      pixels_per_inch: Float(ImageResolution.pixelsPerInch(scale: options.scale ?? 1)))
    handle.clearError()
    let rowsPerStrip = Int(po_tiff_begin_page(handle.pointer, &layout))
    guard rowsPerStrip > 0 else { throw failure("set up the page") }

    let rowBytes = stored.rowByteCount(width: view.width)
    let strip = try TIFFScratchMemory(byteCount: rowBytes * rowsPerStrip)
    let verbatim = stored.isVerbatim(for: view.format)
    var top = 0
    var stripIndex: UInt32 = 0
    while top < view.height {
      let rows = min(rowsPerStrip, view.height - top)
      for row in 0..<rows {
        let destination = strip.pointer + row * rowBytes
        if verbatim {
          destination.copyMemory(from: view.rowAddress(top + row), byteCount: rowBytes)
        } else {
          gather(view.rowAddress(top + row), width: view.width, format: view.format, stored: stored, into: destination)
        }
      }
      handle.clearError()
      guard po_tiff_write_strip(handle.pointer, stripIndex, strip.pointer, Int64(rows * rowBytes)) == 1 else {
        throw failure("write strip \(stripIndex)")
      }
      top += rows
      stripIndex += 1
    }
    handle.clearError()
    guard po_tiff_end_page(handle.pointer) == 1 else { throw failure("write the directory") }
  }

  /// Copies the stored samples of one row, channel by channel (dropping alpha or reordering
  /// BGRA to RGBA).
  private static func gather(
    _ source: UnsafeRawPointer, width: Int, format: PixelFormat, stored: TIFFStoredFormat,
    into destination: UnsafeMutableRawPointer
  ) {
    let bytesPerPixel = format.bytesPerPixel
    let bytesPerChannel = format.bitsPerChannel / 8
    var output = destination
    for x in 0..<width {
      let pixel = source + x * bytesPerPixel
      for channel in stored.sourceChannels {
        output.copyMemory(from: pixel + channel * bytesPerChannel, byteCount: bytesPerChannel)
        output += bytesPerChannel
      }
    }
  }
}
