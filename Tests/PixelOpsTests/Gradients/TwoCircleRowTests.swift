import Foundation
import PixelOpsTestSupport
import Testing

@testable import PixelOps

/// The two-circle row solves four pixels at once with selects for the scalar solution's branches
/// (``TwoCircleGradientParameter/t(u:v:)-(SIMD4<Double>,_)``); each lane must be the scalar
/// solution's `Float(t n)` bit for bit, NaN where the scalar one is NaN.
@Suite("Two-circle radial rows give the scalar solution's parameters")
struct TwoCircleRowTests {
  /// Calls `body` with the column and value of each of the first 64 pixels of `row`, which
  /// starts at column `x`.
  static func forEachPixel<Row: GradientParameterRow>(of row: Row, from x: Int, _ body: (Int, Float) -> Void) {
    var row = row
    for step in 0..<16 {
      let lanes = row.next()
      for lane in 0..<4 { body(x + step * 4 + lane, lanes[lane]) }
    }
  }

  @Test("random circles (focus inside and outside, equal radii, cones), maps and rows")
  func vectorRowMatchesScalar() {
    var rng = SeededGenerator(seed: 0x2C1C1E)
    var failures: [String] = []
    for trial in 0..<300 {
      var map = GradientMap(scale: [1.0, 2.0, 0.37][trial % 3])
      if trial % 4 == 1 {  // rotated and sheared
        (map.b, map.c) = (Double.random(in: -0.8...0.8, using: &rng), Double.random(in: -0.8...0.8, using: &rng))
      }
      let startCenter = PointPosition(
        x: Double.random(in: -50...200, using: &rng), y: Double.random(in: -50...200, using: &rng))
      let endCenter = PointPosition(
        x: Double.random(in: -50...200, using: &rng), y: Double.random(in: -50...200, using: &rng))
      let startRadius = trial % 3 == 0 ? 0 : Double.random(in: 0...120, using: &rng)
      // Every fifth trial: equal radii (a = |dc|^2 - dr^2 > 0 with dr = 0); every seventh: the
      // end circle's radius grows exactly as fast as its centre moves (a = 0, one root).
      let distance = ((endCenter.x - startCenter.x) * (endCenter.x - startCenter.x)
        + (endCenter.y - startCenter.y) * (endCenter.y - startCenter.y)).squareRoot()
      let endRadius =
        trial % 5 == 0 ? startRadius : trial % 7 == 0 ? startRadius + distance : Double.random(in: 0...300, using: &rng)
      // Every other trial draws nothing after the end (a larger root above 1 gives way to the smaller).
      let parameter = TwoCircleGradientParameter(
        startCenter: startCenter, startRadius: startRadius, endCenter: endCenter, endRadius: endRadius, map: map,
        largestDrawnParameter: trial % 2 == 0 ? .infinity : 1)
      let cells: Float = [256, 1024, 4096][trial % 3]
      let (x, y) = (Int.random(in: -100...300, using: &rng), Int.random(in: -100...300, using: &rng))
      Self.forEachPixel(of: parameter.row(y, from: x, cells: cells), from: x) { pixel, value in
        let (u, v) = parameter.map.point(x: Double(pixel), y: Double(y))
        let expected = Float(parameter.t(u: u, v: v) * Double(cells))
        let same = value.isNaN ? expected.isNaN : value.bitPattern == expected.bitPattern
        if !same { failures.append("trial \(trial), pixel \(pixel): \(value) vs \(expected)") }
      }
    }
    let differing = failures.count
    #expect(differing == 0, "lanes differ, first: \(Array(failures.prefix(5)))")
  }

  /// Random two circles with a focus for `trial`: a map scaled 1, 2 or 0.37 (every fourth also
  /// rotated and sheared), an end circle of radius 1...2000 within 2048x1200, and the focus
  /// `reach(rng)` of its radius from its centre in a random direction.
  static func focalCircles(
    trial: Int, _ rng: inout SeededGenerator, reach: (inout SeededGenerator) -> Double
  ) -> TwoCircleGradientParameter {
    var map = GradientMap(scale: [1.0, 2.0, 0.37][trial % 3])
    if trial % 4 == 1 {
      (map.b, map.c) = (Double.random(in: -0.8...0.8, using: &rng), Double.random(in: -0.8...0.8, using: &rng))
    }
    let endCenter = PointPosition(
      x: Double.random(in: 0...2048, using: &rng), y: Double.random(in: 0...1200, using: &rng))
    let endRadius = Double.random(in: 1...2000, using: &rng)
    let angle = Double.random(in: 0..<(2 * Double.pi), using: &rng)
    let distance = endRadius * reach(&rng)
    let focus = PointPosition(x: endCenter.x + distance * cos(angle), y: endCenter.y + distance * sin(angle))
    return TwoCircleGradientParameter(
      startCenter: focus, startRadius: 0, endCenter: endCenter, endRadius: endRadius, map: map,
      largestDrawnParameter: .infinity)
  }

