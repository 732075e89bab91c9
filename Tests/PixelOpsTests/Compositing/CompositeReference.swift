@testable import PixelOps

/// The documented per-pixel semantics of a composite, written plainly: the oracle for every
/// kernel the table can choose.
///
/// - Every mode: the W3C *Compositing and Blending Level 1* model in `Double` (``exact``). Opacity
///   scales the source's alpha, and with it its premultiplied colour, without rounding (its straight
///   colour, which the blend function sees, is unchanged); coverage then interpolates between the
///   destination and that result. Kernels must be within ``tolerance`` of it, `normal` within
///   ``normalTolerance``.
enum CompositeReference {
  typealias Pixel = [Int]

  /// How far a non-normal result may be from ``exact``: the exact result rounded to nearest, with
  /// room for the `Double` error of both sides.
  static let tolerance = 0.5 + 1e-6
  /// How far `normal` may be from ``exact``: its fixed-point arithmetic's bound at fractional
  /// opacity or coverage, 1/2 + 6/256 (derived in `BlendMath+SourceOver.swift`; the promise is
  /// within 1), plus room for `Double` error. (Its old 8-bit definition, which rounded the scaled
  /// source to 8 bits, was up to 1.95 off, 2.44 for a solid colour at an opacity through a mask.)
  static let normalTolerance = 0.5 + 6.0 / 256 + 1e-6

  static func rounded(_ numerator: Int) -> Int { (2 * numerator + 255) / 510 }  // round(n / 255), n >= 0

  /// Exact source-over in 8 bits, at opacity and coverage 1: `s + round(d (255 - sa) / 255)`.
  static func sourceOver8(source: Pixel, destination: Pixel) -> Pixel {
    (0..<4).map { source[$0] + rounded(destination[$0] * (255 - source[3])) }
  }

  /// The W3C result in 8-bit units, unrounded: `d + m (F(o s, d) - d)` with `o`, `m` in 0...1 and
  /// `F` the mode's formula from ``BlendReference`` (for the W3C modes its blend sees
  /// `Cs = (o s) / (o sa) = s / sa`).
  static func exact(mode: BlendMode, source: Pixel, destination: Pixel, opacity: Int, coverage: Int) -> [Double] {
    let o = Double(opacity) / 255
    let m = Double(coverage) / 255
    let scaled = source.map { Double($0) / 255 * o }
    let d = destination.map { Double($0) / 255 }
    let f = BlendReference.blend(mode, source: scaled, destination: d)
    return (0..<4).map { Double(destination[$0]) + m * (f[$0] - Double(destination[$0])) }
  }

  /// Whether a kernel's `actual` pixel is right: within ``normalTolerance`` of ``exact`` for
  /// `normal`, within ``tolerance`` for every other mode.
  static func accepts(_ actual: Pixel, mode: BlendMode, source: Pixel, destination: Pixel, opacity: Int, coverage: Int)
    -> Bool
  {
    let exact = exact(mode: mode, source: source, destination: destination, opacity: opacity, coverage: coverage)
    let within = mode == .normal ? normalTolerance : tolerance
    return (0..<4).allSatisfy { abs(Double(actual[$0]) - exact[$0]) <= within }
  }

  static func read(_ address: UnsafeRawPointer) -> Pixel {
    (0..<4).map { Int(address.load(fromByteOffset: $0, as: UInt8.self)) }
  }
}
