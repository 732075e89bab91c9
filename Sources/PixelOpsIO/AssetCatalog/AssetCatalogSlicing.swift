public import PixelOps

/// The slicing Xcode stores for one image of an image set (the `resizing` object of an entry
/// in `Contents.json`), in the pixels of that entry's image file.
///
/// ```json
/// "resizing" : { "mode" : "9-part",
///   "center" : { "mode" : "tile", "width" : 1, "height" : 1 },
///   "cap-insets" : { "bottom" : 8, "top" : 8, "right" : 14, "left" : 13 } }
/// ```
///
/// Along a sliced axis the start inset (`left` or `top`) is the start cap, the end inset
/// (`right` or `bottom`) the end cap, and the centre is the `width` (or `height`) pixels right
/// after the start cap. A centre shorter than the space between the caps leaves pixels that are
/// never drawn (Xcode's omitted region), which ``axes(imageSize:)`` keeps as the gap between
/// `SliceAxis`'s centre and its end cap.
public struct AssetCatalogSlicing: Sendable, Hashable {
  /// Which axes are sliced (`resizing.mode`).
  public enum Mode: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Left and right caps and a centre width; the height is not sliced.
    case threePartHorizontal = "3-part-horizontal"
    /// Top and bottom caps and a centre height; the width is not sliced.
    case threePartVertical = "3-part-vertical"
    /// Both axes sliced: four caps, a centre width and height.
    case ninePart = "9-part"

    /// The mode as `Contents.json` spells it.
    public var description: String { rawValue }
  }

  /// One axis of the image, as errors name it.
  public enum Axis: Sendable, Hashable, CustomStringConvertible {
    /// Left to right: the `left` and `right` insets and the centre `width`.
    case horizontal
    /// Top to bottom: the `top` and `bottom` insets and the centre `height`.
    case vertical

    public var description: String {
      switch self {
      case .horizontal: "horizontal"
      case .vertical: "vertical"
      }
    }
  }

  /// Which axes are sliced.
  public var mode: Mode
  /// How the centre fills the space it is given on both sliced axes (`resizing.center.mode`).
  public var centerMode: ResizingMode
  /// The caps in pixels (`resizing.cap-insets`); an inset missing from the file is 0. Only the
  /// insets of sliced axes are used.
  public var capInsets: PixelEdgeInsets
  /// The centre's width in pixels (`resizing.center.width`), or `nil` when the file gives none:
  /// the centre is then everything between the left and right caps.
  public var centerWidth: Int?
  /// The centre's height in pixels (`resizing.center.height`), or `nil` when the file gives
  /// none: the centre is then everything between the top and bottom caps.
  public var centerHeight: Int?

  /// Slicing with the given values; a `nil` centre size is everything between the caps.
  public init(
    mode: Mode, centerMode: ResizingMode, capInsets: PixelEdgeInsets = .zero, centerWidth: Int? = nil,
    centerHeight: Int? = nil
  ) {
    self.mode = mode
    self.centerMode = centerMode
    self.capInsets = capInsets
    self.centerWidth = centerWidth
    self.centerHeight = centerHeight
  }

  /// Whether `axis` is sliced in this ``mode`` (an axis that is not is drawn whole, stretched).
  public func slices(_ axis: Axis) -> Bool {
    switch (mode, axis) {
    case (.ninePart, _), (.threePartHorizontal, .horizontal), (.threePartVertical, .vertical): true
    case (.threePartHorizontal, .vertical), (.threePartVertical, .horizontal): false
    }
  }

  /// The slicing as PixelOps' model for an image of `imageSize` pixels: pass the two axes to
  /// `ResizableImage`'s `init(_:horizontal:vertical:)`.
  ///
  /// A sliced axis becomes `SliceAxis(startCap:centerLength:endCap:mode:)` with the start and end
  /// insets as caps, the centre size (or, when ``centerWidth`` / ``centerHeight`` is `nil`,
  /// everything between the caps) as the centre and ``centerMode`` as the mode; pixels between
  /// the centre and the end cap are omitted. An axis that is not sliced is `SliceAxis.whole`
  /// of the image's extent, its insets and centre size ignored.
  ///
  /// - Throws: ``AssetCatalogError/emptyImage(_:)`` for a size without pixels,
  ///   ``AssetCatalogError/negativeValue(key:value:)`` for any negative inset or centre size,
  ///   ``AssetCatalogError/capsExceedImage(axis:startCap:endCap:extent:)`` when a sliced axis's
  ///   caps together are longer than the image, ``AssetCatalogError/emptyCenter(axis:)`` for a
  ///   centre of no pixels, ``AssetCatalogError/centerTooLong(axis:length:available:)`` for a
  ///   centre longer than the space between the caps.
  public func axes(imageSize: PixelSize) throws(AssetCatalogError) -> (horizontal: SliceAxis, vertical: SliceAxis) {
    guard !imageSize.isEmpty else { throw .emptyImage(imageSize) }
    if let error = negativeValueError() { throw error }
    let horizontal =
      slices(.horizontal)
      ? try axis(.horizontal, start: capInsets.left, end: capInsets.right, center: centerWidth, extent: imageSize.width)
      : SliceAxis.whole(imageSize.width)
    let vertical =
      slices(.vertical)
      ? try axis(.vertical, start: capInsets.top, end: capInsets.bottom, center: centerHeight, extent: imageSize.height)
      : SliceAxis.whole(imageSize.height)
    return (horizontal, vertical)
  }

  /// ``AssetCatalogError/negativeValue(key:value:)`` for the first negative number, named by its
  /// path in a `Contents.json` entry; `nil` when there is none.
  func negativeValueError() -> AssetCatalogError? {
    let values: [(String, Int?)] = [
      ("resizing.cap-insets.top", capInsets.top), ("resizing.cap-insets.left", capInsets.left),
      ("resizing.cap-insets.bottom", capInsets.bottom), ("resizing.cap-insets.right", capInsets.right),
      ("resizing.center.width", centerWidth), ("resizing.center.height", centerHeight),
    ]
    for case (let key, let value?) in values where value < 0 {
      return .negativeValue(key: key, value: value)
    }
    return nil
  }

  /// One sliced axis, its values already known not to be negative.
  private func axis(
    _ axis: Axis, start: Int, end: Int, center: Int?, extent: Int
  ) throws(AssetCatalogError) -> SliceAxis {
    // `extent - start` cannot overflow: both are non-negative.
    guard start <= extent, end <= extent - start else {
      throw .capsExceedImage(axis: axis, startCap: start, endCap: end, extent: extent)
    }
    let available = extent - start - end
    let length = center ?? available
    guard length > 0 else { throw .emptyCenter(axis: axis) }
    guard length <= available else { throw .centerTooLong(axis: axis, length: length, available: available) }
    return SliceAxis(startCap: start, centerLength: length, endCap: end, mode: centerMode)
  }
}
