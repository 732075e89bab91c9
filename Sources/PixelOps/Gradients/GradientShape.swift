/// The geometry of a gradient: which point of the plane shows which parameter `t` (0 at the
/// start, 1 at the end). Coordinates are in points of the destination (its pixel grid at
/// the draw's scale), y growing downward; a pixel shows the gradient at its centre.
public enum GradientShape: Sendable, Hashable {
  /// Along the line from `start` to `end` (`CGContextDrawLinearGradient`): `t` is the
  /// projection of the point onto that line, so lines perpendicular to it have one colour.
  case linear(start: PointPosition, end: PointPosition)
  /// Between two circles (`CGContextDrawRadialGradient`; canvas' `createRadialGradient`):
  /// the circle at `t` has centre `startCenter + t (endCenter - startCenter)` and radius
  /// `startRadius + t (endRadius - startRadius)`, circles are painted in order of increasing
  /// `t` (PDF's type 3 shading, which Core Graphics draws), and so a point shows the largest `t`
  /// whose circle passes through it with a radius of 0 or more, among the parameters the extend
  /// mode draws: where nothing is drawn after the end, a point of a cone whose larger root lies
  /// beyond 1 shows its smaller root (the inside of the end circle, when the start circle lies
  /// outside it), as Core Graphics and pixman draw it. Points no drawn circle reaches (beside
  /// such a cone) are not drawn (transparent source pixels, as
  /// ``GradientExtend/padded(beforeStart:afterEnd:)`` explains). Pad before the start fills the
  /// cone back to its apex, as Core Graphics does.
  case radial(startCenter: PointPosition, startRadius: Double, endCenter: PointPosition, endRadius: Double)
  /// Around `center` (`CAGradientLayer`'s `.conic`): `t` is the angle from the direction
  /// `startAngle` (radians, 0 along +x), measured clockwise on screen (towards +y), as a
  /// fraction of a full turn, in 0..<1. Extend modes do not apply (every angle lies in 0..<1).
  case conic(center: PointPosition, startAngle: Double)

  /// A radial gradient from a point out to a circle (both centres at `center`).
  public static func radial(center: PointPosition, radius: Double) -> GradientShape {
    .radial(startCenter: center, startRadius: 0, endCenter: center, endRadius: radius)
  }

  /// The shape in the gradient space `map` leads to from destination pixel indices, drawn
  /// under `extend` (which of a two-circle gradient's roots a point shows depends on it).
  ///
  /// - Throws: ``PixelError/invalidGradient(reason:)`` for a coordinate, radius or angle that
  ///   is NaN or infinite, a linear gradient whose start and end coincide, a negative radius, or
  ///   two radial circles that are the same circle (no point has a single `t`).
  func geometry(map: GradientMap, extend: GradientExtend) throws(PixelError) -> GradientGeometry {
    // The first `count` lanes of `values` (no variadic list: that was an array allocated on
    // every draw). `x - x` is 0 for a finite x, NaN for an infinite or NaN one.
    func finite(_ values: SIMD8<Double>, count: Int, what: String) throws(PixelError) {
      guard values - values == .zero else {
        throw .invalidGradient(reason: "\(what) \((0..<count).map { values[$0] }) is not finite")
      }
    }
    switch self {
    case .linear(let start, let end):
      try finite(SIMD8(start.x, start.y, end.x, end.y, 0, 0, 0, 0), count: 4, what: "linear gradient points")
      guard start != end else {
        throw .invalidGradient(reason: "linear gradient from \(start) to itself has no direction")
      }
      return .linear(try LinearGradientParameter(start: start, end: end, map: map))
    case .radial(let c0, let r0, let c1, let r1):
      try finite(SIMD8(c0.x, c0.y, r0, c1.x, c1.y, r1, 0, 0), count: 6, what: "radial gradient circles")
      guard r0 >= 0, r1 >= 0 else {
        throw .invalidGradient(reason: "radial gradient radii \(r0) and \(r1) must not be negative")
      }
      guard c0 != c1 || r0 != r1 else {
        throw .invalidGradient(reason: "radial gradient's two circles are the same circle")
      }
      if c0 == c1 {
        return .concentric(try ConcentricGradientParameter(center: c0, startRadius: r0, endRadius: r1, map: map))
      }
      // Nested circles (the focal case among them) give every point one root of radius 0 or
      // more; the largest drawn one matters only for a cone.
      let general = TwoCircleGradientParameter(
        startCenter: c0, startRadius: r0, endCenter: c1, endRadius: r1, map: map,
        largestDrawnParameter: extend.drawsAfterEnd ? .infinity : 1)
      return FocalGradientParameter(general).map { .focal($0) } ?? .twoCircle(general)
    case .conic(let center, let angle):
      try finite(SIMD8(center.x, center.y, angle, 0, 0, 0, 0, 0), count: 3, what: "conic gradient centre and angle")
      return .conic(ConicGradientParameter(center: center, startAngle: angle, map: map))
    }
  }
}
