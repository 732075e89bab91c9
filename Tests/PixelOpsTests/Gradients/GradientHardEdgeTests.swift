import Foundation
import PixelOpsTestSupport
import Testing

@testable import PixelOps

/// A hard edge's cell is evaluated exactly; a pixel whose computed parameter is off by a fraction
/// of a cell must not land on the far side of the edge in the neighbouring cell (its colour would
/// be off by the whole edge). The band where that can happen is as wide as the parameter's error,
/// so tables with exact cells take the shapes' fine forms (``GradientCellLayout/needsFineParameters``):
/// with the degree-5 conic polynomial (0.4 cell) this test failed 5 of its 12 conic fills.
@Suite("Pixels next to a hard edge take the side of the edge they lie on")
struct GradientHardEdgeTests {
  /// Black to white over t 0...0.1 (steep enough for a 4096-cell table), white up to a hard edge
  /// to black at `edge`, black after.
  static func stops(edge: Double) -> [GradientStop] {
    let (black, white) = (StraightColor(red: 0, green: 0, blue: 0), StraightColor(red: 1, green: 1, blue: 1))
    return [
      GradientStop(location: 0, color: black), GradientStop(location: 0.1, color: white),
      GradientStop(location: edge, color: white), GradientStop(location: edge, color: black),
      GradientStop(location: 1, color: black),
    ]
  }

  /// The first pixel of a `size` x `size` fill of ``stops(edge:)`` in `shape` that is not within
  /// 1 of the reference, if any.
  static func firstMismatch(edge: Double, shape: GradientShape, size: Int) throws -> String? {
    let c = GradientCase(stops: stops(edge: edge), shape: shape, width: size, height: size)
    var random: SeededGenerator? = nil
    var canvas = try GradientCanvas(for: c, random: &random)
    let before = canvas
    try canvas.draw(c)
    return try GradientPropertyTests.firstMismatch(c, canvas: canvas, before: before, tolerance: 1)
  }

  @Test("rotated conic and focal radial fills with an edge anywhere: every pixel within 1 of the reference")
  func pixelsBesideAnEdgeMatchTheReference() throws {
    #expect(try Gradient(stops: Self.stops(edge: 0.5)).table.cellCount == 4096)
    var rng = SeededGenerator(seed: 0xED6E)
    var failures: [String] = []
    for trial in 0..<24 {
      let edge = Double.random(in: 0.2...0.9, using: &rng)
      let shape: GradientShape =
        trial % 2 == 0
        ? .conic(center: PointPosition(x: 150.3, y: 149.7), startAngle: Double.random(in: 0.1...6, using: &rng))
        : .radial(
          startCenter: PointPosition(x: 120, y: 140), startRadius: 0, endCenter: PointPosition(x: 150, y: 150),
          endRadius: Double.random(in: 120...200, using: &rng))
      if let mismatch = try Self.firstMismatch(edge: edge, shape: shape, size: 300) {
        failures.append("trial \(trial), edge \(edge), \(shape): \(mismatch)")
      }
    }
    #expect(failures.isEmpty, "\(failures.count) fills differ, first: \(failures.prefix(3))")
  }

  /// An edge just inside a cell, a hair from its boundary: a pixel just past it whose angle comes
  /// out short lands in the neighbouring cell, which must be exact too (``GradientColorTable/edgeMargin``;
  /// without it this failed 4 of 16 fills).
  @Test("conic fills with an edge a hair from a cell boundary: every pixel within 1 of the reference")
  func edgesBesideACellBoundaryMatchTheReference() throws {
    var rng = SeededGenerator(seed: 0xB0DE)
    var failures: [String] = []
    for trial in 0..<16 {
      // 0.004 or 0.04 cell (1e-6 or 1e-5 in t) above or below boundary k/4096.
      let offset = [0.004, 0.04][trial % 2] * (trial % 4 < 2 ? 1 : -1)
      let edge = (Double(Int.random(in: 820...3680, using: &rng)) + offset) / 4096
      let shape = GradientShape.conic(
        center: PointPosition(x: 300.3, y: 299.7), startAngle: Double.random(in: 0.1...6, using: &rng))
      if let mismatch = try Self.firstMismatch(edge: edge, shape: shape, size: 600) {
        failures.append("trial \(trial), edge \(edge), \(shape): \(mismatch)")
      }
    }
    #expect(failures.isEmpty, "\(failures.count) fills differ, first: \(failures.prefix(3))")
  }
}

