/// The resampled tiles a pattern or resizable image has prepared, so that drawing it again at
/// the same scale and sub-pixel phase resamples nothing and allocates nothing (as a
/// ``Gradient`` builds its tables once). Shared by copies of the value that owns it; safe to
/// use from several threads (a tile being prepared twice at once is harmless: the pixels are
/// the same, the later one is kept).
///
/// At most ``capacity`` tiles are kept, the least recently used dropped first.
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

  /// Behind a pthread mutex (``ConditionLock``) rather than Synchronization's `Mutex`, whose
  /// lock lives in an uninstrumented library: ThreadSanitizer saw two threads' turns inside it
  /// as a race (a false report, but one that fails CI's sanitizer run).
  private let tiles: ConditionLock<[Entry]>

  /// A kept tile and what it was made for.
  struct Entry: Sendable {
    var key: Key
    var tile: PixelBuffer
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
    tiles.withLock { tiles in
      if tiles.count >= Self.capacity { tiles.removeFirst() }
      tiles.append(Entry(key: key, tile: made))
    }
    return made
  }

  /// How many tiles are kept (for tests).
  var count: Int { tiles.withLock { $0.count } }
}
