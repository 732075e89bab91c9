/// A rectangle in unit coordinates, relative to an image's size: (0, 0, 1, 1) is the whole image.
/// Core Animation's `contentsRect` (and `contentsCenter`) are of this kind.
///
/// Values outside 0...1 are allowed: the part beyond the image repeats its edge pixels outward.
public struct UnitRect: Sendable, Hashable, CustomStringConvertible {
  /// Left edge, as a fraction of the image width.
  public var x: Double
  /// Edge with the smaller y, as a fraction of the image height (see ``CoordinateOrigin``).
  public var y: Double
  /// Width, as a fraction of the image width.
  public var width: Double
  /// Height, as a fraction of the image height.
  public var height: Double

  /// A unit rectangle from its origin and size.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The whole image, (0, 0, 1, 1): the default `contentsRect`.
  public static let full = UnitRect(x: 0, y: 0, width: 1, height: 1)

  public var description: String { "(\(x), \(y), \(width)x\(height)) unit" }
}
