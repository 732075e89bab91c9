@testable import PixelOps

/// The documented per-pixel semantics of a composite, written plainly: the oracle for every
/// kernel the table can choose.
///
/// - Every mode: the W3C *Compositing and Blending Level 1* model in `Double` (``exact``). Opacity
///   scales the source's alpha, and with it its premultiplied colour, without rounding (its straight
///   colour, which the blend function sees, is unchanged); coverage then interpolates between the
///   destination and that result. Kernels must be within ``tolerance`` of it, except `normal`.
/// - `normal`: its 8-bit definition (``normal8``): opacity and coverage fold into one factor that
///   scales the source, rounded, then exact source-over. Kernels must equal it; it is within
///   ``normalTolerance`` of the W3C model.
enum CompositeReference {
  typealias Pixel = [Int]

  /// How far a non-normal result may be from ``exact``: the exact result rounded to nearest, with
  /// room for the `Double` error of both sides.
  static let tolerance = 0.5 + 1e-6
  /// How far `normal`'s 8-bit definition may be from the W3C model at fractional opacity or
  /// coverage (two roundings of the scaled source, one of the result; exact at opacity and
  /// coverage 1).
  static let normalTolerance = 2.0

  static func rounded(_ numerator: Int) -> Int { (2 * numerator + 255) / 510 }  // round(n / 255), n >= 0

  /// `normal`'s 8-bit definition: `c = round(m o / 255)`, `s' = round(s c / 255)`, then
  /// `s' + round(d (255 - s'a) / 255)`.
  static func normal8(source: Pixel, destination: Pixel, opacity: Int, coverage: Int) -> Pixel {
    let factor = rounded(coverage * opacity)
    let s = source.map { rounded($0 * factor) }
    return (0..<4).map { s[$0] + rounded(destination[$0] * (255 - s[3])) }
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

  /// Whether a kernel's `actual` pixel is right: `normal` equal to ``normal8`` and within
  /// ``normalTolerance`` of ``exact``; every other mode within ``tolerance`` of ``exact``.
  static func accepts(_ actual: Pixel, mode: BlendMode, source: Pixel, destination: Pixel, opacity: Int, coverage: Int)
    -> Bool
  {
    let exact = exact(mode: mode, source: source, destination: destination, opacity: opacity, coverage: coverage)
    let within = mode == .normal ? normalTolerance : tolerance
    guard (0..<4).allSatisfy({ abs(Double(actual[$0]) - exact[$0]) <= within }) else { return false }
    return mode != .normal || actual == normal8(source: source, destination: destination, opacity: opacity, coverage: coverage)
  }

  static func read(_ address: UnsafeRawPointer) -> Pixel {
    (0..<4).map { Int(address.load(fromByteOffset: $0, as: UInt8.self)) }
  }
}
