/// How content is sized and aligned inside a rectangle, in visual (top-left origin) terms: the
/// single description that both ``ContentMode`` and ``ContentsGravity`` become.
///
/// The geometry itself is ``destinationRect(forContentSize:in:)``.
public struct ContentPlacement: Sendable, Hashable {
  /// How the content's size relates to the bounds.
  public enum Scaling: Sendable, Hashable, CaseIterable {
    /// Keep the content's own size in points; it may overflow the bounds.
    case unscaled
    /// Stretch each axis to the bounds (UIKit `scaleToFill`, Core Animation `resize`).
    case stretch
    /// The largest uniform scale at which the content fits inside the bounds (`scaleAspectFit`,
    /// `resizeAspect`).
    case aspectFit
    /// The smallest uniform scale at which the content covers the bounds (`scaleAspectFill`,
    /// `resizeAspectFill`).
    case aspectFill
  }

  /// Where the content sits across the bounds.
  public enum HorizontalAlignment: Sendable, Hashable, CaseIterable {
    /// Content's left edge on the bounds' left edge.
    case left
    /// Content's centre on the bounds' centre.
    case center
    /// Content's right edge on the bounds' right edge.
    case right
  }

  /// Where the content sits down the bounds, as seen on screen (top-left origin).
  public enum VerticalAlignment: Sendable, Hashable, CaseIterable {
    /// Content's top edge on the bounds' top edge (the smaller y).
    case top
    /// Content's centre on the bounds' centre.
    case center
    /// Content's bottom edge on the bounds' bottom edge (the greater y).
    case bottom
  }

  /// How the content is sized.
  public var scaling: Scaling
  /// Where the content sits horizontally.
  public var horizontalAlignment: HorizontalAlignment
  /// Where the content sits vertically, on screen.
  public var verticalAlignment: VerticalAlignment

  /// A placement from its three parts; centred unless told otherwise.
  public init(
    scaling: Scaling, horizontalAlignment: HorizontalAlignment = .center,
    verticalAlignment: VerticalAlignment = .center
  ) {
    self.scaling = scaling
    self.horizontalAlignment = horizontalAlignment
    self.verticalAlignment = verticalAlignment
  }
}
