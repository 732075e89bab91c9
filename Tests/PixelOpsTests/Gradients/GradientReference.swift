import Foundation
import PixelOps

/// An independent double-precision model of a gradient fill, written from the specification
/// (not from the implementation): the oracle for the gradient tests.
///
/// A pixel (x, y) of the destination view shows the gradient at its centre
/// ((x + 0.5) / scale, (y + 0.5) / scale) in points. The model computes the shape's parameter
/// `t` there, applies the extend mode, looks the colour up in the stops (sorted stably, clamped)
/// and premultiplies it: ``value(x:y:)`` gives the unrounded premultiplied channels in 0...255
/// (red, green, blue, alpha; transparent where nothing is drawn), ``bytes(x:y:)`` the rounded
/// pixel. Flat stretches (two neighbouring stops of one colour, before the first stop, after
/// the last) give a solid fill's bytes: each straight component rounded to 8 bits, then
/// premultiplied with `round(c a / 255)`.
struct GradientReference {
  struct Stop {
    var location: Double
    var color: SIMD4<Double>  // straight r, g, b, a, clamped to 0...1
  }

  indirect enum Shape {
    case linear(sx: Double, sy: Double, ex: Double, ey: Double)
    case radial(c0x: Double, c0y: Double, r0: Double, c1x: Double, c1y: Double, r1: Double)
    case conic(cx: Double, cy: Double, angle: Double)
    /// A layer's elliptical radial gradient: `t` is the distance from the centre in units of
    /// the half-axes (`rx` along x, `ry` along y).
    case ellipse(cx: Double, cy: Double, rx: Double, ry: Double)
    /// A layer's gradient (`CAGradientLayer`): `inner`, in the unit square of the rectangle
    /// (minX, minY, width, height) in points, stretched over it: a point's coordinates are
    /// `((x - minX) / width, (y - minY) / height)`, the second taken from 1 when `flipped`
    /// (unit space's y growing upward).
    case unitSpace(minX: Double, minY: Double, width: Double, height: Double, flipped: Bool, inner: Shape)
  }

  enum Extend {
    case padded(before: Bool, after: Bool)
    case repeating
    case reflecting
  }

  let stops: [Stop]
  let premultipliedMixing: Bool
  let shape: Shape
  let extend: Extend
  let scale: Double

  /// How far (in destination pixels) from the centre a pixel may show the gradient where the
  /// colour jumps (hard edges, wrap points, the edge of the drawn region of a cone): the
  /// implementation computes `t` in limited precision, so there a pixel may take either side.
  static let jumpTolerancePixels = 1e-4

  init(stops: [(location: Double, color: StraightColor)], premultipliedMixing: Bool, shape: Shape, extend: Extend, scale: Double) {
    func unit(_ v: Double) -> Double { min(max(v, 0), 1) }
    // Stable sort: by clamped location, then by original index.
    let indexed = stops.enumerated().map { index, stop in
      (index, Stop(location: unit(stop.location), color: SIMD4(unit(stop.color.red), unit(stop.color.green), unit(stop.color.blue), unit(stop.color.alpha))))
    }
    self.stops = indexed.sorted { a, b in a.1.location != b.1.location ? a.1.location < b.1.location : a.0 < b.0 }.map(\.1)
    self.premultipliedMixing = premultipliedMixing
    self.shape = shape
    self.extend = extend
    self.scale = scale
  }

  /// The model of a fill of `stops` (as given to the gradient, before any sorting or
  /// clamping) with `shape` and `extend`, drawn at `scale`.
  init(
    stops: [GradientStop], interpolation: GradientInterpolation, shape: GradientShape, extend: GradientExtend,
    scale: Double
  ) {
    let model: Shape
    switch shape {
    case .linear(let start, let end):
      model = .linear(sx: start.x, sy: start.y, ex: end.x, ey: end.y)
    case .radial(let c0, let r0, let c1, let r1):
      model = .radial(c0x: c0.x, c0y: c0.y, r0: r0, c1x: c1.x, c1y: c1.y, r1: r1)
    case .conic(let center, let angle):
      model = .conic(cx: center.x, cy: center.y, angle: angle)
    }
    let mode: Extend
    switch extend {
    case .padded(let before, let after): mode = .padded(before: before, after: after)
    case .repeating: mode = .repeating
    case .reflecting: mode = .reflecting
    }
    self.init(
      stops: stops.map { ($0.location, $0.color) }, premultipliedMixing: interpolation == .premultiplied, shape: model,
      extend: mode, scale: scale)
  }

  // MARK: Colour

