import Foundation
import PixelOpsTestSupport
import Testing

@testable import PixelOps

/// Gradients whose colour is constant between hard edges (``GradientStripes``): conic rows and
/// padded concentric radial rows are written as runs between windows around the edges
/// (``GradientRowWriter/writeStripes(_:_:y:columns:into:cells:)``). Checked: which gradients are
/// stripes in each form and their colours (against the stops' solid fills); rows byte for byte
/// against each pixel's colour at its exact parameter on random maps (rotated, sheared,
/// stretched, centres on pixel centres and far away, rows along edges and through the centre,
/// scales from 1e-80 to 1e80); the per-pixel path alike off a conic's start ray; draws against
/// the double reference on any thread count, dithered or not.
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
    func stripes(_ stops: [GradientStop]) throws -> GradientStripes? { try Gradient(stops: stops).table.wrappedStripes }
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
    // Stripes of alternating colours from 0: edges at i / 80 for i in 1 ..< count (wrapping, also
    // 0 where the last stripe, padded to 1, is blue: an even count).
    func alternating(_ count: Int) -> [GradientStop] {
      (0..<count).flatMap { i in
        let color = i % 2 == 0 ? Self.red : Self.blue
        return [Self.stop(Double(i) / 80, color), Self.stop(Double(i + 1) / 80, color)]
      }
    }
    #expect(try Gradient(stops: alternating(65)).table.paddedStripes?.edges.count == 64)
    #expect(try Gradient(stops: alternating(66)).table.paddedStripes == nil)
    #expect(try stripes(alternating(65))?.edges.count == 64)
    #expect(try stripes(alternating(64))?.edges.count == 64)  // 63 and the start ray
    #expect(try stripes(alternating(66)) == nil)
    // Padded: edges at the ends where the colour jumps there; the narrowest stripe.
    let ends = try Gradient(stops: [
      Self.stop(0, Self.blue), Self.stop(0, Self.red), Self.stop(0.5, Self.red), Self.stop(0.5, Self.blue),
      Self.stop(1, Self.blue), Self.stop(1, Self.red),
    ]).table
    #expect(ends.paddedStripes?.edges == [0, 0.5, 1])
    #expect(ends.paddedStripes?.narrowestStripe == 0.5)
    #expect(ends.paddedStripes?.color(ofEdge: 0, after: false, order: .rgba) == bytes(Self.blue))
    #expect(ends.paddedStripes?.color(ofEdge: 2, after: true, order: .rgba) == bytes(Self.red))
    #expect(ends.wrappedStripes?.edges == [0, 0.5])
    #expect(pie.narrowestStripe == 0.5)
    #expect(
      try Gradient(stops: [Self.stop(0.4, Self.red), Self.stop(0.4, Self.blue)]).table.paddedStripes?.narrowestStripe == .infinity
    )
    // The scratch holds three windows per edge of the most edges.
    #expect(GradientRowWriter.cellScratchByteCount / 4 >= 9 * GradientStripes.largestEdgeCount)
    // Shapes: conics wrap under any extend mode, concentric radials only where padded.
    #expect(ConicGradientParameter.stripeForm(under: .repeating) == .wrapping)
    #expect(ConcentricGradientParameter.stripeForm(under: .pad) == .padded)
    #expect(ConcentricGradientParameter.stripeForm(under: .reflecting) == nil)
    #expect(ConcentricGradientParameter.stripeForm(under: .padded(beforeStart: true, afterEnd: false)) == nil)
    #expect(LinearGradientParameter.stripeForm(under: .pad) == nil)
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

  /// The tally of rows written as runs (``compareRows(_:gradient:columns:rows:)``).
  struct RowComparison {
    /// The first differing pixel of each row that differs, described.
    var differences: [String] = []
    /// Rows written as runs, their pixels, and those in an edge's window.
    var runRows = 0, pixels = 0, windowPixels = 0
    /// Pixels off the start ray that the per-pixel path draws otherwise.
    var perPixelDifferences = 0
  }

  /// Rows `rows` of `columns` of `parameter`'s shape of `gradient` written as runs, in both
  /// orders, dithered and not, against each pixel's colour at its exact parameter (padded
  /// beyond the ends: the parameter the per-pixel path's exact cells take; a stripe's colour is
  /// a solid fill, which dithering keeps); and against the per-pixel path
  /// (``GradientRowWriter/drawsStripes`` off), which may differ on a conic's start ray only (its
  /// `Float` angle decides that jump without an exact cell).
  static func compareRows<Parameter: GradientParameter>(
    _ parameter: Parameter, gradient: Gradient, columns: Range<Int>, rows: Range<Int>
  ) throws -> RowComparison {
    let cells = UnsafeMutablePointer<Int32>.allocate(capacity: GradientRowWriter.cellScratchByteCount / 4)
    defer { cells.deallocate() }
    var (runs, pixels) = ([UInt32](repeating: 0, count: columns.count), [UInt32](repeating: 0, count: columns.count))
    var tally = RowComparison()
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
        guard let stripes = writer.stripes(for: Parameter.self) else { continue }
        for y in rows {
          let wrote = runs.withUnsafeMutableBytes {
            writer.writeStripes(parameter, stripes, y: y, columns: columns, into: $0.baseAddress!, cells: cells)
          }
          guard wrote else { continue }
          tally.runRows += 1
          tally.pixels += columns.count
          // The pixels in windows (read back before the next row overwrites the scratch).
          let count = parameter.stripeEdgeWindows(
            row: y, from: columns.lowerBound, count: columns.count, stripes: stripes, into: cells)
          var inWindow = [Bool](repeating: false, count: columns.count)
          for w in 0..<count { for k in Int(cells[3 * w])..<Int(cells[3 * w + 1]) { inWindow[k] = true } }
          tally.windowPixels += inWindow.filter { $0 }.count
          pixels.withUnsafeMutableBytes { perPixel.write(parameter, y: y, columns: columns, into: $0.baseAddress!, cells: cells) }
          tally.perPixelDifferences +=
            columns.enumerated().filter { k, x in
              let t = parameter.exactParameter(x: x, y: y)
              return runs[k] != pixels[k] && (Parameter.self != ConicGradientParameter.self || min(t, 1 - t) > 1e-9)
            }.count
          for (k, x) in columns.enumerated() where runs[k] != exact(x, y) {
            tally.differences.append(
              "\(order) dithers \(dithers) pixel (\(x), \(y)) at t = \(parameter.exactParameter(x: x, y: y)):"
                + " runs \(String(runs[k], radix: 16)), exactly \(String(exact(x, y), radix: 16))")
            break
          }
        }
      }
    }
    return tally
  }

  /// A random centre: on a pixel centre (rows through it), near the rows, or far away.
  static func randomCenter(_ rng: inout SeededGenerator, trial: Int) -> PointPosition {
    switch trial % 5 {
    case 0:
      return PointPosition(
        x: Double(Int.random(in: 0...60, using: &rng)) + 0.5, y: Double(Int.random(in: 0...40, using: &rng)) + 0.5)
    case 1: return PointPosition(x: Double.random(in: -1e4...1e4, using: &rng), y: Double.random(in: -1e4...1e4, using: &rng))
    case 2: return PointPosition(x: Double.random(in: -1e6...1e6, using: &rng), y: Double.random(in: -1e6...1e6, using: &rng))
    default: return PointPosition(x: Double.random(in: -20...80, using: &rng), y: Double.random(in: -20...60, using: &rng))
    }
  }

  /// Trials of random stripes, maps and centres, each `make` a shape's parameter, compared row by
  /// row (``compareRows(_:gradient:columns:rows:)``): no pixel other than its exact colour, the
  /// per-pixel path alike off the start ray, and most pixels decided by runs (windows that
  /// covered whole rows would pass the rest).
  static func checkRandomRows<Parameter: GradientParameter>(
    seed: UInt64, trials: Int, _ make: (inout SeededGenerator, Int, GradientMap) -> Parameter
  ) throws {
    var rng = SeededGenerator(seed: seed)
    var failures: [String] = []
    var total = RowComparison()
    for trial in 0..<trials {
      let stops = Self.stripeStops(&rng)
      let map = Self.randomMap(&rng)
      let parameter = make(&rng, trial, map)
      let x0 = Int.random(in: -30...30, using: &rng)
      let tally = try Self.compareRows(
        parameter, gradient: try Gradient(stops: stops), columns: x0..<(x0 + Int.random(in: 1...300, using: &rng)),
        rows: -5..<45)
      (total.runRows, total.pixels) = (total.runRows + tally.runRows, total.pixels + tally.pixels)
      total.windowPixels += tally.windowPixels
      total.perPixelDifferences += tally.perPixelDifferences
      if let first = tally.differences.first { failures.append("trial \(trial) (\(tally.differences.count) rows): \(first)") }
    }
    #expect(total.runRows > 50 * trials, "only \(total.runRows) rows were written as runs")
    #expect(
      total.windowPixels * 4 < total.pixels, "\(total.windowPixels) of \(total.pixels) pixels were in windows")
    #expect(failures.isEmpty, "\(failures.count) of \(trials) fills differ, first: \(failures.prefix(3))")
    #expect(total.perPixelDifferences == 0, "the per-pixel path differs in \(total.perPixelDifferences) pixels")
  }

  @Test("conic rows as runs: each pixel the colour at its exact parameter, byte for byte, on random maps and stripes")
  func conicRunsMatchTheExactColors() throws {
    try Self.checkRandomRows(seed: 0x57B1, trials: 60) { rng, trial, map in
      // Start angles that put edges along the rows (multiples of an eighth turn), or any.
      let startAngle =
        Bool.random(using: &rng)
        ? Double(Int.random(in: -8...8, using: &rng)) * .pi / 4 : Double.random(in: -7...7, using: &rng)
      return ConicGradientParameter(
        center: Self.randomCenter(&rng, trial: trial), startAngle: startAngle, map: map)
    }
  }

  @Test("concentric radial rows as runs (padded): each pixel the colour at its exact parameter, byte for byte")
  func concentricRunsMatchTheExactColors() throws {
    try Self.checkRandomRows(seed: 0x57B3, trials: 80) { rng, trial, map in
      // Rings about the rows' distance from the centre (near or far), growing or shrinking, from
      // the centre or from a circle, a fraction of a pixel to hundreds wide.
      let center = Self.randomCenter(&rng, trial: trial)
      let (u, v) = map.point(x: 30, y: 20)
      let distance = ((u - center.x) * (u - center.x) + (v - center.y) * (v - center.y)).squareRoot()
      let near = trial % 3 == 0 ? 0 : distance * Double.random(in: 0.5...1, using: &rng)
      let far = distance * Double.random(in: 1.001...3, using: &rng) + Double.random(in: 0...200, using: &rng)
      let (r0, r1) = trial % 4 == 1 ? (far, near) : (near, far)
      return try! ConcentricGradientParameter(center: center, startRadius: r0, endRadius: r1, map: map)
    }
  }

  @Test("runs at extreme scales and on a map whose points round as their large terms do")
  func extremeNumbers() throws {
    let stops = [
      Self.stop(0, Self.red), Self.stop(0.3, Self.red), Self.stop(0.3, Self.blue), Self.stop(0.6, Self.blue),
      Self.stop(0.6, Self.clearGreen), Self.stop(1, Self.clearGreen),
    ]
    let gradient = try Gradient(stops: stops)
    var failures: [String] = []
    for scale in [1e-80, 1e-40, 1, 1e40, 1e80] {
      // The same picture at every scale: points (and radii) in units of 1 / scale.
      let map = GradientMap(scale: scale)
      let center = PointPosition(x: 20 / scale, y: 10 / scale)
      let radial = try ConcentricGradientParameter(center: center, startRadius: 0, endRadius: 100 / scale, map: map)
      let conic = ConicGradientParameter(center: center, startAngle: 0.5, map: map)
      for tally in [
        try Self.compareRows(radial, gradient: gradient, columns: 0..<200, rows: 0..<60),
        try Self.compareRows(conic, gradient: gradient, columns: 0..<200, rows: 0..<60),
      ] {
        if let first = tally.differences.first { failures.append("scale \(scale): \(first)") }
        #expect(tally.runRows > 0)
      }
    }
    // A row whose points are far smaller than their terms (c y is 1e8, the point 1e-3): windows
    // have room for the rounding of each point, not only of the line through them.
    let skewed = GradientMap(a: 1e-9, b: 0, c: 1e5, d: 1, tx: 0.5e-9 + 0.5e5, ty: 0.5)
    let halves = try Gradient(stops: [
      Self.stop(0, Self.red), Self.stop(0.5, Self.red), Self.stop(0.5, Self.blue), Self.stop(1, Self.blue),
    ])
    for offset in stride(from: 0.0, to: 4e-8, by: 1e-9) {
      let ring = try ConcentricGradientParameter(
        center: PointPosition(x: 1e8 + 0.5e5 - 1e-3, y: 1000.5), startRadius: 0,
        endRadius: 2 * (1e-3 + 5e-7 + offset), map: skewed)
      // The edge at 1/2 crosses the row near pixel 500 + offset / 1e-9.
      let tally = try Self.compareRows(ring, gradient: halves, columns: 0..<1000, rows: 1000..<1001)
      if let first = tally.differences.first { failures.append("skewed map, offset \(offset): \(first)") }
    }
    #expect(failures.isEmpty, "\(failures.count) fills differ, first: \(failures.prefix(3))")
  }

  @Test("a fill's rings under 24 pixels wide are written pixel by pixel, wider ones as runs")
  func narrowRingsStayPixelByPixel() throws {
    let gradient = try Gradient(stops: [
      Self.stop(0, Self.red), Self.stop(0.5, Self.red), Self.stop(0.5, Self.blue), Self.stop(0.75, Self.blue),
      Self.stop(0.75, Self.clearGreen), Self.stop(1, Self.clearGreen),
    ])
    let writer = GradientRowWriter(gradient: gradient, extend: .pad, order: .rgba, dithers: false)
    let area = PixelRect(x: 0, y: 0, width: 100, height: 100)
    // The narrowest stripe is a quarter of the radius: 10 pixels at radius 40, 25 at 100; at
    // scale 4, 40; at scale 0.5, 12.5.
    for (radius, scale, runs) in [(40.0, 1.0, false), (100, 1, true), (40, 4, true), (100, 0.5, false)] {
      let parameter = try ConcentricGradientParameter(
        center: PointPosition(x: 50, y: 50), startRadius: 0, endRadius: radius, map: GradientMap(scale: scale))
      let source = GradientRowSource(parameter: parameter, writer: writer, area: area, isOpaque: true)
      #expect(source.writer.drawsStripes == runs, "radius \(radius) scale \(scale)")
    }
  }

  @Test("rows along an edge's ray and through the centre, a jump at t = 1, the centre at -0, rows from one pixel")
  func degenerateRows() throws {
    // Quarters: edges at 0, 1/4, 1/2 and 3/4, so with start angle 0 the centre's row runs along
    // two rays and the centre's column along the other two.
    let clear = StraightColor(red: 1, green: 1, blue: 1, alpha: 0)
    let quarters = [
      Self.stop(0, Self.red), Self.stop(0.25, Self.red), Self.stop(0.25, Self.blue), Self.stop(0.5, Self.blue),
      Self.stop(0.5, Self.clearGreen), Self.stop(0.75, Self.clearGreen), Self.stop(0.75, clear), Self.stop(1, clear),
    ]
    // Red from 0 and just below 1, but blue at 1: an angle rounded up to a whole turn shows blue.
    let jumpAtOne = [
      Self.stop(0, Self.red), Self.stop(0.5, Self.red), Self.stop(0.5, Self.blue), Self.stop(0.75, Self.blue),
      Self.stop(0.75, Self.red), Self.stop(1, Self.red), Self.stop(1, Self.blue),
    ]
    #expect(try Gradient(stops: quarters).table.wrappedStripes?.edges == [0, 0.25, 0.5, 0.75])
    #expect(try Gradient(stops: jumpAtOne).table.wrappedStripes?.edges == [0, 0.5, 0.75])
    var failures: [String] = []
    var runRows = 0
    for stops in [quarters, jumpAtOne] {
      let gradient = try Gradient(stops: stops)
      for scale in [1.0, 2, 3] {
        for center in [
          PointPosition(x: 20, y: 10), PointPosition(x: 20.5, y: 10.5), PointPosition(x: 20.25, y: 10.75),
          PointPosition(x: 0.5, y: 0.5),
        ] {
          // -3π/4 puts the centre pixel of (0.5, 0.5) at (-0, +0), where the polynomial and atan2 differ.
          for angle in [0, Double.pi / 2, -Double.pi, Double.pi / 4, -3 * Double.pi / 4] {
            for columns in [0..<1, 0..<7, 0..<8, 0..<33, 0..<64, -10..<54, 0..<200] {
              let parameter = ConicGradientParameter(center: center, startAngle: angle, map: GradientMap(scale: scale))
              let tally = try Self.compareRows(parameter, gradient: gradient, columns: columns, rows: 0..<Int(25 * scale))
              runRows += tally.runRows
              if let first = tally.differences.first {
                failures.append("scale \(scale) centre \(center) angle \(angle) columns \(columns): \(first)")
              }
            }
          }
        }
      }
    }
    #expect(runRows > 1000)
    #expect(failures.isEmpty, "\(failures.count) fills differ, first: \(failures.prefix(3))")
  }

  @Test("side of an edge: the exact parameter's side away from the edge, undecided on it")
  func sides() throws {
    let gradient = try Gradient(stops: [
      Self.stop(0, Self.red), Self.stop(0.25, Self.red), Self.stop(0.25, Self.blue), Self.stop(0.75, Self.blue),
      Self.stop(0.75, Self.red), Self.stop(1, Self.red),
    ])
    let (wrapped, padded) = (try #require(gradient.table.wrappedStripes), try #require(gradient.table.paddedStripes))
    let conic = ConicGradientParameter(center: PointPosition(x: 50, y: 50), startAngle: 0.3, map: GradientMap(scale: 1))
    let radial = try ConcentricGradientParameter(
      center: PointPosition(x: 50, y: 50), startRadius: 10, endRadius: 40, map: GradientMap(scale: 1))
    var decided = 0
    for y in 0..<100 {
      for x in 0..<100 {
        for (edge, location) in wrapped.edges.enumerated() {
          let t = conic.exactParameter(x: x, y: y)
          // An angle more than 0.01 turn from the edge, and ahead of the centre.
          guard abs(t - location) > 0.01, abs(t - location) < 0.2, abs(Double(x) - 49.5) + abs(Double(y) - 49.5) > 4 else {
            continue
          }
          let side = conic.side(ofEdge: edge, of: wrapped, x: x, y: y)
          #expect(side == (t >= location), "conic pixel (\(x), \(y)) t \(t) edge \(location): \(String(describing: side))")
          decided += 1
        }
        for (edge, location) in padded.edges.enumerated() {
          let t = radial.exactParameter(x: x, y: y)
          guard abs(t - location) > 0.01 else { continue }
          #expect(radial.side(ofEdge: edge, of: padded, x: x, y: y) == (t >= location))
          decided += 1
        }
      }
    }
    #expect(decided > 5000)
    // On an edge, no side: the centre at a pixel centre puts (50, 50) + (0, 20) on the circle of
    // t = 1/3 only approximately, so test a point exactly on a ring instead.
    let ring = try ConcentricGradientParameter(
      center: PointPosition(x: 0.5, y: 0.5), startRadius: 0, endRadius: 40, map: GradientMap(scale: 1))
    #expect(ring.side(ofEdge: 0, of: padded, x: 10, y: 0) == nil)
  }

  @Test("stripe draws: every pixel within 1 of the reference, the same on 1, 2 and 5 threads, dithered or not")
  func drawsMatchTheReference() throws {
    var rng = SeededGenerator(seed: 0x57B2)
    var failures: [String] = []
    for trial in 0..<24 {
      let center = PointPosition(x: Double.random(in: 0...60, using: &rng), y: Double.random(in: 0...40, using: &rng))
      // Conics of random stripes; radials of 2 to 4 stripes at least a fifth of a radius of
      // 150 to 300 points wide (30 pixels and more: runs), crossing the view.
      let radial = trial % 3 == 2
      let shape: GradientShape =
        radial
        ? .radial(center: center, radius: Double.random(in: 150...300, using: &rng))
        : .conic(center: center, startAngle: Double.random(in: -4...4, using: &rng))
      var stops = Self.stripeStops(&rng)
      if radial {
        let edges = (1...Int.random(in: 1...3, using: &rng)).map { Double($0) / 5 + Double.random(in: 0...0.05, using: &rng) }
        let palette = [Self.red, Self.blue, Self.clearGreen, StraightColor(red: 1, green: 1, blue: 1, alpha: 0)]
        stops = [Self.stop(0, palette[0])]
        for (i, edge) in edges.enumerated() { stops += [Self.stop(edge, palette[i]), Self.stop(edge, palette[i + 1])] }
      }
      let c = GradientCase(stops: stops, shape: shape, scale: [1, 2][trial % 2], width: 120, height: 80)
      if radial, case .concentric(let parameter) = try c.makeFill().shape.geometry(map: GradientMap(scale: c.scale), extend: .pad) {
        let stripes = try #require(try c.makeGradient().table.paddedStripes)
        #expect(parameter.runsPay(for: stripes), "trial \(trial): rings too narrow for runs")
      }
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
