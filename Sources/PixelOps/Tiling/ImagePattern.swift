/// An image repeated over the plane: `UIColor(patternImage:)`, a Core Graphics image pattern,
/// Skia's image shader, pixman's `PIXMAN_REPEAT_NORMAL`. Draw it with
/// ``Compositor/fill(_:of:scale:with:options:)-(_,_,_,PatternFill,_)``.
///
/// The tile keeps its own scale (``PixelBuffer/scale``, pixels per point): a 64x64 @2x tile is
/// 32 points wide wherever it is drawn, so on a @3x destination it spans 96 pixels. A tile
/// drawn at another scale or from a fractional phase is resampled once with ``filter`` into a
/// tile of the destination's grid, kept with the pattern, and then repeated; every later fill at
/// the same scale and sub-pixel phase reuses it, so it allocates nothing. Copies of a pattern
/// share those prepared tiles.
public struct ImagePattern: Sendable {
  /// The tile, premultiplied RGBA8 or BGRA8.
  public let image: PixelBuffer
  /// What lies beyond the tile on each axis: ``ExtendMode/repeat`` (the default),
  /// ``ExtendMode/reflect`` (mirrored), ``ExtendMode/clamp`` (pad: the edge pixels extend), or
  /// ``ExtendMode/transparent`` (none: the tile once).
  public let extend: ExtendModes
  /// How the tile is resampled when its scale differs from the destination's or its phase is
  /// fractional (default ``ResamplingFilter/bilinear``).
  public let filter: ResamplingFilter
  let tiles = PreparedTileCache()

  /// A pattern of `image`.
  ///
  /// - Throws: ``PixelError/unsupportedFormat(_:operation:)`` unless `image` is premultiplied
  ///   RGBA8 or BGRA8.
  public init(
    _ image: PixelBuffer, extend: ExtendModes = ExtendModes(.repeat), filter: ResamplingFilter = .bilinear
  ) throws(PixelError) {
    _ = try image.format.requireDrawingChannelOrder(for: "pattern tile")
    self.image = image
    self.extend = extend
    self.filter = filter
  }
}

/// A pattern placed for one fill: where the tile's top-left corner lies.
public struct PatternFill: Sendable {
  /// The tile, its extend modes and filter.
  public var pattern: ImagePattern
  /// The point where the tile's top-left corner lies, in the destination's points (any value:
  /// fractional and negative phases shift the pattern).
  public var phase: PointPosition

  /// `pattern` with its tile's top-left corner at `phase`.
  public init(_ pattern: ImagePattern, phase: PointPosition = .zero) {
    self.pattern = pattern
    self.phase = phase
  }
}
