/// Writes gradient pixels, a chunk of a row at a time: the shape's ``GradientParameter``
/// produces table entries for the chunk, which a ``GradientPixelSink`` turns straight into
/// pixels; dithered pixels come from the entries kept in the cell scratch, in a second pass
/// (``GradientDitherLookup``). Where the table has cells marked for exact evaluation, those
/// pixels are found (by the sentinel they show, or dithered, by their kept entries) and redone
/// from their own parameters. Geometry, lookup and
/// scheduling stay apart: this type only sequences them.
struct GradientRowWriter: Sendable {
  let gradient: Gradient
  let extend: GradientExtend
  let order: ChannelOrder
  let dithers: Bool
  /// Whether a dithered linear fill may read its rows from cached dithered copies of its master
  /// rows where that pays (``GradientRowShifts/cachesDitheredRows``); off only to compare the
  /// cache with the rows it replaces.
  var cachesDitheredRows = true
  /// Whether a gradient of stripes has its rows written as runs where the shape finds its edges
  /// (``writeStripes(_:_:y:columns:into:cells:)``); off where they would not pay on the fill's
  /// map (``GradientParameter/runsPay(for:)``, decided once per fill by the row source), and to
  /// compare the runs with the pixels they replace.
  var drawsStripes = true
  /// Whether a pixel may show the colour of a parameter near its own (up to
  /// ``GradientColorTable/edgeMargin`` cell off, as shifted rows and mirrors off the half-pixel
  /// grid give): the colour jumps nowhere but inside the table's exact cells, whose margins
  /// catch such a pixel and send it to be redone. Not where the extend mode jumps (a repeat's
  /// wrap, an end not padded), the colour jumps at an end (``GradientColorTable/jumpsAtAnEnd``),
  /// or an end cell is exact (a parameter past an end takes the end's entry, never the sentinel).
  /// Decided once per fill (rows ask it).
  let toleratesNearbyParameters: Bool

  init(gradient: Gradient, extend: GradientExtend, order: ChannelOrder, dithers: Bool) {
    (self.gradient, self.extend, self.order, self.dithers) = (gradient, extend, order, dithers)
    toleratesNearbyParameters =
      (extend == .pad || extend == .reflecting) && !gradient.table.jumpsAtAnEnd && !gradient.table.hasExactEndCells
  }

  /// Pixels per chunk: the linear shape restarts its fixed-point sum exactly at each chunk, and
  /// a chunk's kept entries (4 bytes each) stay in L1 beside its pixels.
  static let chunkSize = 1024
  /// Scratch bytes for a chunk's kept entries: `chunkSize` plus 3, since producers store four
  /// entries at a time from any index (``GradientCellStore``).
  static let cellScratchByteCount = (chunkSize + 4) * 4

  /// Writes the pixels of row `y` at `columns` into `target` (premultiplied, in `order`;
  /// `columns.count` pixels), using `cells` (``cellScratchByteCount`` bytes) for kept entries.
  /// A gradient of stripes whose edges the shape finds is written as runs
  /// (`GradientRowWriter+Stripes.swift`); other rows pixel by pixel (``writePixels(_:y:columns:into:cells:)``).
  @inline(__always)
  func write<Parameter: GradientParameter>(
    _ parameter: Parameter, y: Int, columns: Range<Int>, into target: UnsafeMutableRawPointer,
    cells: UnsafeMutablePointer<Int32>
  ) {
    if let stripes = stripes(for: Parameter.self),
      writeStripes(parameter, stripes, y: y, columns: columns, into: target, cells: cells)
    {
      return
    }
    writePixels(parameter, y: y, columns: columns, into: target, cells: cells)
  }

