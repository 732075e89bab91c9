import PixelOpsTestSupport
import Testing

@testable import PixelOps

@Suite("BlendMath: one pixel of every blend mode")
struct BlendMathTests {
  typealias Pixel = BlendMath.Pixel

  /// How far a result may be from the exact (unrounded) reference, per channel in 8-bit units,
  /// for every mode: 0.5 is "the exact result rounded to nearest" (either way at an exact half);
  /// the epsilon absorbs the reference's own `Double` error. Against the reference rounded
  /// halves up this is a difference of 0, or 1 at an exact half.
  static let tolerance = 0.5 + 1e-9

  /// Every mode, checked against the independent reference over a grid of alphas and colour
  /// levels (alpha 0, 1, 255, colour 0 and colour == alpha included) and random valid pairs.
  @Test("every mode matches the reference within its tolerance", arguments: BlendMode.allCases)
  func matchesReference(_ mode: BlendMode) {
    var rng = SeededGenerator(seed: 0xB1E0_0000 ^ UInt64(BlendMode.allCases.firstIndex(of: mode)!))
    var worst = 0.0
    var worstCase = ""
    for (s, d) in Samples.grid() + Samples.random(count: 6_000, &rng) {
      let actual = BlendMath.blend(mode, source: s, destination: d)
      let expected = BlendReference.blend(mode, source: s, destination: d)
      for lane in 0..<4 where abs(Double(actual[lane]) - expected[lane]) > worst {
        worst = abs(Double(actual[lane]) - expected[lane])
        worstCase = "source \(s) destination \(d): got \(actual), exact \(expected)"
      }
    }
    #expect(worst <= Self.tolerance, "\(mode): off by \(worst) for \(worstCase)")
  }

  /// The separable modes with conditions and divisions are exact integer arithmetic: checked
  /// for every pair of channel values at a few alpha pairs (opaque included). Each blend covers
  /// three destination values, one per colour channel.
  @Test(
    "overlay, hard light, dodge, burn and soft light: every channel pair",
    arguments: [BlendMode.overlay, .hardLight, .colorDodge, .colorBurn, .softLight])
  func separableEveryChannelPair(_ mode: BlendMode) {
    var failures = FailureLog()
    for (sa, da): (Int32, Int32) in [(255, 255), (77, 255), (255, 130), (129, 51)] {
      let third = (da + 3) / 3
      for x in 0...sa {
        for y in 0..<third {
          let s = Pixel(x, x, x, sa)
          let d = Pixel(y, min(y + third, da), min(y + 2 * third, da), da)
          let actual = BlendMath.blend(mode, source: s, destination: d)
          for lane in 0..<3 {
            let exact = BlendReference.separableComposite(mode, s[lane], sa, d[lane], da)
            if abs(Double(actual[lane]) - exact) > Self.tolerance {
              failures.record("\(mode) \(s) \(d): got \(actual), exact \(exact) in lane \(lane)")
            }
          }
        }
      }
    }
    #expect(failures.count == 0)
  }

  /// `normal` exactly, for every (sa, d): `d' = s + round(d (255 - sa) / 255)` and
  /// `a' = sa + round(da (255 - sa) / 255)`, with s in {0, sa, random}, for da = 255 and a random da >= d.
  @Test("normal is exact for every source alpha and destination value")
  func normalExhaustive() {
    var rng = SeededGenerator(seed: 0x0_5EED_0001)
    var failures = FailureLog()
    for sa in Int32(0)...255 {
      for d in Int32(0)...255 {
        let s = Pixel(0, sa, Int32.random(in: 0...sa, using: &rng), sa)
        for da in [255, Int32.random(in: d...255, using: &rng)] {
          let destination = Pixel(d, d, d, da)
          let actual = BlendMath.blend(.normal, source: s, destination: destination)
          let color = BlendReference.roundedQuotient(Int(d) * Int(255 - sa), 255)
          let alpha = Int(sa) + BlendReference.roundedQuotient(Int(da) * Int(255 - sa), 255)
          let expected = Pixel(s[0] + Int32(color), s[1] + Int32(color), s[2] + Int32(color), Int32(alpha))
          if actual != expected { failures.record("normal \(s) over \(destination): got \(actual), want \(expected)") }
        }
      }
    }
    #expect(failures.count == 0)
  }

