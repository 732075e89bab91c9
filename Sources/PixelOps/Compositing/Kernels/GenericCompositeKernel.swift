/// Every mode, any source, coverage and opacity, one pixel at a time through ``BlendMath``:
/// the path for combinations without a vector kernel, and the definition those must match.
///
/// Per pixel, with opacity `o` and coverage `m`:
/// - `normal` at opacity 1 without coverage is the exact source-over of
///   ``BlendMath/blend(_:source:destination:)``; with a fractional opacity or any coverage (even
///   255) it is ``BlendMath/sourceOverWeighted(source:destination:factor:)``, exactly as the
///   source-over vector kernels compute it;
/// - every other mode at `o = m = 255` is ``BlendMath/blend(_:source:destination:)``;
/// - every other mode at fractional opacity or coverage is
///   ``BlendMath/weighted(_:source:destination:opacity:coverage:)``: the W3C model, where opacity
///   scales the source's alpha but the blend sees its unscaled colour, and coverage weighs the
///   result, rounded once.
///
/// A solid source comes unscaled, with the call's opacity, for every mode.
enum GenericCompositeKernel {
  static func composite(_ span: CompositeSpan, _ parameters: CompositeParameters) {
    let solid = BlendMath.Pixel(
      Int32(parameters.solid.red), Int32(parameters.solid.green), Int32(parameters.solid.blue),
      Int32(parameters.solid.alpha))
    let opacity = Int32(parameters.opacity)
    let isNormal = parameters.mode == .normal
    let exactSourceOver = opacity == 255 && span.coverage == nil
    for x in 0..<span.count {
      let coverage = span.coverage.map { Int32($0.load(fromByteOffset: x &* span.coverageStride, as: UInt8.self)) } ?? 255
      let destinationAddress = span.destination + x &* 4
      let source = span.source.map { pixel(at: $0 + x &* 4) } ?? solid
      let destination = pixel(at: UnsafeRawPointer(destinationAddress))
      let result: BlendMath.Pixel
      if isNormal && !exactSourceOver {
        let factor = BlendMath.sourceOverFactor(opacity: UInt32(opacity), coverage: UInt32(coverage))
        result = BlendMath.sourceOverWeighted(source: source, destination: destination, factor: factor)
      } else if isNormal {
        result = BlendMath.blend(.normal, source: source, destination: destination)
      } else if opacity == 255 && coverage == 255 {
        result = BlendMath.blend(parameters.mode, source: source, destination: destination)
      } else if coverage == 0 {
        continue
      } else {
        result = BlendMath.weighted(
          parameters.mode, source: source, destination: destination, opacity: opacity, coverage: coverage)
      }
      destinationAddress.storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: result), as: SIMD4<UInt8>.self)
    }
  }

  @inline(__always)
  private static func pixel(at address: UnsafeRawPointer) -> BlendMath.Pixel {
    BlendMath.Pixel(truncatingIfNeeded: address.loadUnaligned(as: SIMD4<UInt8>.self))
  }
}
