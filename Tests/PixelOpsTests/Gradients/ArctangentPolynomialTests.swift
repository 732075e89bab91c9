import Foundation
import PixelOpsTestSupport
import Testing

@testable import PixelOps

/// The conic shapes' arctangent polynomials against `atan`, within the error each states (the
/// error DESIGN.md's budget counts on).
@Suite("Arctangent polynomials stay within their stated error")
struct ArctangentPolynomialTests {
  func largestError<Polynomial: ArctangentPolynomial>(_ polynomial: Polynomial.Type) -> Double {
    // A unit of 2π gives radians.
    let arctangent = Polynomial(unit: 2 * .pi)
    var worst = 0.0
    for step in 0...25_000 {
      let r = Double(step) / 25_000
      let lanes = arctangent(SIMD4<Float>(Float(r), -Float(r), Float(r), 0))
      worst = max(worst, abs(Double(lanes[0]) - atan(Double(Float(r)))), abs(Double(lanes[1]) + atan(Double(Float(r)))))
    }
    return worst
  }

  @Test("degree 7 within 8.2e-5 rad and degree 5 within 6.1e-4 rad over -1...1")
  func polynomialsAreWithinTheirErrors() {
    let (seven, five) = (largestError(ArctangentDegree7.self), largestError(ArctangentDegree5.self))
    #expect(seven <= ArctangentDegree7.largestError, "degree 7: \(seven)")
    #expect(five <= ArctangentDegree5.largestError, "degree 5: \(five)")
    // The stated errors are the real ones, not loose bounds: each is reached to within 10%.
    #expect(seven >= 0.9 * ArctangentDegree7.largestError && five >= 0.9 * ArctangentDegree5.largestError)
  }

  @Test("the Double angle of one pixel stays within its stated error of atan2 in every octant")
  func doubleTurnsAreWithinTheirError() {
    func exact(_ u: Double, _ v: Double) -> Double {
      let turns = atan2(v, u) / (2 * .pi)
      return turns < 0 ? turns + 1 : turns
    }
    var rng = SeededGenerator(seed: 0xA7A2)
    var worst = 0.0
    var points: [(Double, Double)] = [(0, 0), (1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (-1, 1), (-1, -1), (1, -1)]
    for _ in 0..<200_000 {
      let scale = [1e-3, 1, 1e3, 1e6][Int.random(in: 0...3, using: &rng)]
      points.append((Double.random(in: -1...1, using: &rng) * scale, Double.random(in: -1...1, using: &rng) * scale))
    }
    for (u, v) in points {
      let near = ArctangentDegree7.turns(u: u, v: v)
      // Angles just below a whole turn may come out at 0 on the other side of the wrap.
      var difference = abs(near - exact(u, v))
      difference = min(difference, abs(difference - 1))
      worst = max(worst, difference)
    }
    #expect(worst <= ArctangentDegree7.largestTurnsError, "worst \(worst)")
    // Not a loose bound: the polynomial's own error (1.297e-5 turns) is most of it.
    #expect(worst >= 0.9 * ArctangentDegree7.largestTurnsError, "worst \(worst)")
  }

  @Test("the conic's near parameter is within its stated error of the exact one, any centre and start")
  func conicNearParameterIsWithinItsError() {
    var rng = SeededGenerator(seed: 0xC0A1)
    var worst = 0.0
    for _ in 0..<40 {
      let center = PointPosition(x: Double.random(in: -50...350, using: &rng), y: Double.random(in: -50...350, using: &rng))
      let scale = [1.0, 2, 3][Int.random(in: 0...2, using: &rng)]
      let map = GradientMap(scale: scale)
      let parameter = ConicGradientParameter(
        center: center, startAngle: Double.random(in: -7...7, using: &rng), map: map)
      // Pixels around and at the centre, and a random spread.
      let (cx, cy) = (Int(center.x * scale), Int(center.y * scale))
      var pixels = (-3...3).flatMap { dy in (-3...3).map { dx in (cx + dx, cy + dy) } }
      pixels += (0..<500).map { _ in (Int.random(in: -100...1000, using: &rng), Int.random(in: -100...1000, using: &rng)) }
      for (x, y) in pixels {
        var difference = abs(parameter.nearParameter(x: x, y: y) - parameter.exactParameter(x: x, y: y))
        difference = min(difference, abs(difference - 1))
        worst = max(worst, difference)
      }
    }
    #expect(worst <= ConicGradientParameter.nearParameterError, "worst \(worst)")
    #expect(worst >= 0.5 * ConicGradientParameter.nearParameterError, "worst \(worst)")
  }
}
