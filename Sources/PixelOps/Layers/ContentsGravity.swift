/// Core Animation's `contentsGravity` values (`CALayerContentsGravity`), with the strings Core
/// Animation uses as raw values (`kCAGravityResizeAspect` is `"resizeAspect"`, and so on).
///
/// The vertical names are relative to the layer's y axis, not to the screen: see
/// ``CoordinateOrigin``. In the default ``CoordinateOrigin/topLeft`` geometry (iOS), ``top``
/// shows content at the visual **bottom**, as a `CALayer` on iOS does.
public enum ContentsGravity: String, Sendable, Hashable, CaseIterable {
  /// Stretch to the bounds (Core Animation's default).
  case resize
  /// Scale uniformly to fit inside the bounds, centred.
  case resizeAspect
  /// Scale uniformly to cover the bounds, centred.
  case resizeAspectFill
  /// Unscaled, centred.
  case center
  /// Unscaled, centred horizontally, on the edge with the greater y.
  case top
  /// Unscaled, centred horizontally, on the edge with the smaller y.
  case bottom
  /// Unscaled, centred vertically, on the left edge.
  case left
  /// Unscaled, centred vertically, on the right edge.
  case right
  /// Unscaled, in the left corner with the greater y.
  case topLeft
  /// Unscaled, in the right corner with the greater y.
  case topRight
  /// Unscaled, in the left corner with the smaller y.
  case bottomLeft
  /// Unscaled, in the right corner with the smaller y.
  case bottomRight

  /// The gravity as visual size and alignment in a layer of the given geometry.
  ///
  /// With ``CoordinateOrigin/bottomLeft`` (y up) the names mean what they say on screen; with
  /// ``CoordinateOrigin/topLeft`` (y down, the default) top and bottom swap on screen.
  public func placement(for origin: CoordinateOrigin = .topLeft) -> ContentPlacement {
    let named = origin == .bottomLeft ? self : verticallyMirrored
    return switch named {
    case .resize: ContentPlacement(scaling: .stretch)
    case .resizeAspect: ContentPlacement(scaling: .aspectFit)
    case .resizeAspectFill: ContentPlacement(scaling: .aspectFill)
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

  /// Where content of `contentSize` points is drawn in `bounds` (points, top-left origin) by a
  /// layer of the given geometry.
  ///
  /// Unrounded; see ``ContentPlacement/destinationRect(forContentSize:in:)`` for the rules and
  /// for degenerate input.
  public func destinationRect(
    forContentSize contentSize: PointSize, in bounds: PointRect, origin: CoordinateOrigin = .topLeft
  ) -> PointRect {
    placement(for: origin).destinationRect(forContentSize: contentSize, in: bounds)
  }

  /// The same gravity with top and bottom exchanged.
  var verticallyMirrored: ContentsGravity {
    switch self {
    case .top: .bottom
    case .bottom: .top
    case .topLeft: .bottomLeft
    case .topRight: .bottomRight
    case .bottomLeft: .topLeft
    case .bottomRight: .topRight
    case .resize, .resizeAspect, .resizeAspectFill, .center, .left, .right: self
    }
  }
}
