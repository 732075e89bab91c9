/// A position in points, the resolution-independent unit of UIKit and Core Animation.
/// One point is `scale` pixels (see ``PixelBuffer/scale``).
public struct PointPosition: Sendable, Hashable, CustomStringConvertible {
  public var x: Double
  public var y: Double

  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  public static let zero = PointPosition(x: 0, y: 0)

  /// The same position in pixel space, unrounded: `(x * scale, y * scale)`.
  public func inPixels(scale: Double) -> (x: Double, y: Double) { (x * scale, y * scale) }

  public var description: String { "(\(x)pt, \(y)pt)" }
}

/// A size in points.
public struct PointSize: Sendable, Hashable, CustomStringConvertible {
  public var width: Double
  public var height: Double

  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// The size in points of `pixels` at `scale` pixels per point, as `UIImage.size` is
  /// the pixel size divided by `UIImage.scale`.
  public init(pixels: PixelSize, scale: Double) {
    self.init(width: Double(pixels.width) / scale, height: Double(pixels.height) / scale)
  }

  public var isEmpty: Bool { !(width > 0 && height > 0) }
  public var description: String { "\(width)x\(height)pt" }
}

/// A rectangle in points.
public struct PointRect: Sendable, Hashable, CustomStringConvertible {
  public var origin: PointPosition
  public var size: PointSize

  public init(origin: PointPosition, size: PointSize) {
    self.origin = origin
    self.size = size
  }

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.init(origin: PointPosition(x: x, y: y), size: PointSize(width: width, height: height))
  }

  public var minX: Double { origin.x }
  public var minY: Double { origin.y }
  public var maxX: Double { origin.x + size.width }
  public var maxY: Double { origin.y + size.height }
  public var width: Double { size.width }
  public var height: Double { size.height }

  /// The whole-pixel rectangle this rectangle covers at `scale` pixels per point.
  ///
  /// The edges are first multiplied by `scale`; an edge within `1e-6` pixel of a whole
  /// number is snapped to it (so `1/3` point at @3x is exactly pixel 1, not 0.9999999), and
  /// then each edge is rounded by `rule`. A rectangle with negative width or height is
  /// standardised first, as Core Graphics does.
  ///
  /// - Throws: ``PixelError/invalidScale(_:)`` for a scale that is not finite and positive,
  ///   ``PixelError/invalidCoordinate(_:)`` when an edge is not finite or beyond ±2^52 pixels.
  public func pixelRect(scale: Double, rounding rule: PixelRounding = .outward) throws(PixelError) -> PixelRect {
    guard scale.isFinite, scale > 0 else { throw .invalidScale(scale) }
    // A NaN size makes the far edge NaN, and min and max of it and the near edge give the near
    // edge twice, which would hide it (a NaN origin makes both edges NaN: `round` finds that).
    guard !maxX.isNaN else { throw .invalidCoordinate(maxX) }
    guard !maxY.isNaN else { throw .invalidCoordinate(maxY) }
    let x0 = min(minX, maxX) * scale
    let x1 = max(minX, maxX) * scale
    let y0 = min(minY, maxY) * scale
    let y1 = max(minY, maxY) * scale
    let left = try rule.roundLowEdge(x0)
    let right = try rule.roundHighEdge(x1)
    let top = try rule.roundLowEdge(y0)
    let bottom = try rule.roundHighEdge(y1)
    return PixelRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
  }

  public var description: String { "(\(minX), \(minY), \(width)x\(height))pt" }
}

/// Distances in points inward from each edge (UIKit's `UIEdgeInsets`, `capInsets`).
public struct PointEdgeInsets: Sendable, Hashable, CustomStringConvertible {
  public var top: Double
  public var left: Double
  public var bottom: Double
  public var right: Double

  public init(top: Double, left: Double, bottom: Double, right: Double) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  public static let zero = PointEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)

  /// The insets in whole pixels at `scale`, each rounded to the nearest pixel (half up),
  /// after the same `1e-6` snapping as ``PointRect/pixelRect(scale:rounding:)``.
  ///
  /// - Throws: ``PixelError/invalidScale(_:)`` for a scale that is not finite and positive,
  ///   ``PixelError/invalidCoordinate(_:)`` when an inset is not finite or beyond ±2^52 pixels.
  public func pixelInsets(scale: Double) throws(PixelError) -> PixelEdgeInsets {
    guard scale.isFinite, scale > 0 else { throw .invalidScale(scale) }
    let rule = PixelRounding.nearest
    return PixelEdgeInsets(
      top: try rule.roundLowEdge(top * scale), left: try rule.roundLowEdge(left * scale),
      bottom: try rule.roundLowEdge(bottom * scale), right: try rule.roundLowEdge(right * scale))
  }

  public var description: String { "(top \(top), left \(left), bottom \(bottom), right \(right))pt" }
}

/// How fractional pixel edges become whole pixels.
public enum PixelRounding: Sendable, Hashable {
  /// Low edges down, high edges up: the smallest pixel rectangle that covers every pixel the
  /// point rectangle touches (Core Graphics' `CGRectIntegral`). The default.
  case outward
  /// Low edges up, high edges down: only pixels wholly inside the point rectangle.
  case inward
  /// Every edge to the nearest whole pixel, halves up: adjacent rectangles stay adjacent and
  /// never overlap, as UIKit aligns views to the pixel grid.
  case nearest

  /// Edges this close to a whole number are treated as that whole number.
  static let snapTolerance = 1e-6
  /// Beyond this, `Double` no longer holds every integer and `Int` conversion is unsafe.
  static let largestCoordinate = 4_503_599_627_370_496.0  // 2^52

  func roundLowEdge(_ value: Double) throws(PixelError) -> Int {
    try round(value, down: self != .inward)
  }

  func roundHighEdge(_ value: Double) throws(PixelError) -> Int {
    try round(value, down: self == .inward)
  }

  private func round(_ value: Double, down: Bool) throws(PixelError) -> Int {
    guard value.isFinite, abs(value) <= Self.largestCoordinate else {
      throw .invalidCoordinate(value)
    }
    let nearest = value.rounded(.toNearestOrAwayFromZero)
    if abs(value - nearest) <= Self.snapTolerance { return Int(nearest) }
    switch self {
    case .nearest: return Int((value + 0.5).rounded(.down))
    case .outward, .inward: return Int(down ? value.rounded(.down) : value.rounded(.up))
    }
  }
}
