import CTIFFSupport
public import PixelOps

extension TIFF {
  /// The bytes of a one-page TIFF holding `view`'s pixels.
  ///
  /// Every `PixelFormat` is stored losslessly (see ``TIFFEncodingOptions``): premultiplied RGBA
  /// and BGRA as RGB with associated alpha, straight as unassociated, 16-bit as 16-bit. Reading
  /// the result back (``TIFFOutputFormat``) gives a premultiplied view's pixels exactly; straight
  /// samples, which other readers get as written, come back premultiplied, so colour under an
  /// alpha below the maximum is rounded and under alpha 0 is lost. Any row bytes work
  /// (a crop of a larger buffer, caller memory); the view is read only during the call.
  ///
  /// - Throws: ``ImageIOError/pixels(_:)`` for an empty view or one wider or taller than TIFF's
  ///   32-bit sizes, ``ImageIOError/invalidOption(_:message:)`` for a ``TIFFEncodingOptions/scale``
  ///   outside `0.001...750000`, and ``ImageIOError/writeFailed(path:reason:)`` with the path
  ///   `<memory>` when libtiff fails.
  public static func encode(_ view: PixelView, options: TIFFEncodingOptions = .standard) throws(ImageIOError)
    -> [UInt8]
  {
    try encode(pages: [view], options: options)
  }

  /// The bytes of a multi-page TIFF holding `pages` in order, one directory per page.
  ///
  /// - Throws: as ``encode(_:options:)`` for each page (every page is checked before anything
  ///   is encoded), and ``ImageIOError/writeFailed(path:reason:)`` with the path `<memory>`
  ///   when `pages` is empty.
  public static func encode(pages: [PixelView], options: TIFFEncodingOptions = .standard) throws(ImageIOError)
    -> [UInt8]
  {
    try encodePages(count: pages.count, options: options, validating: pages) { (index, write) throws(ImageIOError) in
      try write(pages[index])
    }
  }

  /// Encodes `view` as a one-page TIFF and writes it to `path` atomically: libtiff writes a
  /// temporary file beside `path`, which is flushed to disk and renamed over `path` only when
  /// complete. On failure an existing file at `path` is untouched and the temporary file is
  /// removed.
  ///
  /// - Throws: ``ImageIOError/pixels(_:)`` and ``ImageIOError/invalidOption(_:message:)`` as
  ///   ``encode(_:options:)`` does (before touching the file system), and
  ///   ``ImageIOError/writeFailed(path:reason:)`` when the file cannot be written.
  public static func write(_ view: PixelView, to path: String, options: TIFFEncodingOptions = .standard)
    throws(ImageIOError)
  {
    try write(pages: [view], to: path, options: options)
  }

  /// Writes `pages` as a multi-page TIFF at `path` (one directory per page, in order),
  /// atomically as ``write(_:to:options:)`` does.
  ///
  /// - Throws: as ``write(_:to:options:)`` (every page is checked before the file system is
  ///   touched), and ``ImageIOError/writeFailed(path:reason:)`` when `pages` is empty.
  public static func write(pages: [PixelView], to path: String, options: TIFFEncodingOptions = .standard)
    throws(ImageIOError)
  {
    for page in pages { try TIFFWriter.validate(page) }
    let rawBytes = TIFFWriter.rawBytes(of: pages) { ($0.size, $0.format) }
    try writePages(count: pages.count, to: path, options: options, rawBytes: rawBytes) {
      (index, write) throws(ImageIOError) in try write(pages[index])
    }
  }

  /// Writes a TIFF of `pageCount` pages produced one at a time, so that long documents need
  /// not be held in memory at once.
  ///
  /// `page` is called with 0, 1, ... in order and a function `write`; it must call `write`
  /// exactly once with that page's view, which needs to stay valid only during that call:
  ///
  /// ```swift
  /// try TIFF.write(pageCount: reader.pageCount, to: "small.tif") { (index, write) throws(ImageIOError) in
  ///   let page: PixelBuffer = try rescaled(reader.decodePage(at: index))
  ///   try page.withView(write)
  /// }
  /// ```
  ///
  /// Atomic as ``write(_:to:options:)``: if `page` throws, the error is rethrown and `path` is
  /// untouched. BigTIFF is chosen when `pageCount` pages the size of the first, grown by the
  /// compression's worst case, approach 4 GiB (``write(pages:to:options:)``, which knows every
  /// page, adds up their sizes).
  ///
  /// - Throws: what `page` throws; ``ImageIOError/pixels(_:)`` for a page ``encode(_:options:)``
  ///   refuses; ``ImageIOError/invalidOption(_:message:)`` for a scale outside
  ///   `0.001...750000`; ``ImageIOError/writeFailed(path:reason:)`` when `pageCount` is not positive,
  ///   when `page` calls `write` other than once, or when the file cannot be written.
  public static func write(
    pageCount: Int, to path: String, options: TIFFEncodingOptions = .standard,
    page: (_ index: Int, _ write: (PixelView) throws(ImageIOError) -> Void) throws(ImageIOError) -> Void
  ) throws(ImageIOError) {
    try writePages(count: pageCount, to: path, options: options, rawBytes: nil, page: page)
  }

