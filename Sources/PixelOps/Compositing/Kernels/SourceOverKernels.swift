/// Source-over (`normal`) on premultiplied RGBA8, 4 pixels per 128-bit vector (8 per step in
/// the plain image kernel). At opacity 1 and full coverage,
/// `d' = s + round(d * (255 - sa) / 255)` per channel, exact (the ``ExactDivision`` identity).
/// At fractional opacity or through coverage, the exact W3C result in 8.8 fixed point
/// (``overWeighted(_:by:onto:)``, ``BlendMath/sourceOverWeighted(source:destination:factor:)``):
/// within 0.524 of it, the source never rounded to 8 bits on the way.
///
/// Runs of 4 (or 8) source pixels that are all opaque store the source without reading the
/// destination; runs that are all transparent leave the destination untouched (a dithered
/// source's runs are opaque by their whole bytes, ``DitheredPixels``: one whose carries alone
/// make it opaque takes the mixed arithmetic, which gives the same bytes). Tails go through the
/// same arithmetic one pixel at a time (lane 0).
enum SourceOverKernels {
  /// Image source, full coverage, opacity 1.
  static func overImage(_ span: CompositeSpan, _ parameters: CompositeParameters) {
    over(ImagePixels(pixels: span.source.unsafelyUnwrapped), onto: span.destination, count: span.count)
  }

  /// The same with a dithered source, dithered as it is read.
  static func overDitheredRow(_ span: CompositeSpan, _ source: DitheredRow, _ parameters: CompositeParameters) {
    over(DitheredPixels(source), onto: span.destination, count: span.count)
  }

