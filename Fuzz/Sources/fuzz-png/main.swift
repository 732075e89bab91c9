import FuzzSupport
import PixelOps
import PixelOpsIO

/// One libFuzzer input: bytes given to the PNG reader as a file in memory.
///
/// Beyond "no crash, no leak, no out-of-bounds access" (AddressSanitizer), each input checks
/// what the API promises: a decode that succeeds has the header's size and the requested
/// format; decoding into caller memory gives the same pixels and writes nothing outside the
/// view; every failure is an `ImageIOError` (typed throws make anything else impossible).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
  let gamma: PNGGammaHandling = (count / 7) % 2 == 0 ? .ignore : .apply(displayExponent: 2.2)
  let options = PNGDecodingOptions(format: fuzzFormat(for: count), gamma: gamma, limits: fuzzLimits)

  guard let header = try? PNG.header(of: bytes) else {
    requireInvariant((try? PNG.decode(bytes, options: options)) == nil, "decoded a file whose header fails")
    return 0
  }
  let decoded = try? PNG.decode(bytes, options: options)
  if let decoded {
    requireInvariant(decoded.size == header.size, "decoded \(decoded.size), header says \(header.size)")
    requireInvariant(decoded.format == options.format, "decoded \(decoded.format), asked \(options.format)")
  }

  guard
    let destination = PaddedDestination(
      size: header.size, format: options.format, maximumPixelCount: fuzzLimits.maximumPixelCount)
  else { return 0 }
  let intoHeader = try? PNG.decode(bytes, into: destination.view, options: options)
  destination.requirePaddingUntouched("PNG.decode(_:into:)")
  if let intoHeader, let decoded {
    requireInvariant(intoHeader == header, "decode(into:) returned another header")
    let packed = decoded.withView { $0.packedBytes() }
    requireInvariant(destination.view.readOnly.packedBytes() == packed, "decode(into:) gave other pixels")
  }
  return 0
}
