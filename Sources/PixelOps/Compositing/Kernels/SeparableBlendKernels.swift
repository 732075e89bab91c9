/// Vector kernels for the blend modes whose 8-bit formula is the same for colour and alpha, so
/// all four channels of 4 pixels go through one expression in 16-bit lanes:
/// - multiply: `round((s d + s (255 - da) + d (255 - sa)) / 255)` (on alpha it is
///   `sa + da (255 - sa) / 255`, source-over's alpha);
/// - screen: `round((255 (s + d) - s d) / 255)`.
/// Both equal ``BlendMath`` exactly for valid premultiplied pixels (every intermediate stays
/// within 0...65025); colour above alpha gives bounded but unspecified results. Image source,
/// full coverage, opacity 1. At fractional opacity (rounding the scaled source to 8 bits first
/// would be off by up to 1.33 from the W3C result), `multiplyImageWithOpacity` and
/// `screenImageWithOpacity` compute the exact result with one rounding, one pixel per vector.
enum SeparableBlendKernels {
  static func multiplyImage(_ span: CompositeSpan, _ parameters: CompositeParameters) {
    blendImage(span) { s, d, inverseSourceAlpha, inverseDestinationAlpha in
      s &* (d &+ inverseDestinationAlpha) &+ d &* inverseSourceAlpha
    }
  }

  static func screenImage(_ span: CompositeSpan, _ parameters: CompositeParameters) {
    blendImage(span) { s, d, _, _ in
      (s &+ d) &* 255 &- s &* d
    }
  }

  /// Runs `numerator(s, d, 255 - sa, 255 - da)` on the even and odd bytes of 4 pixels at a time
  /// and divides by 255 exactly; the tail goes through the same code in lane 0.
  @inline(__always)
  private static func blendImage(
    _ span: CompositeSpan,
    _ numerator: (SIMD8<UInt16>, SIMD8<UInt16>, SIMD8<UInt16>, SIMD8<UInt16>) -> SIMD8<UInt16>
  ) {
    let source = span.source.unsafelyUnwrapped
    let destination = span.destination
    @inline(__always)
    func blend4(_ s: SIMD4<UInt32>, _ d: SIMD4<UInt32>) -> SIMD4<UInt32> {
      let inverseSourceAlpha = ByteLanes.spread(255 &- (littleEndianLanes(s) &>> 24))
      let inverseDestinationAlpha = ByteLanes.spread(255 &- (littleEndianLanes(d) &>> 24))
      let even = numerator(
        unsafeBitCast(s & 0x00FF_00FF, to: SIMD8<UInt16>.self), unsafeBitCast(d & 0x00FF_00FF, to: SIMD8<UInt16>.self),
        inverseSourceAlpha, inverseDestinationAlpha)
      let odd = numerator(
        unsafeBitCast((s &>> 8) & 0x00FF_00FF, to: SIMD8<UInt16>.self),
        unsafeBitCast((d &>> 8) & 0x00FF_00FF, to: SIMD8<UInt16>.self), inverseSourceAlpha, inverseDestinationAlpha)
      let evenBytes = unsafeBitCast(ExactDivision.div255(even), to: SIMD4<UInt32>.self) & 0x00FF_00FF
      let oddBytes = unsafeBitCast(ExactDivision.div255(odd), to: SIMD4<UInt32>.self) & 0x00FF_00FF
      return evenBytes | (oddBytes &<< 8)
    }
    // A transparent source leaves the destination as it is in both modes.
    PixelLoop.combine32(source, into: destination, span.count, skippingTransparentSource: true, blend4)
  }

  /// Multiply at fractional opacity `o`, full coverage: the exact W3C result
  /// `round((255² d + o (s (d + 255 - da) - d sa)) / 255²)` per channel (alpha included), one pixel
  /// per `SIMD4<Int32>` (``BlendMath/weighted(_:source:destination:opacity:coverage:)``'s terms).
  static func multiplyImageWithOpacity(_ span: CompositeSpan, _ parameters: CompositeParameters) {
    weightedImage(span, opacity: parameters.opacity, BlendMath.multiplyTerm)
  }

  /// Screen at fractional opacity `o`, full coverage: `round((255² d + o s (255 - d)) / 255²)`.
  static func screenImageWithOpacity(_ span: CompositeSpan, _ parameters: CompositeParameters) {
    weightedImage(span, opacity: parameters.opacity, BlendMath.screenTerm)
  }

  @inline(__always)
  private static func weightedImage(
    _ span: CompositeSpan, opacity: UInt32, _ term: (BlendMath.Pixel, BlendMath.Pixel) -> BlendMath.Pixel
  ) {
    let source = span.source.unsafelyUnwrapped
    let destination = span.destination
    let o = Int32(truncatingIfNeeded: min(opacity, 255))
    var x = 0
    while x < span.count {
      let s = BlendMath.Pixel(truncatingIfNeeded: source.loadUnaligned(fromByteOffset: x &* 4, as: SIMD4<UInt8>.self))
      let d = BlendMath.Pixel(
        truncatingIfNeeded: UnsafeRawPointer(destination).loadUnaligned(fromByteOffset: x &* 4, as: SIMD4<UInt8>.self))
      let result = BlendMath.roundedOver65025(d &* 65025 &+ o &* term(s, d))
      destination.storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: result), toByteOffset: x &* 4, as: SIMD4<UInt8>.self)
      x &+= 1
    }
  }
}
