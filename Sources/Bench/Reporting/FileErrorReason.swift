import Foundation

/// The system's reason for a failed file operation ("No such file or directory"), for bench's
/// error lines; Foundation's own text on Linux is often "(NSCocoaErrorDomain error 256.)".
enum FileErrorReason {
  static func describe(_ error: any Error) -> String {
    if let cocoa = error as? CocoaError, let underlying = cocoa.userInfo[NSUnderlyingErrorKey] {
      if let posix = underlying as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
      if let nsError = underlying as? NSError, nsError.domain == NSPOSIXErrorDomain {
        return String(cString: strerror(Int32(nsError.code)))
      }
    }
    if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
    return error.localizedDescription
  }
}
