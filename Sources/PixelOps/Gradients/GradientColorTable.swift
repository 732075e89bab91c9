import Synchronization

/// A gradient's colours sampled into lookup tables, built once per ``Gradient``.
///
/// The parameter range 0...1 is cut into `cellCount` cells (a power of two from 256 to 4096,
/// at least 1.25 times the steepest channel slope in levels per unit `t`, so a channel changes
/// by at most 0.8 of a level across a cell; 4096 for gradients with hard edges, whose cells are
/// evaluated exactly: the finest cells leave the fewest pixels to that). Each entry holds the exact colour at its cell's
/// centre, rounded: a pixel whose `t` falls in the cell is then within 1 of the exact colour at
/// its own `t`. Cells where a channel changes faster (a hard edge, or stops closer than the
/// largest table resolves) hold a sentinel that sends their pixels to the exact evaluation.
///
/// Entries, for `n` cells: 0 is *before the start* (the first stop, a solid fill's bytes);
/// `1...n` are the cells (cell `k` at entry `k + 1`); `n + 1` is *after the end* (the last
/// stop); `n + 2 ..< 2n` are transparent black, for pixels the gradient does not draw. Every
/// producer of entry indices clamps or masks them below `2n`, so no arithmetic accident can
/// read outside the table.
///
/// Four tables: premultiplied 8-bit pixels in RGBA and BGRA byte order (`UInt32`, little-endian
/// lanes), and the same with 8.8 fixed-point channels (`UInt64`, four `UInt16`) for dithering.
/// Flat stretches (two stops of one colour, and both ends) hold a solid fill's bytes, times 256
/// in the 8.8 tables, so dithering leaves them exact. The 8.8 tables and their split copies (four
/// fifths of the memory: 256 KB of 320 at 4096 cells) are built when a dithered fill first asks
/// for them (``fixedTables``), so a gradient never drawn dithered does not hold them.
final class GradientColorTable: @unchecked Sendable {
  /// Cells over 0...1 (a power of two).
  let cellCount: Int
  /// Whether any cell holds the sentinel.
  let hasExactCells: Bool
  /// Whether the first or the last cell holds it: a parameter rounded past an end takes the
  /// end's entry, never the sentinel, so a pixel whose own parameter lies in such a cell would
  /// not be redone (shifted rows and mirrors off the half-pixel grid decline these tables).
  var hasExactEndCells: Bool { rgba8[1] == Self.exact8 || rgba8[cellCount] == Self.exact8 }
  /// The cells with the sentinel that hold one hard edge between flat stretches: the edge, the
  /// cell's range and the solid bytes (RGBA) on either side, so that their pixels need their
  /// exact (or a near) parameter but not the colour function (``flatEdge(at:)``).
  private let flatEdges: [FlatEdge]
  /// Per cell (none without exact cells): 1 + the cell's index in ``flatEdges``, 0 for none
  /// (two bytes a cell).
  private let flatEdgeSlots: [UInt16]
  /// Whether the colour jumps where `t` leaves 0...1 (``GradientColorFunction/jumpsAtAnEnd``):
  /// a pixel's colour can then change within any rounding of its parameter near an end.
  let jumpsAtAnEnd: Bool
  /// The gradient as stripes of one colour between hard edges, where it is one
  /// (``GradientStripes``), as a wrapping shape (a conic) meets them and as a padded one does.
  let wrappedStripes: GradientStripes?
  let paddedStripes: GradientStripes?
  let rgba8: UnsafeMutablePointer<UInt32>
  let bgra8: UnsafeMutablePointer<UInt32>
  /// What the 8.8 tables are made from, when first asked for.
  private let function: GradientColorFunction
  /// The 8.8 tables once made (``fixedTables``), in one block of `64 n` bytes: RGBA and BGRA
  /// (`2n` `UInt64` each), then the split copies (``planes8(_:)``): whole RGBA, fraction RGBA,
  /// whole BGRA, fraction BGRA (`2n` `UInt32` each). Set once, never changed after.
  private let fixedBlock = Atomic<UnsafeMutableRawPointer?>(nil)

