/// Where a row kernel reads its source pixels (premultiplied RGBA8), eight, four or one at a
/// time: an image row (``ImagePixels``), or a row of 8.8 colours in two planes that the read
/// dithers (``DitheredPixels``). A kernel written over this protocol is specialised for each; over
/// ``ImagePixels`` it compiles to the plain loads.
///
/// Reads come in the order kernels make them: runs of eight from pixel 0, then at most one run of
/// four, then single pixels.
protocol SourcePixels {
  /// Pixels `x ..< x + 8`, `x` a multiple of 8.
  func eight(at x: Int) -> (SIMD4<UInt32>, SIMD4<UInt32>)
  /// Pixels `x ..< x + 4`, `x` a multiple of 8 (the run of four after the runs of eight).
  func four(at x: Int) -> SIMD4<UInt32>
  /// Pixel `x`.
  func one(at x: Int) -> UInt32
  /// The alpha class (``AlphaRun``) of the run that ``eight(at:)`` read at `x` as `a` and `b`
  /// (`eight` false: the run of four that ``four(at:)`` read, given as both).
  func kind(ofRunAt x: Int, _ a: SIMD4<UInt32>, _ b: SIMD4<UInt32>, eight: Bool) -> AlphaRun.Kind
}

extension SourcePixels {
  /// Writes pixels `0 ..< count` into `output`.
  @inline(__always)
  func copy(count: Int, into output: UnsafeMutableRawPointer) {
    var x = 0
    while count &- x >= 8 {
      let (a, b) = eight(at: x)
      output.storeBytes(of: a, toByteOffset: x &* 4, as: SIMD4<UInt32>.self)
      output.storeBytes(of: b, toByteOffset: x &* 4 &+ 16, as: SIMD4<UInt32>.self)
      x &+= 8
    }
    if count &- x >= 4 {
      output.storeBytes(of: four(at: x), toByteOffset: x &* 4, as: SIMD4<UInt32>.self)
      x &+= 4
    }
    while x < count {
      output.storeBytes(of: one(at: x), toByteOffset: x &* 4, as: UInt32.self)
      x &+= 1
    }
  }
}

/// Pixels read from memory.
struct ImagePixels: SourcePixels {
  let pixels: UnsafeRawPointer

  @inline(__always)
  func eight(at x: Int) -> (SIMD4<UInt32>, SIMD4<UInt32>) {
    (
      pixels.loadUnaligned(fromByteOffset: x &* 4, as: SIMD4<UInt32>.self),
      pixels.loadUnaligned(fromByteOffset: x &* 4 &+ 16, as: SIMD4<UInt32>.self)
    )
  }

  @inline(__always)
  func four(at x: Int) -> SIMD4<UInt32> { pixels.loadUnaligned(fromByteOffset: x &* 4, as: SIMD4<UInt32>.self) }

  @inline(__always)
  func one(at x: Int) -> UInt32 { pixels.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self) }

  @inline(__always)
  func kind(ofRunAt x: Int, _ a: SIMD4<UInt32>, _ b: SIMD4<UInt32>, eight: Bool) -> AlphaRun.Kind {
    AlphaRun.classify(a, b)
  }
}

/// Pixels dithered as they are read from a ``DitheredRow``: a channel is its whole byte, plus one
/// where its fraction byte (sign bit flipped) is greater than the pixel's carry limit as signed
/// bytes (``OrderedDither/carryLimits``): four pixels cost one `pcmpgtb` and one `psubb` beside
/// the two loads. The limits repeat every 8 pixels, so the two vectors of a run of eight stay in
/// registers.
///
/// A run is opaque where its whole alpha bytes are all 255 (``kind(ofRunAt:_:_:eight:)``): an
/// 8.8 alpha is at most 255.0, so its fraction is then 0 and no carry changes it. Testing the
/// whole bytes keeps the fraction load and compare off the path to the kernel's branch (the
/// 480x270 dithered tile: 1.19 → 1.17 times the plain one, 7.94 → 7.95 instructions a pixel). A run
/// whose carries alone make it opaque is mixed to this test, and source-over of an opaque pixel
/// through the mixed arithmetic is that pixel, exactly. Transparency is tested on the dithered
/// pixels: a whole alpha of 0 may carry to 1.
struct DitheredPixels: SourcePixels {
  let whole: UnsafeRawPointer
  let fraction: UnsafeRawPointer
  /// Carry limits of pixels 0 ..< 4 and 4 ..< 8 (then every 8 pixels again).
  let firstLimits: SIMD16<Int8>
  let secondLimits: SIMD16<Int8>
  /// The row's limits from column 0 (16 pixels), and the column of pixel 0 mod 8.
  let limits: UnsafeRawPointer
  let phase: Int

  @inline(__always)
  init(_ row: DitheredRow) {
    (whole, fraction, limits, phase) = (row.whole, row.fraction, row.limits, row.firstColumn & 7)
    firstLimits = limits.loadUnaligned(fromByteOffset: phase &* 4, as: SIMD16<Int8>.self)
    secondLimits = limits.loadUnaligned(fromByteOffset: ((phase &+ 4) & 7) &* 4, as: SIMD16<Int8>.self)
  }

  /// Pixels `x ..< x + 4` against `limit`: whole bytes minus the carry masks (all ones where a
  /// carry is).
  @inline(__always)
  private func dithered(_ x: Int, _ limit: SIMD16<Int8>) -> SIMD4<UInt32> {
    let bytes = whole.loadUnaligned(fromByteOffset: x &* 4, as: SIMD16<UInt8>.self)
    let fractions = fraction.loadUnaligned(fromByteOffset: x &* 4, as: SIMD16<Int8>.self)
    let carry = unsafeBitCast(SIMD16<Int8>.zero.replacing(with: -1, where: fractions .> limit), to: SIMD16<UInt8>.self)
    return unsafeBitCast(bytes &- carry, to: SIMD4<UInt32>.self)
  }

  @inline(__always)
  func eight(at x: Int) -> (SIMD4<UInt32>, SIMD4<UInt32>) {
    (dithered(x, firstLimits), dithered(x &+ 4, secondLimits))
  }

  @inline(__always)
  func four(at x: Int) -> SIMD4<UInt32> { dithered(x, firstLimits) }

  @inline(__always)
  func one(at x: Int) -> UInt32 {
    let limit = limits.load(fromByteOffset: ((phase &+ x) & 7) &* 4, as: UInt32.self)
    let bytes = whole.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self)
    let fractions = fraction.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self)
    let carry = SIMD4<Int8>.zero.replacing(
      with: -1, where: unsafeBitCast(fractions, to: SIMD4<Int8>.self) .> unsafeBitCast(limit, to: SIMD4<Int8>.self))
    return unsafeBitCast(unsafeBitCast(bytes, to: SIMD4<UInt8>.self) &- unsafeBitCast(carry, to: SIMD4<UInt8>.self), to: UInt32.self)
  }

  @inline(__always)
  func kind(ofRunAt x: Int, _ a: SIMD4<UInt32>, _ b: SIMD4<UInt32>, eight: Bool) -> AlphaRun.Kind {
    let wholeA = whole.loadUnaligned(fromByteOffset: x &* 4, as: SIMD4<UInt32>.self)
    let wholeB = eight ? whole.loadUnaligned(fromByteOffset: x &* 4 &+ 16, as: SIMD4<UInt32>.self) : wholeA
    return AlphaRun.classify(a, b, opaqueWhere: wholeA, wholeB)
  }
}
