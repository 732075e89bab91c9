import PixelOpsTestSupport
import Testing

@testable import PixelOps

/// `normal` (source-over) at fractional opacity and through coverage: the fixed-point arithmetic
/// of ``BlendMath/sourceOverWeighted(source:destination:factor:)`` and the vector kernels that
/// reproduce it, against the exact W3C result `d' = s a + d (1 - sa a / 255)`, `a = o m / 255²`
/// (the double-precision ``CompositeReference``). The bound is 1/2 + 6/256
/// (``CompositeReference/normalTolerance``); the old 8-bit definition (source scaled and rounded
/// to 8 bits first) was up to 1.95 off for images and 2.44 for solid colours through masks.
@Suite("Compositor: source-over at fractional opacity and coverage")
struct SourceOverFractionTests {
  /// The scalar definition over every source alpha, a dense grid of destination values and three
  /// colour values per pixel, at edge and middle opacity and coverage pairs: every channel within
  /// the bound of the W3C formula, written here plainly in `Double`.
  @Test("the scalar definition is within 1/2 + 6/256 of the exact result")
  func scalarDefinitionBound() {
    let pairs: [(opacity: Int32, coverage: Int32)] = [
      (1, 255), (64, 255), (128, 255), (191, 255), (230, 255), (254, 255),
      (255, 1), (255, 128), (255, 254), (255, 255), (128, 77), (230, 200), (64, 254), (1, 1), (254, 254), (0, 255),
    ]
    var worst = 0.0
    var failures = BlendMathTests.FailureLog()
    for (o, m) in pairs {
      let a = Double(o * m) / 65025
      let factor = BlendMath.sourceOverFactor(opacity: UInt32(o), coverage: UInt32(m))
      for sa in Int32(0)...255 {
        for d in stride(from: Int32(0), through: 255, by: 3) {
          let s = BlendMath.Pixel(sa, (sa &* 7 &+ d) % (sa &+ 1), sa / 2, sa)
          let destination = BlendMath.Pixel(d, 255 &- d, (d &* 37) % 256, 255 &- d / 2)
          let actual = BlendMath.sourceOverWeighted(source: s, destination: destination, factor: factor)
          for c in 0..<4 {
            let exact = Double(s[c]) * a + Double(destination[c]) * (1 - Double(sa) * a / 255)
            let error = abs(Double(actual[c]) - exact)
            worst = max(worst, error)
            if error > CompositeReference.normalTolerance {
              failures.record("opacity \(o) coverage \(m): \(s) over \(destination) channel \(c): got \(actual[c]), exact \(exact)")
            }
          }
        }
      }
    }
    #expect(failures.count == 0)
    #expect(worst > 0.45, "the grid should reach near the bound (worst \(worst))")
  }

  /// Hand-worked cases where rounding the scaled source to 8 bits first went wrong.
  ///
  /// Opacity 0.5 (`o = 128`, `a = 128/255`), source red 1 of alpha 234 over red 243:
  /// `1 · 0.50196 + 243 (1 - 234 · 0.50196 / 255) = 0.502 + 131.068 = 131.57`, so 132 (the old
  /// definition scaled the source to (1, 0, 0, 117) first and got `1 + round(243 · 138 / 255)` = 133).
  /// Alpha: `234 · 0.50196 + 255 (1 - 0.46062) = 255`.
  @Test("the issue's kind of reproduction: an image at opacity 0.5")
  func imageAtHalfOpacity() throws {
    let source = try FractionalOpacityTests.onePixel([1, 0, 0, 234])
    var destination = try FractionalOpacityTests.onePixel([243, 0, 0, 255])
    try source.withView { s in
      try destination.withMutableView { try Compositor.draw(s, onto: $0, options: CompositeOptions(opacity: 0.5)) }
    }
    #expect(destination.packedBytes() == [132, 0, 0, 255])
  }

  /// A colour (25, 0, 0, 200) through coverage 246 at opacity 0.5 over (251, 0, 0, 255):
  /// `a = 128 · 246 / 255² = 0.484244`, red `25 a + 251 (1 - 200 a / 255) = 12.106 + 155.670 =
  /// 167.78`, so 168; alpha `96.849 + 255 · 0.620201 = 255`. The old path folded the opacity into
  /// the colour (13, 0, 0, 100), looked up its covered value (13, 0, 0, 96) and got 170.
  @Test("a solid colour through a mask at opacity 0.5")
  func solidThroughMaskAtHalfOpacity() throws {
    var destination = try FractionalOpacityTests.onePixel([251, 0, 0, 255])
    var mask = try PixelBuffer(width: 1, height: 1, format: .gray8)
    mask.withMutableView { $0.rowAddress(0).storeBytes(of: 246, as: UInt8.self) }
    let color = PremultipliedColor(premultipliedRed: 25, green: 0, blue: 0, alpha: 200)
    try mask.withView { m in
      try destination.withMutableView {
        try Compositor.fill(PixelRect(x: 0, y: 0, width: 1, height: 1), of: $0, with: color, options: CompositeOptions(opacity: 0.5, mask: m))
      }
    }
    #expect(destination.packedBytes() == [168, 0, 0, 255])
  }

