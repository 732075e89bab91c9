import CPNGSupport

/// Turns a `po_png_status` and libpng's message into an ``ImageIOError``.
enum LibPNGFailure {
  /// `path` names the file being read, for read failures (`nil` for memory and writers).
  static func error(
    for status: po_png_status, message: String, failedAllocation: Int, path: String? = nil
  ) -> ImageIOError {
    let message = message.isEmpty ? "libpng failed without a message" : message
    switch status {
    case PO_PNG_TRUNCATED:
      return .truncated(.png, message: message)
    case PO_PNG_OUT_OF_MEMORY:
      return .pixels(.allocationFailed(bytes: failedAllocation))
    case PO_PNG_MISUSE:
      return .unsupported(.png, message: message)
    case PO_PNG_READ_FAILED:
      return .unreadableFile(path: path ?? "<unknown>", reason: message)
    default:
      return .corrupt(.png, message: message)
    }
  }
}
