/// Every mode, any source, coverage and opacity, one pixel at a time through ``BlendMath``:
/// the path for combinations without a vector kernel, and the definition those must match.
///
/// Per pixel: the source is scaled by opacity (`s' = round(s * o / 255)`); for `normal`, coverage
/// `m` folds into the same factor (`c = round(m * o / 255)`, then `s' = round(s * c / 255)`),
/// which is source-over of the covered source; other modes blend and then interpolate,
/// `d' = round((m * blend(s', d) + (255 - m) * d) / 255)`.
enum GenericCompositeKernel {
  static func composite(_ span: CompositeSpan, _ parameters: CompositeParameters) {
    let solid = BlendMath.Pixel(
      Int32(parameters.solid.red), Int32(parameters.solid.green), Int32(parameters.solid.blue),
      Int32(parameters.solid.alpha))
    let opacity = Int32(parameters.opacity)
    let foldsCoverage = parameters.mode == .normal
    for x in 0..<span.count {
      let coverage = span.coverage.map { Int32($0.load(fromByteOffset: x &* span.coverageStride, as: UInt8.self)) } ?? 255
      let destinationAddress = span.destination + x &* 4
      var source = span.source.map { pixel(at: $0 + x &* 4) } ?? solid
      let factor = foldsCoverage ? BlendMath.divide(BlendMath.Pixel(repeating: coverage &* opacity))[0] : opacity
      if factor != 255 { source = BlendMath.divide(source &* factor) }
      let destination = pixel(at: UnsafeRawPointer(destinationAddress))
      var result = BlendMath.blend(parameters.mode, source: source, destination: destination)
      if !foldsCoverage && coverage != 255 {
        result = BlendMath.divide(result &* coverage &+ destination &* (255 &- coverage))
      }
      destinationAddress.storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: result), as: SIMD4<UInt8>.self)
    }
  }

  @inline(__always)
  private static func pixel(at address: UnsafeRawPointer) -> BlendMath.Pixel {
    BlendMath.Pixel(truncatingIfNeeded: address.loadUnaligned(as: SIMD4<UInt8>.self))
  }
}