  /// A solid fill's pixel for straight components in 0...1, as doubles.
  static func solidBytes(_ c: SIMD4<Double>) -> SIMD4<Double> {
    func byte(_ v: Double) -> Double { (min(max(v, 0), 1) * 255).rounded(.toNearestOrAwayFromZero) }
    let a = byte(c.w)
    func premultiplied(_ v: Double) -> Double { (byte(v) * a / 255).rounded(.toNearestOrAwayFromZero) }
    return SIMD4(premultiplied(c.x), premultiplied(c.y), premultiplied(c.z), a)
  }

  /// Premultiplied channels in 0...255 (unrounded) of straight components in 0...1.
  static func premultiply(_ c: SIMD4<Double>) -> SIMD4<Double> {
    SIMD4(c.x * c.w * 255, c.y * c.w * 255, c.z * c.w * 255, c.w * 255)
  }

  /// Where a pixel falls along the gradient once the extend mode has been applied.
  enum Place: Equatable {
    /// Padded before the start (at t < 0): the first stop's colour.
    case beforeStart(Double)
    /// Padded after the end (at t > 1): the last stop's colour.
    case afterEnd(Double)
    /// At `u` in 0...1.
    case at(Double)
  }

  /// The colour at `place`, premultiplied, unrounded (a solid fill's bytes on flat stretches).
  func color(_ place: Place) -> SIMD4<Double> {
    switch place {
    case .beforeStart: return Self.solidBytes(stops[0].color)
    case .afterEnd: return Self.solidBytes(stops[stops.count - 1].color)
    case .at(let u): return color(at: u)
    }
  }

  /// The colour at `u` in 0...1 (after the extend mode), premultiplied, unrounded.
  func color(at u: Double) -> SIMD4<Double> {
    // The last stop at or before u.
    guard let k = stops.lastIndex(where: { $0.location <= u }) else { return Self.solidBytes(stops[0].color) }
    if k == stops.count - 1 { return Self.solidBytes(stops[k].color) }
    let lower = stops[k]
    let upper = stops[k + 1]
    if lower.color == upper.color { return Self.solidBytes(lower.color) }
    let f = (u - lower.location) / (upper.location - lower.location)
    if premultipliedMixing {
      let p = Self.premultiply(lower.color)
      let q = Self.premultiply(upper.color)
      return p * (1 - f) + q * f
    }
    return Self.premultiply(lower.color * (1 - f) + upper.color * f)
  }

  /// How far along `t` a pixel must lie inside a flat stretch (one colour: two neighbouring
  /// stops of one colour, before the first stop, after the last) for ``isDeepInFlat(_:)``: the
  /// widest table cell the implementation may use (1/256) and then some.
  static let flatMargin = 1.0 / 200

  /// Whether `place` lies in a flat stretch at least ``flatMargin`` from where the stretch
  /// ends: there the spec demands a solid fill's bytes exactly (dithered or not).
  func isDeepInFlat(_ place: Place) -> Bool {
    let m = Self.flatMargin
    // The stretches of one colour as ranges of t, before the first stop and after the last
    // included, neighbouring ones of the same colour merged.
    var flat: [(low: Double, high: Double, color: SIMD4<Double>)] = [(-.infinity, stops[0].location, stops[0].color)]
    for k in stops.indices.dropLast() where stops[k].color == stops[k + 1].color {
      flat.append((stops[k].location, stops[k + 1].location, stops[k].color))
    }
    flat.append((stops[stops.count - 1].location, .infinity, stops[stops.count - 1].color))
    var merged: [(low: Double, high: Double, color: SIMD4<Double>)] = []
    for range in flat {
      if let last = merged.last, last.high == range.low, last.color == range.color {
        merged[merged.count - 1].high = range.high
      } else {
        merged.append(range)
      }
    }
    let t: Double
    switch place {
    case .beforeStart(let v), .afterEnd(let v), .at(let v): t = v
    }
    return merged.contains { t >= $0.low + m && t <= $0.high - m }
  }

  // MARK: Geometry

  /// The shape's parameter at point (px, py) in points, before the extend mode; `nil` where the
  /// shape gives the point none (outside a cone, the centre of a conic gradient).
  func parameter(px: Double, py: Double) -> Double? {
    Self.parameter(of: shape, px: px, py: py, largestDrawn: largestDrawnParameter)
  }

  /// The largest `t` the extend mode draws: above it a two-circle gradient shows its smaller
  /// root (PDF's type 3 shading paints the drawn circles in order of increasing `t`).
  var largestDrawnParameter: Double {
    if case .padded(_, false) = extend { return 1 }
    return .infinity
  }

  /// Whether the shape is a conic gradient (its parameter lies in 0..<1 whatever the extend).
  var isConic: Bool {
    switch shape {
    case .conic: return true
    case .unitSpace(_, _, _, _, _, .conic): return true
    default: return false
    }
  }

