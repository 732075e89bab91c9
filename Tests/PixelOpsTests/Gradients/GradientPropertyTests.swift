import PixelOps
import PixelOpsTestSupport
import Testing

/// Random gradients, shapes, extend modes, scales, rects, view offsets and byte orders, drawn with
/// ``BlendMode/copy`` (so each written pixel is the gradient's own pixel): every pixel must be
/// within 1 of the double-precision ``GradientReference`` at its centre, and every pixel outside
/// the drawn rect (and outside the view) must be untouched.
@Suite("Gradient fill matches the reference")
struct GradientPropertyTests {
  static let seeds: [GradientRandom.ShapeKind: UInt64] = [.linear: 0x11, .concentric: 0x22, .twoCircle: 0x33, .conic: 0x44]

  /// Checks one drawn case against the reference; returns the first mismatch, if any.
  static func firstMismatch(
    _ c: GradientCase, canvas: GradientCanvas, before: GradientCanvas, tolerance: Int = 1
  ) throws -> String? {
    let reference = c.reference
    let drawn = try c.drawnPixels()
    let buffer = canvas.buffer
    for by in 0..<buffer.height {
      for bx in 0..<buffer.width {
        let actual = canvas.pixel(bufferX: bx, bufferY: by)
        let (x, y) = (bx - canvas.viewRect.x, by - canvas.viewRect.y)
        if x >= drawn.x && x < drawn.x + drawn.width && y >= drawn.y && y < drawn.y + drawn.height {
          if !reference.accepts(actual, x: x, y: y, tolerance: tolerance) {
            let exact = reference.exactPixel(x: x, y: y).map { " exactly \($0) (a flat stretch or undrawn)" } ?? ""
            let place = reference.place(x: x, y: y).map { "\($0)" } ?? "not drawn"
            return "pixel (\(x), \(y)) at \(place): expected \(reference.bytes(x: x, y: y))\(exact) got \(actual)"
              + " (unrounded \(reference.value(x: x, y: y)))"
          }
        } else {
          let old = before.pixel(bufferX: bx, bufferY: by)
          if actual != old { return "pixel (\(x), \(y)) outside the drawn pixels \(drawn) changed: \(old) -> \(actual)" }
        }
      }
    }
    return nil
  }

  /// Plain: every pixel within 1 of the reference. Dithered (no per-pixel promise beyond the
  /// flat stretches): within 2 as a sanity bound. Both: exactly a solid fill's pixel deep in flat
  /// stretches (see ``GradientReference/exactPixel(x:y:)``), transparent where nothing is drawn.
  @Test("every pixel is within 1 of the reference, flat stretches exact", arguments: GradientScenario.all)
  func matchesReference(_ scenario: GradientScenario) throws {
    let kind = scenario.kind
    var rng = SeededGenerator(seed: Self.seeds[kind]! &+ (scenario.dithers ? 0x100 : 0))
    var failures = 0
    for trial in 0..<(scenario.dithers ? 40 : 100) {
      let c = GradientRandom.gradientCase(kind, &rng, dithers: scenario.dithers)
      var random: SeededGenerator? = SeededGenerator(seed: rng.next())
      var canvas = try GradientCanvas(for: c, random: &random)
      let before = canvas
      try canvas.draw(c)
      if let mismatch = try Self.firstMismatch(c, canvas: canvas, before: before, tolerance: scenario.dithers ? 2 : 1) {
        Issue.record("\(scenario.testDescription) trial \(trial): \(c): \(mismatch)")
        failures += 1
        if failures >= 6 { return }
      }
    }
  }

  @Test("Gradient.stops are the stops sorted stably by location, locations and components clamped")
  func stopsAreSortedAndClamped() throws {
    var rng = SeededGenerator(seed: 0x5709)
    for trial in 0..<60 {
      let stops = GradientRandom.stops(&rng)
      let gradient = try Gradient(stops: stops)
      func unit(_ v: Double) -> Double { min(max(v, 0), 1) }
      let expected = stops.enumerated()
        .map { index, s in
          (
            index,
            GradientStop(
              location: unit(s.location),
              color: StraightColor(
                red: unit(s.color.red), green: unit(s.color.green), blue: unit(s.color.blue), alpha: unit(s.color.alpha)))
          )
        }
        .sorted { $0.1.location != $1.1.location ? $0.1.location < $1.1.location : $0.0 < $1.0 }.map(\.1)
      #expect(gradient.stops == expected, "trial \(trial): \(stops)")
    }
  }

