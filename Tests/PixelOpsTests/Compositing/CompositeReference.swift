@testable import PixelOps

/// The documented per-pixel semantics of a composite, written plainly: the oracle for every
/// kernel the table can choose. `normal` is written out from its formula; other modes take
/// their blend from ``BlendMath/blend(_:source:destination:)`` (checked on its own against a
/// floating-point reference in BlendMathTests) and add opacity and coverage as documented.
enum CompositeReference {
  typealias Pixel = [Int]

  static func rounded(_ numerator: Int) -> Int { (2 * numerator + 255) / 510 }  // round(n / 255), n >= 0

  /// One destination pixel after compositing `source` with `opacity` (0...255) and `coverage`.
  static func composite(mode: BlendMode, source: Pixel, destination: Pixel, opacity: Int, coverage: Int) -> Pixel {
    if mode == .normal {
      let factor = rounded(coverage * opacity)
      let s = source.map { rounded($0 * factor) }
      return (0..<4).map { s[$0] + rounded(destination[$0] * (255 - s[3])) }
    }
    let s = source.map { rounded($0 * opacity) }
    let blended = BlendMath.blend(
      mode, source: SIMD4(s.map(Int32.init)), destination: SIMD4(destination.map(Int32.init)))
    let b = (0..<4).map { Int(blended[$0]) }
    return (0..<4).map { rounded(b[$0] * coverage + destination[$0] * (255 - coverage)) }
  }

  static func read(_ address: UnsafeRawPointer) -> Pixel {
    (0..<4).map { Int(address.load(fromByteOffset: $0, as: UInt8.self)) }
  }
}
