/// UIKit's content modes for a view that shows an image (`UIView.ContentMode`), as far as they
/// decide where the image is drawn.
///
/// Names and alignments are visual: `top` is the top of the screen (UIKit's top-left origin).
///
/// `UIView.ContentMode.redraw` is deliberately not a case: it only tells UIKit to call `draw(_:)`
/// again when the bounds change; the existing bitmap is stretched meanwhile, exactly like
/// ``scaleToFill``. Map `.redraw` to ``scaleToFill``.
public enum ContentMode: Sendable, Hashable, CaseIterable {
  /// Stretch to the bounds, ignoring the aspect ratio (UIKit's default).
  case scaleToFill
  /// Scale uniformly to fit inside the bounds, centred (letterboxed).
  case scaleAspectFit
  /// Scale uniformly to cover the bounds, centred (overflow is clipped only by `clipsToBounds`).
  case scaleAspectFill
  /// Unscaled, centred.
  case center
  /// Unscaled, centred horizontally, on the top edge.
  case top
  /// Unscaled, centred horizontally, on the bottom edge.
  case bottom
  /// Unscaled, centred vertically, on the left edge.
  case left
  /// Unscaled, centred vertically, on the right edge.
  case right
  /// Unscaled, in the top-left corner.
  case topLeft
  /// Unscaled, in the top-right corner.
  case topRight
  /// Unscaled, in the bottom-left corner.
  case bottomLeft
  /// Unscaled, in the bottom-right corner.
  case bottomRight

  /// The mode as size and alignment.
  public var placement: ContentPlacement {
    switch self {
    case .scaleToFill: ContentPlacement(scaling: .stretch)
    case .scaleAspectFit: ContentPlacement(scaling: .aspectFit)
    case .scaleAspectFill: ContentPlacement(scaling: .aspectFill)
    case .center: ContentPlacement(scaling: .unscaled)
    case .top: ContentPlacement(scaling: .unscaled, verticalAlignment: .top)
    case .bottom: ContentPlacement(scaling: .unscaled, verticalAlignment: .bottom)
    case .left: ContentPlacement(scaling: .unscaled, horizontalAlignment: .left)
    case .right: ContentPlacement(scaling: .unscaled, horizontalAlignment: .right)
    case .topLeft: ContentPlacement(scaling: .unscaled, horizontalAlignment: .left, verticalAlignment: .top)
    case .topRight: ContentPlacement(scaling: .unscaled, horizontalAlignment: .right, verticalAlignment: .top)
    case .bottomLeft: ContentPlacement(scaling: .unscaled, horizontalAlignment: .left, verticalAlignment: .bottom)
    case .bottomRight: ContentPlacement(scaling: .unscaled, horizontalAlignment: .right, verticalAlignment: .bottom)
    }
  }

  /// Where an image of `imageSize` points is drawn in `bounds` (points, top-left origin).
  ///
  /// Unrounded; see ``ContentPlacement/destinationRect(forContentSize:in:)`` for the rules and
  /// for degenerate input.
  public func destinationRect(forImageSize imageSize: PointSize, in bounds: PointRect) -> PointRect {
    placement.destinationRect(forContentSize: imageSize, in: bounds)
  }

  /// The `contentsGravity` UIKit gives the view's layer for this mode, in a layer of the given
  /// geometry: in ``CoordinateOrigin/topLeft`` geometry (iOS) the vertical names swap, so
  /// ``top`` becomes ``ContentsGravity/bottom``; the layer then draws the image where the mode says.
  public func contentsGravity(for origin: CoordinateOrigin = .topLeft) -> ContentsGravity {
    let gravity: ContentsGravity =
      switch self {
      case .scaleToFill: .resize
      case .scaleAspectFit: .resizeAspect
      case .scaleAspectFill: .resizeAspectFill
      case .center: .center
      case .top: .top
      case .bottom: .bottom
      case .left: .left
      case .right: .right
      case .topLeft: .topLeft
      case .topRight: .topRight
      case .bottomLeft: .bottomLeft
      case .bottomRight: .bottomRight
      }
    return origin == .topLeft ? gravity.verticallyMirrored : gravity
  }
}