  /// Marks an 8-bit cell whose pixels are evaluated exactly (never a premultiplied pixel: colour
  /// above a zero alpha).
  static let exact8: UInt32 = 0x00FF_FFFF
  /// The same for the 8.8 tables.
  static let exact16: UInt64 = 0x0000_FFFF_FFFF_FFFF
  static let smallestCellCount = 256
  static let largestCellCount = 4096
  /// The most a channel may change across one cell, in levels.
  static let largestStepPerCell = 0.8
  /// A cell is evaluated exactly also where a hard edge lies outside it but within this fraction
  /// of a cell: a pixel just past an edge whose parameter comes out short by less than that
  /// lands in an exact cell, not in a flat neighbour showing the colour from across the edge.
  /// The parameters that meet exact cells are off by at most 0.452 cell (a linear gradient's
  /// shifted rows, 0.45 plus the drift of their 16.16 fixed-point sums; the degree-7 conic 0.053
  /// on a 4096-cell table; a radial row mirrored off the half-pixel grid, 1/8 plus its image's
  /// `Float` rounding, about 1e-3 cell at usual sizes, growing with the parameter as every
  /// radial pixel's does; DESIGN.md, Gradients). The price of 1/2 over the conic's 1/8: an edge
  /// off a cell boundary makes two exact cells instead of 1.25 on average.
  static let edgeMargin = 0.5

  init(_ function: GradientColorFunction) {
    // Finite slopes only: hard edges go to the exact evaluation whatever the size. A gradient
    // with hard edges takes the largest size: only the cells at an edge are evaluated exactly,
    // so the finer the cells, the fewer pixels that costs (15 edges on cell boundaries make 30
    // of 256 cells exact, 30 of 4096).
    let steepest = function.steepestSlope(in: 0...1, ignoringHardEdges: true)
    let hasHardEdges = function.steepestSlope(in: 0...1) == .infinity
    var count = hasHardEdges ? Self.largestCellCount : Self.smallestCellCount
    while count < Self.largestCellCount && Double(count) * Self.largestStepPerCell < steepest { count *= 2 }
    cellCount = count
    let rgba8 = UnsafeMutablePointer<UInt32>.allocate(capacity: 2 * count)
    let bgra8 = UnsafeMutablePointer<UInt32>.allocate(capacity: 2 * count)
    rgba8.initialize(repeating: 0, count: 2 * count)
    bgra8.initialize(repeating: 0, count: 2 * count)
    func store(_ value: SIMD4<Double>, at entry: Int) {
      let bytes = Self.rounded(value)
      rgba8[entry] = Self.pack8(bytes)
      bgra8[entry] = Self.pack8(SIMD4(bytes.z, bytes.y, bytes.x, bytes.w))
    }
    let entries = GradientCellLayout(count: count, extend: .pad)
    store(function.evaluate(-1).value, at: Int(GradientCellLayout.beforeEntry))
    store(function.evaluate(2).value, at: Int(entries.afterEntry))
    var exactCells = false
    var flatEdges: [FlatEdge] = []
    var flatEdgeSlots: [UInt16] = []
    let width = 1 / Double(count)
    for cell in 0..<count {
      // The cell and, for hard edges, a margin either side (``edgeMargin``).
      let cellRange = Self.range(ofCell: cell, count: count)
      let range = (cellRange.lowerBound - Self.edgeMargin * width)...(cellRange.upperBound + Self.edgeMargin * width)
      guard function.steepestSlope(in: range) * width <= Self.largestStepPerCell else {
        if !exactCells { flatEdgeSlots = Array(repeating: 0, count: count) }
        if let edge = function.flatEdge(in: range) {
          flatEdges.append(
            FlatEdge(
              location: edge.location, cell: range, before: Self.pack8(edge.before), after: Self.pack8(edge.after)))
          flatEdgeSlots[cell] = UInt16(flatEdges.count)
        }
        exactCells = true
        (rgba8[cell + 1], bgra8[cell + 1]) = (Self.exact8, Self.exact8)
        continue
      }
      store(function.evaluate(Self.center(ofCell: cell, count: count)).value, at: cell + 1)
    }
    (self.rgba8, self.bgra8, self.function) = (rgba8, bgra8, function)
    hasExactCells = exactCells
    (self.flatEdges, self.flatEdgeSlots) = (flatEdges, flatEdgeSlots)
    jumpsAtAnEnd = function.jumpsAtAnEnd
    wrappedStripes = GradientStripes(function, form: .wrapping)
    paddedStripes = GradientStripes(function, form: .padded)
  }

  deinit {
    rgba8.deallocate()
    bgra8.deallocate()
    fixedBlock.load(ordering: .acquiring)?.deallocate()
  }

