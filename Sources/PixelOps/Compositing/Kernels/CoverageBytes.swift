/// Where a masked kernel reads its coverage, four pixels at a time: a Gray8 mask's bytes
/// (``MaskCoverage``), the alpha bytes of 4-byte pixels in place (``PixelAlphaCoverage``: a
/// template image), or bytes any other distance apart (``StridedCoverage``). A kernel written
/// over this protocol is specialised for each and picks one by the span's `coverageStride`.
protocol CoverageBytes {
  /// Four pixels' coverage in the form the reader tests it: read once (a mask's word), or where
  /// to read it (the tests then load what each needs).
  associatedtype Quad
  /// The coverage of pixels `x ..< x + 4`, for the tests and the spread below.
  func quad(at x: Int) -> Quad
  /// Whether all four are 0.
  func isEmpty(_ quad: Quad) -> Bool
  /// Whether all four are 255.
  func isFull(_ quad: Quad) -> Bool
  /// The four as `m * 257` in both 16-bit halves of each pixel's 32-bit lane
  /// (``ByteLanes/spreadBytes(_:)``'s form).
  func spread(_ quad: Quad) -> SIMD8<UInt16>
  /// The coverage of pixel `x`.
  func one(at x: Int) -> UInt32
}

/// Readers that pack four coverage bytes into a word, pixel `i`'s in bits `8i ..< 8i + 8`.
extension CoverageBytes where Quad == UInt32 {
  @inline(__always)
  func isEmpty(_ quad: UInt32) -> Bool { quad == 0 }
  @inline(__always)
  func isFull(_ quad: UInt32) -> Bool { quad == .max }
  @inline(__always)
  func spread(_ quad: UInt32) -> SIMD8<UInt16> { ByteLanes.spreadBytes(quad) }
}

/// Coverage bytes one per pixel (a Gray8 mask, a prepared template): four load as one word.
struct MaskCoverage: CoverageBytes {
  let bytes: UnsafeRawPointer

  @inline(__always)
  func quad(at x: Int) -> UInt32 { UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: x, as: UInt32.self)) }
  @inline(__always)
  func one(at x: Int) -> UInt32 { UInt32(bytes.load(fromByteOffset: x, as: UInt8.self)) }
}

/// The alpha bytes of 4-byte pixels read in place (an RGBA8 or BGRA8 template): `bytes` points
/// at pixel 0's alpha, the last of its four bytes (``ViewCoverage`` asserts the offset), so four
/// pixels load as one vector from three bytes before it, inside pixel 0, with each alpha already
/// in the top byte of its lane: no byte gathered. The tests read the two halves as `UInt64`s (a
/// vector `==` on small lanes compiles to per-lane branches); the spread copies each lane's top
/// 16 bits into both halves (`pshuflw`, `pshufhw`) and its high byte into both bytes. Written for
/// little-endian lanes; kernels read big-endian alpha bytes through ``StridedCoverage``.
struct PixelAlphaCoverage: CoverageBytes {
  /// Bytes from one pixel's alpha to the next.
  static let stride = 4
  /// The alpha byte's place in a pixel, which the vector load depends on.
  static let alphaOffset = 3
  /// The alpha bytes of two pixels within a `UInt64` half of the vector.
  private static let alphaMask: UInt64 = 0xFF00_0000_FF00_0000

  let bytes: UnsafeRawPointer

  /// The first pixel's index: each test loads what it needs (two `UInt64` loads for the full
  /// test, which measured fewer instructions than testing one vector moved to general registers).
  @inline(__always)
  func quad(at x: Int) -> Int { x }
  @inline(__always)
  private func pixels(_ x: Int) -> SIMD2<UInt64> {
    bytes.loadUnaligned(fromByteOffset: x &* 4 &- Self.alphaOffset, as: SIMD2<UInt64>.self)
  }
  @inline(__always)
  func isEmpty(_ x: Int) -> Bool {
    let p = pixels(x)
    return (p[0] | p[1]) & Self.alphaMask == 0
  }
  @inline(__always)
  func isFull(_ x: Int) -> Bool {
    let p = pixels(x)
    return p[0] & p[1] & Self.alphaMask == Self.alphaMask
  }
  @inline(__always)
  func spread(_ x: Int) -> SIMD8<UInt16> {
    let halves = unsafeBitCast(pixels(x), to: SIMD8<UInt16>.self)
    let top = SIMD8(halves[1], halves[1], halves[3], halves[3], halves[5], halves[5], halves[7], halves[7])
    let alpha = top &>> 8
    return alpha | alpha &<< 8
  }
  @inline(__always)
  func one(at x: Int) -> UInt32 { UInt32(bytes.load(fromByteOffset: x &* 4, as: UInt8.self)) }
}

/// Coverage bytes `stride` apart (a Gray-alpha template's alpha), gathered byte by byte.
struct StridedCoverage: CoverageBytes {
  let bytes: UnsafeRawPointer
  let stride: Int

  /// Four coverage bytes packed into one word, pixel `i`'s in bits `8i ..< 8i + 8`.
  @inline(__always)
  func quad(at x: Int) -> UInt32 {
    let base = x &* stride
    return UInt32(bytes.load(fromByteOffset: base, as: UInt8.self))
      | UInt32(bytes.load(fromByteOffset: base &+ stride, as: UInt8.self)) &<< 8
      | UInt32(bytes.load(fromByteOffset: base &+ 2 &* stride, as: UInt8.self)) &<< 16
      | UInt32(bytes.load(fromByteOffset: base &+ 3 &* stride, as: UInt8.self)) &<< 24
  }
  @inline(__always)
  func one(at x: Int) -> UInt32 { UInt32(bytes.load(fromByteOffset: x &* stride, as: UInt8.self)) }
}