  static func parameter(of shape: Shape, px: Double, py: Double, largestDrawn: Double) -> Double? {
    switch shape {
    case .unitSpace(let minX, let minY, let width, let height, let flipped, let inner):
      let v = (py - minY) / height
      return parameter(of: inner, px: (px - minX) / width, py: flipped ? 1 - v : v, largestDrawn: largestDrawn)
    case .linear(let sx, let sy, let ex, let ey):
      let (dx, dy) = (ex - sx, ey - sy)
      return ((px - sx) * dx + (py - sy) * dy) / (dx * dx + dy * dy)
    case .ellipse(let cx, let cy, let rx, let ry):
      let (u, v) = ((px - cx) / rx, (py - cy) / ry)
      return (u * u + v * v).squareRoot()
    case .conic(let cx, let cy, let angle):
      let (dx, dy) = (px - cx, py - cy)
      if dx == 0 && dy == 0 { return nil }
      // y grows downward, so atan2 grows clockwise on screen.
      var turns = (atan2(dy, dx) - angle) / (2 * Double.pi)
      turns -= turns.rounded(.down)
      return turns >= 1 ? 0 : turns
    case .radial(let c0x, let c0y, let r0, let c1x, let c1y, let r1):
      return Self.twoCircle(
        px: px, py: py, c0x: c0x, c0y: c0y, r0: r0, c1x: c1x, c1y: c1y, r1: r1, largestDrawn: largestDrawn)
    }
  }

  /// The largest `t` up to `largestDrawn` whose circle (centre `c0 + t (c1 - c0)`, radius
  /// `r0 + t (r1 - r0)` >= 0) passes through the point, or nil.
  static func twoCircle(
    px: Double, py: Double, c0x: Double, c0y: Double, r0: Double, c1x: Double, c1y: Double, r1: Double,
    largestDrawn: Double = .infinity
  ) -> Double? {
    let dr = r1 - r0
    if c0x == c1x && c0y == c1y {
      // Concentric: |p - c| = r0 + t dr has the one root with a non-negative radius.
      let distance = ((px - c0x) * (px - c0x) + (py - c0y) * (py - c0y)).squareRoot()
      let t = (distance - r0) / dr
      return r0 + t * dr >= 0 && t <= largestDrawn ? t : nil
    }
    // Relative to the start centre, with d = c1 - c0 and w = p - c0:
    // |w - t d|^2 = (r0 + t dr)^2  <=>  A t^2 + B t + C = 0 with
    // A = d.d - dr^2, B = -2 (w.d + r0 dr), C = w.w - r0^2.
    let (dx, dy) = (c1x - c0x, c1y - c0y)
    let (wx, wy) = (px - c0x, py - c0y)
    let a = dx * dx + dy * dy - dr * dr
    let b = -2 * (wx * dx + wy * dy + r0 * dr)
    let c = wx * wx + wy * wy - r0 * r0
    func radius(_ t: Double) -> Double { r0 + t * dr }
    var roots: [Double] = []
    if a == 0 {
      if b != 0 { roots = [-c / b] }
    } else {
      let discriminant = b * b - 4 * a * c
      if discriminant < 0 { return nil }
      let s = discriminant.squareRoot()
      // Numerical Recipes' form: q = -(B + sign(B) s) / 2, roots q / A and C / q.
      let q = -0.5 * (b + (b < 0 ? -s : s))
      roots = q == 0 ? [0] : [q / a, c / q]
      // One Newton step each against the original equation, where the derivative is usable.
      roots = roots.map { t in
        let f = (a * t + b) * t + c
        let derivative = 2 * a * t + b
        guard abs(derivative) > 1e-9 * (abs(b) + abs(a * t) + 1) else { return t }
        let polished = t - f / derivative
        return polished.isFinite ? polished : t
      }
    }
    return roots.filter { $0.isFinite && radius($0) >= 0 && $0 <= largestDrawn }.max()
  }

  /// Where `t` lands under the extend mode, or nil where the extend mode draws nothing.
  func extended(_ t: Double) -> Place? {
    if isConic { return .at(t) }
    switch extend {
    case .padded(let before, let after):
      if t < 0 { return before ? .beforeStart(t) : nil }
      if t > 1 { return after ? .afterEnd(t) : nil }
      return .at(t)
    case .repeating:
      return .at(t - t.rounded(.down))
    case .reflecting:
      let m = t - 2 * (t / 2).rounded(.down)  // 0..<2
      return .at(m > 1 ? 2 - m : m)
    }
  }

  /// Where the point (px, py) in points lands, or nil where nothing is drawn.
  func place(px: Double, py: Double) -> Place? {
    guard let t = parameter(px: px, py: py) else { return nil }
    return extended(t)
  }

  /// Where view pixel (x, y)'s centre lands, or nil where nothing is drawn.
  func place(x: Int, y: Int) -> Place? {
    place(px: (Double(x) + 0.5) / scale, py: (Double(y) + 0.5) / scale)
  }

