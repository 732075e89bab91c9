import PixelOps
import PixelOpsTestSupport
import Testing

/// Ordered dithering: the mean over any 8x8 block is within 0.5 of the reference's mean
/// (unrounded values), the pattern is anchored to the destination's pixel grid and
/// deterministic, and it does change pixels on a slow gradient.
@Suite("Gradient dithering")
struct GradientDitherTests {
  /// The largest per-channel difference between the block's mean and the reference's mean,
  /// for the 8x8 block whose top-left pixel is (x0, y0); nil where the block is skipped.
  static func blockError(
    _ canvas: GradientCanvas, _ reference: GradientReference, x0: Int, y0: Int, skippingJumps: Bool
  ) -> Double? {
    var actual = SIMD4<Double>.zero
    var expected = SIMD4<Double>.zero
    for y in y0..<(y0 + 8) {
      for x in x0..<(x0 + 8) {
        if skippingJumps && reference.isNearJump(x: x, y: y) { return nil }
        actual += SIMD4<Double>(canvas.pixel(x, y))
        expected += reference.value(x: x, y: y)
      }
    }
    let d = (actual - expected) / 64
    return max(max(abs(d.x), abs(d.y)), max(abs(d.z), abs(d.w)))
  }

  /// Every 8x8 block of the view starting at columns `x0 + 8k` and rows `y0 + 8m`.
  static func blocks(width: Int, height: Int, x0: Int, y0: Int) -> [(Int, Int)] {
    var result: [(Int, Int)] = []
    var y = y0
    while y + 8 <= height {
      var x = x0
      while x + 8 <= width {
        result.append((x, y))
        x += 8
      }
      y += 8
    }
    return result
  }

  struct Ramp: CustomTestStringConvertible, Sendable {
    let name: String
    let from: StraightColor
    let to: StraightColor
    let vertical: Bool
    let scale: Double
    let format: PixelFormat
    var testDescription: String { "\(name)\(vertical ? " vertical" : "") @\(Int(scale))x \(format)" }
  }

  static let ramps: [Ramp] = [
    Ramp(
      name: "grey 100 -> 102", from: StraightColor(red: 100 / 255, green: 100 / 255, blue: 100 / 255),
      to: StraightColor(red: 102 / 255, green: 102 / 255, blue: 102 / 255), vertical: false, scale: 1,
      format: .rgba8Premultiplied),
    Ramp(
      name: "blue 30 -> 32, red 200 -> 199", from: StraightColor(red: 200 / 255, green: 0.5, blue: 30 / 255),
      to: StraightColor(red: 199 / 255, green: 0.5, blue: 32 / 255), vertical: true, scale: 2,
      format: .bgra8Premultiplied),
    Ramp(
      name: "translucent alpha 0.5 -> 0.51", from: StraightColor(red: 0.8, green: 0.3, blue: 0.1, alpha: 0.5),
      to: StraightColor(red: 0.8, green: 0.31, blue: 0.1, alpha: 0.51), vertical: false, scale: 3,
      format: .rgba8Premultiplied),
  ]

  @Test("8x8 block means on a slow 2-level ramp over 256x64 are within 0.5 of the reference", arguments: ramps)
  func slowRampBlockMeans(_ ramp: Ramp) throws {
    let (width, height) = ramp.vertical ? (64, 256) : (256, 64)
    let (w, h) = (Double(width) / ramp.scale, Double(height) / ramp.scale)
    let shape: GradientShape =
      ramp.vertical
      ? .linear(start: PointPosition(x: 0, y: 0), end: PointPosition(x: 0, y: h))
      : .linear(start: PointPosition(x: 0, y: 0), end: PointPosition(x: w, y: 0))
    for interpolation in [GradientInterpolation.straight, .premultiplied] {
      let c = GradientCase(
        stops: [GradientStop(location: 0, color: ramp.from), GradientStop(location: 1, color: ramp.to)],
        interpolation: interpolation, shape: shape, dithers: true, scale: ramp.scale, width: width, height: height,
        format: ramp.format)
      var none: SeededGenerator? = nil
      var canvas = try GradientCanvas(for: c, random: &none)
      try canvas.draw(c)
      let reference = c.reference
      for (x0, y0) in [(0, 0), (3, 5), (5, 1), (7, 7)] {
        for (x, y) in Self.blocks(width: width, height: height, x0: x0, y0: y0) {
          let error = Self.blockError(canvas, reference, x0: x, y0: y, skippingJumps: false)!
          #expect(error <= 0.5, "\(interpolation) block at (\(x), \(y)): mean off by \(error)")
          if error > 0.5 { return }
        }
      }
      // Dithering spreads the ramp: every channel that changes takes at least 2 values in
      // some 8x8 block (and the plain draw's pixels differ from the dithered ones).
      var plain = GradientCase(
        stops: c.stops, interpolation: interpolation, shape: shape, dithers: false, scale: ramp.scale, width: width,
        height: height, format: ramp.format)
      plain.dithers = false
      var plainCanvas = try GradientCanvas(for: plain, random: &none)
      try plainCanvas.draw(plain)
      let different = zip(canvas.viewPixels(), plainCanvas.viewPixels()).filter { $0 != $1 }.count
      #expect(different > width * height / 8, "\(interpolation): only \(different) dithered pixels differ from plain")
    }
  }

