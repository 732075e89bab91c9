import PixelOps

/// Writes pages one after another into a TIFF that is opened when the first page arrives and
/// finished after the last. BigTIFF is decided then (``TIFFWriter/needsBigTIFF(rawBytes:options:)``)
/// from every page's bytes when the caller knows them all, else from `pageCount` pages the size
/// of the first. Errors name `reportedPath`.
final class TIFFPageSequence {
  /// Opens the handle pages are written into; the argument says whether to write BigTIFF.
  typealias Opener = (_ bigTIFF: Bool) throws(ImageIOError) -> TIFFHandle

  private let pageCount: Int
  private let options: TIFFEncodingOptions
  private let reportedPath: String
  private let open: Opener
  /// The uncompressed bytes of all the pages, when known before the first is written.
  private let knownRawBytes: Int?
  private var handle: TIFFHandle?
  /// Pages written so far.
  private(set) var writtenCount = 0

  /// A sequence of `pageCount` pages (at least 1) that opens its handle with `open`;
  /// `rawBytes`, where known, is the uncompressed bytes of all of them (``TIFFWriter/rawBytes(of:size:)``).
  init(
    pageCount: Int, options: TIFFEncodingOptions, reportedPath: String, rawBytes: Int?, open: @escaping Opener
  ) {
    self.pageCount = pageCount
    self.options = options
    self.reportedPath = reportedPath
    self.knownRawBytes = rawBytes
    self.open = open
  }

  /// Writes `view` as the next page. The view is read only during the call.
  func append(_ view: PixelView) throws(ImageIOError) {
    try TIFFWriter.validate(view)
    guard writtenCount < pageCount else {
      throw .writeFailed(path: reportedPath, reason: "more than the \(pageCount) pages announced were written")
    }
    let handle: TIFFHandle
    if let opened = self.handle {
      handle = opened
    } else {
      let page = TIFFWriter.rawBytes(of: CollectionOfOne(view)) { ($0.size, $0.format) }
      let (estimate, overflow) = page.multipliedReportingOverflow(by: pageCount)
      let rawBytes = knownRawBytes ?? (overflow ? Int.max : estimate)
      handle = try open(TIFFWriter.needsBigTIFF(rawBytes: rawBytes, options: options))
      self.handle = handle
    }
    try TIFFWriter.writePage(
      view, index: writtenCount, pageCount: pageCount, into: handle, options: options, reportedPath: reportedPath)
    writtenCount += 1
  }

  /// Ends the file once every announced page was written, and returns its handle (for the
  /// bytes of a TIFF in memory).
  func finish() throws(ImageIOError) -> TIFFHandle {
    guard let handle, writtenCount == pageCount else {
      throw .writeFailed(path: reportedPath, reason: "\(writtenCount) of the \(pageCount) pages announced were written")
    }
    try TIFFWriter.finish(handle, reportedPath: reportedPath)
    return handle
  }
}
