/// A position in pixel space: integer column `x` and row `y`, origin at the top-left pixel.
public struct PixelPosition: Sendable, Hashable, CustomStringConvertible {
  public var x: Int
  public var y: Int

  public init(x: Int, y: Int) {
    self.x = x
    self.y = y
  }

  public static let zero = PixelPosition(x: 0, y: 0)
  public var description: String { "(\(x), \(y))" }
}

/// A size in whole pixels.
public struct PixelSize: Sendable, Hashable, CustomStringConvertible {
  public var width: Int
  public var height: Int

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// Whether either side is zero or negative.
  public var isEmpty: Bool { width <= 0 || height <= 0 }
  public var description: String { "\(width)x\(height)" }
}

/// A rectangle of whole pixels: columns `x ..< x + width`, rows `y ..< y + height`.
public struct PixelRect: Sendable, Hashable, CustomStringConvertible {
  public var origin: PixelPosition
  public var size: PixelSize

  public init(origin: PixelPosition, size: PixelSize) {
    self.origin = origin
    self.size = size
  }

  public init(x: Int, y: Int, width: Int, height: Int) {
    self.init(origin: PixelPosition(x: x, y: y), size: PixelSize(width: width, height: height))
  }

  /// The rectangle from `(0, 0)` of the given size.
  public init(size: PixelSize) {
    self.init(origin: .zero, size: size)
  }

  public var x: Int { origin.x }
  public var y: Int { origin.y }
  public var width: Int { size.width }
  public var height: Int { size.height }
  /// One past the last column (`x + width`), saturated at `Int.min` and `Int.max` where the sum
  /// does not fit (a rect that far out is clipped away by any view).
  public var maxX: Int { origin.x.addingClamped(size.width) }
  /// One past the last row (`y + height`), saturated as ``maxX`` is.
  public var maxY: Int { origin.y.addingClamped(size.height) }
  public var isEmpty: Bool { size.isEmpty }

  /// Whether `other` lies wholly inside this rectangle. An empty `other` is contained
  /// when its origin lies within or on the edge of this rectangle.
  /// Overflow-safe for any field values.
  public func contains(_ other: PixelRect) -> Bool {
    guard other.width >= 0, other.height >= 0, width >= 0, height >= 0 else { return false }
    let (otherMaxX, o1) = other.x.addingReportingOverflow(other.width)
    let (otherMaxY, o2) = other.y.addingReportingOverflow(other.height)
    let (ownMaxX, o3) = x.addingReportingOverflow(width)
    let (ownMaxY, o4) = y.addingReportingOverflow(height)
    if o1 || o2 || o3 || o4 { return false }
    return other.x >= x && other.y >= y && otherMaxX <= ownMaxX && otherMaxY <= ownMaxY
  }

  /// The overlap of two rectangles, or an empty rectangle at this one's origin when they do
  /// not overlap. Used for clipping: the result always lies inside both.
  public func intersection(_ other: PixelRect) -> PixelRect {
    let lowX = max(x, other.x)
    let lowY = max(y, other.y)
    let highX = min(x.addingClamped(width), other.x.addingClamped(other.width))
    let highY = min(y.addingClamped(height), other.y.addingClamped(other.height))
    guard highX > lowX, highY > lowY else {
      return PixelRect(origin: origin, size: PixelSize(width: 0, height: 0))
    }
    return PixelRect(x: lowX, y: lowY, width: highX - lowX, height: highY - lowY)
  }

  /// The rectangle moved by `dx`, `dy` (clamped at the ends of `Int`).
  public func offsetBy(dx: Int, dy: Int) -> PixelRect {
    PixelRect(x: x.addingClamped(dx), y: y.addingClamped(dy), width: width, height: height)
  }

  /// The rectangle shrunk by `insets` (grown where they are negative). Insets larger than the
  /// rectangle give a negative size (an empty rectangle), as `UIEdgeInsetsInsetRect` does.
  ///
  /// - Throws: ``PixelError/geometryOverflow(operation:)`` when an edge or side of the result
  ///   does not fit in `Int` (insets near `Int.max`).
  public func inset(by insets: PixelEdgeInsets) throws(PixelError) -> PixelRect {
    let (left, o1) = x.addingReportingOverflow(insets.left)
    let (top, o2) = y.addingReportingOverflow(insets.top)
    let (horizontal, o3) = insets.left.addingReportingOverflow(insets.right)
    let (vertical, o4) = insets.top.addingReportingOverflow(insets.bottom)
    let (width, o5) = width.subtractingReportingOverflow(horizontal)
    let (height, o6) = height.subtractingReportingOverflow(vertical)
    guard !(o1 || o2 || o3 || o4 || o5 || o6) else {
      throw .geometryOverflow(operation: "inset of \(self) by \(insets)")
    }
    return PixelRect(x: left, y: top, width: width, height: height)
  }

  public var description: String { "(\(x), \(y), \(width)x\(height))" }
}

/// Distances in whole pixels inward from each edge of a rectangle (nine-slice caps, margins).
public struct PixelEdgeInsets: Sendable, Hashable, CustomStringConvertible {
  public var top: Int
  public var left: Int
  public var bottom: Int
  public var right: Int

  public init(top: Int, left: Int, bottom: Int, right: Int) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  public static let zero = PixelEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
  public var description: String { "(top \(top), left \(left), bottom \(bottom), right \(right))" }
}

extension Int {
  /// `self + other`, clamped to `Int.min ... Int.max` instead of trapping.
  @inlinable
  func addingClamped(_ other: Int) -> Int {
    let (sum, overflow) = addingReportingOverflow(other)
    if !overflow { return sum }
    return other > 0 ? .max : .min
  }
}
