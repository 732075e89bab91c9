/// A point in a layer's unit coordinate space: (0, 0) and (1, 1) are opposite corners of its
/// bounds (`CAGradientLayer`'s `startPoint` and `endPoint`). y = 0 is the edge with the smaller
/// y (the top in ``CoordinateOrigin/topLeft`` geometry, the bottom in
/// ``CoordinateOrigin/bottomLeft``). Values outside 0...1 lie outside the bounds.
public struct UnitPoint: Sendable, Hashable, CustomStringConvertible {
  /// Fraction of the bounds' width from its left edge.
  public var x: Double
  /// Fraction of the bounds' height from the edge with the smaller y.
  public var y: Double

  /// A unit point from its coordinates.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// `(x, y) unit`.
  public var description: String { "(\(x), \(y)) unit" }
}