  /// Whether the 8.8 tables have been made (a dithered fill asked for them).
  var holdsFixedTables: Bool { fixedBlock.load(ordering: .acquiring) != nil }

  /// The 8.8 tables' block (``fixedBlock``), made on first call. Threads that ask at once may
  /// each make one; the first stored is kept and the others freed (they hold the same values).
  private var fixedTables: UnsafeMutableRawPointer {
    if let block = fixedBlock.load(ordering: .acquiring) { return block }
    let made = makeFixedTables()
    let (exchanged, original) = fixedBlock.compareExchange(
      expected: nil, desired: made, ordering: .acquiringAndReleasing)
    if exchanged { return made }
    made.deallocate()
    return original.unsafelyUnwrapped
  }

  /// The 8.8 entries (the colour at each cell's centre in 8.8 fixed point, flat stretches a
  /// solid fill's bytes times 256, the sentinel where the 8-bit table has it) and their split
  /// copies, in a new block laid out as ``fixedBlock`` says.
  private func makeFixedTables() -> UnsafeMutableRawPointer {
    let n = cellCount
    let block = UnsafeMutableRawPointer.allocate(byteCount: 64 * n, alignment: 16)
    let rgba16 = block.bindMemory(to: UInt64.self, capacity: 4 * n)
    let bgra16 = rgba16 + 2 * n
    let split8 = (block + 32 * n).bindMemory(to: UInt32.self, capacity: 8 * n)
    for entry in 0..<2 * n {
      let fixed: SIMD4<UInt32>
      if rgba8[entry] == Self.exact8 {
        (rgba16[entry], bgra16[entry]) = (Self.exact16, Self.exact16)
        continue
      } else if (1...n).contains(entry) {
        let (value, isFlat) = function.evaluate(Self.center(ofCell: entry - 1, count: n))
        fixed = isFlat ? Self.unpack8(rgba8[entry]) &* 256 : Self.fixedPoint(value)
      } else {
        // The ends (a solid fill's bytes) and the transparent entries: whole values.
        fixed = Self.unpack8(rgba8[entry]) &* 256
      }
      rgba16[entry] = Self.pack16(fixed)
      bgra16[entry] = Self.pack16(SIMD4(fixed.z, fixed.y, fixed.x, fixed.w))
    }
    for (index, table) in [rgba16, bgra16].enumerated() {
      let whole = split8 + 4 * n * index
      let fraction = whole + 2 * n
      for entry in 0..<2 * n {
        let bytes = unsafeBitCast(table[entry], to: SIMD8<UInt8>.self)
        whole[entry] = Self.pack8(SIMD4(UInt32(bytes[1]), UInt32(bytes[3]), UInt32(bytes[5]), UInt32(bytes[7])))
        fraction[entry] = Self.pack8(SIMD4(UInt32(bytes[0]), UInt32(bytes[2]), UInt32(bytes[4]), UInt32(bytes[6]))) ^ 0x8080_8080
      }
    }
    return block
  }

  /// The centre of cell `cell` of `count`, where its entry is sampled.
  private static func center(ofCell cell: Int, count: Int) -> Double { (Double(cell) + 0.5) / Double(count) }

  /// Channels 0...255 rounded half up, colour clamped to alpha.
  static func rounded(_ value: SIMD4<Double>) -> SIMD4<UInt32> { scaled(value, by: 1) }

  /// Channels in 8.8 fixed point (value * 256, rounded), colour clamped to alpha.
  static func fixedPoint(_ value: SIMD4<Double>) -> SIMD4<UInt32> { scaled(value, by: 256) }

  /// `floor(min(max(c, 0), 255) * scale + 1/2)` per channel, colour clamped to alpha; NaN gives
  /// 0. Written per channel: `SIMD4<Double>.clamped` was two out-of-line calls, a quarter of
  /// the instructions of a pixel redone in an exact cell.
  @inline(__always)
  private static func scaled(_ value: SIMD4<Double>, by scale: Double) -> SIMD4<UInt32> {
    @inline(__always)
    func channel(_ c: Double) -> UInt32 { c > 0 ? UInt32((c < 255 ? c : 255) * scale + 0.5) : 0 }
    let alpha = channel(value.w)
    return SIMD4(min(channel(value.x), alpha), min(channel(value.y), alpha), min(channel(value.z), alpha), alpha)
  }

  static func pack8(_ c: SIMD4<UInt32>) -> UInt32 { c.x | c.y << 8 | c.z << 16 | c.w << 24 }