/// An exact cell holding one hard edge between flat stretches gives its pixels a side's solid
/// bytes without evaluating the colour function (``GradientColorTable/flatEdge(at:)``): for
/// every `t` in such a cell they must be what the function gives; cells holding anything else
/// (a ramp, two edges) must be left to the function.
@Suite("Flat-edge cells give the colour function's bytes")
struct GradientFlatEdgeTests {
  /// Runs of one colour with hard edges, some ramps between them, edges at any location and on
  /// cell boundaries; edges at 0 and at 1, and three stops at one location, now and then.
  static func randomHardStops(using rng: inout SeededGenerator) -> [GradientStop] {
    var stops: [GradientStop] = []
    var location = 0.0
    while location < 1 {
      let color = StraightColor(
        red: Double.random(in: 0...1, using: &rng), green: Double.random(in: 0...1, using: &rng),
        blue: Double.random(in: 0...1, using: &rng), alpha: [1, 0.5, 0][Int.random(in: 0...2, using: &rng)])
      let end = min(1, location + (Bool.random(using: &rng) ? 1.0 / 64 : Double.random(in: 0.001...0.2, using: &rng)))
      stops.append(GradientStop(location: location, color: color))
      if Int.random(in: 0..<4, using: &rng) > 0 { stops.append(GradientStop(location: end, color: color)) }
      location = end
    }
    let black = StraightColor(red: 0, green: 0, blue: 0, alpha: 1)
    if Bool.random(using: &rng) { stops.insert(GradientStop(location: 0, color: black), at: 0) }
    if Bool.random(using: &rng) { stops.append(GradientStop(location: 1, color: black)) }
    if Bool.random(using: &rng), let middle = stops.indices.randomElement(using: &rng) {
      stops.insert(stops[middle], at: middle)
    }
    return stops
  }

  @Test("random hard-stop gradients: every shortcut equals the evaluated colour")
  func shortcutsMatchTheFunction() throws {
    var rng = SeededGenerator(seed: 0xF1A7)
    var (taken, declined) = (0, 0)
    var failures: [String] = []
    for _ in 0..<60 {
      let stops = Self.randomHardStops(using: &rng)
      let function = GradientColorFunction(stops: stops, interpolation: .straight)
      let table = GradientColorTable(function)
      let n = table.cellCount
      func check(_ t: Double) {
        guard let bytes = table.flatEdge(at: t) else {
          declined += 1
          return
        }
        taken += 1
        let expected = GradientColorTable.rounded(function.evaluate(t).value)
        if GradientColorTable.unpack8(bytes) != expected {
          failures.append("t \(t) of \(n) cells: \(bytes) vs \(expected)")
        }
      }
      for cell in 0..<n {
        for _ in 0..<4 {
          let offset = [0, 1, Double.random(in: 0...1, using: &rng)][Int.random(in: 0...2, using: &rng)]
          check((Double(cell) + offset) / Double(n))
        }
      }
      // Each stop's location and its neighbours.
      for stop in function.stops {
        for t in [stop.location.nextDown, stop.location, stop.location.nextUp] where (0...1).contains(t) { check(t) }
      }
    }
    #expect(taken > 100 && declined > 100, "taken \(taken), declined \(declined)")
    #expect(failures.isEmpty, "\(failures.count) differ, first: \(failures.prefix(3))")
  }