  /// ``write(pageCount:to:options:page:)`` with, where known, the uncompressed bytes of all the
  /// pages (``TIFFWriter/rawBytes(of:size:)``) to decide BigTIFF by.
  static func writePages(
    count pageCount: Int, to path: String, options: TIFFEncodingOptions, rawBytes: Int?,
    page: (_ index: Int, _ write: (PixelView) throws(ImageIOError) -> Void) throws(ImageIOError) -> Void
  ) throws(ImageIOError) {
    try options.validate()
    guard pageCount > 0 else { throw .writeFailed(path: path, reason: "no pages to write") }
    try FileSystem.withAtomicReplacement(of: path) { (temporaryPath: String) throws(ImageIOError) in
      let sequence = TIFFPageSequence(pageCount: pageCount, options: options, reportedPath: path, rawBytes: rawBytes) {
        (bigTIFF: Bool) throws(ImageIOError) -> TIFFHandle in
        try TIFFHandle(writingPath: temporaryPath, bigTIFF: bigTIFF, reportedPath: path)
      }
      try produce(pageCount, into: sequence, reportedPath: path, page: page)
      _ = try sequence.finish()  // flushed to stable storage and closed, or the reason why not
    }
  }

  /// The bytes of a TIFF of `count` pages produced as ``write(pageCount:to:options:page:)``
  /// produces them, after checking every view of `validating`; BigTIFF is decided by `rawBytes`
  /// where given, else by those views' sizes where there are any.
  static func encodePages(
    count: Int, options: TIFFEncodingOptions, validating views: [PixelView] = [], rawBytes: Int? = nil,
    page: (_ index: Int, _ write: (PixelView) throws(ImageIOError) -> Void) throws(ImageIOError) -> Void
  ) throws(ImageIOError) -> [UInt8] {
    try options.validate()
    for view in views { try TIFFWriter.validate(view) }
    guard count > 0 else { throw .writeFailed(path: ImageIOError.memoryPath, reason: "no pages to write") }
    let known = rawBytes ?? (views.isEmpty ? nil : TIFFWriter.rawBytes(of: views) { ($0.size, $0.format) })
    let sequence = TIFFPageSequence(
      pageCount: count, options: options, reportedPath: ImageIOError.memoryPath, rawBytes: known
    ) {
      (bigTIFF: Bool) throws(ImageIOError) -> TIFFHandle in
      try TIFFHandle(writingMemoryWithBigTIFF: bigTIFF)
    }
    try produce(count, into: sequence, reportedPath: ImageIOError.memoryPath, page: page)
    let handle = try sequence.finish()
    return withExtendedLifetime(handle) {
      var byteCount = 0
      guard let bytes = po_tiff_memory_bytes(handle.pointer, &byteCount) else { return [] }
      return Array(UnsafeBufferPointer(start: bytes, count: byteCount))
    }
  }

  /// Asks `page` for each of `count` pages in order and appends what it hands over, checking
  /// that it hands over each page exactly once.
  private static func produce(
    _ count: Int, into sequence: TIFFPageSequence, reportedPath: String,
    page: (_ index: Int, _ write: (PixelView) throws(ImageIOError) -> Void) throws(ImageIOError) -> Void
  ) throws(ImageIOError) {
    for index in 0..<count {
      let before = sequence.writtenCount
      try page(index) { (view: PixelView) throws(ImageIOError) in
        guard sequence.writtenCount == before else {
          throw .writeFailed(path: reportedPath, reason: "page \(index) was handed to `write` more than once")
        }
        try sequence.append(view)
      }
      guard sequence.writtenCount == before + 1 else {
        throw .writeFailed(path: reportedPath, reason: "page \(index) was not handed to `write`")
      }
    }
  }
}
