/// An image that draws at any size by keeping its caps and resizing its centre: UIKit's
/// `resizableImage(withCapInsets:resizingMode:)`, an asset catalog's slicing, the nine-slice
/// of game and web UI. Draw it with
/// ``Compositor/draw(_:in:onto:scale:filter:options:)``, or as a layer's or image view's
/// contents with ``LayerContentsRenderer/draw(_:as:onto:at:filter:options:)``.
///
/// Corners are drawn as they are (at the image's scale), the edges between them stretch or tile
/// along their one axis and the centre along both, as each axis's ``SliceAxis/mode`` says
/// (beyond UIKit and Core Graphics, which use one mode for both axes, the two may differ).
/// Copies share the tiles prepared for drawing at another scale.
public struct ResizableImage: Sendable {
  /// The image, premultiplied RGBA8 or BGRA8; its ``PixelBuffer/scale`` gives its point size.
  public let image: PixelBuffer
  /// How the image is cut left to right.
  public let horizontal: SliceAxis
  /// How the image is cut top to bottom.
  public let vertical: SliceAxis
  let tiles = PreparedTileCache()
  /// Which slices are opaque, measured once.
  let opacity: SliceOpacity
  /// Which slices have rows of one colour each or rows all alike, measured once.
  let uniformity: SliceUniformity

  /// An image cut by two axes of pixels (an asset catalog's slicing; see `PixelOpsIO`'s
  /// `AssetCatalogSlicing` for reading one from `Contents.json`).
  ///
  /// - Throws: ``PixelError/unsupportedFormat(_:operation:)`` unless `image` is premultiplied
  ///   RGBA8 or BGRA8; ``PixelError/invalidSlicing(reason:)`` when an axis does not fit the
  ///   image (``SliceAxis/validate(extent:)``).
  public init(_ image: PixelBuffer, horizontal: SliceAxis, vertical: SliceAxis) throws(PixelError) {
    _ = try image.format.requireDrawingChannelOrder(for: "resizable image")
    try horizontal.validate(extent: image.width)
    try vertical.validate(extent: image.height)
    self.image = image
    self.horizontal = horizontal
    self.vertical = vertical
    opacity = image.withView { SliceOpacity($0, horizontal: horizontal, vertical: vertical) }
    uniformity = image.withView { SliceUniformity($0, horizontal: horizontal, vertical: vertical) }
  }

  /// UIKit's `resizableImage(withCapInsets:resizingMode:)`: the caps are `capInsets` (points,
  /// times the image's scale, each rounded to the nearest pixel), the centre is everything
  /// between them, and `resizingMode` applies to both axes. Zero insets with ``ResizingMode/tile``
  /// tile the whole image.
  ///
  /// Insets that leave no centre on an axis (left + right equal to the width) are clamped, not
  /// refused: the last pixel of the start cap (or, with no start cap, the first of the end cap)
  /// becomes a one-pixel centre, the "stretch the middle pixel" idiom. That includes halves of
  /// an odd pixel size (51 pixels at 2x with insets of 12.75 points each side): each rounds up
  /// to 26 pixels, and the end cap is cut to the 25 left.
  ///
  /// - Throws: ``PixelError/invalidSlicing(reason:)`` for a negative, NaN or infinite inset, or
  ///   insets whose sum exceeds the image's size on an axis, rounded and unrounded;
  ///   ``PixelError/unsupportedFormat(_:operation:)`` as above.
  public init(_ image: PixelBuffer, capInsets: PointEdgeInsets, resizingMode: ResizingMode = .tile) throws(PixelError) {
    for inset in [capInsets.top, capInsets.left, capInsets.bottom, capInsets.right] {
      guard inset.isFinite, inset >= 0 else { throw .invalidSlicing(reason: "cap inset \(inset) in \(capInsets)") }
    }
    let pixels: PixelEdgeInsets
    do {
      pixels = try capInsets.pixelInsets(scale: image.scale)
    } catch {
      throw .invalidSlicing(reason: "cap insets \(capInsets) beyond any image")
    }
    let scale = image.scale
    try self.init(
      image,
      horizontal: try Self.axis(
        start: pixels.left, end: pixels.right, exactSum: (capInsets.left + capInsets.right) * scale, extent: image.width,
        mode: resizingMode),
      vertical: try Self.axis(
        start: pixels.top, end: pixels.bottom, exactSum: (capInsets.top + capInsets.bottom) * scale, extent: image.height,
        mode: resizingMode))
  }

  /// The image's size in points (its natural size: drawn at this size it looks unresized).
  public var size: PointSize { image.pointSize }

  /// UIKit's axis: the centre between the caps, a one-pixel centre taken from a cap when the
  /// caps meet. `exactSum` is the caps' pixels before rounding: rounded caps that overrun the
  /// image only through their rounding (by at most a pixel) are cut to fit.
  private static func axis(
    start: Int, end: Int, exactSum: Double, extent: Int, mode: ResizingMode
  ) throws(PixelError) -> SliceAxis {
    guard start <= extent && end <= extent - start || exactSum <= Double(extent) else {
      throw .invalidSlicing(reason: "cap insets \(start) + \(end) pixels exceed the image's \(extent) pixels")
    }
    let start = min(start, extent)
    let end = min(end, extent - start)
    let center = extent - start - end
    if center > 0 { return SliceAxis(startCap: start, centerLength: center, endCap: end, mode: mode) }
    if start > 0 { return SliceAxis(startCap: start - 1, centerLength: 1, endCap: end, mode: mode) }
    return SliceAxis(startCap: 0, centerLength: 1, endCap: end - 1, mode: mode)
  }
}
