/// Why a pixel buffer, view or geometry request was refused.
///
/// Every public entry point that takes sizes, strides or rectangles from a caller validates
/// them and throws one of these instead of trapping.
public enum PixelError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Width or height is negative, or zero where an empty image is not allowed.
  case invalidDimensions(width: Int, height: Int)
  /// Row bytes are smaller than `width * bytesPerPixel`.
  case rowBytesTooSmall(rowBytes: Int, minimum: Int)
  /// A view of a non-empty image was given no base address.
  case missingBaseAddress
  /// `width * height * bytesPerPixel` (or a row-bytes product) does not fit in `Int`.
  case sizeOverflow(width: Int, height: Int, bytesPerPixel: Int)
  /// The system could not provide the memory (`bytes` long).
  case allocationFailed(bytes: Int)
  /// A rectangle reaches outside the bounds it must lie within.
  case rectOutOfBounds(PixelRect, bounds: PixelRect)
  /// Two views that must have the same size do not.
  case sizeMismatch(PixelSize, PixelSize)
  /// A kernel was given a format it does not take.
  case unsupportedFormat(PixelFormat, operation: String)
  /// A scale (pixels per point) that is not finite and positive.
  case invalidScale(Double)
  /// A value that must be finite (a coordinate or length) is NaN or infinite, or too large
  /// to become a pixel coordinate.
  case invalidCoordinate(Double)
  /// A thread count below 1.
  case invalidThreadCount(Int)
  /// A view the call reads shares memory with the view it writes (`operation` names the entry
  /// point and the view: "Compositor.draw source"). Views may share memory only as the very
  /// same pixels of a per-pixel operation; otherwise draw from a copy. See each entry point.
  case overlappingViews(operation: String)
  /// A resampling reduction (source pixels per destination pixel, `factor`) beyond `maximum`,
  /// the largest whose weight table stays within the library's bounds for that filter and
  /// destination size (hostile input must not allocate without bound).
  case reductionTooLarge(factor: Double, maximum: Double)
  /// Integer geometry (`operation` says which) whose result does not fit in `Int`.
  case geometryOverflow(operation: String)
  /// The call's ``CancellationToken`` was cancelled before the work finished; the destination
  /// holds a mix of old and new rows.
  case cancelled
  /// A gradient that cannot be drawn (`reason` says why: no stops, a coordinate, radius or
  /// component that is NaN or infinite, a linear axis of zero length, a negative radius).
  case invalidGradient(reason: String)
  /// A resizable image's slicing that cannot be drawn (`reason` says why: a negative, NaN or
  /// infinite inset, caps wider than the image, a centre outside the space between the caps).
  case invalidSlicing(reason: String)

  public var description: String {
    switch self {
    case .invalidDimensions(let w, let h): "invalid dimensions \(w)x\(h)"
    case .rowBytesTooSmall(let r, let m): "row bytes \(r) smaller than the \(m) bytes one row needs"
    case .missingBaseAddress: "a non-empty view needs a base address"
    case .sizeOverflow(let w, let h, let b): "\(w)x\(h) pixels of \(b) bytes overflow the address space"
    case .allocationFailed(let n): "could not allocate \(n) bytes"
    case .rectOutOfBounds(let r, let b): "rect \(r) is not inside \(b)"
    case .sizeMismatch(let a, let b): "sizes differ: \(a) and \(b)"
    case .unsupportedFormat(let f, let op): "\(op) does not take \(f)"
    case .invalidScale(let s): "scale \(s) is not a finite positive number"
    case .invalidCoordinate(let v): "coordinate \(v) is not finite or out of range"
    case .invalidThreadCount(let n): "thread count \(n) is below 1"
    case .overlappingViews(let op):
      "\(op) overlaps the destination's memory (allowed only as the very same pixels of a per-pixel operation); draw from a copy"
    case .reductionTooLarge(let factor, let maximum):
      "reduction by \(factor) exceeds the supported maximum of \(maximum) source pixels per destination pixel for this filter and destination size"
    case .geometryOverflow(let op): "\(op) overflows Int"
    case .invalidGradient(let reason): "invalid gradient: \(reason)"
    case .invalidSlicing(let reason): "invalid slicing: \(reason)"
    case .cancelled: "cancelled"
    }
  }
}
