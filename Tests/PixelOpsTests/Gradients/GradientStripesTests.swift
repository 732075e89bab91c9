import Foundation
import PixelOpsTestSupport
import Testing

@testable import PixelOps

/// Gradients whose colour is constant between hard edges (``GradientStripes``): conic rows are
/// written as runs between windows around the edges (``GradientRowWriter/writeStripes(_:y:columns:into:cells:)``).
/// Checked: which gradients are stripes and their colours (against the stops' solid fills);
/// rows byte for byte against the per-pixel path on random maps (rotated, sheared, stretched,
/// centres on pixel centres and far away, rows along edges and through the centre); draws
/// against the double reference on any thread count, dithered or not.
@Suite("Gradients of stripes drawn as runs")
struct GradientStripesTests {
  static let red = StraightColor(red: 1, green: 0, blue: 0)
  static let blue = StraightColor(red: 0, green: 0, blue: 1)
  static let clearGreen = StraightColor(red: 0, green: 1, blue: 0, alpha: 0.4)

  static func stop(_ location: Double, _ color: StraightColor) -> GradientStop {
    GradientStop(location: location, color: color)
  }

  @Test("stripes: hard edges between flat stretches, the start ray an edge where the ends differ")
  func stripesOfAFunction() throws {
    func stripes(_ stops: [GradientStop]) throws -> GradientStripes? { try Gradient(stops: stops).table.stripes }
    // A stretch that is not flat, one colour, no stops apart: not stripes.
    #expect(try stripes([Self.stop(0, Self.red), Self.stop(1, Self.blue)]) == nil)
    #expect(try stripes([Self.stop(0, Self.red), Self.stop(1, Self.red)]) == nil)
    #expect(
      try stripes([Self.stop(0, Self.red), Self.stop(0.5, Self.red), Self.stop(0.5, Self.blue), Self.stop(0.8, Self.red)])
        == nil)
    // Red, then blue from 0.25, then red again from 0.75: edges at 0.25 and 0.75; the ends are
    // both red, so the start ray is no edge.
    let pie = try #require(
      try stripes([
        Self.stop(0, Self.red), Self.stop(0.25, Self.red), Self.stop(0.25, Self.blue), Self.stop(0.75, Self.blue),
        Self.stop(0.75, Self.red), Self.stop(1, Self.red),
      ]))
    #expect(pie.edges == [0.25, 0.75])
    // Stops of one colour at one location make no edge; the ends differ, so 0 is an edge.
    let wheel = try #require(
      try stripes([
        Self.stop(0, Self.red), Self.stop(0.3, Self.red), Self.stop(0.3, Self.red), Self.stop(0.6, Self.red),
        Self.stop(0.6, Self.clearGreen), Self.stop(1, Self.clearGreen),
      ]))
    #expect(wheel.edges == [0, 0.6])
    // Colours: the solid fill of the stripe after each edge and before it (wrapping).
    func bytes(_ c: StraightColor) -> UInt32 {
      let p = c.premultiplied
      return UInt32(p.red) | UInt32(p.green) << 8 | UInt32(p.blue) << 16 | UInt32(p.alpha) << 24
    }
    func swapped(_ c: StraightColor) -> UInt32 {
      let p = c.premultiplied
      return UInt32(p.blue) | UInt32(p.green) << 8 | UInt32(p.red) << 16 | UInt32(p.alpha) << 24
    }
    #expect(wheel.color(ofEdge: 0, after: true, order: .rgba) == bytes(Self.red))
    #expect(wheel.color(ofEdge: 0, after: false, order: .rgba) == bytes(Self.clearGreen))
    #expect(wheel.color(ofEdge: 1, after: true, order: .rgba) == bytes(Self.clearGreen))
    #expect(wheel.color(ofEdge: 1, after: false, order: .bgra) == swapped(Self.red))
    #expect(pie.color(ofEdge: 0, after: false, order: .bgra) == swapped(Self.red))
    // More edges than the runs pay for.
    var many: [GradientStop] = []
    for i in 0..<66 {
      let color = i % 2 == 0 ? Self.red : Self.blue
      many += [Self.stop(Double(i) / 66, color), Self.stop(Double(i + 1) / 66, color)]
    }
    #expect(try stripes(many) == nil)
    #expect(try stripes(Array(many.prefix(2 * 60))) != nil)
  }

  /// Random stripes: 1 to 20 edges anywhere, on cell boundaries of the 4096-cell table, at the
  /// ends, or a hair apart; colours opaque and translucent, sometimes the same across an edge.
  static func stripeStops(_ rng: inout SeededGenerator) -> [GradientStop] {
    let count = Int.random(in: 1...20, using: &rng)
    var locations: [Double] = (0..<count).map { _ in
      switch Int.random(in: 0..<5, using: &rng) {
      case 0: Double(Int.random(in: 0...4096, using: &rng)) / 4096
      case 1: [0, 1][Int.random(in: 0...1, using: &rng)]
      default: Double.random(in: 0...1, using: &rng)
      }
    }
    if count > 1, Bool.random(using: &rng) { locations[1] = min(1, locations[0] + 1e-4) }
    locations.sort()
    let palette = [Self.red, Self.blue, Self.clearGreen, StraightColor(red: 1, green: 1, blue: 1, alpha: 0)]
    var color = palette[Int.random(in: 0..<palette.count, using: &rng)]
    var stops = [Self.stop(0, color)]
    for location in locations {
      stops.append(Self.stop(location, color))
      color = palette[Int.random(in: 0..<palette.count, using: &rng)]
      stops.append(Self.stop(location, color))
    }
    stops.append(Self.stop(1, color))
    return stops
  }

  /// A random map from pixels to gradient space: scaled, stretched, rotated or sheared.
  static func randomMap(_ rng: inout SeededGenerator) -> GradientMap {
    switch Int.random(in: 0..<4, using: &rng) {
    case 0: return GradientMap(scale: [1, 2, 2.5][Int.random(in: 0...2, using: &rng)])
    case 1:
      let (sx, sy) = (Double.random(in: 0.2...3, using: &rng), Double.random(in: 0.2...3, using: &rng))
      return GradientMap(a: 1 / sx, b: 0, c: 0, d: 1 / sy, tx: 0.5 / sx, ty: 0.5 / sy)
    default:
      var (a, b, c, d) = (0.0, 0.0, 0.0, 0.0)
      repeat {
        (a, b) = (Double.random(in: -2...2, using: &rng), Double.random(in: -2...2, using: &rng))
        (c, d) = (Double.random(in: -2...2, using: &rng), Double.random(in: -2...2, using: &rng))
      } while abs(a * d - b * c) < 0.1
      return GradientMap(a: a, b: b, c: c, d: d, tx: (a + c) / 2, ty: (b + d) / 2)
    }
  }

  /// Rows `rows` of `columns` of a conic of `stops` written as runs, in both orders, dithered
  /// and not, against each pixel's colour at its exact parameter (`atan2`, the parameter the
  /// per-pixel path's exact cells take; a stripe's colour is a solid fill, which dithering
  /// keeps): the rows that differ (described), how many rows were written as runs, and how many
  /// pixels off the start ray the per-pixel path (``GradientRowWriter/drawsStripes`` off) draws
  /// otherwise (on it, its `Float` angle decides the jump without an exact cell).
  static func compareRows(
    stops: [GradientStop], center: PointPosition, startAngle: Double, map: GradientMap, columns: Range<Int>,
    rows: Range<Int>
  ) throws -> (differences: [String], runRows: Int, perPixelDifferences: Int) {
    let gradient = try Gradient(stops: stops)
    let parameter = ConicGradientParameter(center: center, startAngle: startAngle, map: map)
    let cells = UnsafeMutablePointer<Int32>.allocate(capacity: GradientRowWriter.cellScratchByteCount / 4)
    defer { cells.deallocate() }
    var (runs, pixels) = ([UInt32](repeating: 0, count: columns.count), [UInt32](repeating: 0, count: columns.count))
    var differences: [String] = []
    var (runRows, perPixelDifferences) = (0, 0)
    for order in [ChannelOrder.rgba, .bgra] {
      func exact(_ x: Int, _ y: Int) -> UInt32 {
        let value = gradient.function.evaluate(parameter.exactParameter(x: x, y: y)).value
        let c = value.rounded(.toNearestOrAwayFromZero)
        let (r, g, b) = order == .rgba ? (c.x, c.y, c.z) : (c.z, c.y, c.x)
        return UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(c.w) << 24
      }
      for dithers in [false, true] {
        let writer = GradientRowWriter(gradient: gradient, extend: .pad, order: order, dithers: dithers)
        var perPixel = writer
        perPixel.drawsStripes = false
        for y in rows {
          let wrote = runs.withUnsafeMutableBytes {
            writer.writeStripes(parameter, y: y, columns: columns, into: $0.baseAddress!, cells: cells)
          }
          guard wrote else { continue }
          runRows += 1
          pixels.withUnsafeMutableBytes { perPixel.write(parameter, y: y, columns: columns, into: $0.baseAddress!, cells: cells) }
          // Differences off the start ray (t within 1e-9 of a whole turn) are counted.
          perPixelDifferences +=
            columns.enumerated().filter { k, x in
              let t = parameter.exactParameter(x: x, y: y)
              return runs[k] != pixels[k] && min(t, 1 - t) > 1e-9
            }.count
          for (k, x) in columns.enumerated() where runs[k] != exact(x, y) {
            differences.append(
              "\(order) dithers \(dithers) pixel (\(x), \(y)) at t = \(parameter.exactParameter(x: x, y: y)):"
                + " runs \(String(runs[k], radix: 16)), exactly \(String(exact(x, y), radix: 16))")
            break
          }
        }
      }
    }
    return (differences, runRows, perPixelDifferences)
  }

  @Test("rows as runs: each pixel the colour at its exact parameter, byte for byte, on random maps and stripes")
  func runsMatchThePerPixelPath() throws {
    var rng = SeededGenerator(seed: 0x57B1)
    var failures: [String] = []
    var (runRows, perPixelDifferences) = (0, 0)
    for trial in 0..<60 {
      let stops = Self.stripeStops(&rng)
      let map = Self.randomMap(&rng)
      // Centres in the rows, on pixel centres (rows through the centre), or far away.
      let center: PointPosition
      switch trial % 4 {
      case 0:
        center = PointPosition(
          x: Double(Int.random(in: 0...60, using: &rng)) + 0.5, y: Double(Int.random(in: 0...40, using: &rng)) + 0.5)
      case 1: center = PointPosition(x: Double.random(in: -1e4...1e4, using: &rng), y: Double.random(in: -1e4...1e4, using: &rng))
      default: center = PointPosition(x: Double.random(in: -20...80, using: &rng), y: Double.random(in: -20...60, using: &rng))
      }
      // Start angles that put edges along the rows (multiples of an eighth turn), or any.
      let startAngle =
        Bool.random(using: &rng)
        ? Double(Int.random(in: -8...8, using: &rng)) * .pi / 4 : Double.random(in: -7...7, using: &rng)
      let x0 = Int.random(in: -30...30, using: &rng)
      let (differences, rows, perPixel) = try Self.compareRows(
        stops: stops, center: center, startAngle: startAngle, map: map,
        columns: x0..<(x0 + Int.random(in: 1...300, using: &rng)), rows: -5..<45)
      runRows += rows
      perPixelDifferences += perPixel
      if let first = differences.first { failures.append("trial \(trial) (\(differences.count) rows): \(first)") }
    }
    #expect(runRows > 5000, "only \(runRows) rows were written as runs")
    #expect(failures.isEmpty, "\(failures.count) of 60 fills differ, first: \(failures.prefix(3))")
    // The per-pixel path differs from the exact parameter's colour only on the start ray.
    #expect(perPixelDifferences == 0, "the per-pixel path differs off the start ray in \(perPixelDifferences) pixels")
  }

  @Test("rows along an edge's ray and through the centre, and rows of any length from one pixel")
  func degenerateRows() throws {
    // Quarters: edges at 0, 1/4, 1/2 and 3/4, so with start angle 0 the centre's row runs along
    // two rays and the centre's column along the other two.
    let clear = StraightColor(red: 1, green: 1, blue: 1, alpha: 0)
    let quarters = [
      Self.stop(0, Self.red), Self.stop(0.25, Self.red), Self.stop(0.25, Self.blue), Self.stop(0.5, Self.blue),
      Self.stop(0.5, Self.clearGreen), Self.stop(0.75, Self.clearGreen), Self.stop(0.75, clear), Self.stop(1, clear),
    ]
    #expect(try Gradient(stops: quarters).table.stripes?.edges == [0, 0.25, 0.5, 0.75])
    var failures: [String] = []
    var runRows = 0
    for scale in [1.0, 2, 3] {
      for center in [PointPosition(x: 20, y: 10), PointPosition(x: 20.5, y: 10.5), PointPosition(x: 20.25, y: 10.75)] {
        for angle in [0, Double.pi / 2, -Double.pi, Double.pi / 4] {
          for width in [1, 7, 8, 33, 64, 200] {
            let (differences, rows, _) = try Self.compareRows(
              stops: quarters, center: center, startAngle: angle, map: GradientMap(scale: scale),
              columns: 0..<width, rows: 0..<Int(25 * scale))
            runRows += rows
            if let first = differences.first { failures.append("scale \(scale) centre \(center) angle \(angle): \(first)") }
          }
        }
      }
    }
    #expect(runRows > 1000)
    #expect(failures.isEmpty, "\(failures.count) fills differ, first: \(failures.prefix(3))")
  }

  @Test("stripe draws: every pixel within 1 of the reference, the same on 1, 2 and 5 threads, dithered or not")
  func drawsMatchTheReference() throws {
    var rng = SeededGenerator(seed: 0x57B2)
    var failures: [String] = []
    for trial in 0..<16 {
      let center = GradientRandom.point(&rng, width: 120, height: 80, margin: 40)
      let c = GradientCase(
        stops: Self.stripeStops(&rng), shape: .conic(center: center, startAngle: Double.random(in: -4...4, using: &rng)),
        scale: [1, 2][trial % 2], width: 120, height: 80)
      var random: SeededGenerator? = nil
      let before = try GradientCanvas(for: c, random: &random)
      let (mismatch, threadsAgree) = try GradientMirroredRowTests.drawOnSeveralThreads(c, over: before)
      if let mismatch { failures.append("trial \(trial) \(c): \(mismatch)") }
      #expect(threadsAgree, "trial \(trial): threads differ")
      var dithered = c
      dithered.dithers = true
      var (plainCanvas, ditheredCanvas) = (before, before)
      try plainCanvas.draw(c)
      try ditheredCanvas.draw(dithered)
      #expect(plainCanvas.allBytes() == ditheredCanvas.allBytes(), "trial \(trial): dithering changed stripes")
    }
    #expect(failures.isEmpty, "\(failures.count) draws differ, first: \(failures.prefix(3))")
  }
}
