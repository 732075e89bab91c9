import CTIFFSupport
public import PixelOps

/// A multi-page TIFF, opened once and decoded page by page on demand.
///
/// Opening reads the header and walks the main IFD chain to count pages (libtiff 4.5 stops
/// at a directory it has already seen, so a looping chain gives a finite count); no pixels
/// are decoded until a page is asked for, and decoding page `n` reads only that page's
/// strips or tiles. Pages are numbered in IFD-chain order from 0; SubIFDs and the PageNumber
/// tag play no part.
///
/// ``decodePage(at:)`` returns a new buffer per page; ``decodePage(at:into:)`` writes a page
/// into memory the caller owns, so playback and tiled loading can reuse one buffer
/// (``pageInfo(at:)`` gives the size it must have).
///
/// Concurrency: the reader is `Sendable` and may be shared between tasks and threads. libtiff
/// keeps the current directory and codec state inside its handle, so the handle is guarded
/// by a lock and calls on one reader run one at a time. To decode pages of one file in
/// parallel, open one reader per thread.
public final class TIFFReader: Sendable {
  /// Number of pages in the main IFD chain.
  public let pageCount: Int
  /// The options every page is decoded with.
  public let options: TIFFDecodingOptions
  private let handle: ConditionLock<TIFFHandle>

  /// Opens the TIFF file at `path`.
  ///
  /// - Throws: ``ImageIOError/unreadableFile(path:reason:)`` when the file cannot be opened,
  ///   ``ImageIOError/emptyInput``, ``ImageIOError/notRecognized(_:detail:)`` when it is not a
  ///   TIFF, ``ImageIOError/corrupt(_:message:)`` or ``ImageIOError/truncated(_:message:)``
  ///   when its header or first directory is damaged, ``ImageIOError/unsupported(_:message:)``
  ///   when it lists more pages than ``DecodingLimits/maximumPageCount``.
  public convenience init(contentsOf path: String, options: TIFFDecodingOptions = .standard) throws(ImageIOError) {
    try self.init(handle: TIFFHandle(readingPath: path), options: options)
  }

  /// Opens a TIFF held in memory (the bytes are copied). Throws as ``init(contentsOf:options:)``.
  public convenience init(bytes: [UInt8], options: TIFFDecodingOptions = .standard) throws(ImageIOError) {
    try self.init(handle: TIFFHandle(readingBytes: bytes), options: options)
  }

  private init(handle: sending TIFFHandle, options: TIFFDecodingOptions) throws(ImageIOError) {
    handle.clearError()
    let count = Int(po_tiff_directory_count(handle.pointer))
    guard count > 0 else {
      throw handle.readFailure("the file has no image directory")
    }
    guard count <= options.limits.maximumPageCount else {
      throw .unsupported(
        .tiff, message: "\(count) pages exceed the limit of \(options.limits.maximumPageCount) pages")
    }
    self.pageCount = count
    self.options = options
    self.handle = ConditionLock(handle)
  }

  /// The indices of all pages, `0 ..< pageCount`, in IFD-chain order.
  public var pageIndices: Range<Int> { 0..<pageCount }

  /// The directory fields of page `index`, without decoding its pixels.
  ///
  /// - Throws: ``ImageIOError/pageOutOfRange(index:pageCount:)``, or an error when the
  ///   page's directory cannot be read.
  public func pageInfo(at index: Int) throws(ImageIOError) -> TIFFPageInfo {
    try checkIndex(index)
    return try handle.withLock { (handle: inout TIFFHandle) throws(ImageIOError) -> TIFFPageInfo in
      try TIFFPageDecoder.info(handle: handle, page: index)
    }
  }

  /// The size of page `index`, checked without allocating as ``decodePage(at:)`` checks a page
  /// before it allocates: the pixel limit, a buffer of that size within the memory budget, and
  /// whether the page's samples could fit in the file. What a caller that allocates the page's
  /// buffer itself (a frame sequence, every frame) must ask for.
  ///
  /// - Throws: ``ImageIOError/pageOutOfRange(index:pageCount:)`` for an index outside the
  ///   pages; ``ImageIOError/tooLarge(width:height:limit:)``,
  ///   ``ImageIOError/exceedsMemoryLimit(bytes:limit:)``, ``ImageIOError/truncated(_:message:)``
  ///   or ``ImageIOError/unsupported(_:message:)`` as ``decodePage(at:)`` would.
  public func checkedPageSize(at index: Int) throws(ImageIOError) -> PixelSize {
    try checkIndex(index)
    let options = self.options
    return try handle.withLock { (handle: inout TIFFHandle) throws(ImageIOError) -> PixelSize in
      try TIFFPageDecoder.checkedSize(handle: handle, page: index, options: options)
    }
  }