  /// Full coverage, opacity 1, from any ``SourcePixels``.
  @inline(__always)
  static func over<Source: SourcePixels>(_ source: Source, onto destination: UnsafeMutableRawPointer, count: Int) {
    var x = 0
    // 8 pixels per step: one classification and one loop test for two vectors
    // (callgrind, mixed content: 6.1 -> 5.0 instructions per pixel).
    while x &+ 8 <= count {
      let (s0, s1) = source.eight(at: x)
      switch source.kind(ofRunAt: x, s0, s1, eight: true) {
      case .opaque:
        destination.storeBytes(of: s0, toByteOffset: x &* 4, as: SIMD4<UInt32>.self)
        destination.storeBytes(of: s1, toByteOffset: x &* 4 &+ 16, as: SIMD4<UInt32>.self)
      case .transparent:
        break
      case .mixed:
        let d0 = destination.loadUnaligned(fromByteOffset: x &* 4, as: SIMD4<UInt32>.self)
        let d1 = destination.loadUnaligned(fromByteOffset: x &* 4 &+ 16, as: SIMD4<UInt32>.self)
        destination.storeBytes(of: over(s0, d0), toByteOffset: x &* 4, as: SIMD4<UInt32>.self)
        destination.storeBytes(of: over(s1, d1), toByteOffset: x &* 4 &+ 16, as: SIMD4<UInt32>.self)
      }
      x &+= 8
    }
    if x &+ 4 <= count {
      let s = source.four(at: x)
      switch source.kind(ofRunAt: x, s, s, eight: false) {
      case .opaque:
        destination.storeBytes(of: s, toByteOffset: x &* 4, as: SIMD4<UInt32>.self)
      case .transparent:
        break
      case .mixed:
        let d = destination.loadUnaligned(fromByteOffset: x &* 4, as: SIMD4<UInt32>.self)
        destination.storeBytes(of: over(s, d), toByteOffset: x &* 4, as: SIMD4<UInt32>.self)
      }
      x &+= 4
    }
    while x < count {
      let s = SIMD4<UInt32>(source.one(at: x), 0, 0, 0)
      let d = SIMD4<UInt32>(destination.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self), 0, 0, 0)
      destination.storeBytes(of: over(s, d)[0], toByteOffset: x &* 4, as: UInt32.self)
      x &+= 1
    }
  }

  /// Image source at a constant opacity below 1, full coverage: ``overWeighted(_:by:onto:)`` with
  /// the factor ``BlendMath/sourceOverFactor(opacity:coverage:)`` of coverage 255 for every pixel
  /// (within 0.524 of the exact result). Runs of 4 transparent source pixels are skipped. At
  /// opacity 1 (which ``overImage(_:_:)`` serves first) it is that exact kernel, as the generic
  /// kernel is.
  static func overImageWithOpacity(_ span: CompositeSpan, _ parameters: CompositeParameters) {
    guard parameters.opacity != 255 else { return overImage(span, parameters) }
    let factor = SIMD8<UInt16>(
      repeating: UInt16(truncatingIfNeeded: BlendMath.sourceOverFactor(opacity: parameters.opacity, coverage: 255)))
    PixelLoop.combine32(span.source.unsafelyUnwrapped, into: span.destination, span.count, skippingTransparentSource: true) {
      s, d in overWeighted(s, by: factor, onto: d)
    }
  }

  /// Image source through a coverage mask at any opacity: per pixel the factor
  /// `F = (257 m · 257 o) >> 16` (one `pmulhuw` for 4 pixels), then ``overWeighted(_:by:onto:)``
  /// (within 0.524 of the exact result). Runs of 4 zero coverage bytes are skipped.
  static func overImageMasked(_ span: CompositeSpan, _ parameters: CompositeParameters) {
    // Image sources come with masks only (a template draws a solid tint): no alpha in place.
    let bytes = span.coverage.unsafelyUnwrapped
    if span.coverageStride == 1 {
      overImage(span, parameters, through: MaskCoverage(bytes: bytes))
    } else {
      overImage(span, parameters, through: StridedCoverage(bytes: bytes, stride: span.coverageStride))
    }
  }

  @inline(__always)
  private static func overImage<Coverage: CoverageBytes>(
    _ span: CompositeSpan, _ parameters: CompositeParameters, through coverage: Coverage
  ) {
    let source = span.source.unsafelyUnwrapped
    let destination = span.destination
    let opacity = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: parameters.opacity &* 257))
    var x = 0
    while x &+ 4 <= span.count {
      let quad = coverage.quad(at: x)
      if !coverage.isEmpty(quad) {
        let factor = ByteLanes.multiplyHigh(coverage.spread(quad), opacity)
        let s = source.loadUnaligned(fromByteOffset: x &* 4, as: SIMD4<UInt32>.self)
        let d = destination.loadUnaligned(fromByteOffset: x &* 4, as: SIMD4<UInt32>.self)
        destination.storeBytes(of: overWeighted(s, by: factor, onto: d), toByteOffset: x &* 4, as: SIMD4<UInt32>.self)
      }
      x &+= 4
    }
    while x < span.count {
      let factor = ByteLanes.multiplyHigh(ByteLanes.spreadBytes(coverage.one(at: x)), opacity)
      let s = SIMD4<UInt32>(source.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self), 0, 0, 0)
      let d = SIMD4<UInt32>(destination.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self), 0, 0, 0)
      destination.storeBytes(of: overWeighted(s, by: factor, onto: d)[0], toByteOffset: x &* 4, as: UInt32.self)
      x &+= 1
    }
  }

  /// Solid colour at opacity 1, full coverage: `d' = c + round(d * (255 - ca) / 255)` (exact).
  static func overSolid(_ span: CompositeSpan, _ parameters: CompositeParameters) {
    let color = SIMD4<UInt32>(repeating: parameters.solid.pixel.littleEndian)
    PixelLoop.map32(UnsafeRawPointer(span.destination), span.destination, span.count) { d in over(color, d) }
  }

  /// Solid colour at a constant opacity below 1, full coverage: ``overWeighted(_:by:onto:)`` of
  /// the unscaled colour with one factor (its source terms are the same for every pixel and leave
  /// the loop), within 0.524 of the exact result. At opacity 1 (which ``overSolid(_:_:)`` serves
  /// first) it is that exact kernel, as the generic kernel is.
  static func overSolidWithOpacity(_ span: CompositeSpan, _ parameters: CompositeParameters) {
    guard parameters.opacity != 255 else { return overSolid(span, parameters) }
    let color = SIMD4<UInt32>(repeating: parameters.solid.pixel.littleEndian)
    let factor = SIMD8<UInt16>(
      repeating: UInt16(truncatingIfNeeded: BlendMath.sourceOverFactor(opacity: parameters.opacity, coverage: 255)))
    PixelLoop.map32(UnsafeRawPointer(span.destination), span.destination, span.count) { d in
      overWeighted(color, by: factor, onto: d)
    }
  }

  /// Solid colour through coverage at any opacity (masked fills, template tints): per pixel the
  /// factor `F = (257 m · 257 o) >> 16`, then ``overWeighted(_:by:onto:)`` of the unscaled colour
  /// (within 0.524 of the exact result). Runs of 4 zero coverage bytes are skipped; runs of 4
  /// full ones of an opaque colour at opacity 1 store the colour directly (what the arithmetic
  /// gives there: `F = 65534` leaves `D <= 2` and `P >= 256 c - 2`).
  static func overSolidMasked(_ span: CompositeSpan, _ parameters: CompositeParameters) {
    let bytes = span.coverage.unsafelyUnwrapped
    switch span.coverageStride {
    case 1: overSolid(span, parameters, through: MaskCoverage(bytes: bytes))
    #if _endian(little)
      case PixelAlphaCoverage.stride: overSolid(span, parameters, through: PixelAlphaCoverage(bytes: bytes))
    #endif
    default: overSolid(span, parameters, through: StridedCoverage(bytes: bytes, stride: span.coverageStride))
    }
  }

  @inline(__always)
  private static func overSolid<Coverage: CoverageBytes>(
    _ span: CompositeSpan, _ parameters: CompositeParameters, through coverage: Coverage
  ) {
    let color = SIMD4<UInt32>(repeating: parameters.solid.pixel.littleEndian)
    let storesColor = parameters.solid.alpha == 255 && parameters.opacity == 255
    let opacity = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: parameters.opacity &* 257))
    let destination = span.destination
    var x = 0
    while x &+ 4 <= span.count {
      let quad = coverage.quad(at: x)
      if storesColor && coverage.isFull(quad) {
        destination.storeBytes(of: color, toByteOffset: x &* 4, as: SIMD4<UInt32>.self)
      } else if !coverage.isEmpty(quad) {
        let factor = ByteLanes.multiplyHigh(coverage.spread(quad), opacity)
        let d = destination.loadUnaligned(fromByteOffset: x &* 4, as: SIMD4<UInt32>.self)
        destination.storeBytes(of: overWeighted(color, by: factor, onto: d), toByteOffset: x &* 4, as: SIMD4<UInt32>.self)
      }
      x &+= 4
    }
    while x < span.count {
      let factor = ByteLanes.multiplyHigh(ByteLanes.spreadBytes(coverage.one(at: x)), opacity)
      let d = SIMD4<UInt32>(destination.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self), 0, 0, 0)
      destination.storeBytes(of: overWeighted(color, by: factor, onto: d)[0], toByteOffset: x &* 4, as: UInt32.self)
      x &+= 1
    }
  }

  /// Stores the solid colour in every pixel (an opaque fill, or `copy` of a solid colour).
  static func fillSolid(_ span: CompositeSpan, _ parameters: CompositeParameters) {
    PixelLoop.fill32(parameters.solid.pixel.littleEndian, span.destination, span.count)
  }

  /// Copies the source row (`copy` at full coverage and opacity, or `normal` with a source known
  /// to be opaque).
  static func copyImage(_ span: CompositeSpan, _ parameters: CompositeParameters) {
    span.destination.copyMemory(from: span.source.unsafelyUnwrapped, byteCount: span.count &* 4)
  }

  /// Zeroes the row (`clear` at full coverage).
  static func clear(_ span: CompositeSpan, _ parameters: CompositeParameters) {
    span.destination.initializeMemory(as: UInt8.self, repeating: 0, count: span.count &* 4)
  }

  /// `s + round(d * (255 - sa) / 255)` for 4 pixels (lanes hold bytes R, G, B, A in memory order).
  @inline(__always)
  static func over(_ s: SIMD4<UInt32>, _ d: SIMD4<UInt32>) -> SIMD4<UInt32> {
    // 255 - sa is the complement's top byte; copied into both 16-bit halves of its lane by
    // `pshuflw`/`pshufhw` (fewer instructions than a shift and an or). The 32-bit lane's value
    // lies in its lower 16-bit half: lane 2i in memory on little-endian targets, 2i + 1 on
    // big-endian ones.
    let inverseAlpha = unsafeBitCast(~littleEndianLanes(s) &>> 24, to: SIMD8<UInt16>.self)
    #if _endian(big)
      let factor = SIMD8(
        inverseAlpha[1], inverseAlpha[1], inverseAlpha[3], inverseAlpha[3], inverseAlpha[5], inverseAlpha[5],
        inverseAlpha[7], inverseAlpha[7])
    #else
      let factor = SIMD8(
        inverseAlpha[0], inverseAlpha[0], inverseAlpha[2], inverseAlpha[2], inverseAlpha[4], inverseAlpha[4],
        inverseAlpha[6], inverseAlpha[6])
    #endif
    let scaled = ByteLanes.scale(d, by: factor)
    // Byte-wise add: no carry can cross channels even for invalid (colour > alpha) input.
    let sum = unsafeBitCast(s, to: SIMD16<UInt8>.self) &+ unsafeBitCast(scaled, to: SIMD16<UInt8>.self)
    return unsafeBitCast(sum, to: SIMD4<UInt32>.self)
  }

  /// Source-over of `s` weighted by per-pixel factors `F` (0.16 fixed point, the same in both
  /// 16-bit halves of a pixel's lane), without rounding the weighted source to 8 bits: lane by
  /// lane ``BlendMath/sourceOverWeighted(source:destination:factor:)``. In 16-bit lanes holding
  /// each channel times 256 (the low bytes R, B and the high bytes G, A of every 16-bit lane):
  /// `P = mulhi(256 s, F)`; the alpha lane's `A` copied over its neighbour;
  /// `Q' = 65535 - (A + (A >> 8))`; `d' = (P + mulhi(256 d, Q') + 128) >> 8`. Five `pmulhuw`
  /// and about 20 other SSE2 instructions for 4 pixels.
  @inline(__always)
  static func overWeighted(_ s: SIMD4<UInt32>, by factor: SIMD8<UInt16>, onto d: SIMD4<UInt32>) -> SIMD4<UInt32> {
    let source = unsafeBitCast(s, to: SIMD8<UInt16>.self)
    let destination = unsafeBitCast(d, to: SIMD8<UInt16>.self)
    let low = ByteLanes.multiplyHigh(source &<< 8, factor)
    let high = ByteLanes.multiplyHigh(source & 0xFF00, factor)
    // Copy each pixel's alpha term over its neighbour in 32-bit lanes (and/shift/or), and shift
    // it in 32-bit lanes too: shifting the copied value in 16-bit lanes was partly scalarised.
    #if _endian(big)
      let pairs = unsafeBitCast(low, to: SIMD4<UInt32>.self)
      let alpha = (pairs & 0x0000_FFFF) | (pairs &<< 16)
    #else
      let pairs = unsafeBitCast(high, to: SIMD4<UInt32>.self)
      let alpha = (pairs & 0xFFFF_0000) | (pairs &>> 16)
    #endif
    let inverse = ~unsafeBitCast(alpha &+ ((alpha &>> 8) & 0x00FF_00FF), to: SIMD8<UInt16>.self)
    let resultLow = low &+ ByteLanes.multiplyHigh(destination &<< 8, inverse) &+ 128
    let resultHigh = high &+ ByteLanes.multiplyHigh(destination & 0xFF00, inverse) &+ 128
    return unsafeBitCast((resultLow &>> 8) | (resultHigh & 0xFF00), to: SIMD4<UInt32>.self)
  }
}