  @Test(
    "hard edge: at exactly a shared location the later stop shows; before the first stop its colour, after the last the last")
  func hardEdgeBelongsToLaterStop() throws {
    let a = StraightColor(red: 1, green: 0, blue: 0)
    let b = StraightColor(red: 0, green: 0, blue: 1)
    let c = StraightColor(red: 0, green: 1, blue: 0)
    // Stops given out of order: sorted stably, (0.5, a) stays before (0.5, b).
    let stops = [
      GradientStop(location: 0.5, color: a), GradientStop(location: 0.75, color: c), GradientStop(location: 0.5, color: b),
      GradientStop(location: 0.25, color: a),
    ]
    // A horizontal axis over 8 pixels: pixel x shows t = (x + 0.5) / 8; pixel 3.5 is not a
    // pixel, so shift the axis by half a pixel to put a centre on t = 0.5 exactly.
    let shape = GradientShape.linear(start: PointPosition(x: 0.5, y: 0), end: PointPosition(x: 8.5, y: 0))
    var none: SeededGenerator? = nil
    var canvas = try GradientCanvas(width: 10, height: 1, format: .rgba8Premultiplied, random: &none)
    let gradientCase = GradientCase(stops: stops, shape: shape, width: 10, height: 1)
    try canvas.draw(gradientCase)
    // Pixel x has t = x / 8.
    let red = SIMD4(255, 0, 0, 255)
    let blue = SIMD4(0, 0, 255, 255)
    let green = SIMD4(0, 255, 0, 255)
    #expect(canvas.pixel(0, 0) == red, "t = 0, before the first stop")
    #expect(canvas.pixel(2, 0) == red, "t = 0.25")
    #expect(canvas.pixel(3, 0) == red, "t = 0.375, a flat stretch of a")
    #expect(canvas.pixel(4, 0) == blue, "t = 0.5: the later of the two stops at 0.5")
    #expect(canvas.pixel(6, 0) == green, "t = 0.75")
    #expect(canvas.pixel(8, 0) == green, "t = 1")
    #expect(canvas.pixel(9, 0) == green, "t = 1.125, after the last stop")
    let mid = canvas.pixel(5, 0)  // t = 0.625: halfway from blue to green
    #expect(mid == SIMD4(0, 128, 128, 255) || mid == SIMD4(0, 127, 128, 255) || mid == SIMD4(0, 128, 127, 255), "\(mid)")
  }
}

/// `t = 0` exactly, where several stops share location 0: the last of them shows (the hard-edge
/// rule), not the first, which padding before the start shows.
@Suite("Gradient hard edge at t = 0")
struct GradientHardEdgeAtZeroTests {
  static let stops = [
    GradientStop(location: 0, color: StraightColor(red: 1, green: 0, blue: 0)),
    GradientStop(location: 0, color: StraightColor(red: 0, green: 0, blue: 1)),
    GradientStop(location: 1, color: StraightColor(red: 0, green: 1, blue: 0)),
  ]
  static let blue = SIMD4(0, 0, 255, 255)

