import PixelOpsTestSupport
import Testing

@testable import PixelOps

/// Rounded division as a plain reference: `round(n / d)` for non-negative `n`, halves up.
func roundedQuotient(_ n: UInt64, _ d: UInt64) -> UInt64 { (2 * n + d) / (2 * d) }

@Suite("Exact division")
struct ExactDivisionTests {
  @Test("div255 is round(x/255) for every product of two bytes")
  func div255Exhaustive() {
    for a in 0...255 {
      for c in 0...255 {
        let product = UInt32(a * c)
        #expect(ExactDivision.div255(product) == UInt32(roundedQuotient(UInt64(product), 255)))
      }
    }
  }

  @Test("SIMD div255 (a multiply-high) is round(x/255) for every x up to 255 * 255, in every lane")
  func div255SIMDExhaustive() {
    var wrong = 0
    for first in stride(from: 0, through: 65025, by: 8) {
      let lanes = SIMD8<UInt16>((0..<8).map { UInt16(min(first + $0 * 1, 65025)) })
      // All eight rotations, so every value passes through every lane.
      for vector in (0..<8).map({ r in SIMD8<UInt16>((0..<8).map { lanes[($0 + r) % 8] }) }) {
        let result = ExactDivision.div255(vector)
        for lane in 0..<8 where UInt64(result[lane]) != roundedQuotient(UInt64(vector[lane]), 255) { wrong += 1 }
      }
    }
    #expect(wrong == 0)
  }

  @Test("SIMD div255 is round(x/255) for random values in every lane")
  func div255SIMD() {
    var rng = SeededGenerator(seed: 1)
    for _ in 0..<10_000 {
      let lanes = SIMD8<UInt16>((0..<8).map { _ in UInt16.random(in: 0...65025, using: &rng) })
      let result = ExactDivision.div255(lanes)
      for lane in 0..<8 {
        #expect(UInt64(result[lane]) == roundedQuotient(UInt64(lanes[lane]), 255))
      }
    }
  }

  @Test("the 16-bit multiply-high is (a * b) >> 16 unsigned, in every lane, for any operands")
  func multiplyHighMatchesTheWidenedProduct() {
    var rng = SeededGenerator(seed: 3)
    // Both halves of the range in each operand: a signed multiply-high differs wherever either
    // operand is 32768 or more.
    let edges: [UInt16] = [0, 1, 2, 255, 256, 257, 32767, 32768, 32769, 65280, 65534, 65535]
    var operands = edges.flatMap { a in edges.map { b in (a, b) } }
    for _ in 0..<40_000 {
      operands.append((UInt16.random(in: 0...65535, using: &rng), UInt16.random(in: 0...65535, using: &rng)))
    }
    var wrong = 0
    for first in stride(from: 0, to: operands.count - 7, by: 8) {
      let group = operands[first..<(first + 8)]
      let result = ByteLanes.multiplyHigh(SIMD8(group.map(\.0)), SIMD8(group.map(\.1)))
      for (lane, (a, b)) in group.enumerated() where UInt32(result[lane]) != (UInt32(a) * UInt32(b)) >> 16 {
        wrong += 1
      }
    }
    #expect(wrong == 0)
  }

  @Test("16 to 8 bits is round(v/257) for every 16-bit value")
  func reduce16Exhaustive() {
    for v in 0...65535 {
      #expect(UInt64(ExactDivision.reduce16To8(UInt32(v))) == roundedQuotient(UInt64(v), 257))
    }
  }

  @Test("div65535 is round(x/65535): edges and a million random products")
  func div65535Sampled() {
    var rng = SeededGenerator(seed: 2)
    var pairs: [(UInt32, UInt32)] = [(65535, 65535), (0, 0), (1, 32767), (1, 32768), (65535, 1), (32768, 65535)]
    for _ in 0..<1_000_000 {
      pairs.append((UInt32.random(in: 0...65535, using: &rng), UInt32.random(in: 0...65535, using: &rng)))
    }
    for (c, a) in pairs {
      #expect(UInt64(ExactDivision.div65535(c * a)) == roundedQuotient(UInt64(c) * UInt64(a), 65535))
    }
  }

  @Test("8-bit unpremultiply then premultiply gives back every valid premultiplied value")
  func unpremultiplyRoundTrip() {
    for a in 1...255 {
      for c in 0...a {
        let straight = ExactDivision.unpremultiply8(UInt32(c), alpha: UInt32(a))
        #expect(UInt64(straight) == min(255, roundedQuotient(UInt64(c) * 255, UInt64(a))))
        #expect(ExactDivision.div255(straight * UInt32(a)) == UInt32(c))
      }
    }
  }
}
