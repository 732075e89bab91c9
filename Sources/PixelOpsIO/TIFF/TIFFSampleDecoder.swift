import CTIFFSupport
import PixelOps

/// Decodes a page's raw samples: libtiff reads them strip by strip or tile by tile
/// (`TIFFReadEncodedStrip`, `TIFFReadEncodedTile`), every plane that is needed and no other,
/// and ``TIFFRowAssembler`` writes each row's pixels straight into the destination's rows.
///
/// Creating the decoder does every check and allocation (one strip or tile per plane, or one
/// row for strips read a scanline at a time; one row of unpacked samples) before the
/// destination is touched or allocated, and checks them, with the image when the caller
/// allocates it, against ``DecodingLimits/maximumByteCount``.
struct TIFFSampleDecoder {
  let layout: TIFFSampleLayout
  private let reader: TIFFChunkReader

  /// Prepares the current directory of `handle`, whose fields are `fields`, for decoding to
  /// `output`; `imageBytes` is the size of the image the caller will allocate (0 when decoding
  /// into the caller's memory).
  init(
    handle: TIFFHandle, fields: TIFFDirectoryFields, layout: TIFFSampleLayout, output: TIFFOutputFormat,
    limits: DecodingLimits, imageBytes: Int
  ) throws(ImageIOError) {
    if layout.convertsJPEGYCbCr {
      handle.clearError()
      var size: UInt64 = 0
      guard po_tiff_request_jpeg_rgb(handle.pointer, &size) == 1 else {
        throw .unsupported(.tiff, message: handle.failureMessage("libtiff cannot convert this JPEG YCbCr page to RGB"))
      }
    }
    let grid = try TIFFChunkGrid(fields, layout: layout, limits: limits)
    let planes = layout.isPlanar ? layout.usedSamples : [0]
    try Self.checkPlausible(fields, layout: layout, fileSize: handle.inputSize)

    let readsScanlines = TIFFChunkReader.readsScanlines(fields, grid: grid, planeCount: planes.count)
    let bufferBytes = readsScanlines ? grid.rowBytes : grid.byteCount
    if !readsScanlines {
      try TIFFPlausibility.checkChunk(fields, chunkBytes: grid.byteCount, fileSize: handle.inputSize)
    }
    let (buffersBytes, buffersOverflow) = bufferBytes.multipliedReportingOverflow(by: planes.count)
    // libtiff holds the compressed strip or tile (at most the file) besides its codec state.
    let compressed = min(handle.inputSize, grid.byteCount)
    try limits.checkMemory(
      imageBytes, buffersOverflow ? Int.max : buffersBytes, grid.width &* 8, compressed, 1 << 20)

    let outputBits = output.pixelFormat.bitsPerChannel
    let colormap = try Self.colormap(handle: handle, layout: layout)
    let tables = TIFFLevelTables(layout: layout, outputBits: outputBits, colormap: colormap)
    let assembler = try TIFFRowAssembler(
      layout: layout, tables: tables, outputBits: outputBits, maximumPixelCount: grid.width)
    var buffers: [TIFFScratchMemory] = []
    for _ in planes { buffers.append(try TIFFScratchMemory(byteCount: bufferBytes)) }
    self.layout = layout
    self.reader = TIFFChunkReader(
      handle: handle, grid: grid, readsScanlines: readsScanlines, planes: planes, buffers: buffers, layout: layout,
      assembler: assembler)
  }

  /// Refuses a page whose samples (the planes it reads) could not fit in a file of `fileSize`
  /// bytes with the page's compression (``TIFFPlausibility``). Allocates nothing.
  static func checkPlausible(
    _ fields: TIFFDirectoryFields, layout: TIFFSampleLayout, fileSize: Int
  ) throws(ImageIOError) {
    let planeCount = layout.isPlanar ? layout.usedSamples.count : 1
    let (pageBytes, overflow) = layout.rowByteCount(pixelCount: fields.width)
      .multipliedReportingOverflow(by: fields.height * planeCount)
    let bitsPerPixel = layout.bitsPerSample * (layout.isPlanar ? planeCount : layout.samplesPerPixel)
    try TIFFPlausibility.check(
      width: fields.width, height: fields.height, neededBytes: overflow ? Int.max : pageBytes,
      bitsPerPixel: bitsPerPixel, compression: fields.compression, fileSize: fileSize)
  }

  /// Writes every pixel of the page into `view`, which has the page's size and the output
  /// format. On failure the rows not yet reached keep their old contents.
  func write(into view: MutablePixelView) throws(ImageIOError) {
    try reader.read(into: view)
  }

  private static func colormap(handle: TIFFHandle, layout: TIFFSampleLayout) throws(ImageIOError)
    -> TIFFLevelTables.Colormap?
  {
    guard layout.colour == .palette else { return nil }
    var red: UnsafePointer<UInt16>?
    var green: UnsafePointer<UInt16>?
    var blue: UnsafePointer<UInt16>?
    guard po_tiff_colormap(handle.pointer, &red, &green, &blue) == 1, let red, let green, let blue else {
      throw .corrupt(.tiff, message: "palette image without a ColorMap")
    }
    return TIFFLevelTables.Colormap(red: red, green: green, blue: blue)
  }
}
