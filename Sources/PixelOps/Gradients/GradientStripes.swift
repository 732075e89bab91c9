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
/// wheels of segments and CSS's `conic-gradient(red 0 25%, blue 0 50%, ...)`. Its pixels are
/// the solid fill of their stripe's colour (``GradientColorFunction``'s flat stretches), so a
/// shape that can say where along a row its parameter crosses the edges
/// (``GradientParameter/stripeEdgeWindows(row:from:count:stripes:into:)``) has its rows written
/// as runs of one colour, with only the pixels beside an edge evaluated one by one
/// (``GradientRowWriter``'s `writeStripes`), instead of a parameter and a lookup per pixel.
///
/// Made once per ``Gradient`` (with its tables; a class, so that a row takes one reference to
/// it, not one per array); nil for gradients with any stretch that is not
/// flat, and for more than ``largestEdgeCount`` edges (where runs get short and the per-pixel
/// path is as good).
final class GradientStripes: Sendable {
  /// The parameters where the colour jumps, sorted: those in `0 < t < 1` where the colour just
  /// below differs from the colour at `t`, and 0 first where the colour at 0 differs from the
  /// colour just below 1 (a conic's start ray, where its angle wraps).
  let edges: [Double]
  /// Each edge as the direction of a conic's ray, `(cos 2π t, sin 2π t)` in the conic's
  /// (unrotated) angle space: made here once, not per row.
  let rays: [SIMD2<Double>]
  /// The solid fill's bytes of the stripe from each edge to the next (``GradientColorTable/pack8(_:)``),
  /// in RGBA and in BGRA order.
  private let colorsAfter: [UInt32]
  private let colorsAfterBGRA: [UInt32]

  /// The most edges a gradient's stripes may have.
  static let largestEdgeCount = 64

  /// The stripes of `function`, or nil where it has a stretch that is not flat, no edge at all
  /// (one colour: a solid fill already), or more than ``largestEdgeCount`` edges.
  init?(_ function: GradientColorFunction) {
    let stops = function.stops
    for (lower, upper) in zip(stops, stops.dropFirst())
    where lower.location != upper.location && lower.color != upper.color {
      return nil
    }
    func color(at t: Double) -> SIMD4<Double> { function.evaluate(t).value }
    var edges: [Double] = color(at: 0) == color(at: 1.0.nextDown) ? [] : [0]
    for location in Set(stops.map(\.location)).sorted() where location > 0 && location < 1 {
      if color(at: location.nextDown) != color(at: location) { edges.append(location) }
    }
    guard !edges.isEmpty, edges.count <= Self.largestEdgeCount else { return nil }
    self.edges = edges
    rays = edges.map { SIMD2(cos(2 * Double.pi * $0), sin(2 * Double.pi * $0)) }
    let bytes = edges.map { GradientColorTable.rounded(color(at: $0)) }
    colorsAfter = bytes.map(GradientColorTable.pack8)
    colorsAfterBGRA = bytes.map { GradientColorTable.pack8(SIMD4($0.z, $0.y, $0.x, $0.w)) }
  }

  /// The colour on the side of edge `edge` where the parameter is at least its location
  /// (`after`), or below it, in `order`: the stripes wrap around, the one before the first edge
  /// being the one after the last.
  @inline(__always)
  func color(ofEdge edge: Int, after: Bool, order: ChannelOrder) -> UInt32 {
    let index = after ? edge : (edge == 0 ? edges.count &- 1 : edge &- 1)
    return order == .rgba ? colorsAfter[index] : colorsAfterBGRA[index]
  }
}