  /// Decodes page `index` to ``TIFFDecodingOptions/format``. Other pages are not decoded.
  ///
  /// - Throws: ``ImageIOError/pageOutOfRange(index:pageCount:)``;
  ///   ``ImageIOError/tooLarge(width:height:limit:)`` when the page exceeds the limits or
  ///   could not fit in the file (checked before allocating);
  ///   ``ImageIOError/exceedsMemoryLimit(bytes:limit:)`` when the page and the decoder's
  ///   scratch would exceed ``DecodingLimits/maximumByteCount`` (checked before allocating);
  ///   ``ImageIOError/unsupported(_:message:)`` for floating-point samples and other layouts
  ///   outside RGBA8/RGBA16; ``ImageIOError/corrupt(_:message:)`` or
  ///   ``ImageIOError/truncated(_:message:)`` with libtiff's message when decoding fails.
  public func decodePage(at index: Int) throws(ImageIOError) -> PixelBuffer {
    try checkIndex(index)
    let options = self.options
    return try handle.withLock { (handle: inout TIFFHandle) throws(ImageIOError) -> PixelBuffer in
      try TIFFPageDecoder.decode(handle: handle, page: index, options: options)
    }
  }

  /// Decodes page `index` into `view`, which the caller owns and may reuse from page to page
  /// (frames of a sequence, tiles of a large image). Other pages are not decoded.
  ///
  /// `view` must be exactly the page's size (``checkedPageSize(at:)``, which refuses a page
  /// beyond the limits before you allocate for it; or ``TIFFPageInfo/size`` from ``pageInfo(at:)``)
  /// and in the format pages are decoded to, ``TIFFDecodingOptions/format``'s
  /// ``TIFFOutputFormat/pixelFormat``. Its row bytes may be anything `MutablePixelView`
  /// accepts (padded, odd, a crop of a larger image). Only the view's pixels are written;
  /// bytes between rows and outside the view are not touched. The pixels are exactly those
  /// ``decodePage(at:)`` returns. Rows go straight from each decoded strip or tile into the
  /// view; only pages read through libtiff's RGBA interface (CMYK, CIE L*a*b* and other
  /// photometric interpretations besides gray, palette, RGB and JPEG YCbCr) need a
  /// page-sized scratch raster, as ``decodePage(at:)`` does.
  ///
  /// - Returns: The page's directory fields; ``TIFFPageInfo/alpha`` is ``TIFFAlpha/none``
  ///   when every pixel is opaque by construction.
  /// - Throws: ``ImageIOError/pageOutOfRange(index:pageCount:)``; the errors of
  ///   ``decodePage(at:)`` about the page itself (an empty page, or one beyond the limits);
  ///   then ``ImageIOError/destinationSizeMismatch(expected:actual:)`` or
  ///   ``ImageIOError/destinationFormatMismatch(expected:actual:)`` before any pixel is
  ///   written; otherwise as ``decodePage(at:)``. When decoding fails partway (a truncated
  ///   or damaged strip or tile), the view's pixels are unspecified.
  @discardableResult
  public func decodePage(at index: Int, into view: MutablePixelView) throws(ImageIOError) -> TIFFPageInfo {
    try checkIndex(index)
    let options = self.options
    return try handle.withLock { (handle: inout TIFFHandle) throws(ImageIOError) -> TIFFPageInfo in
      try TIFFPageDecoder.decode(handle: handle, page: index, options: options, into: view)
    }
  }

  /// Decodes every page in chain order. Throws the first page's error.
  public func decodeAllPages() throws(ImageIOError) -> [PixelBuffer] {
    var pages: [PixelBuffer] = []
    pages.reserveCapacity(pageCount)
    for index in pageIndices {
      pages.append(try decodePage(at: index))
    }
    return pages
  }

  /// The pages in chain order, each decoded only when the iteration reaches it.
  public var pages: Pages { Pages(reader: self) }

  private func checkIndex(_ index: Int) throws(ImageIOError) {
    guard pageIndices.contains(index) else { throw .pageOutOfRange(index: index, pageCount: pageCount) }
  }

  /// The pages of a ``TIFFReader`` as a sequence of decode results, in chain order.
  public struct Pages: Sequence, Sendable {
    let reader: TIFFReader

    /// An iterator starting at page 0.
    public func makeIterator() -> Iterator { Iterator(reader: reader) }

    /// Decodes the next page on each call to ``next()``.
    public struct Iterator: IteratorProtocol, Sendable {
      let reader: TIFFReader
      var nextIndex = 0

      /// The next page's pixels or the error decoding it; `nil` after the last page.
      public mutating func next() -> Result<PixelBuffer, ImageIOError>? {
        guard nextIndex < reader.pageCount else { return nil }
        defer { nextIndex += 1 }
        return Result { () throws(ImageIOError) in try reader.decodePage(at: nextIndex) }
      }
    }

    /// The page count: every page yields one element.
    public var underestimatedCount: Int { reader.pageCount }
  }
}