  @Test("a radial gradient's centre pixel and a conic gradient's start ray show the last stop at 0")
  func lastStopAtZero() throws {
    // Pixel (4, 4)'s centre is the point (4.5, 4.5): distance 0 from the centre.
    let center = PointPosition(x: 4.5, y: 4.5)
    for shape in [GradientShape.radial(center: center, radius: 4), .conic(center: center, startAngle: 0)] {
      var none: SeededGenerator? = nil
      var canvas = try GradientCanvas(width: 9, height: 9, format: .rgba8Premultiplied, random: &none)
      try canvas.draw(GradientCase(stops: Self.stops, shape: shape, width: 9, height: 9))
      if case .radial = shape {
        #expect(canvas.pixel(4, 4) == Self.blue, "radial centre")
      } else {
        // Pixels right of the centre on its row lie on the start ray: angle 0 exactly.
        for x in 5...8 { #expect(canvas.pixel(x, 4) == Self.blue, "conic start ray, pixel \(x)") }
      }
    }
  }
}

/// Row bands never change a pixel: the same output for every thread count.
@Suite("Gradient fill is the same on any thread count")
struct GradientThreadTests {
  @Test("threads 1, 2, 4 and 7 give identical pixels", arguments: GradientScenario.all)
  func identicalForThreadCounts(_ scenario: GradientScenario) throws {
    var rng = SeededGenerator(seed: 0x7437 &+ UInt64(GradientRandom.ShapeKind.allCases.firstIndex(of: scenario.kind)!) &* 2 &+ (scenario.dithers ? 1 : 0))
    // Large enough that seven threads get work (row bands give a thread a quarter MiB of
    // traffic; a pixel's cost grows with its shape's arithmetic), with a translucent stop so the
    // composite reads the destination too.
    let (width, height) =
      switch scenario.kind {
      case .linear: (461, 340)
      case .concentric: (401, 290)
      case .conic: (271, 245)
      case .twoCircle: (185, 152)
      }
    var stops = GradientRandom.stops(&rng, count: 4)
    stops[1].color.alpha = 0.5
    let scale = 2.0
    let shape = GradientRandom.shape(
      scenario.kind, &rng, width: Double(width) / scale, height: Double(height) / scale, longRange: false)
    let extend = [GradientExtend.pad, .repeating, .none, .reflecting][
      (GradientRandom.ShapeKind.allCases.firstIndex(of: scenario.kind)! + (scenario.dithers ? 1 : 0)) % 4]
    do {
      let c = GradientCase(
        stops: stops, shape: shape, extend: extend, dithers: scenario.dithers, scale: scale, width: width, height: height)
      var results: [[UInt8]] = []
      var seed: SeededGenerator? = SeededGenerator(seed: 99)
      let blank = try GradientCanvas(for: c, random: &seed)
      for threads in [1, 2, 4, 7] {
        var canvas = blank
        try canvas.draw(c, options: CompositeOptions(blendMode: .normal, parallelism: try .threads(threads)))
        results.append(canvas.allBytes())
      }
      for (index, threads) in [2, 4, 7].enumerated() {
        #expect(results[index + 1] == results[0], "\(threads) threads differ from 1: \(c)")
      }
    }
  }
}

/// Axis-aligned linear gradients take their own paths: a vertical axis gives each row one entry
/// (one fill per row), a horizontal one gives every row the same pixels (computed once per band,
/// then reused for a blend or copied for a copy).
@Suite("Axis-aligned linear gradients")
struct AxisAlignedLinearGradientTests {
  /// A random linear case with its axis turned exactly horizontal or vertical.
  static func axisAligned(_ rng: inout SeededGenerator, vertical: Bool, dithers: Bool) -> GradientCase {
    var c = GradientRandom.gradientCase(.linear, &rng, dithers: dithers)
    let (w, h) = (Double(c.width) / c.scale, Double(c.height) / c.scale)
    let start = GradientRandom.point(&rng, width: w, height: h, margin: 0.5)
    var length = (vertical ? h : w) * Double.random(in: 0.1...1.5, using: &rng)
    if GradientRandom.chance(0.3, &rng) { length = -length }
    let end = vertical ? PointPosition(x: start.x, y: start.y + length) : PointPosition(x: start.x + length, y: start.y)
    c.shape = .linear(start: start, end: end)
    return c
  }

  @Test("every pixel is within 1 of the reference (2 dithered)", arguments: [false, true])
  func matchesReference(dithers: Bool) throws {
    var rng = SeededGenerator(seed: dithers ? 0xA715 : 0xA714)
    for trial in 0..<160 {
      let c = Self.axisAligned(&rng, vertical: trial % 2 == 0, dithers: dithers)
      var random: SeededGenerator? = SeededGenerator(seed: rng.next())
      var canvas = try GradientCanvas(for: c, random: &random)
      let before = canvas
      try canvas.draw(c)
      if let mismatch = try GradientPropertyTests.firstMismatch(c, canvas: canvas, before: before, tolerance: dithers ? 2 : 1) {
        Issue.record("trial \(trial): \(c): \(mismatch)")
      }
    }
  }

  @Test("source-over of a horizontal gradient (rows reused) equals its copied pixels drawn as an image, on 1 and 3 threads")
  func blendedRowsMatchImage() throws {
    var rng = SeededGenerator(seed: 0xA716)
    for trial in 0..<60 {
      var c = Self.axisAligned(&rng, vertical: false, dithers: false)
      c.rect = nil
      c.height = Int.random(in: 1...90, using: &rng)
      c.stops[0].color.alpha = 0.5
      var random: SeededGenerator? = SeededGenerator(seed: rng.next())
      let blank = try GradientCanvas(for: c, random: &random)
      var none: SeededGenerator? = nil
      var image = try GradientCanvas(width: c.width, height: c.height, format: c.format, random: &none)
      try image.draw(c)
      var viaImage = blank
      try image.buffer.withView { whole in
        let source = try whole.cropped(to: PixelRect(x: 0, y: 0, width: c.width, height: c.height))
        try viaImage.withView { view in try Compositor.draw(source, onto: view, at: PixelPosition(x: 0, y: 0)) }
      }
      for threads in [1, 3] {
        var direct = blank
        try direct.draw(c, options: CompositeOptions(blendMode: .normal, parallelism: try .threads(threads)))
        #expect(direct.allBytes() == viaImage.allBytes(), "trial \(trial), \(threads) threads: \(c)")
      }
    }
  }
}
