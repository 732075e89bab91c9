import CPNGSupport
import PixelOps

/// Owns one `po_png_writer`: libpng encoding into memory behind the C shim's setjmp wall.
struct LibPNGWriter: ~Copyable {
  private let handle: OpaquePointer

  /// Starts a PNG of `width` x `height` pixels in `colorFormat` (not `.automatic`), with a
  /// pHYs chunk of `pixelsPerMetre` where given.
  init(
    width: Int, height: Int, colorFormat: PNGColorFormat, compressionLevel: Int, pixelsPerMetre: UInt32?
  ) throws(ImageIOError) {
    guard let handle = po_png_writer_create() else { throw .pixels(.allocationFailed(bytes: 0)) }
    var config = po_png_write_config(
      width: UInt32(width), height: UInt32(height), color_type: colorFormat.colorType,
      bit_depth: colorFormat.bitDepth, input_has_filler: colorFormat.rowsHaveFiller ? 1 : 0,
      compression_level: Int32(compressionLevel), pixels_per_metre: pixelsPerMetre ?? 0)
    let status = po_png_writer_start(handle, &config)
    if status != PO_PNG_OK {
      let error = Self.error(for: status, handle)
      po_png_writer_destroy(handle)
      throw error
    }
    self.handle = handle
  }

  deinit { po_png_writer_destroy(handle) }

  /// Compresses every row of `view`, which must be in the colour format's row format.
  func writeRows(of view: PixelView) throws(ImageIOError) {
    try check(po_png_writer_write_rows(handle, view.baseAddress, view.rowBytes, UInt32(view.height)))
  }

  /// Ends the image and returns the encoded file.
  func finish() throws(ImageIOError) -> [UInt8] {
    try check(po_png_writer_finish(handle))
    var size = 0
    guard let output = po_png_writer_output(handle, &size) else { return [] }
    return Array(UnsafeBufferPointer(start: output, count: size))
  }

  private func check(_ status: po_png_status) throws(ImageIOError) {
    if status == PO_PNG_OK { return }
    throw Self.error(for: status, handle)
  }

  /// Memory that could not be had as ``ImageIOError/pixels(_:)``; any other failure of libpng or
  /// zlib while encoding as ``ImageIOError/writeFailed(path:reason:)`` of `<memory>` (the
  /// reading side's categories, such as `corrupt`, describe input files, not an encoder).
  private static func error(for status: po_png_status, _ handle: OpaquePointer) -> ImageIOError {
    if status == PO_PNG_OUT_OF_MEMORY { return .pixels(.allocationFailed(bytes: po_png_writer_failed_allocation_size(handle))) }
    let message = String(cString: po_png_writer_error_message(handle))
    return .writeFailed(
      path: ImageIOError.memoryPath, reason: "libpng could not encode the image: \(message.isEmpty ? "no message" : message)")
  }
}
