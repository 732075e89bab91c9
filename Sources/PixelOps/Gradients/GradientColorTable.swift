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
/// in the 8.8 tables, so dithering leaves them exact.
final class GradientColorTable: @unchecked Sendable {
  /// Cells over 0...1 (a power of two).
  let cellCount: Int
  /// Whether any cell holds the sentinel.
  let hasExactCells: Bool
  /// The cells with the sentinel that hold one hard edge between flat stretches: the edge, the
  /// cell's range and the solid bytes (RGBA) on either side, so that their pixels need their
  /// exact (or a near) parameter but not the colour function (``flatEdge(cell:at:)``).
  private let flatEdges: [FlatEdge]
  /// Per cell (none without exact cells): 1 + the cell's index in ``flatEdges``, 0 for none
  /// (two bytes a cell).
  private let flatEdgeSlots: [UInt16]
  /// Whether the colour jumps where `t` leaves 0...1 (``GradientColorFunction/jumpsAtAnEnd``):
  /// a pixel's colour can then change within any rounding of its parameter near an end.
  let jumpsAtAnEnd: Bool
  let rgba8: UnsafeMutablePointer<UInt32>
  let bgra8: UnsafeMutablePointer<UInt32>
  let rgba16: UnsafeMutablePointer<UInt64>
  let bgra16: UnsafeMutablePointer<UInt64>
  /// The 8.8 tables split into whole bytes and fraction bytes (sign bit flipped), four tables of
  /// `2n` in one block: whole RGBA, fraction RGBA, whole BGRA, fraction BGRA (``planes8(_:)``).
  let split8: UnsafeMutablePointer<UInt32>

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
  /// The shapes' parameters with exact cells are off by at most 0.053 cell (the degree-7 conic
  /// on a 4096-cell table; DESIGN.md, Gradients).
  static let edgeMargin = 0.125

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
    let rgba16 = UnsafeMutablePointer<UInt64>.allocate(capacity: 2 * count)
    let bgra16 = UnsafeMutablePointer<UInt64>.allocate(capacity: 2 * count)
    for entry in 0..<2 * count {
      (rgba8[entry], bgra8[entry], rgba16[entry], bgra16[entry]) = (0, 0, 0, 0)
    }
    func store(_ value: SIMD4<Double>, isFlat: Bool, at entry: Int) {
      let bytes = Self.rounded(value)
      let fixed = isFlat ? bytes &* 256 : Self.fixedPoint(value)
      rgba8[entry] = Self.pack8(bytes)
      bgra8[entry] = Self.pack8(SIMD4(bytes.z, bytes.y, bytes.x, bytes.w))
      rgba16[entry] = Self.pack16(fixed)
      bgra16[entry] = Self.pack16(SIMD4(fixed.z, fixed.y, fixed.x, fixed.w))
    }
    let (before, _) = function.evaluate(-1)
    let (after, _) = function.evaluate(2)
    let entries = GradientCellLayout(count: count, extend: .pad)
    store(before, isFlat: true, at: Int(GradientCellLayout.beforeEntry))
    store(after, isFlat: true, at: Int(entries.afterEntry))
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
        (rgba8[cell + 1], bgra8[cell + 1], rgba16[cell + 1], bgra16[cell + 1]) =
          (Self.exact8, Self.exact8, Self.exact16, Self.exact16)
        continue
      }
      let (value, isFlat) = function.evaluate((Double(cell) + 0.5) * width)
      store(value, isFlat: isFlat, at: cell + 1)
    }
    (self.rgba8, self.bgra8, self.rgba16, self.bgra16) = (rgba8, bgra8, rgba16, bgra16)
    hasExactCells = exactCells
    (self.flatEdges, self.flatEdgeSlots) = (flatEdges, flatEdgeSlots)
    jumpsAtAnEnd = function.jumpsAtAnEnd
    split8 = UnsafeMutablePointer<UInt32>.allocate(capacity: 8 * count)
    for (index, table) in [rgba16, bgra16].enumerated() {
      let whole = split8 + 4 * count * index
      let fraction = whole + 2 * count
      for entry in 0..<2 * count {
        let bytes = unsafeBitCast(table[entry], to: SIMD8<UInt8>.self)
        whole[entry] = Self.pack8(SIMD4(UInt32(bytes[1]), UInt32(bytes[3]), UInt32(bytes[5]), UInt32(bytes[7])))
        fraction[entry] = Self.pack8(SIMD4(UInt32(bytes[0]), UInt32(bytes[2]), UInt32(bytes[4]), UInt32(bytes[6]))) ^ 0x8080_8080
      }
    }
  }

  deinit {
    rgba8.deallocate()
    bgra8.deallocate()
    rgba16.deallocate()
    bgra16.deallocate()
    split8.deallocate()
  }

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
  /// packs them), where `t` lies in cell `cell` (``range(ofCell:count:)``) and that cell holds
  /// one hard edge between flat stretches; nil otherwise (the caller evaluates the function).
  /// Dithering leaves those bytes as they are.
  @inline(__always)
  func flatEdge(cell: Int, at t: Double) -> UInt32? {
    guard let edge = flatEdge(ofCell: cell), edge.cell.contains(t) else { return nil }
    return t < edge.location ? edge.before : edge.after
  }

  /// ``flatEdge(cell:at:)`` for a pixel whose exact parameter is known only to within `error` of
  /// `t` (``GradientParameter/nearParameter(x:y:)``): the side's bytes where every parameter
  /// within `error` of `t` lies strictly inside the cell's range and inside 0...1 (where every
  /// extend mode leaves `t` as it is), on one side of its edge; nil otherwise, and for NaN (the
  /// caller takes the exact parameter).
  @inline(__always)
  func flatEdge(cell: Int, near t: Double, within error: Double) -> UInt32? {
    guard let edge = flatEdge(ofCell: cell) else { return nil }
    let (low, high) = (t - error, t + error)
    guard low > edge.cell.lowerBound, low > 0, high < edge.cell.upperBound, high < 1,
      high < edge.location || low >= edge.location
    else { return nil }
    return high < edge.location ? edge.before : edge.after
  }

  /// The parameters of cell `cell` of `count`: `cell / count ... (cell + 1) / count`, as the
  /// table is built and as ``flatEdge(cell:at:)`` checks it.
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
  /// The 8.8 table in `order`.
  func table16(_ order: ChannelOrder) -> UnsafePointer<UInt64> { UnsafePointer(order == .rgba ? rgba16 : bgra16) }
  /// The 8.8 table in `order` as whole bytes and fraction bytes with the sign bit flipped
  /// (a ``DitheredRow``'s planes).
  func planes8(_ order: ChannelOrder) -> (whole: UnsafePointer<UInt32>, fraction: UnsafePointer<UInt32>) {
    let whole = split8 + (order == .rgba ? 0 : 4 * cellCount)
    return (UnsafePointer(whole), UnsafePointer(whole + 2 * cellCount))
  }
}
