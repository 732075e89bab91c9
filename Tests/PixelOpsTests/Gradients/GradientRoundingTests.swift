import PixelOpsTestSupport
import Testing

@testable import PixelOps

/// The gradient shapes turn `Float` parameters into entries with the `1.5 × 2^23` rounding trick
/// and leave its constant's bits for the table mask to drop (``FloatLanes/nearestIntLowBits(_:)``):
/// masked, a lane must be the nearest integer (halves to even) modulo the mask, for negative
/// values and halves too, against the standard library's rounding.
@Suite("Float lanes round to table entries")
struct GradientRoundingTests {
  @Test("masked low bits are the nearest integer modulo the mask, halves to even, any sign")
  func lowBitsAreTheNearestInteger() {
    var rng = SeededGenerator(seed: 0x10B175)
    var failures: [String] = []
    for trial in 0..<20_000 {
      let magnitude: Float = [4, 300, 9000, 0x1p21][trial % 4]
      var value = Float.random(in: -magnitude...magnitude, using: &rng)
      if trial % 5 == 0 { value = value.rounded(.down) + 0.5 }  // a tie
      let lanes = SIMD4<Float>(value, -value, value + 1, value / 3)
      let rounded = FloatLanes.nearestIntLowBits(lanes)
      for mask in [Int32(511), 2047, 8191] {
        for lane in 0..<4 {
          let expected = Int32(lanes[lane].rounded(.toNearestOrEven)) & mask
          if rounded[lane] & mask != expected { failures.append("\(lanes[lane]) & \(mask): \(rounded[lane] & mask)") }
        }
      }
    }
    #expect(failures.isEmpty, "\(failures.count) differ, first: \(failures.prefix(5))")
  }
}
