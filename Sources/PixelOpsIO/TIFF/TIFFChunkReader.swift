import CTIFFSupport
import PixelOps

/// The strip or tile grid of a page.
struct TIFFChunkGrid {
  let width: Int
  let height: Int
  let isTiled: Bool
  /// Bytes of one decoded row of one chunk (one plane for planar data).
  let rowBytes: Int
  /// Bytes of one whole decoded chunk.
  let byteCount: Int

  /// The grid of a page, refused when a chunk is empty or would need more memory than the
  /// largest page `limits` allow.
  init(_ fields: TIFFDirectoryFields, layout: TIFFSampleLayout, limits: DecodingLimits) throws(ImageIOError) {
    let width: Int
    let height: Int
    if fields.isTiled {
      guard fields.tileWidth > 0, fields.tileHeight > 0 else {
        throw .corrupt(.tiff, message: "tiles of \(fields.tileWidth)x\(fields.tileHeight) pixels")
      }
      (width, height) = (fields.tileWidth, fields.tileHeight)
    } else {
      guard fields.rowsPerStrip > 0 else { throw .corrupt(.tiff, message: "RowsPerStrip is 0") }
      (width, height) = (fields.width, min(fields.rowsPerStrip, fields.height))
    }
    let rowBytes = layout.rowByteCount(pixelCount: width)
    let (byteCount, overflow) = rowBytes.multipliedReportingOverflow(by: height)
    // No strip or tile may need more memory than the largest page the limits allow as RGBA16.
    let largestPage = limits.maximumPixelCount.multipliedReportingOverflow(by: 8)
    let ceiling = max(1 << 26, largestPage.overflow ? Int.max : largestPage.partialValue)
    guard !overflow, byteCount <= ceiling else {
      throw .unsupported(
        .tiff, message: "a strip or tile of \(width)x\(height) pixels decodes to more than the \(ceiling) bytes allowed")
    }
    guard fields.chunkSize > 0 else {
      throw .corrupt(.tiff, message: "libtiff cannot compute the size of a strip or tile")
    }
    self.width = width
    self.height = height
    self.isTiled = fields.isTiled
    self.rowBytes = rowBytes
    self.byteCount = byteCount
  }
}

/// Reads strips or tiles into scratch memory and hands their rows to the assembler, which
/// writes pixels straight into the rows of the destination view.
///
/// Large strips (over ``scanlineThreshold`` decoded bytes, such as a whole page stored as one
/// Deflate strip) of one plane are decoded a scanline at a time (`TIFFReadScanline`, which
/// inflates the strip incrementally), so the scratch is one row, not the decoded strip.
struct TIFFChunkReader {
  /// Strips decoding to more bytes than this are read a scanline at a time when they can be.
  static let scanlineThreshold = 4 << 20

  let handle: TIFFHandle
  let grid: TIFFChunkGrid
  /// Whether strips are read a scanline at a time (each buffer then holds one row).
  let readsScanlines: Bool
  /// The planes read (the used samples for planar data, `[0]` for contiguous data).
  let planes: [Int]
  /// One chunk of scratch memory per entry of `planes`.
  let buffers: [TIFFScratchMemory]
  let layout: TIFFSampleLayout
  let assembler: TIFFRowAssembler

  /// Writes every pixel of the page into `view` (the page's size, the assembler's format).
  func read(into view: MutablePixelView) throws(ImageIOError) {
    if grid.isTiled {
      try readTiles(into: view)
    } else if readsScanlines {
      try readScanlines(into: view)
    } else {
      try readStrips(into: view)
    }
  }

  /// Whether a page can be read a scanline at a time, and gains from it: stripped, one plane
  /// read, strips over ``scanlineThreshold`` bytes, and not JPEG (whose strips libtiff
  /// decodes whole, with YCbCr subsampling).
  static func readsScanlines(
    _ fields: TIFFDirectoryFields, grid: TIFFChunkGrid, planeCount: Int
  ) -> Bool {
    !grid.isTiled && planeCount == 1 && grid.byteCount > scanlineThreshold
      && fields.compression != TIFFCode.compressionJPEG && fields.compression != TIFFCode.compressionOldJPEG
  }

