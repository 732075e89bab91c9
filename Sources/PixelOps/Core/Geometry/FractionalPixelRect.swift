/// A rectangle in pixel coordinates with fractional edges: where a resampler reads from or writes
/// to, before any rounding. Pixel `(i, j)` covers the unit square from `(i, j)` to
/// `(i + 1, j + 1)`, so its centre is at `(i + 0.5, j + 0.5)`.
///
/// Shared by content placement (``ContentDrawPlan``) and resampling.
public struct FractionalPixelRect: Sendable, Hashable, CustomStringConvertible {
  /// Left edge in pixels.
  public var x: Double
  /// Top edge in pixels (row 0 is the top row).
  public var y: Double
  /// Width in pixels.
  public var width: Double
  /// Height in pixels.
  public var height: Double

  /// A rectangle from its origin and size in pixels.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The same rectangle as a whole-pixel one.
  public init(_ rect: PixelRect) {
    self.init(x: Double(rect.x), y: Double(rect.y), width: Double(rect.width), height: Double(rect.height))
  }

  /// `(0, 0, size.width, size.height)`: a whole image of `size`.
  public init(size: PixelSize) {
    self.init(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
  }

  /// One past the right edge (`x + width`).
  public var maxX: Double { x + width }
  /// One past the bottom edge (`y + height`).
  public var maxY: Double { y + height }
  /// Whether the rectangle covers no area.
  public var isEmpty: Bool { !(width > 0 && height > 0) }

  /// The smallest whole-pixel rectangle that covers this one (`CGRectIntegral`), with the same
  /// `1e-6` snapping as ``PointRect/pixelRect(scale:rounding:)``.
  ///
  /// - Throws: ``PixelError/invalidCoordinate(_:)`` for an edge that is not finite or lies
  ///   beyond ±2^52.
  public func coveringPixelRect() throws(PixelError) -> PixelRect {
    let rule = PixelRounding.outward
    let left = try rule.roundLowEdge(x)
    let top = try rule.roundLowEdge(y)
    let right = try rule.roundHighEdge(maxX)
    let bottom = try rule.roundHighEdge(maxY)
    return PixelRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
  }

  public var description: String { "(\(x), \(y), \(width)x\(height))px" }
}
