import PixelOps
import PixelOpsTestSupport
import Testing

/// Flat stretches are solid fills bit for bit, and a gradient fill composites exactly as the
/// same pixels drawn as an image.
@Suite("Gradient flat stretches and compositing")
struct GradientExactnessTests {
  static func solid(_ c: StraightColor) -> SIMD4<Int> { SIMD4<Int>(GradientReference.solidBytes(SIMD4(c.red, c.green, c.blue, c.alpha))) }

  @Test("StraightColor.premultiplied is the solid-fill pixel: components rounded to 8 bits, then premultiplied")
  func straightColorPremultiplied() {
    var rng = SeededGenerator(seed: 0x50_11D)
    for _ in 0..<2000 {
      let c = GradientRandom.color(&rng)
      let p = c.premultiplied
      let expected = Self.solid(c)
      #expect(SIMD4(Int(p.red), Int(p.green), Int(p.blue), Int(p.alpha)) == expected, "\(c)")
    }
  }

  @Test("a one-colour gradient (dithered or not) equals Compositor.fill with color.premultiplied")
  func oneColourEqualsSolidFill() throws {
    var rng = SeededGenerator(seed: 0x0_7E)
    for trial in 0..<80 {
      let kind = [GradientRandom.ShapeKind.linear, .concentric, .conic][trial % 3]
      var c = GradientRandom.gradientCase(kind, &rng, dithers: trial % 2 == 0)
      let color = GradientRandom.color(&rng)
      let count = Int.random(in: 1...5, using: &rng)
      c.stops = (0..<count).map { _ in GradientStop(location: Double.random(in: -0.2...1.2, using: &rng), color: color) }
      c.extend = [GradientExtend.pad, .repeating, .reflecting][Int.random(in: 0...2, using: &rng)]
      var random: SeededGenerator? = SeededGenerator(seed: rng.next())
      let blank = try GradientCanvas(for: c, random: &random)
      var gradient = blank
      try gradient.draw(c, options: CompositeOptions(blendMode: .normal))
      var solid = blank
      let pixels = try c.rect?.pixelRect(scale: c.scale, rounding: .nearest) ?? PixelRect(x: 0, y: 0, width: c.width, height: c.height)
      try solid.withView { view in try Compositor.fill(pixels, of: view, with: color.premultiplied) }
      #expect(gradient.allBytes() == solid.allBytes(), "trial \(trial): \(c)")
    }
  }

  struct Ends: CustomTestStringConvertible, Sendable {
    let locations: [Double]
    let dithers: Bool
    let interpolation: GradientInterpolation
    var testDescription: String { "stops at \(locations)\(dithers ? " dithered" : "") \(interpolation)" }
  }

  static let ends: [Ends] = [[0.0, 1.0], [0.25, 0.75]].flatMap { locations in
    [false, true].flatMap { d in
      [GradientInterpolation.straight, .premultiplied].map { Ends(locations: locations, dithers: d, interpolation: $0) }
    }
  }

