// Rescales every page of a multi-page TIFF and writes them as a multi-page TIFF, one page in
// memory at a time.
//
//   tiff-rescale [INPUT.tif OUTPUT.tif [SCALE]]     (SCALE > 0, default 0.5)
//
// Without arguments it writes a generated three-page TIFF as the input and rescales that.
import ExampleSupport
import PixelOps
import PixelOpsIO

/// Decodes page `index` of `reader` and resamples it by `scale` (Lanczos3 when reducing, bicubic when
/// enlarging), keeping it opaque when it was.
func rescaledPage(_ index: Int, of reader: TIFFReader, scale: Double) throws(ImageIOError) -> PixelBuffer {
  let page = try reader.decodePage(at: index)
  let width = max(1, Int((Double(page.size.width) * scale).rounded()))
  let height = max(1, Int((Double(page.size.height) * scale).rounded()))
  do {
    var result = try PixelBuffer(width: width, height: height, format: .rgba8Premultiplied)
    try page.withView { (source: PixelView) throws(PixelError) in
      try result.withMutableView { (destination: MutablePixelView) throws(PixelError) in
        try Resampler.resample(source, onto: destination, filter: scale < 1 ? .lanczos3 : .bicubic)
      }
    }
    if page.isKnownOpaque { result.markOpaque() }
    print("tiff-rescale: page \(index): \(page.size.width)x\(page.size.height) -> \(width)x\(height)")
    return result
  } catch {
    throw .pixels(error)
  }
}

ExampleArguments.run {
  let usage = "tiff-rescale [INPUT.tif OUTPUT.tif [SCALE]]"
  let arguments = ExampleArguments()
  let inputPath: String
  let outputPath: String
  var scale = 0.5
  if arguments.usesGeneratedInputs {
    inputPath = ExampleArguments.temporaryPath("pages.tif")
    outputPath = ExampleArguments.temporaryPath("pages-rescaled.tif")
    let pages = [
      try GeneratedImages.photo(width: 800, height: 600),
      try GeneratedImages.photo(width: 640, height: 480),
      try GeneratedImages.photo(width: 1024, height: 256),
    ]
    try pages.writeTIFF(to: inputPath)
  } else {
    guard arguments.values.count == 2 || arguments.values.count == 3 else {
      ExampleArguments.fail("expected an input and an output path", usage: usage)
    }
    inputPath = arguments.values[0]
    outputPath = arguments.values[1]
    if arguments.values.count == 3 {
      guard let value = Double(arguments.values[2]), value > 0, value.isFinite else {
        ExampleArguments.fail("SCALE must be a positive number", usage: usage)
      }
      scale = value
    }
  }

  let reader = try TIFFReader(contentsOf: inputPath)  // reads the directory chain only

  // Pages are produced one at a time as the writer asks for them: each is decoded, rescaled and
  // handed to `write` as a view before the next is read.
  try TIFF.write(pageCount: reader.pageCount, to: outputPath) { (index, write) throws(ImageIOError) in
    try rescaledPage(index, of: reader, scale: scale).withView(write)
  }
  print("tiff-rescale: \(reader.pageCount) pages, scale \(scale) -> \(outputPath)")
}
