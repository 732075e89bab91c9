#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(ucrt)
  import ucrt
#endif

/// The affine map from destination pixel indices to gradient space: pixel `(x, y)` shows the
/// gradient at `(a x + c y + tx, b x + d y + ty)`. It places the pixel's centre (so a map from
/// points at scale `s` is `x / s + 0.5 / s`) and, for layers, stretches unit space onto the
/// bounds (which makes unit-space circles ellipses on non-square layers).
struct GradientMap: Sendable, Hashable {
  var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

  /// Pixel centres to points at `scale` pixels per point.
  init(scale: Double) {
    a = 1 / scale
    b = 0
    c = 0
    d = 1 / scale
    tx = 0.5 / scale
    ty = 0.5 / scale
  }

  init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
  }

  /// The gradient-space point pixel `(x, y)` shows.
  func point(x: Double, y: Double) -> (u: Double, v: Double) {
    (a * x + c * y + tx, b * x + d * y + ty)
  }

  /// The sizes the rounding of ``point(x:y:)`` is relative to: `|a x| + |c y| + |tx|` and the
  /// same for v (a point far smaller than its terms is rounded as they are).
  func pointMagnitude(x: Double, y: Double) -> Double {
    abs(a * x) + abs(c * y) + abs(tx) + abs(b * x) + abs(d * y) + abs(ty)
  }

  /// The points of four pixels of row `y`, each lane the same operations in the same order as
  /// ``point(x:y:)`` (so the same bits).
  @inline(__always)
  func point(x: SIMD4<Double>, y: Double) -> (u: SIMD4<Double>, v: SIMD4<Double>) {
    (a * x + c * y + tx, b * x + d * y + ty)
  }

  /// On a map whose `v` is the same along a row (`b` is 0, `a` is not): twice the fractional
  /// column `x_c` where row `y` crosses `u = 0` (pixel `x` and the point at `2 x_c - x` mirror each
  /// other about the v axis), and the whole number nearest it; nil for other maps, or where the
  /// column is too far out to count in whole pixels.
  func mirrorColumns(row y: Int) -> (exact: Double, nearest: Double)? {
    guard b == 0, a != 0 else { return nil }
    let twice = -2 * (c * Double(y) + tx) / a
    guard abs(twice) < 0x1p40 else { return nil }
    return (twice, twice.rounded())
  }

  /// This map followed by a rotation by `-angle` about `center` (so that direction `angle`
  /// from the centre becomes +u) and a shift of the centre to the origin.
  func centred(at center: PointPosition, rotatedBy angle: Double = 0) -> GradientMap {
    let (cosine, sine) = (cos(angle), sin(angle))
    // (u', v') = R(-angle) (u - cx, v - cy)
    func rotate(_ u: Double, _ v: Double) -> (Double, Double) { (cosine * u + sine * v, -sine * u + cosine * v) }
    let (na, nb) = rotate(a, b)
    let (nc, nd) = rotate(c, d)
    let (ntx, nty) = rotate(tx - center.x, ty - center.y)
    return GradientMap(a: na, b: nb, c: nc, d: nd, tx: ntx, ty: nty)
  }
}