  /// Before the first stop and after the last (padded), the gradient is flat: exactly the
  /// solid fill's pixel of the end stop, dithered or not.
  @Test("padding beyond the ends draws exactly the end stops' solid pixels", arguments: ends)
  func paddedEndsAreExact(_ ends: Ends) throws {
    // Colours whose exact premultiplied values are not whole (so an interpolated value shows).
    let a = StraightColor(red: 0.3, green: 0.6, blue: 0.9, alpha: 0.7)
    let b = StraightColor(red: 0.9, green: 0.2, blue: 0.4, alpha: 0.5)
    let shapes: [GradientShape] = [
      .linear(start: PointPosition(x: 20, y: 0), end: PointPosition(x: 40, y: 0)),
      .radial(center: PointPosition(x: 30, y: 1), radius: 12),
    ]
    for shape in shapes {
      let c = GradientCase(
        stops: [GradientStop(location: ends.locations[0], color: a), GradientStop(location: ends.locations[1], color: b)],
        interpolation: ends.interpolation, shape: shape, dithers: ends.dithers, width: 61, height: 3)
      var none: SeededGenerator? = nil
      var canvas = try GradientCanvas(for: c, random: &none)
      try canvas.draw(c)
      let reference = c.reference
      var misses: [String] = []
      for y in 0..<3 {
        for x in 0..<61 {
          guard let place = reference.place(x: x, y: y), reference.isDeepInFlat(place) else { continue }
          let expected = reference.bytes(x: x, y: y)
          if canvas.pixel(x, y) != expected { misses.append("(\(x), \(y)) \(place): \(canvas.pixel(x, y)) != \(expected)") }
        }
      }
      #expect(
        misses.count == 0,
        "\(shape): \(misses.count) pixels not exact (A \(Self.solid(a)), B \(Self.solid(b))), e.g. \(misses.prefix(4))")
    }
  }

  /// Several stops at location 0 (or 1): before the start the first of them shows, at exactly 0
  /// the last of them; after the end the last stop.
  @Test("stops sharing location 0 or 1: before the start the first stop, at 0 the later one, after the end the last", arguments: [false, true])
  func sharedEndLocations(_ dithers: Bool) throws {
    let a = StraightColor(red: 1, green: 0, blue: 0)
    let b = StraightColor(red: 0, green: 1, blue: 0)
    let c = StraightColor(red: 0, green: 0, blue: 1)
    let d = StraightColor(red: 1, green: 1, blue: 0)
    // t = (x + 0.5 - 10.5) / 10: pixel 10 at t = 0, pixel 20 at t = 1.
    let shape = GradientShape.linear(start: PointPosition(x: 10.5, y: 0), end: PointPosition(x: 20.5, y: 0))
    let stops = [
      GradientStop(location: 0, color: a), GradientStop(location: 0, color: b), GradientStop(location: 1, color: c),
      GradientStop(location: 1, color: d),
    ]
    let gradientCase = GradientCase(stops: stops, shape: shape, dithers: dithers, width: 31, height: 1)
    var none: SeededGenerator? = nil
    var canvas = try GradientCanvas(for: gradientCase, random: &none)
    try canvas.draw(gradientCase)
    var misses: [String] = []
    for x in 0..<31 {
      // t < 0: the first stop; t = 0: the later stop at 0; in between: B to C; t >= 1: the last stop.
      let expected: SIMD4<Int>? = x < 10 ? SIMD4(255, 0, 0, 255) : x == 10 ? SIMD4(0, 255, 0, 255) : x >= 20 ? SIMD4(255, 255, 0, 255) : nil
      if let expected, canvas.pixel(x, 0) != expected { misses.append("pixel \(x): \(canvas.pixel(x, 0)) != \(expected)") }
    }
    #expect(misses.count == 0, "\(misses)")
  }

  @Test("a hard-stop gradient (0 A)(0.5 A)(0.5 B)(1 B), dithered or not, draws exactly A or B on the right side")
  func hardStopIsExact() throws {
    var rng = SeededGenerator(seed: 0x4A2D)
    for trial in 0..<80 {
      let kind = GradientRandom.ShapeKind.allCases[trial % 4]
      var c = GradientRandom.gradientCase(kind, &rng, dithers: trial % 2 == 0)
      let a = GradientRandom.color(&rng)
      var b = GradientRandom.color(&rng)
      if b == a { b.red = 1 - a.red }
      c.stops = [
        GradientStop(location: 0, color: a), GradientStop(location: 0.5, color: a), GradientStop(location: 0.5, color: b),
        GradientStop(location: 1, color: b),
      ]
      c.construction = .stops
      c.extend = [GradientExtend.pad, .repeating, .reflecting, .none][Int.random(in: 0...3, using: &rng)]
      var none: SeededGenerator? = nil
      var canvas = try GradientCanvas(for: c, random: &none)
      try canvas.draw(c)
      let reference = c.reference
      let (pa, pb) = (Self.solid(a), Self.solid(b))
      let drawn = try c.drawnPixels()
      var failed = false
      for y in drawn.y..<(drawn.y + drawn.height) where !failed {
        for x in drawn.x..<(drawn.x + drawn.width) {
          let actual = canvas.pixel(x, y)
          let expected = reference.bytes(x: x, y: y)
          // The reference is A, B or (where nothing is drawn) transparent; near the edge
          // either side goes.
          let right =
            reference.isNearJump(x: x, y: y) ? actual == pa || actual == pb || actual == .zero : actual == expected
          if !right {
            Issue.record("trial \(trial): \(c): pixel (\(x), \(y)) is \(actual), expected \(expected) (A \(pa), B \(pb))")
            failed = true
            break
          }
        }
      }
    }
  }

  struct Blend: CustomTestStringConvertible, Sendable {
    let mode: BlendMode
    let opacity: Double
    var testDescription: String { "\(mode) opacity \(opacity)" }
  }

  @Test(
    "a gradient drawn with a blend mode, opacity and mask equals its .copy pixels drawn as an image with the same options",
    arguments: [Blend(mode: .multiply, opacity: 0.5), Blend(mode: .normal, opacity: 0.5), Blend(mode: .xor, opacity: 1), Blend(mode: .screen, opacity: 0.3)])
  func compositesLikeAnImage(_ blend: Blend) throws {
    var rng = SeededGenerator(seed: 0x1_4736 &+ UInt64(blend.opacity * 10))
    for trial in 0..<40 {
      let kind = GradientRandom.ShapeKind.allCases[trial % 4]
      var c = GradientRandom.gradientCase(kind, &rng, dithers: trial % 3 == 0)
      let (w, h) = (Double(c.width) / c.scale, Double(c.height) / c.scale)
      if trial % 4 == 3 {
        c.rect = nil
      } else {
        // A rect inside the view (so its pixels can be cut out of a same-size image).
        let x = Double.random(in: 0...w / 2, using: &rng)
        let y = Double.random(in: 0...h / 2, using: &rng)
        c.rect = PointRect(
          x: x, y: y, width: Double.random(in: 0...(w - x), using: &rng), height: Double.random(in: 0...(h - y), using: &rng))
      }
      let pixels = try c.drawnPixels()
      guard !pixels.isEmpty else { continue }
      let mask = try RandomPixels.buffer(width: pixels.width, height: pixels.height, format: .gray8, &rng)
      var random: SeededGenerator? = SeededGenerator(seed: rng.next())
      let blank = try GradientCanvas(for: c, random: &random)

      var direct = blank
      try mask.withView { m in
        try direct.draw(c, options: CompositeOptions(blendMode: blend.mode, opacity: blend.opacity, mask: m))
      }

      // The gradient's own pixels: .copy into a transparent image the size of the view.
      var none: SeededGenerator? = nil
      var image = try GradientCanvas(width: c.width, height: c.height, format: c.format, random: &none)
      try image.draw(c)
      var viaImage = blank
      try image.buffer.withView { whole in
        let source = try whole.cropped(to: pixels)
        try mask.withView { m in
          try viaImage.withView { view in
            try Compositor.draw(
              source, onto: view, at: pixels.origin,
              options: CompositeOptions(blendMode: blend.mode, opacity: blend.opacity, mask: m))
          }
        }
      }
      #expect(direct.allBytes() == viaImage.allBytes(), "trial \(trial): \(c) pixels \(pixels)")
    }
  }
}