  /// How a trial draws: an image with or without a mask, a colour with or without a mask, or a
  /// template's alpha (coverage 4 bytes apart) tinting a colour.
  enum Kind: CaseIterable { case image, maskedImage, solid, maskedSolid, template }

  /// Every kernel `normal` can take at opacities 0.25, 0.5, 0.75, 0.9 and 1 (with masks), over
  /// random sizes (widths of every remainder modulo 4), padded destination and mask rows, and
  /// sources with runs of opaque and transparent pixels: every pixel within the bound of
  /// ``CompositeReference/exact``, and nothing outside the destination view written.
  @Test("every source-over kernel at fractional opacity and coverage is within 1/2 + 6/256", arguments: [0.25, 0.5, 0.75, 0.9, 1.0])
  func kernelsWithinBound(_ opacity: Double) throws {
    var rng = SeededGenerator(seed: 0x50_0E4 ^ UInt64(opacity * 1000))
    let opacity8 = Int((opacity * 255).rounded())
    var failures = BlendMathTests.FailureLog()
    for trial in 0..<30 {
      let kind = Kind.allCases[trial % Kind.allCases.count]
      let width = 4 * Int.random(in: 0...16, using: &rng) + trial % 4 + 1
      let height = Int.random(in: 1...4, using: &rng)
      var source = try RandomPixels.buffer(width: width, height: height, format: .rgba8Premultiplied, &rng)
      if trial % 3 == 0 { RandomPixels.insertUniformAlphaRuns(into: &source, maximumRun: 12, &rng) }
      let template = try RandomPixels.buffer(width: width, height: height, format: .rgba8Premultiplied, &rng)
      let a = RandomPixels.alpha8(&rng)
      let color = PremultipliedColor(
        premultipliedRed: .random(in: 0...a, using: &rng), green: .random(in: 0...a, using: &rng),
        blue: .random(in: 0...a, using: &rng), alpha: a)
      let before = try RandomPixels.buffer(width: width, height: height, format: .rgba8Premultiplied, &rng)

      // Padded rows: the destination and the mask live in caller memory with extra row bytes.
      let rowBytes = width * 4 + Int.random(in: 0...9, using: &rng)
      let memory = GuardedMemory(byteCount: rowBytes * height + 8)
      let destination = try MutablePixelView(
        unsafeBaseAddress: memory.bytes.baseAddress! + 4, width: width, height: height, rowBytes: rowBytes,
        format: .rgba8Premultiplied)
      try before.withView { try destination.copyPixels(from: $0) }
      let maskRowBytes = width + Int.random(in: 0...5, using: &rng)
      let maskBytes = (0..<(maskRowBytes * height)).map { i -> UInt8 in
        // Runs of 0 and 255 between random values: the kernels' skipping and storing paths.
        trial % 2 == 0 ? RandomPixels.alpha8(&rng) : [0, 255, UInt8.random(in: 0...255, using: &rng)][(i / 4) % 3]
      }
      let masked = kind == .maskedImage || kind == .maskedSolid || (kind == .template && trial % 2 == 1)
      try maskBytes.withUnsafeBytes { maskMemory in
        let mask = try PixelView(
          unsafeBaseAddress: maskMemory.baseAddress!, width: width, height: height, rowBytes: maskRowBytes, format: .gray8)
        let options = CompositeOptions(opacity: opacity, mask: masked ? mask : nil)
        let rect = PixelRect(x: 0, y: 0, width: width, height: height)
        switch kind {
        case .image, .maskedImage: try source.withView { try Compositor.draw($0, onto: destination, options: options) }
        case .solid, .maskedSolid: try Compositor.fill(rect, of: destination, with: color, options: options)
        case .template: try template.withView { try Compositor.drawTemplate($0, tint: color, onto: destination, options: options) }
        }
      }
      #expect(memory.untouchedOutside(destination), "trial \(trial): wrote outside the destination view")

      for y in 0..<height {
        for x in 0..<width {
          var sourcePixel = [Int(color.red), Int(color.green), Int(color.blue), Int(color.alpha)]
          if kind == .image || kind == .maskedImage { sourcePixel = source.withView { CompositeReference.read($0.rowAddress(y) + x * 4) } }
          var coverage = masked ? Int(maskBytes[y * maskRowBytes + x]) : 255
          if kind == .template {
            let templateAlpha = template.withView { Int($0.rowAddress(y).load(fromByteOffset: x * 4 + 3, as: UInt8.self)) }
            coverage = masked ? CompositeReference.rounded(templateAlpha * coverage) : templateAlpha
          }
          let old = before.withView { CompositeReference.read($0.rowAddress(y) + x * 4) }
          let actual = CompositeReference.read(UnsafeRawPointer(destination.rowAddress(y)) + x * 4)
          let exact = CompositeReference.exact(mode: .normal, source: sourcePixel, destination: old, opacity: opacity8, coverage: coverage)
          if !(0..<4).allSatisfy({ abs(Double(actual[$0]) - exact[$0]) <= CompositeReference.normalTolerance }) {
            failures.record(
              "\(kind) opacity \(opacity) trial \(trial) (\(x), \(y)) of \(width)x\(height): \(sourcePixel) over \(old) coverage \(coverage) -> \(actual), exact \(exact)")
          }
        }
      }
    }
    #expect(failures.count == 0)
  }
}
