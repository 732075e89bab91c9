import CTIFFSupport
import PixelOps

/// Decodes one page (directory) of an open TIFF into a premultiplied RGBA8 or RGBA16 buffer.
///
/// Raw samples come from libtiff strip by strip or tile by tile (`TIFFReadEncodedStrip`,
/// `TIFFReadEncodedTile`), every plane that is needed and no other; ``TIFFRowAssembler``
/// turns them into pixels. Photometric interpretations outside gray, palette, RGB and JPEG
/// YCbCr go through libtiff's RGBA interface (``TIFFRGBAInterfaceDecoder``).
enum TIFFPageDecoder {
  /// Decodes page `index`, making it the handle's current directory.
  static func decode(handle: TIFFHandle, page index: Int, options: TIFFDecodingOptions) throws(ImageIOError) -> PixelBuffer {
    let fields = try TIFFDirectoryFields.read(from: handle, directory: index)
    try checkDimensions(fields, limits: options.limits)
    switch try TIFFSampleLayout.plan(for: fields) {
    case .rgbaInterface:
      return try TIFFRGBAInterfaceDecoder.decode(handle: handle, fields: fields, output: options.format)
    case .samples(let layout):
      return try decodeSamples(
        handle: handle, fields: fields, layout: layout, output: options.format, limits: options.limits)
    }
  }

  /// What ``TIFFReader/pageInfo(at:)`` reports: the directory's fields and the alpha rule.
  static func info(handle: TIFFHandle, page index: Int) throws(ImageIOError) -> TIFFPageInfo {
    let fields = try TIFFDirectoryFields.read(from: handle, directory: index)
    var alpha = TIFFAlpha.none
    if case .samples(let layout)? = try? TIFFSampleLayout.plan(for: fields) {
      alpha = layout.alpha
    } else if let photometric = fields.photometric {
      alpha = TIFFSampleLayout.alpha(
        of: fields, colourSamples: TIFFSampleLayout.colourSampleCount(photometric: photometric), photometric: photometric)
    }
    return TIFFPageInfo(
      index: index, width: fields.width, height: fields.height, bitsPerSample: fields.bitsPerSample,
      samplesPerPixel: fields.samplesPerPixel, photometricInterpretation: fields.photometric,
      compression: fields.compression, isTiled: fields.isTiled, isPlanar: fields.isPlanar,
      orientation: fields.orientation, alpha: alpha)
  }

  static func checkDimensions(_ fields: TIFFDirectoryFields, limits: DecodingLimits) throws(ImageIOError) {
    guard fields.width > 0, fields.height > 0 else {
      throw .corrupt(.tiff, message: "the page is \(fields.width)x\(fields.height) pixels")
    }
    try limits.check(width: fields.width, height: fields.height)
  }

  /// The strip or tile grid of a page.
  private struct ChunkGrid {
    let width: Int
    let height: Int
    let isTiled: Bool
    /// Bytes of one decoded row of one chunk (one plane for planar data).
    let rowBytes: Int
    /// Bytes of one whole decoded chunk.
    let byteCount: Int
  }

  private static func chunkGrid(
    _ fields: TIFFDirectoryFields, layout: TIFFSampleLayout, limits: DecodingLimits
  ) throws(ImageIOError) -> ChunkGrid {
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
    return ChunkGrid(width: width, height: height, isTiled: fields.isTiled, rowBytes: rowBytes, byteCount: byteCount)
  }

