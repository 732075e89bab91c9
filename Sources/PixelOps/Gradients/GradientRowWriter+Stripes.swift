/// Rows of a gradient of stripes (``GradientStripes``): runs of one colour between the pixels
/// beside an edge, which take the side of the edge they lie on.
extension GradientRowWriter {
  /// The fewest pixels per edge a row needs to be written as runs; shorter rows are written
  /// pixel by pixel (``writeDirectly(_:y:columns:into:cells:redoing:)``): finding a row's
  /// windows costs about as much per edge as computing a few pixels.
  static let smallestStripeRowPerEdge = 4

  /// The gradient's stripes as `Parameter`'s shape meets them under this fill's extend mode
  /// (``GradientParameter/stripeForm(under:)``), if it is stripes and the shape finds their edges.
  @inline(__always)
  func stripes<Parameter: GradientParameter>(for parameter: Parameter.Type) -> GradientStripes? {
    guard drawsStripes, let form = Parameter.stripeForm(under: extend) else { return nil }
    return form == .wrapping ? gradient.table.wrappedStripes : gradient.table.paddedStripes
  }

  /// Writes row `y` at `columns` into `target` as ``write(_:y:columns:into:cells:)`` does, for a
  /// gradient of `stripes` (``stripes(for:)``); false (nothing written) where the row is short
  /// (fewer than ``smallestStripeRowPerEdge`` pixels per edge: the drawn area's width decides,
  /// as it decides mirrored rows).
  ///
  /// The shape's windows (``GradientParameter/stripeEdgeWindows(row:from:count:stripes:into:)``,
  /// kept in `cells`) are sorted by their start. A pixel in one window only takes the colour on
  /// its side of that window's edge (``GradientParameter/side(ofEdge:of:x:y:)``); pixels where
  /// windows overlap, or too near the edge for the side to be told, take the colour the
  /// per-pixel path gives them (``stripePixel(_:_:x:y:)``). Each run between windows lies within
  /// one stripe: after a window that stood alone, the stripe on its first pixel's side of that
  /// window's edge (no pixel between lies on or across an edge); otherwise, or where the side
  /// cannot be told, the colour of its middle pixel. The pixels are those the per-pixel path
  /// draws, dithered or not: a stripe's colour is a solid fill's whole bytes, which dithering
  /// keeps. Out of line, so that rows of gradients that are not stripes pay a test only.
  @inline(never)
  func writeStripes<Parameter: GradientParameter>(
    _ parameter: Parameter, _ stripes: GradientStripes, y: Int, columns: Range<Int>,
    into target: UnsafeMutableRawPointer, cells: UnsafeMutablePointer<Int32>
  ) -> Bool {
    guard columns.count >= stripes.edges.count &* Self.smallestStripeRowPerEdge, columns.count <= Int(Int32.max)
    else { return false }
    let windowCount = parameter.stripeEdgeWindows(
      row: y, from: columns.lowerBound, count: columns.count, stripes: stripes, into: cells)
    writeRuns(
      parameter, stripes, windows: cells, windowCount, count: columns.count, x: columns.lowerBound, y: y, into: target)
    return true
  }