  private func readScanlines(into view: MutablePixelView) throws(ImageIOError) {
    let plane = UInt16(planes[0])
    for row in 0..<view.height {
      buffers[0].clear()
      handle.clearError()
      guard po_tiff_read_scanline(handle.pointer, UInt32(row), plane, buffers[0].pointer) == 1 else {
        throw handle.readFailure("libtiff could not decode row \(row)")
      }
      try assemble(rowOffset: 0, pixelCount: view.width, into: view.rowAddress(row))
    }
  }

  private func readStrips(into view: MutablePixelView) throws(ImageIOError) {
    var top = 0
    while top < view.height {
      let rows = min(grid.height, view.height - top)
      let needed = rows * grid.rowBytes
      for (plane, buffer) in zip(planes, buffers) {
        let strip = po_tiff_compute_strip(handle.pointer, UInt32(top), UInt16(plane))
        buffer.clear()
        handle.clearError()
        let count = po_tiff_read_strip(handle.pointer, strip, buffer.pointer, Int64(needed))
        try check(count: count, needed: needed, what: "strip \(strip)")
      }
      for row in 0..<rows {
        try assemble(rowOffset: row * grid.rowBytes, pixelCount: view.width,
          into: view.rowAddress(top + row))
      }
      top += rows
    }
  }

  private func readTiles(into view: MutablePixelView) throws(ImageIOError) {
    let bytesPerPixel = view.format.bytesPerPixel
    var top = 0
    while top < view.height {
      let rows = min(grid.height, view.height - top)
      var left = 0
      while left < view.width {
        let columns = min(grid.width, view.width - left)
        for (plane, buffer) in zip(planes, buffers) {
          let tile = po_tiff_compute_tile(handle.pointer, UInt32(left), UInt32(top), UInt16(plane))
          buffer.clear()
          handle.clearError()
          let count = po_tiff_read_tile(handle.pointer, tile, buffer.pointer, Int64(grid.byteCount))
          try check(count: count, needed: rows * grid.rowBytes, what: "tile \(tile)")
        }
        for row in 0..<rows {
          try assemble(rowOffset: row * grid.rowBytes, pixelCount: columns,
            into: view.rowAddress(top + row) + left * bytesPerPixel)
        }
        left += columns
      }
      top += rows
    }
  }

  private func check(count: Int64, needed: Int, what: String) throws(ImageIOError) {
    if count < 0 {
      throw handle.readFailure("libtiff could not decode \(what)")
    }
    if count < needed {
      throw .truncated(.tiff, message: "\(what) decoded to \(count) bytes, \(needed) needed")
    }
  }

  /// Assembles the row at `rowOffset` of the buffers; rows the assembler takes directly
  /// (contiguous, so one buffer) skip building the per-sample sources (two arrays per row).
  private func assemble(
    rowOffset: Int, pixelCount: Int, into destination: UnsafeMutableRawPointer
  ) throws(ImageIOError) {
    guard assembler.assemblesRowsDirectly else {
      return assembler.assemble(sources: sources(rowOffset: rowOffset), pixelCount: pixelCount, into: destination)
    }
    try assembler.assembleDirectly(
      row: UnsafeRawPointer(buffers[0].pointer + rowOffset), pixelCount: pixelCount, into: destination)
  }

  /// Where each used sample of a chunk row lies.
  private func sources(rowOffset: Int) -> [TIFFSampleSource] {
    if layout.isPlanar {
      return buffers.map { TIFFSampleSource(row: UnsafeRawPointer($0.pointer + rowOffset), firstSample: 0, sampleStride: 1) }
    }
    let row = UnsafeRawPointer(buffers[0].pointer + rowOffset)
    return layout.usedSamples.map {
      TIFFSampleSource(row: row, firstSample: $0, sampleStride: layout.samplesPerPixel)
    }
  }
}