/// Degenerate input is a typed error, never a trap; empty draws are not errors.
@Suite("Gradient errors")
struct GradientErrorTests {
  static func isInvalidGradient(_ error: any Error) -> Bool {
    if case .invalidGradient? = error as? PixelError { true } else { false }
  }

  static let red = StraightColor(red: 1, green: 0, blue: 0)
  static let blue = StraightColor(red: 0, green: 0, blue: 1)

  @Test("gradients that cannot be made throw invalidGradient")
  func invalidGradients() {
    let cases: [(String, () throws -> Gradient)] = [
      ("no stops", { try Gradient(stops: []) }),
      ("no colours", { try Gradient(colors: []) }),
      ("NaN location", { try Gradient(stops: [GradientStop(location: .nan, color: Self.red)]) }),
      ("infinite location", { try Gradient(stops: [GradientStop(location: -.infinity, color: Self.red)]) }),
      ("infinite component", { try Gradient(colors: [Self.red, StraightColor(red: .infinity, green: 0, blue: 0)]) }),
      ("NaN alpha", { try Gradient(colors: [Self.red, StraightColor(red: 0, green: 0, blue: 0, alpha: .nan)]) }),
      ("NaN component", { try Gradient(colors: [StraightColor(red: 0, green: .nan, blue: 0), Self.red]) }),
      ("fewer locations than colours", { try Gradient(colors: [Self.red, Self.blue], locations: [0]) }),
      ("more locations than colours", { try Gradient(colors: [Self.red, Self.blue], locations: [0, 0.5, 1]) }),
      (
        "too many stops",
        { try Gradient(stops: Array(repeating: GradientStop(location: 0, color: Self.red), count: Gradient.maximumStopCount + 1)) }
      ),
    ]
    for (name, make) in cases {
      #expect("\(name)", performing: { _ = try make() }, throws: { Self.isInvalidGradient($0) })
    }
  }