  static func unpack8(_ p: UInt32) -> SIMD4<UInt32> { SIMD4(p & 0xFF, p >> 8 & 0xFF, p >> 16 & 0xFF, p >> 24) }

  /// An exact cell's one hard edge between flat stretches (``flatEdges``): 32 bytes.
  struct FlatEdge {
    let location: Double
    /// The cell's parameters (``range(ofCell:count:)``) and ``edgeMargin`` either side: the one
    /// edge and the flat stretches hold over all of them.
    let cell: ClosedRange<Double>
    /// Solid fill bytes, packed as ``pack8(_:)`` packs them.
    let before: UInt32, after: UInt32
  }

  /// The flat edge of cell `cell`, if it has one.
  @inline(__always)
  private func flatEdge(ofCell cell: Int) -> FlatEdge? {
    guard cell >= 0, cell < flatEdgeSlots.count else { return nil }
    let slot = Int(flatEdgeSlots[cell])
    return slot == 0 ? nil : flatEdges[slot &- 1]
  }

  /// The bytes the colour function gives at exact parameter `t` (RGBA, packed as ``pack8(_:)``
  /// packs them), where the cell `t` lies in holds one hard edge between flat stretches; nil
  /// otherwise (the caller evaluates the function). Dithering leaves those bytes as they are.
  @inline(__always)
  func flatEdge(at t: Double) -> UInt32? {
    guard let edge = flatEdge(ofCell: cell(containing: t)), edge.cell.contains(t) else { return nil }
    return t < edge.location ? edge.before : edge.after
  }

  /// ``flatEdge(at:)`` for a pixel whose exact parameter is known only to within `error` of `t`
  /// (``GradientParameter/nearParameter(x:y:)``): the side's bytes where every parameter within
  /// `error` of `t` lies strictly inside the flat-edge range of `t`'s cell and inside 0...1 (where
  /// every extend mode leaves `t` as it is), on one side of its edge; nil otherwise, and for NaN
  /// (the caller takes the exact parameter).
  @inline(__always)
  func flatEdge(near t: Double, within error: Double) -> UInt32? {
    guard let edge = flatEdge(ofCell: cell(containing: t)) else { return nil }
    let (low, high) = (t - error, t + error)
    guard low > edge.cell.lowerBound, low > 0, high < edge.cell.upperBound, high < 1,
      high < edge.location || low >= edge.location
    else { return nil }
    return high < edge.location ? edge.before : edge.after
  }

  /// The cell `t` lies in (`floor(t n)`, the last cell for 1); -1 outside 0...1 and for NaN.
  @inline(__always)
  private func cell(containing t: Double) -> Int {
    guard t >= 0, t <= 1 else { return -1 }
    return min(Int(t * Double(cellCount)), cellCount &- 1)
  }

  /// The parameters of cell `cell` of `count`: `cell / count ... (cell + 1) / count`, as the
  /// table is built (``FlatEdge/cell`` widens it by ``edgeMargin``).
  @inline(__always)
  private static func range(ofCell cell: Int, count: Int) -> ClosedRange<Double> {
    let width = 1 / Double(count)
    return Double(cell) * width...Double(cell + 1) * width
  }

  static func pack16(_ c: SIMD4<UInt32>) -> UInt64 {
    UInt64(c.x) | UInt64(c.y) << 16 | UInt64(c.z) << 32 | UInt64(c.w) << 48
  }

  /// The 8-bit table in `order`.
  func table8(_ order: ChannelOrder) -> UnsafePointer<UInt32> { UnsafePointer(order == .rgba ? rgba8 : bgra8) }
  /// The 8.8 table in `order` (made on first use).
  func table16(_ order: ChannelOrder) -> UnsafePointer<UInt64> {
    UnsafePointer(fixedTables.assumingMemoryBound(to: UInt64.self) + (order == .rgba ? 0 : 2 * cellCount))
  }
  /// The 8.8 table in `order` as whole bytes and fraction bytes with the sign bit flipped
  /// (a ``DitheredRow``'s planes).
  func planes8(_ order: ChannelOrder) -> (whole: UnsafePointer<UInt32>, fraction: UnsafePointer<UInt32>) {
    let split8 = (fixedTables + 32 * cellCount).assumingMemoryBound(to: UInt32.self)
    let whole = split8 + (order == .rgba ? 0 : 4 * cellCount)
    return (UnsafePointer(whole), UnsafePointer(whole + 2 * cellCount))
  }
}
