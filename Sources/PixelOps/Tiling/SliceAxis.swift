/// How the resizable areas of a resizable image fill the space they are given
/// (`UIImage.ResizingMode`).
public enum ResizingMode: Sendable, Hashable, CaseIterable {
  /// Repeated from the start of the area, the last repetition cut off (UIKit's default for
  /// `resizableImage(withCapInsets:)`).
  case tile
  /// Scaled once to fill the area.
  case stretch
}

/// How one axis of a resizable image is cut, in the image's pixels: a start cap and an end cap
/// drawn as they are, and a centre that stretches or tiles to fill the space between them.
///
/// UIKit's cap insets make the centre everything between the caps. An asset catalog's slicing
/// may give a narrower centre, starting right after the start cap: the pixels between the
/// centre's end and the end cap are then omitted (Xcode's "gauze" region).
///
/// ```
/// |<- startCap ->|<- center ->|<- omitted ->|<- endCap ->|
/// 0          startCap                    extent - endCap   extent
/// ```
public struct SliceAxis: Sendable, Hashable, CustomStringConvertible {
  /// Pixels of the start cap (left or top), drawn at the image's scale.
  public var startCap: Int
  /// Pixels of the end cap (right or bottom), drawn at the image's scale.
  public var endCap: Int
  /// The pixels that resize, `startCap ..< startCap + centerLength`.
  public var centerLength: Int
  /// How the centre fills the space between the caps.
  public var mode: ResizingMode

  /// An axis with caps and a centre of `centerLength` pixels after the start cap.
  public init(startCap: Int, centerLength: Int, endCap: Int, mode: ResizingMode) {
    self.startCap = startCap
    self.centerLength = centerLength
    self.endCap = endCap
    self.mode = mode
  }

  /// An axis that is not sliced: the whole `extent` stretches (a 3-part image's other axis).
  public static func whole(_ extent: Int) -> SliceAxis {
    SliceAxis(startCap: 0, centerLength: extent, endCap: 0, mode: .stretch)
  }

  /// The resizing pixels as a range.
  public var center: Range<Int> { startCap..<(startCap + centerLength) }

  /// The image pixels of segment `index` (0: start cap, 1: centre, 2: end cap) of an axis
  /// `extent` pixels long.
  func segment(_ index: Int, extent: Int) -> Range<Int> {
    switch index {
    case 0: 0..<startCap
    case 1: center
    default: (extent - endCap)..<extent
    }
  }

  /// Calls `body` with each of the nine parts of an image of `size` cut by `horizontal` and
  /// `vertical` (image pixels; a part may be empty) and its row and column (0 ... 2 each: start,
  /// centre, end).
  static func forEachPart(
    horizontal: SliceAxis, vertical: SliceAxis, size: PixelSize, _ body: (_ row: Int, _ column: Int, PixelRect) -> Void
  ) {
    for row in 0..<3 {
      for column in 0..<3 {
        let columns = horizontal.segment(column, extent: size.width)
        let rows = vertical.segment(row, extent: size.height)
        body(row, column, PixelRect(x: columns.lowerBound, y: rows.lowerBound, width: columns.count, height: rows.count))
      }
    }
  }

  /// Checks the axis against an image `extent` pixels long.
  ///
  /// - Throws: ``PixelError/invalidSlicing(reason:)`` for a negative cap or centre, caps longer
  ///   than the image together, or a centre that runs into the end cap or is empty.
  public func validate(extent: Int) throws(PixelError) {
    guard startCap >= 0, endCap >= 0, centerLength >= 0 else {
      throw .invalidSlicing(reason: "negative cap or centre in \(self)")
    }
    guard startCap <= extent, endCap <= extent - startCap else {
      throw .invalidSlicing(reason: "caps \(startCap) + \(endCap) are longer than the image's \(extent) pixels")
    }
    guard centerLength >= 1 else { throw .invalidSlicing(reason: "empty centre in \(self)") }
    guard centerLength <= extent - startCap - endCap else {
      throw .invalidSlicing(reason: "centre \(center) runs into the end cap of \(endCap) pixels (image \(extent) pixels)")
    }
  }

  public var description: String {
    "(start cap \(startCap), centre \(centerLength) \(mode), end cap \(endCap))px"
  }
}