  /// ``write(_:y:columns:into:cells:)`` pixel by pixel: a row symmetric about a column
  /// (``GradientParameter/mirrorColumn(row:cellCount:largestShift:)``) has its left part made from
  /// its right (`GradientRowWriter+Mirroring.swift`; undithered). A function of its own: with the
  /// stripes' test beside it in one function, the mirrored path was no longer inlined (0.17 more
  /// instructions a pixel on the radial tile).
  @inline(never)
  func writePixels<Parameter: GradientParameter>(
    _ parameter: Parameter, y: Int, columns: Range<Int>, into target: UnsafeMutableRawPointer,
    cells: UnsafeMutablePointer<Int32>
  ) {
    if !dithers, writeMirrored(parameter, y: y, columns: columns, into: target, cells: cells) { return }
    writeDirectly(parameter, y: y, columns: columns, into: target, cells: cells)
  }

  /// How the shapes turn parameters into entries for this fill: the fine forms
  /// (``GradientCellLayout/needsFineParameters``) for dithered fills and tables with exact cells.
  var cellLayout: GradientCellLayout {
    GradientCellLayout(
      count: gradient.table.cellCount, extend: extend, needsFineParameters: dithers || gradient.table.hasExactCells)
  }

  /// ``write(_:y:columns:into:cells:)`` with every pixel computed; `redoing` false leaves the
  /// exact cells' pixels showing the sentinel (undithered), for the caller to redo.
  @inline(__always)
  func writeDirectly<Parameter: GradientParameter>(
    _ parameter: Parameter, y: Int, columns: Range<Int>, into target: UnsafeMutableRawPointer,
    cells: UnsafeMutablePointer<Int32>, redoing: Bool = true
  ) {
    let table = gradient.table
    let layout = cellLayout
    var x = columns.lowerBound
    while x < columns.upperBound {
      let count = min(Self.chunkSize, columns.upperBound &- x)
      let output = target + (x &- columns.lowerBound) &* 4
      if dithers {
        // Entries kept, then dithered in a second pass.
        var entries = GradientCellStore(cells: cells)
        parameter.writeEntries(row: y, from: x, count: count, layout: layout, into: &entries)
        GradientDitherLookup.pixels(cells, count: count, table: table.table16(order), x: x, y: y, into: output)
      } else {
        var sink = GradientPixelSink(table: table.table8(order), output: output, count: count)
        parameter.writeEntries(row: y, from: x, count: count, layout: layout, into: &sink)
      }
      if redoing && table.hasExactCells {
        redoExactCells(parameter, cells: cells, count: count, x: x, y: y, into: output)
      }
      x &+= count
    }
  }

