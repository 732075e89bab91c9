import Foundation
import PixelOpsTestSupport
import Testing

@testable import PixelOps

/// A conic gradient's rows take one octant formula per run of pixels away from the fold lines
/// (``ConicCells``, ``ConicRuns``) and the per-pixel fold near them. The entries must be those of
/// the per-pixel fold everywhere (``GradientParameter/writeSteppedEntries(row:from:count:layout:into:)``),
/// except a cell apart where the angle lies on a cell boundary (the two formulas round
/// differently); the start ray, where the fold jumps a whole turn, must never differ.
@Suite("Conic gradient runs give the per-pixel fold's entries")
struct ConicRunsTests {
  static let n = 4096

  /// Run-path and per-pixel entries of `count` pixels of row `y` from `x`, plain (the shorter
  /// arctangent polynomial) and with fine parameters (the finer one); the mismatches that are not a one-cell
  /// rounding at a cell boundary.
  func mismatches(_ parameter: ConicGradientParameter, y: Int, x: Int, count: Int) -> [String] {
    mismatches(parameter, y: y, x: x, count: count, fine: false, polynomial: ArctangentDegree5.self)
      + mismatches(parameter, y: y, x: x, count: count, fine: true, polynomial: ArctangentDegree7.self)
  }

  func mismatches<Polynomial: ArctangentPolynomial>(
    _ parameter: ConicGradientParameter, y: Int, x: Int, count: Int, fine: Bool, polynomial: Polynomial.Type
  ) -> [String] {
    let layout = GradientCellLayout(count: Self.n, extend: .pad, needsFineParameters: fine)
    var runs = [Int32](repeating: -1, count: count + 3)
    runs.withUnsafeMutableBufferPointer {
      parameter.writeCells(row: y, from: x, count: count, layout: layout, into: $0.baseAddress!)
    }
    let row = CentredRow(map: parameter.map, y: y, x: x)
    let angle = GradientAngle<Polynomial>(unit: Float(Self.n))
    var found: [String] = []
    for k in 0..<count {
      // The per-pixel fold's p, from the same lanes, and its entry; the entry changes where
      // p + 1/64 crosses a whole number (GradientIndexing). A few units in the last place of p
      // from there, the two formulas may round to either side.
      let turns = angle.turns(u: row.point(at: k).u, v: row.point(at: k).v)
      let folded = UnitRangeCells().entries(turns)[0] & layout.entryMask
      guard runs[k] != folded else { continue }
      let p = Double(turns[0]) + 1.0 / 64
      let nearBoundary = abs(p - p.rounded()) < 0.002
      if abs(Int(runs[k]) - Int(folded)) > 1 || !nearBoundary {
        found.append("\(Polynomial.self) row \(y) pixel \(x + k): runs \(runs[k]), per-pixel \(folded), p \(p)")
      }
    }
    return found
  }

  @Test("axis-aligned and rotated maps, centres on pixel centres, corners and anywhere, every chunk start")
  func runsMatchThePerPixelFold() throws {
    var rng = SeededGenerator(seed: 0xC0_41C)
    var failures: [String] = []
    for trial in 0..<300 {
      // Centres on pixel centres and corners put fold lines (and the start ray) through lanes
      // exactly; right angles keep v constant along a row.
      let snap = [0.5, 0.0, Double.random(in: 0..<1, using: &rng)][trial % 3]
      let center = PointPosition(
        x: Double(Int.random(in: -20...300, using: &rng)) + snap, y: Double(Int.random(in: -20...60, using: &rng)) + snap)
      let angle = trial % 2 == 0 ? Double(Int.random(in: -4...4, using: &rng)) * .pi / 2 : Double.random(in: -7...7, using: &rng)
      let scale = [1.0, 2.0, 3.0, 0.37][Int.random(in: 0..<4, using: &rng)]
      var map = GradientMap(scale: scale)
      if trial % 5 == 0 { map.c = Double.random(in: -1...1, using: &rng) }  // sheared rows
      if trial % 7 == 0 { map.b = Double.random(in: -0.5...0.5, using: &rng) }
      let parameter = ConicGradientParameter(center: center, startAngle: angle, map: map)
      let count = [1, 3, 4, 5, 63, 400, 1024][trial % 7]
      let x = Int.random(in: -50...200, using: &rng)
      for y in [Int(center.y * scale), Int(center.y * scale) - 1, Int.random(in: -10...80, using: &rng)] {
        failures += mismatches(parameter, y: y, x: x, count: count)
      }
    }
    #expect(failures.isEmpty, "\(failures.count) mismatches, first: \(failures.prefix(4))")
  }

  @Test("a row along the start ray through the centre: 0 on the ray, half a turn behind the centre")
  func rowThroughTheCentre() {
    // Centre at a pixel centre: pixels of row 10 lie on v = 0 exactly, the ray (u > 0) at angle 0.
    let parameter = ConicGradientParameter(center: PointPosition(x: 40.5, y: 10.5), startAngle: 0, map: GradientMap(scale: 1))
    let layout = GradientCellLayout(count: Self.n, extend: .pad)
    var cells = [Int32](repeating: -1, count: 100 + 3)
    cells.withUnsafeMutableBufferPointer { parameter.writeCells(row: 10, from: 0, count: 100, layout: layout, into: $0.baseAddress!) }
    // Entry floor(p) + 1: cell 0 on the ray, the middle cell behind the centre.
    #expect(cells[41..<100].allSatisfy { $0 == 1 }, "\(Array(cells[41..<100]))")
    #expect(cells[0..<40].allSatisfy { $0 == Int32(Self.n / 2 + 1) }, "\(Array(cells[0..<40]))")
  }

  @Test("runs cover the chunk in order, and fold lines crossing it are left to the per-pixel fold")
  func runsCoverTheChunk() {
    // v = 5 on the whole row (dv = 0), u from -100: crossings of v = ±u at u = ±5 (pixels 95, 105).
    var runs: [(Range<Int>, ConicFold?)] = []
    ConicRuns.forEachRun(u0: -100, v0: 5, du: 1, dv: 0, count: 300, vLanesAreNegative: false) { runs.append(($0, $1)) }
    #expect(runs.map(\.0.lowerBound) == [0] + runs.dropLast().map(\.0.upperBound))
    #expect(runs.last?.0.upperBound == 300)
    let folds = runs.map(\.1)
    #expect(folds.count == 5)
    #expect(folds[0] == ConicFold(u: -1, v: 0.1, vIsNegative: false))  // flat, half a turn
    #expect(folds[1] == nil && runs[1].0.contains(95))
    #expect(folds[2] == ConicFold(u: 0, v: 1, vIsNegative: false))  // steep, a quarter
    #expect(folds[3] == nil && runs[3].0.contains(105))
    #expect(folds[4] == ConicFold(u: 1, v: 0.1, vIsNegative: false))  // flat, 0
  }
}
