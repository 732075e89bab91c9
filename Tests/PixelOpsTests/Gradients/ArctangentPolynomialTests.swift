import Foundation
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
}