  /// Recomputes the pixels whose cells hold the exact-evaluation sentinel: `count` pixels of row
  /// `y` from column `x` at `output`; dithered, with their entries in `cells`.
  @inline(never)
  func redoExactCells<Parameter: GradientParameter>(
    _ parameter: Parameter, cells: UnsafeMutablePointer<Int32>?, count: Int, x: Int, y: Int,
    into output: UnsafeMutableRawPointer
  ) {
    let table = gradient.table
    // Once per chunk, not per pixel: the function holds arrays.
    let function = gradient.function
    @inline(__always)
    func redo(_ k: Int) {
      let near = parameter.cheaperNearParameter(x: x &+ k, y: y)
      output.storeBytes(
        of: exactPixel(parameter, function, x: x &+ k, y: y, near: near), toByteOffset: k &* 4, as: UInt32.self)
    }
    if dithers {
      // Dithered pixels no longer show the sentinel: the entries tell.
      guard let cells else { preconditionFailure("a dithered redo needs the chunk's entries") }
      let marks = table.table8(.rgba)
      for k in 0..<count where marks[Int(cells[k])] == GradientColorTable.exact8 { redo(k) }
      return
    }
    // Undithered, the lookup left the sentinel (never a premultiplied pixel) in exactly these
    // pixels: sixteen compared per turn, and where any matched, their lanes taken as bits.
    let sentinel = SIMD4<UInt32>(repeating: GradientColorTable.exact8)
    /// Bit `i` set where pixel `k + i` (i < 4) holds the sentinel.
    @inline(__always)
    func matches(_ k: Int) -> Int {
      let equal = output.loadUnaligned(fromByteOffset: k &* 4, as: SIMD4<UInt32>.self) .== sentinel
      return Int(SIMD4<Int32>.zero.replacing(with: SIMD4(1, 2, 4, 8), where: equal).wrappedSum())
    }
    @inline(__always)
    func redo(bits: Int, from k: Int) {
      var bits = bits
      while bits != 0 {
        redo(k &+ bits.trailingZeroBitCount)
        bits &= bits &- 1
      }
    }
    var k = 0
    while count &- k >= 16 {
      let first = output.loadUnaligned(fromByteOffset: k &* 4, as: SIMD4<UInt32>.self) .== sentinel
      let second = output.loadUnaligned(fromByteOffset: k &* 4 &+ 16, as: SIMD4<UInt32>.self) .== sentinel
      let third = output.loadUnaligned(fromByteOffset: k &* 4 &+ 32, as: SIMD4<UInt32>.self) .== sentinel
      let fourth = output.loadUnaligned(fromByteOffset: k &* 4 &+ 48, as: SIMD4<UInt32>.self) .== sentinel
      // Written out: the same four compares through a helper counted 16.81 instructions per
      // pixel on the hard-stop tile against 16.12.
      if any(first .| second .| third .| fourth) {
        redo(bits: matches(k) | matches(k &+ 4) &<< 4 | matches(k &+ 8) &<< 8 | matches(k &+ 12) &<< 12, from: k)
      }
      k &+= 16
    }
    while count &- k >= 4 {
      redo(bits: matches(k), from: k)
      k &+= 4
    }
    for k in k..<count where output.loadUnaligned(fromByteOffset: k &* 4, as: UInt32.self) == GradientColorTable.exact8 {
      redo(k)
    }
  }

  /// Pixel (x, y)'s bytes (in `order`, dithered where the fill is) from its exact parameter,
  /// or from `near`, its near parameter (``GradientParameter/cheaperNearParameter(x:y:)``; NaN
  /// for none), where that tells the side of a hard edge between flat stretches the pixel surely
  /// lies on. `function` is the gradient's (taken once by the caller: it holds arrays). The flat
  /// edge asked is that of the cell the parameter lies in (not the one a lookup took, which may
  /// be a neighbour).
  @inline(__always)
  func exactPixel<Parameter: GradientParameter>(
    _ parameter: Parameter, _ function: GradientColorFunction, x: Int, y: Int, near: Double
  ) -> UInt32 {
    let table = gradient.table
    if let bytes = table.flatEdge(near: near, within: Parameter.nearParameterError) {
      // A side of a hard edge the pixel is surely on, without the exact parameter.
      return ordered(bytes)
    }
    guard let t = extend.extended(parameter.exactParameter(x: x, y: y)) else { return 0 }
    if let bytes = table.flatEdge(at: t) {
      // A solid fill's bytes on one side of the edge, which dithering keeps as they are.
      return ordered(bytes)
    }
    let (value, isFlat) = function.evaluate(t)
    guard dithers else { return GradientColorTable.pack8(ordered(GradientColorTable.rounded(value))) }
    let fixed = isFlat ? GradientColorTable.rounded(value) &* 256 : GradientColorTable.fixedPoint(value)
    let d = UInt32(OrderedDither.threshold(x: x, y: y))
    return GradientColorTable.pack8(ordered((fixed &+ d) &>> 8))
  }

  private func ordered(_ c: SIMD4<UInt32>) -> SIMD4<UInt32> { order == .rgba ? c : SIMD4(c.z, c.y, c.x, c.w) }

  /// Packed RGBA bytes (``GradientColorTable/pack8(_:)``) in `order`.
  private func ordered(_ p: UInt32) -> UInt32 {
    order == .rgba ? p : (p & 0xFF00_FF00) | (p & 0xFF) << 16 | (p >> 16 & 0xFF)
  }
}
