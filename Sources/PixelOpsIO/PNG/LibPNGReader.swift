import CPNGSupport
import PixelOps

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Owns one `po_png_reader` over caller memory or an open file: libpng decoding behind the C
/// shim's setjmp wall. Caller memory must outlive the reader; a file is kept open by it.
struct LibPNGReader: ~Copyable {
  /// Largest buffer libpng may allocate for one ancillary chunk.
  static let maximumChunkBytes = 8 << 20
  /// Largest number of ancillary chunks libpng keeps.
  static let maximumCachedChunks: UInt32 = 1000

  private let handle: OpaquePointer
  /// The file read from, if any: kept open while libpng reads it.
  private let file: ReadableFile?

  init(_ bytes: UnsafeRawBufferPointer) throws(ImageIOError) {
    guard let handle = po_png_reader_create(bytes.baseAddress, bytes.count) else {
      throw .pixels(.allocationFailed(bytes: 0))
    }
    self.handle = handle
    self.file = nil
  }

  /// A reader streaming `file` from its start through the shim's 64 KiB buffer.
  init(_ file: ReadableFile) throws(ImageIOError) {
    guard lseek(file.descriptor, 0, SEEK_SET) == 0 else {
      throw .unreadableFile(path: file.path, reason: FileSystem.systemError())
    }
    guard let handle = po_png_reader_create_descriptor(file.descriptor) else {
      throw .pixels(.allocationFailed(bytes: 0))
    }
    self.handle = handle
    self.file = file
  }

  deinit { po_png_reader_destroy(handle) }

  /// Reads every chunk before the image data. Ancillary chunks are skipped, except tRNS and,
  /// when `keepGamma` is set, gAMA and sRGB.
  func readHeader(keepGamma: Bool) throws(ImageIOError) -> PNGHeader {
    var limits = po_png_read_limits(
      max_chunk_bytes: Self.maximumChunkBytes, max_cached_chunks: Self.maximumCachedChunks)
    var header = po_png_header()
    try check(po_png_reader_read_header(handle, &limits, keepGamma ? 1 : 0, &header))
    return PNGHeader(
      width: Int(header.width), height: Int(header.height), bitDepth: Int(header.bit_depth),
      colorType: Int(header.color_type), isInterlaced: header.interlaced != 0,
      hasTransparency: header.has_transparency != 0)
  }

  /// Sets up decoding to straight RGBA, 8 or 16 bits as `decodedFormat` says, gamma-corrected
  /// for `displayExponent` when it is positive. With `mergesPasses`, libpng assembles the
  /// passes of an interlaced image into full rows (``readImage(into:)``); without, they come
  /// pass by pass from ``readRows(into:)``. Returns the bytes of one decoded row of the image.
  func start(decodedFormat: PixelFormat, displayExponent: Double, mergesPasses: Bool) throws(ImageIOError) -> Int {
    var rowBytes = 0
    let sixteenBit: Int32 = decodedFormat.bitsPerChannel == 16 ? 1 : 0
    try check(po_png_reader_start(handle, sixteenBit, displayExponent, mergesPasses ? 1 : 0, &rowBytes))
    return rowBytes
  }

  /// Decodes the whole image (every interlace pass) into `view`, which must have the
  /// image's size and decoded format. Only after `start(mergesPasses: true)`.
  func readImage(into view: MutablePixelView) throws(ImageIOError) {
    try check(po_png_reader_read_image(handle, view.baseAddress, view.rowBytes))
  }

  /// Decodes the next `view.height` rows into `view`: rows of a non-interlaced image, or rows
  /// of the current pass (as wide as the pass) after `start(mergesPasses: false)`.
  func readRows(into view: MutablePixelView) throws(ImageIOError) {
    try check(po_png_reader_read_rows(handle, view.baseAddress, view.rowBytes, UInt32(view.height)))
  }

  /// Reads the rest of the file through IEND, so damage after the pixels is noticed too.
  func finish() throws(ImageIOError) {
    try check(po_png_reader_finish(handle))
  }

  private func check(_ status: po_png_status) throws(ImageIOError) {
    if status == PO_PNG_OK { return }
    throw LibPNGFailure.error(
      for: status, message: String(cString: po_png_reader_error_message(handle)),
      failedAllocation: po_png_reader_failed_allocation_size(handle), path: file?.path)
  }
}
