import FuzzSupport
import PixelOps
import PixelOpsIO

/// One libFuzzer input: bytes opened as a TIFF in memory, the first pages decoded.
///
/// Beyond AddressSanitizer's checks, each input checks what the API promises: a page that
/// decodes has the size its directory gives; decoding it into caller memory gives the same
/// pixels and writes nothing outside the view; every failure is an `ImageIOError`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTIFF(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
  let format: TIFFOutputFormat = count % 2 == 0 ? .rgba8Premultiplied : .rgba16Premultiplied
  let options = TIFFDecodingOptions(format: format, limits: fuzzLimits)
  guard let reader = try? TIFFReader(bytes: bytes, options: options) else { return 0 }
  requireInvariant(reader.pageCount >= 1 && reader.pageCount <= fuzzLimits.maximumPageCount, "page count \(reader.pageCount)")

  // Four pages are enough to reach every directory path; more only slows the run down.
  for index in reader.pageIndices.prefix(4) {
    guard let info = try? reader.pageInfo(at: index) else {
      requireInvariant((try? reader.decodePage(at: index)) == nil, "decoded page \(index) whose directory fails")
      continue
    }
    let page = try? reader.decodePage(at: index)
    if let page {
      requireInvariant(page.size == info.size, "page \(index) decoded \(page.size), directory says \(info.size)")
      requireInvariant(page.format == format.pixelFormat, "page \(index) decoded \(page.format)")
    }
    guard
      let destination = PaddedDestination(
        size: info.size, format: format.pixelFormat, maximumPixelCount: fuzzLimits.maximumPixelCount)
    else { continue }
    let decodedInto = (try? reader.decodePage(at: index, into: destination.view)) != nil
    destination.requirePaddingUntouched("TIFFReader.decodePage(at:into:) page \(index)")
    if decodedInto, let page {
      let packed = page.withView { $0.packedBytes() }
      let got = destination.view.readOnly.packedBytes()
      requireInvariant(got == packed, "page \(index): decodePage(at:into:) gave other pixels")
    }
  }
  // The last directory of a long chain, as a reader seeking to the end of a sequence would.
  if reader.pageCount > 4 { _ = try? reader.pageInfo(at: reader.pageCount - 1) }
  return 0
}