  @Test("shapes that draw nothing meaningful throw invalidGradient and leave the destination as it was")
  func invalidShapes() throws {
    let p = PointPosition(x: 3, y: 4)
    let q = PointPosition(x: 7, y: 1)
    let shapes: [(String, GradientShape)] = [
      ("linear start == end", .linear(start: p, end: p)),
      ("linear NaN point", .linear(start: PointPosition(x: .nan, y: 0), end: q)),
      ("linear infinite point", .linear(start: p, end: PointPosition(x: 1, y: .infinity))),
      ("radial negative start radius", .radial(startCenter: p, startRadius: -1, endCenter: q, endRadius: 5)),
      ("radial negative end radius", .radial(center: p, radius: -2)),
      ("radial NaN radius", .radial(startCenter: p, startRadius: 1, endCenter: q, endRadius: .nan)),
      ("radial NaN centre", .radial(startCenter: p, startRadius: 1, endCenter: PointPosition(x: .nan, y: 1), endRadius: 3)),
      ("radial two identical circles", .radial(startCenter: p, startRadius: 2, endCenter: p, endRadius: 2)),
      ("radial two identical points", .radial(center: p, radius: 0)),
      ("conic NaN centre", .conic(center: PointPosition(x: 1, y: .nan), startAngle: 0)),
      ("conic infinite angle", .conic(center: p, startAngle: .infinity)),
    ]
    let gradient = try Gradient(colors: [Self.red, Self.blue])
    var rng: SeededGenerator? = SeededGenerator(seed: 0xE44)
    for (name, shape) in shapes {
      var canvas = try GradientCanvas(width: 9, height: 5, format: .rgba8Premultiplied, random: &rng)
      let before = canvas.allBytes()
      for extend in [GradientExtend.pad, .repeating] {
        try canvas.withView { view in
          #expect(
            "\(name)", performing: { try Compositor.fill(of: view, with: GradientFill(gradient, shape: shape, extend: extend)) },
            throws: { Self.isInvalidGradient($0) })
        }
      }
      #expect(canvas.allBytes() == before, "\(name) wrote pixels")
    }
  }

  @Test("scale 0, negative, NaN or infinite throws invalidScale")
  func invalidScales() throws {
    let fill = GradientFill(
      try Gradient(colors: [Self.red, Self.blue]),
      shape: .linear(start: .zero, end: PointPosition(x: 5, y: 0)))
    var none: SeededGenerator? = nil
    var canvas = try GradientCanvas(width: 4, height: 4, format: .rgba8Premultiplied, random: &none)
    for scale in [0.0, -1, .nan, .infinity] {
      try canvas.withView { view in
        #expect(
          "scale \(scale)", performing: { try Compositor.fill(of: view, scale: scale, with: fill) },
          throws: { error in
            guard let value = (error as? PixelError)?.invalidScaleValue else { return false }
            return scale.isNaN ? value.isNaN : value == scale
          })
        #expect(
          "scale \(scale), empty rect",
          performing: { try Compositor.fill(PointRect(x: 0, y: 0, width: 0, height: 0), of: view, scale: scale, with: fill) },
          throws: { ($0 as? PixelError)?.invalidScaleValue != nil })
      }
    }
  }

  /// Core Graphics paints a two-circle gradient's drawn circles in order of increasing `t`
  /// (PDF's type 3 shading), so where nothing is drawn after the end a point shows its smaller
  /// root when the larger one lies beyond 1. Worked by hand for circles of radius 20 about
  /// (0, 0) and (100, 0), red to blue: pixel (109, 0)'s centre (109.5, 0.5) lies on the circles
  /// of `t = (109.5 ∓ sqrt(399.75)) / 100`, 0.895 and 1.295; with end circle (30, 0), pixel
  /// (10, 0) lies on `t = (10.5 ∓ sqrt(399.75)) / 30`, -0.317 and 1.017.
  @Test("a cone drawn without padding after its end shows the smaller root where the larger lies past 1")
  func coneShowsItsSmallerDrawnRoot() throws {
    let red = StraightColor(red: 1, green: 0, blue: 0)
    let blue = StraightColor(red: 0, green: 0, blue: 1)
    func pixel(endX: Double, x: Int, _ extend: GradientExtend) throws -> SIMD4<Int> {
      let shape = GradientShape.radial(
        startCenter: PointPosition(x: 0, y: 0), startRadius: 20, endCenter: PointPosition(x: endX, y: 0), endRadius: 20)
      var none: SeededGenerator? = nil
      var canvas = try GradientCanvas(width: 120, height: 1, format: .rgba8Premultiplied, random: &none)
      try canvas.withView { view in
        try Compositor.fill(
          of: view, with: GradientFill(try Gradient(colors: [red, blue]), shape: shape, extend: extend),
          options: CompositeOptions(blendMode: .copy))
      }
      return canvas.pixel(x, 0)
    }
    // t = 0.895: 255 (1 - t) = 26.8 red, 255 t = 228.2 blue.
    #expect(try pixel(endX: 100, x: 109, .none) == SIMD4(27, 0, 228, 255))
    #expect(try pixel(endX: 100, x: 109, .padded(beforeStart: true, afterEnd: false)) == SIMD4(27, 0, 228, 255))
    // Padded after the end, the larger root (1.295) shows: the last colour.
    #expect(try pixel(endX: 100, x: 109, .pad) == SIMD4(0, 0, 255, 255))
    // Roots -0.317 and 1.017: padded before the start only, the first colour; neither padded, nothing.
    #expect(try pixel(endX: 30, x: 10, .padded(beforeStart: true, afterEnd: false)) == SIMD4(255, 0, 0, 255))
    #expect(try pixel(endX: 30, x: 10, .none) == SIMD4(0, 0, 0, 0))
    #expect(try pixel(endX: 30, x: 10, .pad) == SIMD4(0, 0, 255, 255))
  }

  @Test("an empty rect or one outside the view draws nothing and does not throw")
  func emptyAndOutsideRects() throws {
    let fill = GradientFill(
      try Gradient(colors: [Self.red, Self.blue]), shape: .radial(center: PointPosition(x: 2, y: 2), radius: 3))
    var rng: SeededGenerator? = SeededGenerator(seed: 0x0E7)
    var canvas = try GradientCanvas(width: 7, height: 5, offsetX: 1, offsetY: 1, format: .bgra8Premultiplied, random: &rng)
    let before = canvas.allBytes()
    let rects = [
      PointRect(x: 0, y: 0, width: 0, height: 0), PointRect(x: 3, y: 2, width: 0, height: 2),
      PointRect(x: 3, y: 2, width: 2, height: 0), PointRect(x: 2, y: 2, width: 0.2, height: 0.2),
      PointRect(x: 7, y: 0, width: 3, height: 5), PointRect(x: -4, y: 0, width: 4, height: 5),
      PointRect(x: 0, y: 5, width: 7, height: 3), PointRect(x: 100, y: -100, width: 10, height: 10),
      PointRect(x: -1e6, y: -1e6, width: 10, height: 10),
    ]
    for scale in [1.0, 2, 3] {
      for rect in rects {
        try canvas.withView { view in
          try Compositor.fill(rect.scaledDown(scale), of: view, scale: scale, with: fill)
          try Compositor.fill(
            rect.scaledDown(scale), of: view, scale: scale, with: fill,
            options: CompositeOptions(blendMode: .copy, opacity: 0.5))
        }
        #expect(canvas.allBytes() == before, "\(rect) at scale \(scale) wrote pixels")
      }
    }
  }
}

extension PointRect {
  /// The rect of the same pixels at `scale` (these are given in pixels).
  fileprivate func scaledDown(_ scale: Double) -> PointRect {
    PointRect(x: minX / scale, y: minY / scale, width: width / scale, height: height / scale)
  }
}
