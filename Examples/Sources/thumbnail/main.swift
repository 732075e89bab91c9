// Reads a PNG, makes an aspect-fit Lanczos3 thumbnail no larger than a square box, writes PNG.
//
//   thumbnail [INPUT.png OUTPUT.png [BOX]]      (BOX: the thumbnail's longest side, default 320)
//
// Without arguments it writes a generated 1600x1000 photo as the input and thumbnails that.
import ExampleSupport
import PixelOps
import PixelOpsIO

ExampleArguments.run {
  let usage = "thumbnail [INPUT.png OUTPUT.png [BOX]]"
  let arguments = ExampleArguments()
  let inputPath: String
  let outputPath: String
  var box = 320
  if arguments.usesGeneratedInputs {
    inputPath = ExampleArguments.temporaryPath("photo.png")
    outputPath = ExampleArguments.temporaryPath("thumbnail.png")
    try GeneratedImages.photo(width: 1600, height: 1000).writePNG(to: inputPath)
  } else {
    guard arguments.values.count == 2 || arguments.values.count == 3 else {
      ExampleArguments.fail("expected an input and an output path", usage: usage)
    }
    inputPath = arguments.values[0]
    outputPath = arguments.values[1]
    if arguments.values.count == 3 {
      guard let value = Int(arguments.values[2]), value > 0 else {
        ExampleArguments.fail("BOX must be a positive number of pixels", usage: usage)
      }
      box = value
    }
  }

  let photo = try PNG.read(contentsOf: inputPath)

  // Aspect fit, as UIImageView's .scaleAspectFit places an image: the largest size with the
  // photo's proportions inside a box x box square (in pixels here, so scale 1).
  let fitted = ContentMode.scaleAspectFit.destinationRect(
    forImageSize: PointSize(width: Double(photo.size.width), height: Double(photo.size.height)),
    in: PointRect(x: 0, y: 0, width: Double(box), height: Double(box)))
  let thumbnailWidth = max(1, Int(fitted.size.width.rounded()))
  let thumbnailHeight = max(1, Int(fitted.size.height.rounded()))

  // Lanczos3 over the whole photo onto the whole thumbnail: antialiased on reduction.
  var thumbnail = try PixelBuffer(width: thumbnailWidth, height: thumbnailHeight, format: .rgba8Premultiplied)
  try photo.withView { source in
    try thumbnail.withMutableView { try Resampler.resample(source, onto: $0, filter: .lanczos3) }
  }
  if photo.isKnownOpaque { thumbnail.markOpaque() }  // resampling opaque pixels gives opaque pixels

  try thumbnail.writePNG(to: outputPath)
  print("thumbnail: \(inputPath) \(photo.size.width)x\(photo.size.height) -> \(outputPath) \(thumbnailWidth)x\(thumbnailHeight)")
}
