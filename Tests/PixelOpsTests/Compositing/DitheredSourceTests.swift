import PixelOpsTestSupport
import Testing

@testable import PixelOps

/// Sources dithered as kernels read them (``DitheredPixels``, ``DitheredRow``) against a scalar
/// model written out here: a channel with 8.8 value `v` becomes `(v + d) >> 8` for the threshold
/// `d = 4 b + 2` of the textbook 8x8 Bayer matrix at its destination pixel; source-over onto it is
/// `s + round(d (255 - sa) / 255)`.
@Suite("Dithered sources read by kernels equal their scalar model")
struct DitheredSourceTests {
  /// A row of random 8.8 colours (colour at most alpha, as premultiplied tables hold), with runs
  /// of eight opaque or transparent pixels so that every alpha class of the kernels is met, runs
  /// whose alpha lies just below 255 or just above 0 (so that carries alone decide whether they
  /// dither opaque or transparent), runs of four opaque pixels beside four just below (a run
  /// classified by one half alone is drawn wrong), and its planes as a master row holds them.
  struct Row {
    var values: [SIMD4<Int>]
    var whole: [UInt8]
    var fraction: [UInt8]

    /// `opaque`: every alpha 255 (as a source that claims `opaqueSource`).
    init(count: Int, opaque: Bool = false, _ rng: inout SeededGenerator) {
      values = []
      while values.count < count {
        let kind = opaque ? 0 : Int.random(in: 0...7, using: &rng)
        for pixel in 0..<8 {
          let nearlyOpaque = Int.random(in: 254 * 256 + 1..<255 * 256, using: &rng)
          let alpha: Int
          switch kind {
          case 0: alpha = 255 * 256
          case 1: alpha = 0
          case 2: alpha = nearlyOpaque
          case 3: alpha = Int.random(in: 1..<256, using: &rng)
          case 4: alpha = pixel < 4 ? 255 * 256 : nearlyOpaque
          case 5: alpha = pixel < 4 ? nearlyOpaque : 255 * 256
          default: alpha = Int.random(in: 0...255 * 256, using: &rng)
          }
          values.append(
            SIMD4(
              Int.random(in: 0...alpha, using: &rng), Int.random(in: 0...alpha, using: &rng),
              Int.random(in: 0...alpha, using: &rng), alpha))
        }
      }
      values.removeLast(values.count - count)
      whole = values.flatMap { v in (0..<4).map { UInt8(v[$0] >> 8) } }
      fraction = values.flatMap { v in (0..<4).map { UInt8(v[$0] & 0xFF) ^ 0x80 } }
    }

    /// Pixel k dithered at destination (x + k, y), by the model.
    func dithered(_ k: Int, x: Int, y: Int) -> SIMD4<Int> {
      let d = 4 * GradientDitherLookupTests.bayer[y % 8][(x + k) % 8] + 2
      return (values[k] &+ d) &>> 8
    }

    /// The row dithered at destination (x, y) by the model, as RGBA8 bytes.
    func ditheredPixels(x: Int, y: Int) -> [UInt8] {
      values.indices.flatMap { k in
        let p = dithered(k, x: x, y: y)
        return (0..<4).map { UInt8(p[$0]) }
      }
    }

    /// Calls `body` with the row's ``DitheredRow`` (padded by 16 bytes: kernels read 16 at a time
    /// only where 4 pixels remain, but the test gives them room all the same).
    func withDitheredRow<R>(x: Int, y: Int, _ body: (DitheredRow) -> R) -> R {
      let padding = [UInt8](repeating: 0xEE, count: 16)
      let (w, f) = (whole + padding, fraction + padding)
      return w.withUnsafeBytes { w in
        f.withUnsafeBytes { f in
          body(DitheredRow(whole: w.baseAddress!, fraction: f.baseAddress!, limits: OrderedDither.limits(ofRow: y, in: OrderedDither.carryLimits), firstColumn: x))
        }
      }
    }
  }

  @Test("reading dithers each channel as the Bayer model does (counts 0...70, every column phase)")
  func readingMatchesTheModel() {
    var rng = SeededGenerator(seed: 0xD17E_5)
    for trial in 0..<300 {
      let count = trial % 71
      let row = Row(count: count, &rng)
      let (x, y) = (Int.random(in: 0...1000, using: &rng), Int.random(in: 0...1000, using: &rng))
      var output = [UInt8](repeating: 0, count: count * 4 + 4)
      row.withDitheredRow(x: x, y: y) { source in
        output.withUnsafeMutableBytes { DitheredPixels(source).copy(count: count, into: $0.baseAddress!) }
      }
      for k in 0..<count {
        let got = SIMD4<Int>((0..<4).map { Int(output[k * 4 + $0]) })
        #expect(got == row.dithered(k, x: x, y: y), "trial \(trial) pixel \(k) of \(count) at (\(x), \(y))")
      }
      #expect(Array(output[(count * 4)...]) == [UInt8](repeating: 0, count: 4), "trial \(trial): wrote past the row")
    }
  }

  @Test("source-over from a dithered row is source-over of the dithered pixels, exactly")
  func sourceOverMatchesTheModel() {
    var rng = SeededGenerator(seed: 0xD17E_6)
    let parameters = CompositeParameters(mode: .normal, solid: .clear, opacity: 255)
    for trial in 0..<300 {
      let count = trial % 71
      let row = Row(count: count, &rng)
      let (x, y) = (Int.random(in: 0...1000, using: &rng), Int.random(in: 0...1000, using: &rng))
      let before: [SIMD4<Int>] = (0..<count).map { _ in
        let alpha = Int.random(in: 0...255, using: &rng)
        return SIMD4((0..<3).map { _ in Int.random(in: 0...alpha, using: &rng) } + [alpha])
      }
      var destination = before.flatMap { p in (0..<4).map { UInt8(p[$0]) } }
      row.withDitheredRow(x: x, y: y) { source in
        destination.withUnsafeMutableBytes { bytes in
          let span = CompositeSpan(
            destination: bytes.baseAddress ?? UnsafeMutableRawPointer(bitPattern: 64)!, source: nil, coverage: nil,
            coverageStride: 1, count: count)
          SourceOverKernels.overDitheredRow(span, source, parameters)
        }
      }
      for k in 0..<count {
        let s = row.dithered(k, x: x, y: y)
        let expected = s &+ (before[k] &* (255 - s.w) &+ 127) / 255
        let got = SIMD4<Int>((0..<4).map { Int(destination[k * 4 + $0]) })
        #expect(got == expected, "trial \(trial) pixel \(k) of \(count): source \(s) onto \(before[k])")
      }
    }
  }
}
