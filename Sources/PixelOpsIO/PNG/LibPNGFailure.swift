import CPNGSupport

/// Turns a `po_png_status` and libpng's message into an ``ImageIOError``.
enum LibPNGFailure {
  static func error(for status: po_png_status, message: String, failedAllocation: Int) -> ImageIOError {
    let message = message.isEmpty ? "libpng failed without a message" : message
    switch status {
    case PO_PNG_TRUNCATED:
      return .truncated(.png, message: message)
    case PO_PNG_OUT_OF_MEMORY:
      return .pixels(.allocationFailed(bytes: failedAllocation))
    case PO_PNG_MISUSE:
      return .unsupported(.png, message: message)
    default:
      return .corrupt(.png, message: message)
    }
  }
}