  /// Focal gradients (start radius 0 inside the end circle) are solved in `Float`: within
  /// 1/1000 of a cell (plus 2e-6 relative, for parameters far past the end) of the `Double`
  /// solution, over destinations up to 4096 pixels wide.
  @Test("focal rows in Float stay within a thousandth of a cell of the Double solution")
  func focalRowMatchesDouble() {
    var rng = SeededGenerator(seed: 0xF0CA1)
    var worst = 0.0
    var failures: [String] = []
    var focalCount = 0
    for trial in 0..<300 {
      // The focus anywhere inside the end circle, down to 1/1000 of its radius from the edge.
      let general = Self.focalCircles(trial: trial, &rng) {
        trial % 5 == 0 ? 0.999 : Double.random(in: 0...0.99, using: &$0)
      }
      guard let parameter = FocalGradientParameter(general) else { continue }
      focalCount += 1
      let cells: Float = [256, 1024, 4096][trial % 3]
      let (x, y) = (Int.random(in: -200...4096, using: &rng), Int.random(in: -200...2200, using: &rng))
      Self.forEachPixel(of: parameter.row(y, from: x, cells: cells), from: x) { pixel, value in
        let exact = general.exactParameter(x: pixel, y: y) * Double(cells)
        let error = abs(Double(value) - exact)
        worst = max(worst, error / (1e-3 + 2e-6 * abs(exact)))
        if !(error <= 1e-3 + 2e-6 * abs(exact)) {
          failures.append("trial \(trial), pixel \(pixel): \(value) vs \(exact)")
        }
      }
    }
    #expect(focalCount >= 200, "only \(focalCount) trials made focal parameters")
    let differing = failures.count
    #expect(differing == 0, "worst error \(worst) of the bound; first: \(Array(failures.prefix(5)))")
  }

  /// The cheaper focal rows (``FocalGradientParameter/AxisRow``, no division) cancel on the
  /// focus's near side, so they are taken only where their error bound is within 1/64 of a cell:
  /// every row taken must be that close to the `Double` solution, and rows far from a focus near
  /// the edge (where the bound fails) must be declined. Without the bound the near-edge trials
  /// miss by hundreds of cells (the bound itself is about 1.6 times the worst case, so a slightly
  /// looser one would still pass).
  @Test("focal axis rows stay within 1/64 cell of the Double solution wherever they are taken")
  func focalAxisRowMatchesDouble() {
    var rng = SeededGenerator(seed: 0xA415)
    var failures: [String] = []
    var (taken, declined, worst) = (0, 0, 0.0)
    for trial in 0..<600 {
      let general = Self.focalCircles(trial: trial, &rng) {
        [0.999, 0.99, 0.9, Double.random(in: 0...0.9, using: &$0)][trial % 4]
      }
      guard let parameter = FocalGradientParameter(general) else { continue }
      let cells = [256.0, 1024, 4096][trial % 3]
      let (x, y) = (Int.random(in: -200...4096, using: &rng), Int.random(in: -200...2200, using: &rng))
      guard let row = parameter.axisRow(y, from: x, count: 64, cells: cells) else {
        declined += 1
        continue
      }
      taken += 1
      Self.forEachPixel(of: row, from: x) { pixel, value in
        let exact = general.exactParameter(x: pixel, y: y) * cells
        let error = abs(Double(value) - exact)
        worst = max(worst, error)
        if !(error <= 1.0 / 64) { failures.append("trial \(trial), pixel \(pixel): \(value) vs \(exact)") }
      }
    }
    #expect(taken >= 150 && declined >= 50, "taken \(taken), declined \(declined)")
    let differing = failures.count
    #expect(differing == 0, "worst error \(worst) cells; first: \(Array(failures.prefix(5)))")
  }
}