  @Test("every result of valid input is a valid premultiplied pixel", arguments: BlendMode.allCases)
  func resultsAreValid(_ mode: BlendMode) {
    var rng = SeededGenerator(seed: 0xA11D ^ UInt64(BlendMode.allCases.firstIndex(of: mode)!))
    var failures = FailureLog()
    for (s, d) in Samples.grid() + Samples.random(count: 4_000, &rng) {
      let r = BlendMath.blend(mode, source: s, destination: d)
      if !(r[3] >= 0 && r[3] <= 255 && (0..<3).allSatisfy { r[$0] >= 0 && r[$0] <= r[3] }) {
        failures.record("\(mode) \(s) \(d) -> \(r)")
      }
    }
    #expect(failures.count == 0)
  }

  @Test("invalid input (colour above alpha) neither traps nor leaves 0...255", arguments: BlendMode.allCases)
  func invalidInputStaysInRange(_ mode: BlendMode) {
    var rng = SeededGenerator(seed: 0xBAD ^ UInt64(BlendMode.allCases.firstIndex(of: mode)!))
    func anyPixel() -> Pixel {
      Pixel((0..<4).map { _ in [0, 255, Int32.random(in: 0...255, using: &rng)][Int.random(in: 0...2, using: &rng)] })
    }
    var failures = FailureLog()
    for _ in 0..<1_000 {
      let (s, d) = (anyPixel(), anyPixel())
      let r = BlendMath.blend(mode, source: s, destination: d)
      if !(0..<4).allSatisfy({ r[$0] >= 0 && r[$0] <= 255 }) { failures.record("\(mode) \(s) \(d) -> \(r)") }
    }
    #expect(failures.count == 0)
  }

  /// Modes whose formula leaves the destination unchanged under a transparent source.
  static let keepDestinationUnderTransparentSource: Set<BlendMode> = [
    .normal, .multiply, .screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn, .softLight, .hardLight,
    .difference, .exclusion, .hue, .saturation, .color, .luminosity, .sourceAtop, .destinationOver,
    .destinationOut, .xor, .plusLighter, .plusDarker,
  ]
  /// Modes that replace the destination with transparent black under a transparent source.
  static let clearDestinationUnderTransparentSource: Set<BlendMode> = [
    .clear, .copy, .sourceIn, .sourceOut, .destinationIn, .destinationAtop,
  ]

