#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(ucrt)
  import ucrt
#endif

/// A gradient whose colour is constant between hard edges: every pair of neighbouring stops
/// either shares a location (a hard edge) or a colour (a flat stretch), as in pie charts, colour
/// wheels of segments, target rings and CSS's `conic-gradient(red 0 25%, blue 0 50%, ...)`. Its
/// pixels are the solid fill of their stripe's colour (``GradientColorFunction``'s flat
/// stretches), so a shape that can say where along a row its parameter crosses the edges
/// (``GradientParameter/stripeForm(under:)``) has its rows written as runs of one colour, with
/// only the pixels beside an edge taken one by one (``GradientRowWriter``'s `writeStripes`),
/// instead of a parameter and a lookup per pixel.
///
/// The edges as a shape meets them: *wrapping*, for a parameter in `0 ..< 1` that wraps (a
/// conic's angle: the start ray is an edge where the colours at 0 and just below 1 differ), or
/// *padded*, for a parameter anywhere with the ends padded (below 0 the first stop's colour,
/// above 1 the last's: edges at 0 and 1 where the colour jumps there). Made once per
/// ``Gradient``, beside its tables (a class, so that a row takes one reference to it, not one per
/// array); nil for gradients with any stretch that is not flat, no edge (one colour: a solid fill
/// already), or more than ``largestEdgeCount`` edges (where runs get short and the per-pixel path
/// is as good).
final class GradientStripes: Sendable {
  /// The parameters where the colour jumps, sorted: padded, those in `0...1` where the colour
  /// just below (below 0: the first stop's) differs from the colour at them; wrapping, those in
  /// `0 ..< 1`, where just below 0 is just below 1, and 0 also where the colour at 1 (an angle
  /// rounded up to a whole turn) differs from the colour at 0.
  let edges: [Double]
  /// The smallest distance between two neighbouring edges (wrapping, also the last and the first
  /// a turn apart); infinite with one edge padded.
  let narrowestStripe: Double
  /// Wrapping, each edge as the direction of a conic's ray, `(cos 2π t, sin 2π t)` in the conic's
  /// (unrotated) angle space: made here once, not per row. Empty where padded.
  let rays: [SIMD2<Double>]
  /// The solid fill's bytes of each stripe (``GradientColorTable/pack8(_:)``), in RGBA and BGRA
  /// order: stripe `i` lies just below edge `i`, the last (index `edges.count`) from the last edge
  /// on. Wrapping, the first and the last are one stripe.
  private let colors: [UInt32]
  private let colorsBGRA: [UInt32]

  /// How a shape's parameter meets the edges.
  enum Form {
    /// In `0 ..< 1`, wrapping (a conic's angle).
    case wrapping
    /// Anywhere, the ends padded.
    case padded
  }

  /// The most edges a gradient's stripes may have.
  static let largestEdgeCount = 64

  /// The stripes of `function` as a shape of `form` meets them, or nil where it has
  /// a stretch that is not flat, no edge, or more than ``largestEdgeCount`` edges.
  init?(_ function: GradientColorFunction, form: Form) {
    let wrapping = form == .wrapping
    let stops = function.stops
    for (lower, upper) in zip(stops, stops.dropFirst())
    where lower.location != upper.location && lower.color != upper.color {
      return nil
    }
    func color(at t: Double) -> SIMD4<Double> { function.evaluate(t).value }
    /// The colour just below `t`: at 0, the end before it (wrapping, just below 1; padded, the
    /// padding before the start).
    func color(below t: Double) -> SIMD4<Double> { color(at: t > 0 ? t.nextDown : (wrapping ? 1.0.nextDown : -1)) }
    let candidates = Set([0] + stops.map(\.location) + (wrapping ? [] : [1])).sorted()
    var edges = candidates.filter { t in t < 1 || !wrapping }.filter { color(below: $0) != color(at: $0) }
    // Wrapping, an angle just below a whole turn may round to exactly 1, which shows the colour
    // at 1: where that differs from the colour at 0, the start ray is an edge too.
    if wrapping, edges.first != 0, color(at: 1) != color(at: 0) { edges.insert(0, at: 0) }
    guard !edges.isEmpty, edges.count <= Self.largestEdgeCount else { return nil }
    self.edges = edges
    let gaps = zip(edges, edges.dropFirst()).map { $1 - $0 } + (wrapping ? [edges[0] + 1 - edges[edges.count - 1]] : [])
    narrowestStripe = gaps.min() ?? .infinity
    rays = wrapping ? edges.map { SIMD2(cos(2 * Double.pi * $0), sin(2 * Double.pi * $0)) } : []
    let bytes = (edges.map(color(below:)) + [color(at: edges[edges.count - 1])]).map(GradientColorTable.rounded)
    colors = bytes.map(GradientColorTable.pack8)
    colorsBGRA = bytes.map { GradientColorTable.pack8(SIMD4($0.z, $0.y, $0.x, $0.w)) }
  }

  /// One window over the whole row per edge (``GradientParameter/stripeEdgeWindows(row:from:count:stripes:into:)``),
  /// for rows whose numbers are too large to place the edges: overlapping windows send every
  /// pixel to the per-pixel path, and a lone one asks each pixel's side (which such numbers
  /// leave undecided, so the same).
  func wholeRowWindows(count: Int, into windows: UnsafeMutablePointer<Int32>) -> Int {
    for edge in edges.indices {
      _ = Self.storeWindow(0, Double(count &- 1), edge: edge, at: edge, in: windows)
    }
    return edges.count
  }

  /// Stores window `index` of a row (``GradientParameter/stripeEdgeWindows(row:from:count:stripes:into:)``:
  /// start, end and edge, three `Int32`s): the pixels `k` with `low ≤ k ≤ high`, bounds the
  /// caller has clamped to the row (`0 ... last`); false (nothing stored) where there are none.
  @inline(__always)
  static func storeWindow(
    _ low: Double, _ high: Double, edge: Int, at index: Int, in windows: UnsafeMutablePointer<Int32>
  ) -> Bool {
    guard low <= high else { return false }
    // Within the row (from 0), a conversion to Int is `floor` (`rounded(.down)` is a libm call
    // on baseline x86-64).
    let whole = Int(low)
    let (first, end) = (Double(whole) < low ? whole &+ 1 : whole, Int(high) &+ 1)
    guard first < end else { return false }
    (windows[3 &* index], windows[3 &* index &+ 1]) = (Int32(first), Int32(end))
    windows[3 &* index &+ 2] = Int32(truncatingIfNeeded: edge)
    return true
  }

  /// The colour on the side of edge `edge` where the parameter is at least its location
  /// (`after`; for a wrapping start ray, the side from angle 0 on), or below it, in `order`.
  @inline(__always)
  func color(ofEdge edge: Int, after: Bool, order: ChannelOrder) -> UInt32 {
    let index = after ? edge &+ 1 : edge
    return order == .rgba ? colors[index] : colorsBGRA[index]
  }
}
