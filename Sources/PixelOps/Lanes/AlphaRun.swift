/// Classifies runs of RGBA8 pixels by their alpha bytes: all 255, all 0, or anything else.
/// Byte 3 of each pixel is alpha, so in a little-endian lane alpha is the top byte.
///
/// Two forms, each the cheapest for where its pixels are on SSE2: 4 pixels loaded as two
/// `UInt64`s are tested with ANDs/ORs and a compare in general registers; 8 pixels in two vectors
/// with `all(_:)` over 32-bit lanes, which compiles to `pcmpeqd` and `movmskps` (on 8- and
/// 16-bit lanes it compiled to per-lane branches: `../shared/simd-notes.md`), also with the
/// opaque test on other vectors than the pixels (a dithered run's whole bytes).
enum AlphaRun {
  enum Kind {
    case opaque
    case transparent
    case mixed
  }

  private static let alphaMask = UInt64(littleEndian: 0xFF00_0000_FF00_0000)

  /// 8 pixels in vector registers (4 when `a` and `b` are the same): the AND and the OR of the
  /// two vectors, their alpha bytes compared in all four lanes at once (`pand`, `pcmpeqd`,
  /// `movmskps` each way). Moving the four 64-bit halves out to general registers instead took
  /// 14 instructions where this takes 7 (callgrind, source-over of a dithered gradient); the
  /// plain image kernel, which loaded the halves from memory, also runs fewer.
  @inline(__always)
  static func classify(_ a: SIMD4<UInt32>, _ b: SIMD4<UInt32>) -> Kind { classify(a, b, opaqueWhere: a, b) }

  /// The same, but opaque where the alpha bytes of `opaqueA` and `opaqueB` are all 255 (values
  /// the caller knows to be opaque only where `a` and `b` are, such as a dithered run's whole
  /// bytes: ``DitheredPixels``).
  @inline(__always)
  static func classify(
    _ a: SIMD4<UInt32>, _ b: SIMD4<UInt32>, opaqueWhere opaqueA: SIMD4<UInt32>, _ opaqueB: SIMD4<UInt32>
  ) -> Kind {
    let alpha = SIMD4<UInt32>(repeating: UInt32(littleEndian: 0xFF00_0000))
    if all(opaqueA & opaqueB & alpha .== alpha) { return .opaque }
    if all((a | b) & alpha .== .zero) { return .transparent }
    return .mixed
  }

  /// 4 pixels as two `UInt64`s (loaded from memory).
  @inline(__always)
  static func classify(_ low: UInt64, _ high: UInt64) -> Kind {
    if low & high & alphaMask == alphaMask { return .opaque }
    if (low | high) & alphaMask == 0 { return .transparent }
    return .mixed
  }
}