  @Test("a gradient with a hard edge takes the finest table, one without the size its slopes need")
  func hardEdgesTakeTheFinestTable() throws {
    let orange = StraightColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    let blue = StraightColor(red: 0, green: 0, blue: 1, alpha: 1)
    let edge = [
      GradientStop(location: 0, color: orange), GradientStop(location: 0.5, color: orange),
      GradientStop(location: 0.5, color: blue), GradientStop(location: 1, color: blue),
    ]
    #expect(try Gradient(stops: edge).table.cellCount == GradientColorTable.largestCellCount)
    var stripes: [GradientStop] = []
    for stripe in 0..<16 {
      let color = stripe % 2 == 0 ? orange : blue
      stripes.append(GradientStop(location: Double(stripe) / 16, color: color))
      stripes.append(GradientStop(location: Double(stripe + 1) / 16, color: color))
    }
    #expect(try Gradient(stops: stripes).table.cellCount == GradientColorTable.largestCellCount)
    // Two stops of one colour at one location are no edge: a gentle ramp after them needs only
    // the smallest table.
    let paler = StraightColor(red: 0.9, green: 0.5, blue: 0.1, alpha: 1)
    let noEdge = [edge[0], edge[1], GradientStop(location: 0.5, color: orange), GradientStop(location: 1, color: paler)]
    #expect(try Gradient(stops: noEdge).table.cellCount == GradientColorTable.smallestCellCount)
  }

  @Test("a side decided from a near parameter is every parameter's within the error")
  func nearSidesHoldForEveryParameterWithinTheError() throws {
    var rng = SeededGenerator(seed: 0x5EA2)
    var (taken, declined) = (0, 0)
    var failures: [String] = []
    // Random hard stops, and edges a hair from each end (whose cells' ranges reach past 0 and 1).
    let (red, green, blue) = (
      StraightColor(red: 1, green: 0, blue: 0), StraightColor(red: 0, green: 1, blue: 0),
      StraightColor(red: 0, green: 0, blue: 1)
    )
    let nearEnds = [
      GradientStop(location: 1e-4, color: red), GradientStop(location: 1e-4, color: green),
      GradientStop(location: 1 - 1e-4, color: green), GradientStop(location: 1 - 1e-4, color: blue),
    ]
    for trial in 0..<42 {
      let stops = trial < 40 ? Self.randomHardStops(using: &rng) : nearEnds
      let function = GradientColorFunction(stops: stops, interpolation: .straight)
      let table = GradientColorTable(function)
      // Near each stop (where the sides are decided or declined) and anywhere in a cell.
      var samples = function.stops.flatMap { stop in
        (0..<8).map { _ in stop.location + Double.random(in: -4e-5...4e-5, using: &rng) }
      }
      samples += (0..<2000).map { _ in Double.random(in: -0.01...1.01, using: &rng) }
      // Within a cell of either end, where the 0...1 guard decides.
      samples += (0..<200).map { i in Double(i % 2) + Double.random(in: -3e-5...3e-5, using: &rng) }
      for t in samples {
        let error = [0, 1e-7, ArctangentDegree7.largestTurnsError, 1e-3][Int.random(in: 0...3, using: &rng)]
        guard let bytes = table.flatEdge(near: t, within: error) else {
          declined += 1
          continue
        }
        taken += 1
        // Every parameter the exact one could be: the ends, the middle, random ones.
        let candidates = [t - error, t, t + error] + (0..<6).map { _ in t + Double.random(in: -error...error, using: &rng) }
        // What the exact path gives them under every extend mode: the parameter extended
        // (a mode that draws nothing there must not have been answered), then the function.
        for exact in candidates {
          for extend in [GradientExtend.pad, .none, .repeating, .reflecting] {
            let expected = extend.extended(exact).map { GradientColorTable.rounded(function.evaluate($0).value) }
            if GradientColorTable.unpack8(bytes) != expected {
              failures.append("near \(t) ± \(error), exact \(exact), \(extend): \(bytes) vs \(expected as Any)")
            }
          }
          // The exact path itself: the flat edge of the exact parameter's cell, or the function.
          let exactPath =
            table.flatEdge(at: exact) ?? GradientColorTable.pack8(GradientColorTable.rounded(function.evaluate(exact).value))
          if exactPath != bytes {
            failures.append("near \(t) ± \(error), exact \(exact): \(bytes), the exact path \(exactPath)")
          }
        }
      }
    }
    #expect(taken > 1000 && declined > 1000, "taken \(taken), declined \(declined)")
    #expect(failures.isEmpty, "\(failures.count) differ, first: \(failures.prefix(3))")
  }
}