  /// Pixels `0 ..< count` of row `y` from column `x`: the `windowCount` windows at `windows`
  /// sorted, then the runs between them filled and the pixels in them given their colours.
  @inline(never)
  private func writeRuns<Parameter: GradientParameter>(
    _ parameter: Parameter, _ stripes: GradientStripes, windows: UnsafeMutablePointer<Int32>, _ windowCount: Int,
    count: Int, x: Int, y: Int, into output: UnsafeMutableRawPointer
  ) {
    let function = gradient.function
    @inline(__always)
    func store(_ pixel: UInt32, at k: Int) { output.storeBytes(of: pixel, toByteOffset: k &* 4, as: UInt32.self) }
    Self.sortWindows(windows, windowCount)
    /// Pixel `k`'s colour by its side of `edge`, where that can be told.
    @inline(__always)
    func sidePixel(_ k: Int, _ edge: Int) -> UInt32? {
      parameter.side(ofEdge: edge, of: stripes, x: x &+ k, y: y).map {
        stripes.color(ofEdge: edge, after: $0, order: order)
      }
    }
    var k = 0
    // The edge of the last window when it stood alone (its side tells the next run's colour).
    var lastEdge = -1
    var index = 0
    while index < windowCount {
      let start = Int(windows[3 &* index])
      var end = Int(windows[3 &* index &+ 1])
      let edge = Int(windows[3 &* index &+ 2])
      if start > k {
        let pixel =
          (lastEdge >= 0 ? sidePixel(k, lastEdge) : nil)
          ?? stripePixel(parameter, function, x: x &+ (k &+ start) >> 1, y: y)
        PixelLoop.fill32(pixel, output + k &* 4, start &- k)
        k = start
      }
      index &+= 1
      if index == windowCount || Int(windows[3 &* index]) >= end {
        // One window: each pixel on its side of the edge.
        while k < end {
          store(sidePixel(k, edge) ?? stripePixel(parameter, function, x: x &+ k, y: y), at: k)
          k &+= 1
        }
        lastEdge = edge
        continue
      }
      // Overlapping windows (near the centre, or edges close together): pixel by pixel.
      while index < windowCount && Int(windows[3 &* index]) < end {
        end = max(end, Int(windows[3 &* index &+ 1]))
        index &+= 1
      }
      while k < end {
        store(stripePixel(parameter, function, x: x &+ k, y: y), at: k)
        k &+= 1
      }
      lastEdge = -1
    }
    if k < count {
      let pixel =
        (lastEdge >= 0 ? sidePixel(k, lastEdge) : nil)
        ?? stripePixel(parameter, function, x: x &+ (k &+ count) >> 1, y: y)
      PixelLoop.fill32(pixel, output + k &* 4, count &- k)
    }
  }

  /// Pixel (x, y) of a gradient of stripes as the per-pixel path gives it: the table's entry at
  /// its near parameter, where that parameter's error leaves it within its cell's margin and the
  /// cell is not exact (a cell that is not exact shows the colour of every parameter within the
  /// margin of it); otherwise its exact colour (``exactPixel(_:_:x:y:near:)``).
  @inline(__always)
  private func stripePixel<Parameter: GradientParameter>(
    _ parameter: Parameter, _ function: GradientColorFunction, x: Int, y: Int
  ) -> UInt32 {
    let table = gradient.table
    let n = table.cellCount
    let near = parameter.cheaperNearParameter(x: x, y: y)
    if Parameter.nearParameterError * Double(n) < GradientColorTable.edgeMargin && near >= 0 && near <= 1 {
      let pixel = table.table8(order)[min(Int(near * Double(n)), n &- 1) &+ 1]
      if pixel != GradientColorTable.exact8 { return pixel }
    }
    return exactPixel(parameter, function, x: x, y: y, near: near)
  }

  /// Sorts `count` windows (start, end, edge) by their start: a row's windows come nearly in
  /// order (a conic's in the order of its edges' angles, which a row meets in turn).
  @inline(__always)
  static func sortWindows(_ windows: UnsafeMutablePointer<Int32>, _ count: Int) {
    var i = 1
    while i < count {
      let window = (windows[3 &* i], windows[3 &* i &+ 1], windows[3 &* i &+ 2])
      var j = i
      while j > 0 && windows[3 &* (j &- 1)] > window.0 {
        for field in 0..<3 { windows[3 &* j &+ field] = windows[3 &* (j &- 1) &+ field] }
        j &-= 1
      }
      (windows[3 &* j], windows[3 &* j &+ 1], windows[3 &* j &+ 2]) = window
      i &+= 1
    }
  }
}
