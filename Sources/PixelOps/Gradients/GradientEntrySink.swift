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

/// Two sinks that take every entry: pixels with their entries kept beside them in a cell
/// scratch (a mirrored row's computed part, whose entries give the mirrored part's,
/// ``GradientRecordingSink``), or a dithered master row's two planes looked up in the table's
/// split copies (``GradientColorTable/planes8(_:)``).
struct GradientSinkPair<First: GradientEntrySink, Second: GradientEntrySink>: GradientEntrySink {
  var first: First
  var second: Second

  @inline(__always)
  mutating func take(_ entries: SIMD4<Int32>, at k: Int) {
    first.take(entries, at: k)
    second.take(entries, at: k)
  }

  @inline(__always)
  mutating func takeLast(_ entries: SIMD4<Int32>, at k: Int) {
    first.takeLast(entries, at: k)
    second.takeLast(entries, at: k)
  }

  @inline(__always)
  mutating func fill(_ entry: Int32, _ range: Range<Int>) {
    first.fill(entry, range)
    second.fill(entry, range)
  }
}

/// Pixels with their entries kept in a cell scratch.
typealias GradientRecordingSink<Pixels: GradientEntrySink> = GradientSinkPair<Pixels, GradientCellStore>
