/// The resampled tiles a pattern or resizable image has prepared, so that drawing it again at
/// the same scale and sub-pixel phase resamples nothing and allocates nothing (as a
/// ``Gradient`` builds its tables once). Shared by copies of the value that owns it; safe to
/// use from several threads (a tile being prepared twice at once is harmless: the pixels are
/// the same, the later one is kept).
///
/// At most ``capacity`` tiles and ``maximumBytes`` bytes are kept, the least recently used
/// dropped first; a tile larger than the budget on its own is used and not kept.
final class PreparedTileCache: Sendable {
  /// What a tile's pixels depend on: which part of the image, the two axes' preparation (whole
  /// pixel offsets drop out: a tile moved by whole pixels is the same tile), and the filter.
  struct Key: Hashable, Sendable {
    var part: PixelRect
    var horizontal: AxisKey
    var vertical: AxisKey
    var filter: ResamplingFilter
  }

  struct AxisKey: Hashable, Sendable {
    var scale: Double
    var phase: Double
    var length: Int
    var extend: ExtendMode

    init(_ axis: PatternAxis, _ tile: PatternAxis.Prepared) {
      scale = axis.scale
      phase = axis.origin - Double(tile.origin)
      length = tile.length
      extend = axis.extend
    }
  }

  static let capacity = 16
  /// A tile may be as large as the filled area (a 4K fill at changing sub-pixel phases makes
  /// 33 MB tiles): without a byte budget sixteen of them would stay as long as the pattern.
  static let maximumBytes = 64 << 20

  /// Whether a tile of `pixelCount` premultiplied 8-bit pixels fits the budget: one that does
  /// not is made, used and dropped on every fill.
  static func keeps(pixelCount: Int) -> Bool { pixelCount <= maximumBytes / 4 }

  /// Behind the package's lock, ``ConditionLock``.
  private let tiles: ConditionLock<[Entry]>

  /// A kept tile and what it was made for.
  struct Entry: Sendable {
    var key: Key
    var tile: PixelBuffer
    var bytes: Int { tile.size.width &* tile.size.height &* tile.format.bytesPerPixel }
  }

  init() {
    var empty: [Entry] = []
    empty.reserveCapacity(Self.capacity)
    tiles = ConditionLock(empty)
  }

  /// The tile for `key`, made by `make` (outside the lock) the first time.
  func tile(for key: Key, make: () throws(PixelError) -> PixelBuffer) throws(PixelError) -> PixelBuffer {
    let found = tiles.withLock { tiles -> PixelBuffer? in
      guard let index = tiles.firstIndex(where: { $0.key == key }) else { return nil }
      let entry = tiles.remove(at: index)
      tiles.append(entry)
      return entry.tile
    }
    if let found { return found }
    let made = try make()
    let entry = Entry(key: key, tile: made)
    guard Self.keeps(pixelCount: made.size.width &* made.size.height) else { return made }
    tiles.withLock { tiles in
      var bytes = tiles.reduce(0) { $0 + $1.bytes }
      while !tiles.isEmpty && (tiles.count >= Self.capacity || bytes + entry.bytes > Self.maximumBytes) {
        bytes -= tiles.removeFirst().bytes
      }
      tiles.append(entry)
    }
    return made
  }

  /// How many tiles are kept (for tests).
  var count: Int { tiles.withLock { $0.count } }
}