  @Test("8x8 block means of random dithered gradients are within 0.5 of the reference (away from jumps)")
  func randomBlockMeans() throws {
    var rng = SeededGenerator(seed: 0xD17E)
    var checkedBlocks = 0
    var failures = 0
    for trial in 0..<60 {
      let kind = GradientRandom.ShapeKind.allCases[trial % 4]
      var c = GradientRandom.gradientCase(kind, &rng, dithers: true)
      c.rect = nil
      c.width = Int.random(in: 17...70, using: &rng)
      c.height = Int.random(in: 16...24, using: &rng)
      let (w, h) = (Double(c.width) / c.scale, Double(c.height) / c.scale)
      c.shape = GradientRandom.shape(kind, &rng, width: w, height: h, longRange: false)
      var none: SeededGenerator? = nil
      var canvas = try GradientCanvas(for: c, random: &none)
      try canvas.draw(c)
      let reference = c.reference
      for (x0, y0) in [(0, 0), (Int.random(in: 1...7, using: &rng), Int.random(in: 1...7, using: &rng))] {
        for (x, y) in Self.blocks(width: c.width, height: c.height, x0: x0, y0: y0) {
          guard let error = Self.blockError(canvas, reference, x0: x, y0: y, skippingJumps: true) else { continue }
          checkedBlocks += 1
          if error > 0.5 {
            Issue.record("trial \(trial): \(c): block at (\(x), \(y)): mean off by \(error)")
            failures += 1
            if failures >= 8 { return }
            break
          }
        }
      }
    }
    #expect(checkedBlocks > 300, "only \(checkedBlocks) blocks were checked")
  }

  @Test("dithering is deterministic and anchored to the destination's pixel grid")
  func deterministicAndAnchored() throws {
    var rng = SeededGenerator(seed: 0xA7C4)
    for trial in 0..<20 {
      let kind = GradientRandom.ShapeKind.allCases[trial % 4]
      var c = GradientRandom.gradientCase(kind, &rng, dithers: true)
      c.rect = nil
      var random: SeededGenerator? = SeededGenerator(seed: rng.next())
      let blank = try GradientCanvas(for: c, random: &random)
      var first = blank
      var second = blank
      try first.draw(c)
      try second.draw(c)
      #expect(first.allBytes() == second.allBytes(), "trial \(trial): two draws differ: \(c)")
      // The whole view in one draw equals the view in two draws split at a column and a row
      // that are not multiples of 8 (rect edges fall on pixel edges at every scale).
      let splitX = Int.random(in: 0...c.width, using: &rng)
      let splitY = Int.random(in: 0...c.height, using: &rng)
      var pieces = blank
      let s = c.scale
      let (W, H, X, Y) = (Double(c.width) / s, Double(c.height) / s, Double(splitX) / s, Double(splitY) / s)
      for rect in [
        PointRect(x: 0, y: 0, width: X, height: Y), PointRect(x: X, y: 0, width: W - X, height: Y),
        PointRect(x: 0, y: Y, width: X, height: H - Y), PointRect(x: X, y: Y, width: W - X, height: H - Y),
      ] {
        var piece = c
        piece.rect = rect
        try pieces.draw(piece)
      }
      #expect(pieces.allBytes() == first.allBytes(), "trial \(trial): split at (\(splitX), \(splitY)) differs: \(c)")
    }
  }
}
