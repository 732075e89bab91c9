/// Where a layer's coordinate space has its origin, which decides what Core Animation's vertical
/// names (``ContentsGravity/top``, ``ContentsGravity/bottom``, the corners) and the y axis of
/// `contentsRect` mean on screen.
///
/// Core Animation names its gravities in a y-up geometry: `top` is the edge of the bounds with the
/// greater y, and the unit square of `contentsRect` starts at the edge with the smaller y. Apple's
/// `contentsGravity` reference says so: the naming "is based on the direction of the vertical
/// axis", and a layer whose contents are flipped shows `top` content at the bottom. So:
///
/// - In ``topLeft`` geometry (y grows downward: UIKit, and the layers behind iOS views), gravity
///   `top` puts the content at the **visual bottom** and `bottom` at the visual top; `contentsRect`
///   `y = 0` is the top row of the image. This is what a plain `CALayer` does on iOS, and why UIKit
///   maps `UIView.ContentMode.top` to the *bottom* gravity (a UIKit port that did not swap them,
///   Chameleon, got vertically flipped content modes: BigZaphod/Chameleon#45).
/// - In ``bottomLeft`` geometry (y grows upward: Core Animation's native geometry, an unflipped
///   layer on macOS), the names mean what they say, and `contentsRect` `y = 0` is the bottom row
///   of the image.
///
/// PixelOps itself always works top-left (row 0 is the top row of every buffer); this value only
/// says how to read Core Animation's names. The default everywhere is ``topLeft``, UIKit's.
public enum CoordinateOrigin: Sendable, Hashable, CaseIterable {
  /// Origin at the top-left corner, y growing downward (UIKit; iOS layers). The default.
  case topLeft
  /// Origin at the bottom-left corner, y growing upward (Core Animation's unflipped geometry, as
  /// on macOS without `isGeometryFlipped`).
  case bottomLeft
}