  // MARK: Pixels

  /// The unrounded premultiplied value at a point in points; zero where nothing is drawn.
  func value(px: Double, py: Double) -> SIMD4<Double> {
    place(px: px, py: py).map(color) ?? .zero
  }

  /// The unrounded premultiplied value of view pixel (x, y).
  func value(x: Int, y: Int) -> SIMD4<Double> {
    value(px: (Double(x) + 0.5) / scale, py: (Double(y) + 0.5) / scale)
  }

  /// Whether pixel (x, y)'s centre is the centre of a conic gradient (no angle: any colour goes).
  func isUndefined(x: Int, y: Int) -> Bool {
    // A conic gradient gives every point but its centre a parameter.
    isConic && parameter(px: (Double(x) + 0.5) / scale, py: (Double(y) + 0.5) / scale) == nil
  }

  static func rounded(_ v: SIMD4<Double>) -> SIMD4<Int> {
    SIMD4(v.rounded(.toNearestOrAwayFromZero))
  }

  /// The reference pixel (x, y): rounded, red, green, blue, alpha.
  func bytes(x: Int, y: Int) -> SIMD4<Int> { Self.rounded(value(x: x, y: y)) }

  /// The values at points within ``jumpTolerancePixels`` of pixel (x, y)'s centre (eight
  /// directions), where a jump may put the colour on either side.
  func neighbourValues(x: Int, y: Int) -> [SIMD4<Double>] {
    let e = Self.jumpTolerancePixels
    let cx = Double(x) + 0.5
    let cy = Double(y) + 0.5
    var values: [SIMD4<Double>] = []
    for (dx, dy) in [(1.0, 0.0), (-1, 0), (0, 1), (0, -1), (0.7, 0.7), (-0.7, 0.7), (0.7, -0.7), (-0.7, -0.7)] {
      values.append(value(px: (cx + e * dx) / scale, py: (cy + e * dy) / scale))
    }
    return values
  }

  /// Whether `actual` (red, green, blue, alpha) is within `tolerance` of the reference at pixel
  /// (x, y)'s centre, or, where the colour jumps within ``jumpTolerancePixels`` of it, of the
  /// reference at one of the nearby points.
  func accepts(_ actual: SIMD4<Int>, x: Int, y: Int, tolerance: Int = 1) -> Bool {
    if isUndefined(x: x, y: y) { return true }
    let exact = exactCandidate(x: x, y: y)
    if let exact, actual == exact { return true }
    func close(_ v: SIMD4<Double>) -> Bool {
      let d = Self.rounded(v) &- actual
      return (0..<4).allSatisfy { abs(d[$0]) <= tolerance }
    }
    if exact == nil && close(value(x: x, y: y)) { return true }
    // Near a jump either side goes (within the tolerance).
    return isNearJump(x: x, y: y) && (close(value(x: x, y: y)) || neighbourValues(x: x, y: y).contains(where: close))
  }

  /// What pixel (x, y) must be exactly, if the spec says: a solid fill's bytes deep in a flat
  /// stretch, transparent where nothing is drawn; nil elsewhere. (Near a jump, see ``accepts``.)
  func exactCandidate(x: Int, y: Int) -> SIMD4<Int>? {
    guard let place = place(x: x, y: y) else { return .zero }
    return isDeepInFlat(place) ? Self.rounded(color(place)) : nil
  }

  /// ``exactCandidate(x:y:)`` where the colour does not jump nearby: what the pixel must be.
  func exactPixel(x: Int, y: Int) -> SIMD4<Int>? {
    if isUndefined(x: x, y: y) || isNearJump(x: x, y: y) { return nil }
    return exactCandidate(x: x, y: y)
  }

  /// Whether the colour jumps (by more than a level in some channel) within
  /// ``jumpTolerancePixels`` of pixel (x, y)'s centre: such a pixel may show either side.
  func isNearJump(x: Int, y: Int) -> Bool {
    if isUndefined(x: x, y: y) { return true }
    let centre = value(x: x, y: y)
    return neighbourValues(x: x, y: y).contains { v in
      let d = v - centre
      return max(max(abs(d.x), abs(d.y)), max(abs(d.z), abs(d.w))) > 1
    }
  }
}

extension GradientReference {
  /// A short description of a fill for failure messages.
  static func describe(_ fill: GradientFill) -> String {
    let stops = fill.gradient.stops.map { s in
      "(\(s.location) \(s.color.red),\(s.color.green),\(s.color.blue),\(s.color.alpha))"
    }.joined(separator: " ")
    return "stops [\(stops)] \(fill.gradient.interpolation) \(fill.shape) \(fill.extend) dithers \(fill.dithers)"
  }
}
