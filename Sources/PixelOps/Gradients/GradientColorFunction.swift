/// A gradient's colour as an exact function of its parameter: `t` in 0...1 to premultiplied
/// channels in 0...255 (`Double`, unrounded), in the order red, green, blue, alpha.
///
/// Stops are sorted by location (stable: stops at one location keep their order and make a
/// hard edge there). Before the first stop the first colour shows, after the last the last;
/// between two stops the colours are mixed as ``GradientInterpolation`` says. At a location
/// shared by several stops, the last of them shows (so a hard edge belongs to the side after it).
///
/// A segment whose two stops have the same colour is *flat*: it gives exactly the pixel a solid
/// fill of that colour draws (``StraightColor/premultiplied``), so hard-stop gradients and
/// gradients of one colour reproduce solid fills bit for bit, with or without dithering.
struct GradientColorFunction: Sendable {
  /// Stops sorted by location, locations and components clamped to 0...1.
  let stops: [GradientStop]
  let interpolation: GradientInterpolation
  /// Each stop's colour premultiplied in 0...255 (unrounded), and as a solid fill's bytes.
  private let premultiplied: [SIMD4<Double>]
  private let solidBytes: [SIMD4<Double>]
  /// The stops' locations, for the search in ``evaluate(_:)``.
  private let locations: [Double]

  init(stops: [GradientStop], interpolation: GradientInterpolation) {
    let clamped = stops.enumerated().map { index, stop in
      (index, GradientStop(location: min(max(stop.location, 0), 1), color: stop.color.clamped))
    }
    self.stops = clamped.sorted { ($0.1.location, $0.0) < ($1.1.location, $1.0) }.map(\.1)
    self.interpolation = interpolation
    premultiplied = self.stops.map { Self.premultiply($0.color.components) }
    solidBytes = self.stops.map {
      let p = $0.color.premultiplied
      return SIMD4(Double(p.red), Double(p.green), Double(p.blue), Double(p.alpha))
    }
    locations = self.stops.map(\.location)
  }

  static func premultiply(_ c: SIMD4<Double>) -> SIMD4<Double> {
    SIMD4(c.x * c.w, c.y * c.w, c.z * c.w, c.w) * 255
  }

  /// Whether every stop has the same colour.
  var isOneColor: Bool { stops.allSatisfy { $0.color == stops[0].color } }

  /// Whether every stop is opaque.
  var isOpaque: Bool { stops.allSatisfy { $0.color.alpha >= 1 } }

  /// Whether the colour jumps where `t` leaves 0...1: several stops of different colours at 0
  /// (before the start shows the first, 0 the last) or at 1 (just below 1 shows the stop
  /// before the last). Evaluated once per gradient, by ``GradientColorTable``, which keeps it.
  var jumpsAtAnEnd: Bool {
    let start = evaluate(-1).value - evaluate(0).value
    let end = evaluate(1.0.nextDown).value - evaluate(1).value
    return max((start * start).max(), (end * end).max()) > 0.25
  }

  /// The premultiplied channels at `t`, and whether the value lies on a flat stretch (where it
  /// is a solid fill's whole bytes). Before 0 (padding before the start) the first stop shows,
  /// after 1 the last, even where several stops share location 0 or 1.
  func evaluate(_ t: Double) -> (value: SIMD4<Double>, isFlat: Bool) {
    if t < 0 { return (solidBytes[0], true) }
    if t > 1 { return (solidBytes[stops.count - 1], true) }
    // The first stop whose location is beyond t (a binary search: hard-stop gradients have
    // many stops, and the pixels of their edge cells come here one by one).
    var (upper, high) = (0, locations.count)
    while upper < high {
      let middle = (upper + high) / 2
      if locations[middle] <= t { upper = middle + 1 } else { high = middle }
    }
    if upper == 0 { return (solidBytes[0], true) }
    if upper == stops.count { return (solidBytes[upper - 1], true) }
    let lower = upper - 1
    if stops[lower].color == stops[upper].color { return (solidBytes[lower], true) }
    let f = (t - stops[lower].location) / (stops[upper].location - stops[lower].location)
    return (mix(lower, upper, f), false)
  }

  /// Where `range` holds one hard edge between two flat stretches and nothing else (every stop
  /// in it at one location, the segments on either side of one colour each): that location and
  /// the solid fill's bytes below it and from it on, which ``evaluate(_:)`` gives for any `t` in
  /// `range`. Nil for anything else.
  func flatEdge(in range: ClosedRange<Double>) -> (location: Double, before: SIMD4<UInt32>, after: SIMD4<UInt32>)? {
    let inside = locations.indices.filter { range.contains(locations[$0]) }
    guard let first = inside.first, let last = inside.last, locations[first] == locations[last] else { return nil }
    let flatBefore = first == 0 || stops[first - 1].color == stops[first].color
    let flatAfter = last == stops.count - 1 || stops[last].color == stops[last + 1].color
    guard flatBefore, flatAfter else { return nil }
    func bytes(_ stop: Int) -> SIMD4<UInt32> { SIMD4<UInt32>(solidBytes[stop]) }
    return (locations[first], bytes(first == 0 ? 0 : first - 1), bytes(last))
  }

  /// The colour a fraction `f` of the way from stop `lower` to stop `upper`.
  private func mix(_ lower: Int, _ upper: Int, _ f: Double) -> SIMD4<Double> {
    switch interpolation {
    case .premultiplied:
      return premultiplied[lower] + (premultiplied[upper] - premultiplied[lower]) * f
    case .straight:
      let a = stops[lower].color.components
      let b = stops[upper].color.components
      return Self.premultiply(a + (b - a) * f)
    }
  }

  /// The steepest change of any premultiplied channel, in levels (0...255) per unit of `t`,
  /// over the stretch `range` of the parameter; `.infinity` where a hard edge between two
  /// different colours lies in it (closed range), unless `ignoringHardEdges`.
  func steepestSlope(in range: ClosedRange<Double>, ignoringHardEdges: Bool = false) -> Double {
    var steepest = 0.0
    for upper in stops.indices.dropFirst() {
      let lower = upper - 1
      let from = stops[lower].location
      let to = stops[upper].location
      guard from <= range.upperBound, to >= range.lowerBound else { continue }
      guard stops[lower].color != stops[upper].color else { continue }
      guard to > from else {
        if ignoringHardEdges { continue }
        return .infinity
      }
      steepest = max(steepest, slopeBound(lower, upper) / (to - from))
    }
    return steepest
  }

  /// An upper bound of a channel's change over a whole segment (levels per unit `f`).
  private func slopeBound(_ lower: Int, _ upper: Int) -> Double {
    switch interpolation {
    case .premultiplied:
      let d = premultiplied[upper] - premultiplied[lower]
      return max(max(abs(d.x), abs(d.y)), max(abs(d.z), abs(d.w)))
    case .straight:
      // d/df (c a) = dc a + c da, with c, a in 0...1: at most |dc| max(a) + max(c) |da|.
      let a = stops[lower].color.components
      let b = stops[upper].color.components
      let alpha = max(a.w, b.w)
      let da = abs(b.w - a.w)
      var bound = da
      for channel in 0..<3 {
        bound = max(bound, abs(b[channel] - a[channel]) * alpha + max(a[channel], b[channel]) * da)
      }
      return bound * 255
    }
  }
}