  @Test("the two transparent-source lists cover every mode exactly once")
  func transparentSourceListsPartitionModes() {
    #expect(Self.keepDestinationUnderTransparentSource.isDisjoint(with: Self.clearDestinationUnderTransparentSource))
    #expect(
      Self.keepDestinationUnderTransparentSource.union(Self.clearDestinationUnderTransparentSource) == Set(BlendMode.allCases))
  }

  @Test("a transparent source keeps or clears the destination as its formula says", arguments: BlendMode.allCases)
  func transparentSource(_ mode: BlendMode) {
    var rng = SeededGenerator(seed: 0x7EA ^ UInt64(BlendMode.allCases.firstIndex(of: mode)!))
    let expectKeep = Self.keepDestinationUnderTransparentSource.contains(mode)
    var failures = FailureLog()
    for (_, d) in Samples.grid(alphas: [0, 1, 128, 254, 255]) + Samples.random(count: 500, &rng) {
      let r = BlendMath.blend(mode, source: Pixel(), destination: d)
      if r != (expectKeep ? d : Pixel()) { failures.record("\(mode) over \(d) -> \(r)") }
    }
    #expect(failures.count == 0)
  }

  @Test("overlay is hard light with the pixels swapped; luminosity is color swapped")
  func swappedModes() {
    var rng = SeededGenerator(seed: 0x5A4)
    var failures = FailureLog()
    for (s, d) in Samples.random(count: 4_000, &rng) {
      if BlendMath.blend(.overlay, source: s, destination: d) != BlendMath.blend(.hardLight, source: d, destination: s) {
        failures.record("overlay \(s) \(d)")
      }
      if BlendMath.blend(.luminosity, source: s, destination: d) != BlendMath.blend(.color, source: d, destination: s) {
        failures.record("luminosity \(s) \(d)")
      }
    }
    #expect(failures.count == 0)
  }

  /// Values worked out by hand from the W3C formulas (opaque, so the result is `255 B`, and one
  /// translucent case), including the special cases of colour dodge and burn.
  @Test(
    "hand-computed values",
    arguments: [
      // hardLight: 2·64·200/255 = 100.4; 255 - 2·55·191/255 = 172.6; Cs = 1 -> 1.
      HandCase(.hardLight, Pixel(64, 200, 255, 255), Pixel(200, 64, 0, 255), Pixel(100, 173, 255, 255)),
      HandCase(.overlay, Pixel(64, 200, 255, 255), Pixel(200, 64, 0, 255), Pixel(173, 100, 0, 255)),
      // s (1 - da) + d (1 - sa) + 2 s d = (50·55 + 100·155 + 2·50·100) / 255 = 110.8; alpha 221.6.
      HandCase(.hardLight, Pixel(50, 0, 0, 100), Pixel(100, 0, 200, 200), Pixel(111, 0, 122, 222)),
      // colorDodge: Cb = 0 -> 0 even with Cs = 1; 255·100/127 = 200.8; Cs = 0 -> Cb.
      HandCase(.colorDodge, Pixel(255, 128, 0, 255), Pixel(0, 100, 100, 255), Pixel(0, 201, 100, 255)),
      HandCase(.colorDodge, Pixel(255, 255, 0, 255), Pixel(1, 255, 0, 255), Pixel(255, 255, 0, 255)),
      // colorBurn: Cb = 1 -> 1 even with Cs = 0; (155/128 > 1) -> 0; Cs = 1 -> Cb; 255 (1 - 55/200) = 184.9.
      HandCase(.colorBurn, Pixel(0, 128, 255, 255), Pixel(255, 100, 100, 255), Pixel(255, 0, 100, 255)),
      HandCase(.colorBurn, Pixel(200, 0, 0, 255), Pixel(200, 254, 0, 255), Pixel(185, 0, 0, 255)),
      // softLight: Cs = 0 -> Cb² (64.25); Cb = 0.2 -> D = 0.448 (114.24); Cb = 0.8 -> sqrt (228.08).
      HandCase(.softLight, Pixel(0, 255, 255, 255), Pixel(128, 51, 204, 255), Pixel(64, 114, 228, 255)),
      // Gray 128 luminosity onto red: (1.202, 0.202, 0.202) clipped to (1, 0.2885, 0.2885).
      HandCase(.luminosity, Pixel(128, 128, 128, 255), Pixel(255, 0, 0, 255), Pixel(255, 74, 74, 255)),
      HandCase(.color, Pixel(255, 0, 0, 255), Pixel(128, 128, 128, 255), Pixel(255, 74, 74, 255)),
      // Green's hue at red's saturation and luminosity 0.3: (-0.29, 0.71, -0.29) clipped to (0, 0.5085, 0).
      HandCase(.hue, Pixel(0, 255, 0, 255), Pixel(255, 0, 0, 255), Pixel(0, 130, 0, 255)),
      // Gray has saturation 0: yellow becomes gray at yellow's luminosity 0.89 (226.95).
      HandCase(.saturation, Pixel(90, 90, 90, 255), Pixel(255, 255, 0, 255), Pixel(227, 227, 227, 255)),
      // A transparent destination shows the source unchanged.
      HandCase(.hue, Pixel(10, 20, 30, 40), Pixel(0, 0, 0, 0), Pixel(10, 20, 30, 40)),
      // plusDarker: opaque s + d - 1; plusLighter saturates.
      HandCase(.plusDarker, Pixel(200, 100, 0, 255), Pixel(100, 200, 255, 255), Pixel(45, 45, 0, 255)),
      HandCase(.plusLighter, Pixel(200, 100, 0, 200), Pixel(100, 100, 50, 100), Pixel(255, 200, 50, 255)),
    ])
  func handComputed(_ test: HandCase) {
    #expect(BlendMath.blend(test.mode, source: test.source, destination: test.destination) == test.expected)
  }

  struct HandCase: Sendable, CustomTestStringConvertible {
    let mode: BlendMode
    let source: Pixel
    let destination: Pixel
    let expected: Pixel
    init(_ mode: BlendMode, _ source: Pixel, _ destination: Pixel, _ expected: Pixel) {
      (self.mode, self.source, self.destination, self.expected) = (mode, source, destination, expected)
    }
    var testDescription: String { "\(mode) \(source) onto \(destination)" }
  }
}

