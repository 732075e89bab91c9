/// Where the shapes' table entries go, four pixels at a time: into a cell scratch, or straight
/// through a colour table into pixels (no cell scratch written and read back). The shapes
/// (``GradientParameter/writeEntries(row:from:count:layout:into:)``) produce entries; a sink
/// decides what becomes of them, so the geometry never sees a pixel format.
protocol GradientEntrySink {
  /// Pixels `k ..< k + 4` take `entries` (below the table's `2n`); `k + 4` is at most the
  /// sink's pixel count. Producers call this for increasing groups from any `k`.
  mutating func take(_ entries: SIMD4<Int32>, at k: Int)
  /// The last group of a run of groups, which may reach past the pixel count: lanes at or
  /// beyond it are dropped (or, for ``GradientCellStore``, written to its spare room).
  mutating func takeLast(_ entries: SIMD4<Int32>, at k: Int)
  /// Pixels `range` all take `entry`. Called after the groups it may overlap, which it overrides.
  mutating func fill(_ entry: Int32, _ range: Range<Int>)
}

/// Entries stored as they are (`count + 3` cells of room: groups of four from any index).
struct GradientCellStore: GradientEntrySink {
  let cells: UnsafeMutablePointer<Int32>

  @inline(__always)
  mutating func take(_ entries: SIMD4<Int32>, at k: Int) {
    UnsafeMutableRawPointer(cells + k).storeBytes(of: entries, as: SIMD4<Int32>.self)
  }

  @inline(__always)
  mutating func takeLast(_ entries: SIMD4<Int32>, at k: Int) { take(entries, at: k) }

  @inline(__always)
  mutating func fill(_ entry: Int32, _ range: Range<Int>) {
    (cells + range.lowerBound).update(repeating: entry, count: range.count)
  }
}

/// Entries looked up in an 8-bit table (``GradientColorTable/table8(_:)``) and stored as pixels:
/// `output[k] = table[entry]` for `k < count`.
struct GradientPixelSink: GradientEntrySink {
  let table: UnsafePointer<UInt32>
  let output: UnsafeMutableRawPointer
  let count: Int

  @inline(__always)
  mutating func take(_ entries: SIMD4<Int32>, at k: Int) {
    // Two entries per 64-bit lane: fewer extractions than four 32-bit ones; four scalar stores
    // cost fewer instructions than assembling a vector.
    let pairs = unsafeBitCast(entries, to: SIMD2<UInt64>.self)
    output.storeBytes(of: table[Int(UInt32(truncatingIfNeeded: pairs[0]))], toByteOffset: k &* 4, as: UInt32.self)
    output.storeBytes(of: table[Int(pairs[0] &>> 32)], toByteOffset: k &* 4 &+ 4, as: UInt32.self)
    output.storeBytes(of: table[Int(UInt32(truncatingIfNeeded: pairs[1]))], toByteOffset: k &* 4 &+ 8, as: UInt32.self)
    output.storeBytes(of: table[Int(pairs[1] &>> 32)], toByteOffset: k &* 4 &+ 12, as: UInt32.self)
  }

  mutating func takeLast(_ entries: SIMD4<Int32>, at k: Int) {
    for lane in 0..<4 where k &+ lane < count {
      output.storeBytes(of: table[Int(entries[lane])], toByteOffset: (k &+ lane) &* 4, as: UInt32.self)
    }
  }

  @inline(__always)
  mutating func fill(_ entry: Int32, _ range: Range<Int>) {
    PixelLoop.fill32(table[Int(entry)], output + range.lowerBound &* 4, range.count)
  }
}

/// Entries looked up in two 8-bit tables into two rows: a dithered master row's whole and
/// fraction planes (``GradientColorTable/planes8(_:)``).
struct GradientPlanesSink: GradientEntrySink {
  var whole: GradientPixelSink
  var fraction: GradientPixelSink

  @inline(__always)
  mutating func take(_ entries: SIMD4<Int32>, at k: Int) {
    whole.take(entries, at: k)
    fraction.take(entries, at: k)
  }

  @inline(__always)
  mutating func takeLast(_ entries: SIMD4<Int32>, at k: Int) {
    whole.takeLast(entries, at: k)
    fraction.takeLast(entries, at: k)
  }

  @inline(__always)
  mutating func fill(_ entry: Int32, _ range: Range<Int>) {
    whole.fill(entry, range)
    fraction.fill(entry, range)
  }
}

/// Another sink's pixels, with the entries also stored in a cell scratch (for tables with
/// cells evaluated exactly, whose pixels are found and redone from the cells afterwards).
struct GradientRecordingSink<Pixels: GradientEntrySink>: GradientEntrySink {
  var pixels: Pixels
  var cells: GradientCellStore

  @inline(__always)
  mutating func take(_ entries: SIMD4<Int32>, at k: Int) {
    cells.take(entries, at: k)
    pixels.take(entries, at: k)
  }

  @inline(__always)
  mutating func takeLast(_ entries: SIMD4<Int32>, at k: Int) {
    cells.takeLast(entries, at: k)
    pixels.takeLast(entries, at: k)
  }

  @inline(__always)
  mutating func fill(_ entry: Int32, _ range: Range<Int>) {
    cells.fill(entry, range)
    pixels.fill(entry, range)
  }
}
