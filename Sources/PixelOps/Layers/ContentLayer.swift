/// The properties of a `CALayer` that decide where its contents image is drawn: a model, with no
/// pixels. ``ContentDrawPlan`` turns it into rectangles a renderer executes.
///
/// **Scales.** The layer's backing store is `bounds.size × contentsScale` pixels. A contents image
/// of N pixels is N / `contentsScale` points, as Core Animation treats a `CGImage` (which carries
/// no scale): an @2x image on a layer left at `contentsScale` 1 is drawn twice as large as meant,
/// one image pixel per backing pixel, as in the Snowman example of Lockwood's *iOS Core Animation*
/// ("The Backing Image"). ``contentsImageScale`` overrides that for content whose scale is known,
/// as `UIImageView` draws a `UIImage` at its point size whatever the screen scale (see
/// ``imageView(bounds:imageSize:imageScale:contentMode:screenScale:clipsToBounds:)``). Scaling
/// gravities (`resize`, `resizeAspect`, `resizeAspectFill`) make the image scale irrelevant except
/// for its aspect ratio.
public struct ContentLayer: Sendable, Hashable {
  /// The layer's bounds in points; backing-store pixel (0, 0) is this rectangle's top-left corner.
  public var bounds: PointRect
  /// Backing-store pixels per point (`CALayer.contentsScale`, `UIView.contentScaleFactor`).
  public var contentsScale: Double
  /// The contents image's size in pixels (`CGImage` width and height). Zero draws nothing.
  public var contentsPixelSize: PixelSize
  /// Image pixels per point of the contents; `nil` (the default) uses ``contentsScale``, as Core
  /// Animation does for a `CGImage`.
  public var contentsImageScale: Double?
  /// How the contents are sized and placed in the bounds (default ``ContentsGravity/resize``).
  public var contentsGravity: ContentsGravity
  /// The part of the image shown, in unit coordinates (default ``UnitRect/full``). Its y axis
  /// follows ``coordinateOrigin``.
  public var contentsRect: UnitRect
  /// The stretchable part of the contents, in unit coordinates of the part `contentsRect` shows
  /// (default ``UnitRect/full``: the whole image stretches). What lies outside it is a border
  /// drawn at the contents' own scale, as the caps of a resizable image; the centre stretches
  /// to fill the rect the gravity gives. Its y axis follows ``coordinateOrigin``. The border is
  /// cut on whole image pixels (edges rounded to the nearest pixel); a centre narrower than a
  /// pixel becomes the one pixel at its position, so `(0.5, 0.5, 0, 0)` stretches the middle
  /// pixel row and column.
  public var contentsCenter: UnitRect
  /// Whether drawing is clipped to the bounds (`masksToBounds`, `UIView.clipsToBounds`).
  public var masksToBounds: Bool
  /// The layer's geometry, which decides what the vertical gravity names and `contentsRect`'s y
  /// mean on screen (default ``CoordinateOrigin/topLeft``, iOS).
  public var coordinateOrigin: CoordinateOrigin

  /// A layer with Core Animation's defaults for everything not given.
  public init(
    bounds: PointRect, contentsPixelSize: PixelSize, contentsScale: Double = 1,
    contentsImageScale: Double? = nil, contentsGravity: ContentsGravity = .resize,
    contentsRect: UnitRect = .full, contentsCenter: UnitRect = .full, masksToBounds: Bool = false,
    coordinateOrigin: CoordinateOrigin = .topLeft
  ) {
    self.bounds = bounds
    self.contentsScale = contentsScale
    self.contentsPixelSize = contentsPixelSize
    self.contentsImageScale = contentsImageScale
    self.contentsGravity = contentsGravity
    self.contentsRect = contentsRect
    self.contentsCenter = contentsCenter
    self.masksToBounds = masksToBounds
    self.coordinateOrigin = coordinateOrigin
  }

  /// The layer behind a `UIImageView` on iOS: the image drawn at its point size (pixels divided
  /// by `imageScale`, `UIImage.scale`) with `contentMode`, into a backing store of
  /// `bounds × screenScale` pixels. The content mode becomes the gravity UIKit sets
  /// (``ContentMode/contentsGravity(for:)``), so it lands where the mode says.
  ///
  /// - Parameters:
  ///   - bounds: The view's bounds in points.
  ///   - imageSize: The image's size in pixels.
  ///   - imageScale: The image's pixels per point (2 for an @2x image).
  ///   - contentMode: The view's content mode (UIKit's default is ``ContentMode/scaleToFill``).
  ///   - screenScale: The backing store's pixels per point.
  ///   - clipsToBounds: Whether the view clips to its bounds.
  /// - Returns: The layer UIKit would configure for that view.
  public static func imageView(
    bounds: PointRect, imageSize: PixelSize, imageScale: Double, contentMode: ContentMode = .scaleToFill,
    screenScale: Double, clipsToBounds: Bool = false
  ) -> ContentLayer {
    ContentLayer(
      bounds: bounds, contentsPixelSize: imageSize, contentsScale: screenScale, contentsImageScale: imageScale,
      contentsGravity: contentMode.contentsGravity(for: .topLeft), masksToBounds: clipsToBounds)
  }

  /// The layer behind a `UIImageView` showing `image`, at the image's own ``PixelBuffer/scale``.
  ///
  /// - Parameters:
  ///   - bounds: The view's bounds in points.
  ///   - image: The image; only its pixel size and scale are used.
  ///   - contentMode: The view's content mode.
  ///   - screenScale: The backing store's pixels per point.
  ///   - clipsToBounds: Whether the view clips to its bounds.
  /// - Returns: The layer UIKit would configure for that view.
  public static func imageView(
    bounds: PointRect, image: PixelBuffer, contentMode: ContentMode = .scaleToFill, screenScale: Double,
    clipsToBounds: Bool = false
  ) -> ContentLayer {
    imageView(
      bounds: bounds, imageSize: image.size, imageScale: image.scale, contentMode: contentMode,
      screenScale: screenScale, clipsToBounds: clipsToBounds)
  }

  /// The image pixels per point actually used: ``contentsImageScale`` or else ``contentsScale``.
  public var effectiveImageScale: Double { contentsImageScale ?? contentsScale }
}
