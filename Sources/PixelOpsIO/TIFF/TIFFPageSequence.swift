import PixelOps

/// Writes pages one after another into a TIFF that is opened when the first page arrives (the
/// first page's size decides BigTIFF, see ``TIFFWriter/needsBigTIFF(firstPage:pageCount:options:)``)
/// and finished after the last. Errors name `reportedPath`.
final class TIFFPageSequence {
  /// Opens the handle pages are written into; the argument says whether to write BigTIFF.
  typealias Opener = (_ bigTIFF: Bool) throws(ImageIOError) -> TIFFHandle

  private let pageCount: Int
  private let options: TIFFEncodingOptions
  private let reportedPath: String
  private let open: Opener
  private var handle: TIFFHandle?
  /// Pages written so far.
  private(set) var writtenCount = 0

  /// A sequence of `pageCount` pages (at least 1) that opens its handle with `open`.
  init(pageCount: Int, options: TIFFEncodingOptions, reportedPath: String, open: @escaping Opener) {
    self.pageCount = pageCount
    self.options = options
    self.reportedPath = reportedPath
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
      handle = try open(TIFFWriter.needsBigTIFF(firstPage: view, pageCount: pageCount, options: options))
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
