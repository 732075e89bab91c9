import CTIFFSupport

/// An open libtiff handle (through the C shim) and the error text libtiff reported on it.
///
/// Not thread-safe: libtiff keeps the current directory and codec state in the handle, so
/// one handle serves one caller at a time. ``TIFFReader`` guards its handle with a mutex.
final class TIFFHandle {
  let pointer: OpaquePointer

  /// Largest single allocation libtiff may make for one handle: strip and tile buffers,
  /// offset arrays, codec state. Pixel buffers are allocated by us, within the limits.
  static let maximumLibraryAllocation: Int64 = 1 << 30

  private init(pointer: OpaquePointer) {
    self.pointer = pointer
  }

  deinit {
    po_tiff_close(pointer)
  }

  /// Opens the file at `path` for reading; anything but a regular file is refused without
  /// blocking (``ReadableFile``).
  convenience init(readingPath path: String) throws(ImageIOError) {
    let file = try ReadableFile(path: path)
    var status = PO_TIFF_OPEN_OK
    let opened = po_tiff_open_descriptor(
      file.descriptor, path, UInt64(file.size), Self.maximumLibraryAllocation, &status)
    guard let pointer = opened else { throw .unreadableFile(path: path, reason: "out of memory") }
    self.init(pointer: pointer)
    let message = lastError ?? "unknown error"
    switch status {
    case PO_TIFF_OPEN_OK: return
    case PO_TIFF_OPEN_SYSTEM_ERROR: throw .unreadableFile(path: path, reason: message)
    case PO_TIFF_OPEN_EMPTY: throw .emptyInput
    default: throw readFailure(message)
    }
  }

  /// Opens TIFF bytes held in memory for reading (the bytes are copied).
  convenience init(readingBytes bytes: [UInt8]) throws(ImageIOError) {
    if bytes.isEmpty { throw .emptyInput }
    var status = PO_TIFF_OPEN_OK
    let opened = bytes.withUnsafeBytes { buffer in
      po_tiff_open_memory(buffer.baseAddress, buffer.count, Self.maximumLibraryAllocation, &status)
    }
    guard let pointer = opened else { throw .pixels(.allocationFailed(bytes: bytes.count)) }
    self.init(pointer: pointer)
    switch status {
    case PO_TIFF_OPEN_OK: return
    case PO_TIFF_OPEN_EMPTY: throw .emptyInput
    default: throw readFailure("unknown error")
    }
  }

  /// Creates (or truncates) the file at `path` for writing; errors name `reportedPath`.
  convenience init(writingPath path: String, bigTIFF: Bool, reportedPath: String) throws(ImageIOError) {
    var status = PO_TIFF_OPEN_OK
    guard let pointer = po_tiff_create_path(path, bigTIFF ? 1 : 0, &status) else {
      throw .writeFailed(path: reportedPath, reason: "out of memory")
    }
    self.init(pointer: pointer)
    if status != PO_TIFF_OPEN_OK {
      throw .writeFailed(path: reportedPath, reason: lastError ?? "libtiff could not create the file")
    }
  }

  /// Starts a TIFF in a growable memory buffer.
  convenience init(writingMemoryWithBigTIFF bigTIFF: Bool) throws(ImageIOError) {
    var status = PO_TIFF_OPEN_OK
    guard let pointer = po_tiff_create_memory(bigTIFF ? 1 : 0, &status) else {
      throw .writeFailed(path: ImageIOError.memoryPath, reason: "out of memory")
    }
    self.init(pointer: pointer)
    if status != PO_TIFF_OPEN_OK {
      throw .writeFailed(path: ImageIOError.memoryPath, reason: lastError ?? "libtiff could not start")
    }
  }

  /// The last error libtiff reported since ``clearError()``, if any.
  var lastError: String? {
    po_tiff_last_error(pointer).map { String(cString: $0) }
  }

  /// Forgets earlier errors. libtiff also reports harmless errors (for example when asked
  /// for a tag a codec does not define), so the text is cleared before each operation and
  /// read only when the operation fails.
  func clearError() {
    po_tiff_clear_error(pointer)
  }

  /// libtiff's error text, or `fallback` when it gave none.
  func failureMessage(_ fallback: @autoclosure () -> String) -> String {
    lastError ?? fallback()
  }

  /// The typed error of a failed read: libtiff's text (or `fallback`) classified by its message
  /// alone, not by the module or path it names first (``TIFFLibraryMessage/readError(_:detail:)``).
  func readFailure(_ fallback: @autoclosure () -> String) -> ImageIOError {
    guard let message = lastError else { return TIFFLibraryMessage.readError(fallback()) }
    return TIFFLibraryMessage.readError(message, detail: po_tiff_last_error_detail(pointer).map { String(cString: $0) })
  }

  /// Bytes in the file or buffer being read.
  var inputSize: Int {
    Int(clamping: po_tiff_input_size(pointer))
  }
}
