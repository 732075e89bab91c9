/// How a pattern (an image placed by a ``PatternAxis`` per axis) is drawn onto an area: pure
/// geometry, decided per call.
///
/// - ``unscaled(at:)``: destination pixels are source pixels (scale 1, whole-pixel phase, no
///   reflect): the image itself is the row source, its rows copied or repeated as they are.
/// - ``prepared(horizontal:vertical:)``: the pattern repeats on the pixel grid along some axis,
///   so one period is resampled once into a tile (kept by the pattern's ``PreparedTileCache``)
///   and that tile is then repeated without further filtering: never resampled per repetition.
/// - ``resampled``: everything else (no axis repeats, or a period that is not a whole number of
///   pixels, or a tile that would be larger than the area): the extended image is resampled
///   straight onto the area, one continuous convolution (no seams at the repetitions).
enum PatternPlan: Equatable {
  case unscaled(at: PixelPosition)
  case prepared(horizontal: PatternAxis.Prepared, vertical: PatternAxis.Prepared)
  case resampled

  /// Tiles up to this many pixels are prepared whatever the area (a 256x256 tile).
  static let smallTilePixels = 65_536
  /// No prepared tile is longer than this along an axis.
  static let longestTileSide = 65_536

  /// The plan for `area`; without a place to keep a prepared tile (`canPrepare` false) a
  /// pattern that would prepare one is resampled instead.
  init(horizontal x: PatternAxis, vertical y: PatternAxis, filter: ResamplingFilter, area: PixelRect, canPrepare: Bool = true) {
    if x.isUnscaled, y.isUnscaled, x.extend != .reflect, y.extend != .reflect,
      let left = x.wholeOrigin, let top = y.wholeOrigin
    {
      self = .unscaled(at: PixelPosition(x: left, y: top))
      return
    }
    guard canPrepare, x.isPeriodic || y.isPeriodic,
      let tileX = x.prepared(filterSupport: filter.support, maximumLength: Self.longestTileSide),
      let tileY = y.prepared(filterSupport: filter.support, maximumLength: Self.longestTileSide),
      tileX.length * tileY.length <= max(Self.smallTilePixels, area.width * area.height),
      // A tile the cache would not keep would be made again on every fill.
      PreparedTileCache.keeps(pixelCount: tileX.length * tileY.length)
    else {
      self = .resampled
      return
    }
    self = .prepared(horizontal: tileX, vertical: tileY)
  }
}
