/// The ordered dither of gradient fills: an 8x8 Bayer matrix anchored to the destination's
/// pixel grid, so a pixel's threshold depends only on its position in the destination (the
/// same pixels on every run, thread count and machine).
///
/// A dithered channel is `floor((v + d) / 256)` for the exact value `v` in 8.8 fixed point
/// and the threshold `d = 4 b + 2` of the pixel's Bayer entry `b` (0...63): the 64 thresholds
/// of any 8x8 block average 128, so the block's mean is the exact mean (to 1/64 of a level).
/// Whole values (`v` a multiple of 256, as flat stretches are) never change, and the same
/// threshold for all four channels keeps colour at or below alpha.
enum OrderedDither {
  /// The classic recursive 8x8 Bayer matrix (entries 0...63, each once).
  static let bayer: [[UInt16]] = {
    var m: [[UInt16]] = [[0]]
    for _ in 0..<3 {
      let n = m.count
      var next = [[UInt16]](repeating: [UInt16](repeating: 0, count: 2 * n), count: 2 * n)
      for y in 0..<n {
        for x in 0..<n {
          let v = 4 * m[y][x]
          next[y][x] = v
          next[y][x + n] = v + 2
          next[y + n][x] = v + 3
          next[y + n][x + n] = v + 1
        }
      }
      m = next
    }
    return m
  }()

  /// The threshold `4 b + 2` of destination pixel (x, y).
  static func threshold(x: Int, y: Int) -> UInt16 { 4 * bayer[y & 7][x & 7] + 2 }

  /// Per row phase (y mod 8): 16 pixels' thresholds from column 0 (two periods), each repeated
  /// in the four 16-bit lanes of a pixel, so that two neighbouring pixels' thresholds load as
  /// one `SIMD8<UInt16>` from any column phase 0...7.
  nonisolated(unsafe) static let rows: UnsafeMutablePointer<UInt64> = perPixel { x, y in
    let d = UInt64(threshold(x: x, y: y))
    return d | d << 16 | d << 32 | d << 48
  }

  /// Per row phase: 16 pixels' carry limits from column 0 (two periods), `(255 - d)` with its
  /// sign bit flipped, in all four bytes of a pixel. A channel `v = 256 h + l` dithers to `h`
  /// plus one exactly where `l + d ≥ 256`, that is where `l` (sign-flipped) is greater than
  /// this as signed bytes: one `pcmpgtb` for four pixels (``DitheredPixels``).
  nonisolated(unsafe) static let carryLimits: UnsafeMutablePointer<UInt32> = perPixel { x, y in
    let limit = UInt32((255 - threshold(x: x, y: y)) ^ 0x80)
    return limit | limit << 8 | limit << 16 | limit << 24
  }

  /// A table of the 8 row phases, 16 pixels from column 0 each (two periods, so that a run
  /// loads from any column phase), holding `value(x, y)`; made once, never freed.
  private static func perPixel<Value>(_ value: (Int, Int) -> Value) -> UnsafeMutablePointer<Value> {
    let table = UnsafeMutablePointer<Value>.allocate(capacity: 8 * 16)
    for y in 0..<8 {
      for x in 0..<16 { (table + y * 16 + x).initialize(to: value(x, y)) }
    }
    return table
  }

  /// Row `y`'s carry limits, 16 pixels from column 0, in `table`: ``carryLimits``, which a
  /// caller asking for many rows reads once (each read of the lazily made global checks that it
  /// is made).
  @inline(__always)
  static func limits(ofRow y: Int, in table: UnsafeMutablePointer<UInt32>) -> UnsafeRawPointer {
    UnsafeRawPointer(table + (y & 7) &* 16)
  }
}