  private static func decodeSamples(
    handle: TIFFHandle, fields: TIFFDirectoryFields, layout: TIFFSampleLayout, output: TIFFOutputFormat,
    limits: DecodingLimits
  ) throws(ImageIOError) -> PixelBuffer {
    if layout.convertsJPEGYCbCr {
      handle.clearError()
      var size: UInt64 = 0
      guard po_tiff_request_jpeg_rgb(handle.pointer, &size) == 1 else {
        throw .unsupported(.tiff, message: handle.failureMessage("libtiff cannot convert this JPEG YCbCr page to RGB"))
      }
    }
    let grid = try chunkGrid(fields, layout: layout, limits: limits)
    let planes = layout.isPlanar ? layout.usedSamples : [0]
    let (pageBytes, overflow) = layout.rowByteCount(pixelCount: fields.width)
      .multipliedReportingOverflow(by: fields.height * planes.count)
    let bitsPerPixel = layout.bitsPerSample * (layout.isPlanar ? planes.count : layout.samplesPerPixel)
    try TIFFPlausibility.check(
      width: fields.width, height: fields.height, neededBytes: overflow ? Int.max : pageBytes,
      bitsPerPixel: bitsPerPixel, compression: fields.compression, fileSize: handle.inputSize)

    let colormap = try self.colormap(handle: handle, layout: layout)
    let tables = TIFFLevelTables(layout: layout, outputBits: output.pixelFormat.bitsPerChannel, colormap: colormap)
    let assembler = try TIFFRowAssembler(
      layout: layout, tables: tables, outputBits: output.pixelFormat.bitsPerChannel, maximumPixelCount: grid.width)
    var chunkBuffers: [TIFFScratchMemory] = []
    for _ in planes { chunkBuffers.append(try TIFFScratchMemory(byteCount: grid.byteCount)) }

    var image: PixelBuffer
    do {
      image = try PixelBuffer(width: fields.width, height: fields.height, format: output.pixelFormat)
    } catch {
      throw .pixels(error)
    }
    try image.withMutableView { (view: MutablePixelView) throws(ImageIOError) in
      let reader = ChunkReader(
        handle: handle, grid: grid, planes: planes, buffers: chunkBuffers, layout: layout, assembler: assembler)
      if grid.isTiled {
        try reader.readTiles(into: view)
      } else {
        try reader.readStrips(into: view)
      }
    }
    if layout.alpha == .none {
      image.markOpaque()
    } else {
      image.updateOpacity()
    }
    return image
  }

  private static func colormap(handle: TIFFHandle, layout: TIFFSampleLayout) throws(ImageIOError) -> TIFFLevelTables.Colormap? {
    guard layout.colour == .palette else { return nil }
    var red: UnsafePointer<UInt16>?
    var green: UnsafePointer<UInt16>?
    var blue: UnsafePointer<UInt16>?
    guard po_tiff_colormap(handle.pointer, &red, &green, &blue) == 1, let red, let green, let blue else {
      throw .corrupt(.tiff, message: "palette image without a ColorMap")
    }
    return TIFFLevelTables.Colormap(red: red, green: green, blue: blue)
  }

  /// Reads strips or tiles and hands their rows to the assembler.
  private struct ChunkReader {
    let handle: TIFFHandle
    let grid: ChunkGrid
    let planes: [Int]
    let buffers: [TIFFScratchMemory]
    let layout: TIFFSampleLayout
    let assembler: TIFFRowAssembler

    func readStrips(into view: MutablePixelView) throws(ImageIOError) {
      var top = 0
      while top < view.height {
        let rows = min(grid.height, view.height - top)
        let needed = rows * grid.rowBytes
        for (plane, buffer) in zip(planes, buffers) {
          let strip = po_tiff_compute_strip(handle.pointer, UInt32(top), UInt16(plane))
          handle.clearError()
          let count = po_tiff_read_strip(handle.pointer, strip, buffer.pointer, Int64(needed))
          try check(count: count, needed: needed, what: "strip \(strip)")
        }
        for row in 0..<rows {
          assembler.assemble(
            sources: sources(rowOffset: row * grid.rowBytes), pixelCount: view.width,
            into: view.rowAddress(top + row))
        }
        top += rows
      }
    }

    func readTiles(into view: MutablePixelView) throws(ImageIOError) {
      let bytesPerPixel = view.format.bytesPerPixel
      var top = 0
      while top < view.height {
        let rows = min(grid.height, view.height - top)
        var left = 0
        while left < view.width {
          let columns = min(grid.width, view.width - left)
          for (plane, buffer) in zip(planes, buffers) {
            let tile = po_tiff_compute_tile(handle.pointer, UInt32(left), UInt32(top), UInt16(plane))
            handle.clearError()
            let count = po_tiff_read_tile(handle.pointer, tile, buffer.pointer, Int64(grid.byteCount))
            try check(count: count, needed: rows * grid.rowBytes, what: "tile \(tile)")
          }
          for row in 0..<rows {
            assembler.assemble(
              sources: sources(rowOffset: row * grid.rowBytes), pixelCount: columns,
              into: view.rowAddress(top + row) + left * bytesPerPixel)
          }
          left += columns
        }
        top += rows
      }
    }

    private func check(count: Int64, needed: Int, what: String) throws(ImageIOError) {
      if count < 0 {
        throw TIFFLibraryMessage.readError(handle.failureMessage("libtiff could not decode \(what)"))
      }
      if count < needed {
        throw .truncated(.tiff, message: "\(what) decoded to \(count) bytes, \(needed) needed")
      }
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
}
