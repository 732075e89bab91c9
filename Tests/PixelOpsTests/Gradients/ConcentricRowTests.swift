import PixelOpsTestSupport
import Testing

@testable import PixelOps

/// Concentric radial rows along which v is constant take a row without v lanes or sign
/// (``ConcentricGradientParameter/GrowingRowAlongU``); its entries must be the general row's,
/// bit for bit: the same lanes of u, the same v, the same square root.
@Suite("Concentric radial rows without v lanes give the general row's entries")
struct ConcentricRowTests {
  @Test("unrotated maps at several scales, shears and radii, every extend, any chunk start")
  func fastRowMatchesTheGeneralRow() throws {
    var rng = SeededGenerator(seed: 0x5AD1A1)
    var failures: [String] = []
    for trial in 0..<200 {
      var map = GradientMap(scale: [1.0, 2.0, 0.37, 3.0][trial % 4])
      if trial % 3 == 0 { map.c = Double.random(in: -1...1, using: &rng) }  // sheared, still constant v per row
      map.d *= Double.random(in: 0.5...2, using: &rng)  // an ellipse
      let center = PointPosition(x: Double.random(in: -50...300, using: &rng), y: Double.random(in: -20...80, using: &rng))
      let startRadius = trial % 2 == 0 ? 0 : Double.random(in: 0...40, using: &rng)
      let endRadius = startRadius + Double.random(in: 0.5...400, using: &rng)
      let parameter = try ConcentricGradientParameter(
        center: center, startRadius: startRadius, endRadius: endRadius, map: map)
      let extend = GradientRandom.extends[trial % GradientRandom.extends.count]
      let layout = GradientCellLayout(count: [256, 1024, 4096][trial % 3], extend: extend)
      let count = [1, 3, 4, 7, 100, 1024][trial % 6]
      let (x, y) = (Int.random(in: -100...300, using: &rng), Int.random(in: -30...100, using: &rng))
      let (fast, general) = gradientEntriesBothWays(parameter, row: y, from: x, count: count, layout: layout)
      if fast != general {
        failures.append("trial \(trial): first difference at \((0..<count).first { fast[$0] != general[$0] }!)")
      }
    }
    #expect(failures.isEmpty, "\(failures.prefix(5))")
  }
}