extension BlendMathTests {
  /// Counts failures in a large sweep and records only the first few, so one bug does not flood the log.
  struct FailureLog {
    private(set) var count = 0

    mutating func record(_ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
      count += 1
      if count <= 3 { Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation) }
    }
  }

  /// Valid premultiplied source/destination pairs for the blend tests.
  enum Samples {
    typealias Pixel = BlendMath.Pixel

    static let edgeAlphas: [Int32] = [0, 1, 2, 3, 64, 127, 128, 129, 200, 254, 255]

    /// Colour levels for alpha `a`: 0, 1, a/4, a/2, (a+1)/2, 3a/4, a-1 and a, those in 0...a.
    static func levels(_ a: Int32) -> [Int32] {
      var seen = Set<Int32>()
      return [0, 1, a / 4, a / 2, (a + 1) / 2, 3 * a / 4, a - 1, a].filter { $0 >= 0 && $0 <= a && seen.insert($0).inserted }
    }

    /// Every pair of `alphas`, and every pair of colour levels for them (channels rotate through
    /// the levels so the three differ).
    static func grid(alphas: [Int32] = edgeAlphas) -> [(Pixel, Pixel)] {
      var pairs: [(Pixel, Pixel)] = []
      for sa in alphas {
        for da in alphas {
          let ls = levels(sa)
          let ld = levels(da)
          for i in ls.indices {
            for j in ld.indices {
              let s = Pixel(ls[i], ls[(i + 1) % ls.count], ls[(i + 3) % ls.count], sa)
              let d = Pixel(ld[j], ld[(j + 2) % ld.count], ld[(j + 5) % ld.count], da)
              pairs.append((s, d))
            }
          }
        }
      }
      return pairs
    }

    /// Alpha: 0, 255, 1...3 or any; colour: 0, alpha or any in 0...alpha.
    static func pixel(_ rng: inout SeededGenerator) -> Pixel {
      let alpha: Int32 =
        switch rng.next() % 8 {
        case 0: 0
        case 1, 2: 255
        case 3: Int32.random(in: 1...3, using: &rng)
        default: Int32.random(in: 0...255, using: &rng)
        }
      func color() -> Int32 {
        switch rng.next() % 8 {
        case 0: 0
        case 1: alpha
        default: Int32.random(in: 0...alpha, using: &rng)
        }
      }
      return Pixel(color(), color(), color(), alpha)
    }

    static func random(count: Int, _ rng: inout SeededGenerator) -> [(Pixel, Pixel)] {
      (0..<count).map { _ in (pixel(&rng), pixel(&rng)) }
    }
  }
}
