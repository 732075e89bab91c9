public import PixelOps

extension ImageIOError {
  /// An image-sequence error as an I/O error: a frame's own I/O error (a TIFF page that failed
  /// to decode) as it was, a pixel error as ``pixels(_:)``, anything else (timing, an empty
  /// sequence) as ``invalidOption(_:message:)`` of TIFF with its description.
  public init(_ error: ImageSequenceError) {
    switch error {
    case .frameFailed(_, let reason as ImageIOError): self = reason
    case .pixels(let pixels): self = .pixels(pixels)
    default: self = .invalidOption(.tiff, message: error.description)
    }
  }
}
