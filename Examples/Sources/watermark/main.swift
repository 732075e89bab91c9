// Composites a semi-transparent watermark over the bottom-right corner of a photo.
//
//   watermark [PHOTO.png WATERMARK.png OUTPUT.png [OPACITY]]    (OPACITY 0...1, default 0.5)
//
// Without arguments it generates a 1920x1080 photo and a round badge as the inputs.
import ExampleSupport
import PixelOps
import PixelOpsIO

ExampleArguments.run {
  let usage = "watermark [PHOTO.png WATERMARK.png OUTPUT.png [OPACITY]]"
  let arguments = ExampleArguments()
  var photo: PixelBuffer
  let mark: PixelBuffer
  let outputPath: String
  var opacity = 0.5
  if arguments.usesGeneratedInputs {
    photo = try GeneratedImages.photo(width: 1920, height: 1080)
    mark = try GeneratedImages.badge(diameter: 256)
    outputPath = ExampleArguments.temporaryPath("watermarked.png")
  } else {
    guard arguments.values.count == 3 || arguments.values.count == 4 else {
      ExampleArguments.fail("expected a photo, a watermark and an output path", usage: usage)
    }
    photo = try PNG.read(contentsOf: arguments.values[0])
    mark = try PNG.read(contentsOf: arguments.values[1])
    outputPath = arguments.values[2]
    if arguments.values.count == 4 {
      guard let value = Double(arguments.values[3]), value >= 0, value <= 1 else {
        ExampleArguments.fail("OPACITY must be a number from 0 to 1", usage: usage)
      }
      opacity = value
    }
  }

  // Bottom-right, 24 pixels in from the edges (clipped if the watermark is larger than the photo).
  let margin = 24
  let origin = PixelPosition(
    x: photo.size.width - mark.size.width - margin, y: photo.size.height - mark.size.height - margin)
  let photoWasOpaque = photo.isKnownOpaque
  try mark.withView { watermark in
    try photo.withMutableView { canvas in
      try Compositor.draw(watermark, onto: canvas, at: origin, options: CompositeOptions(blendMode: .normal, opacity: opacity))
    }
  }
  // Source-over onto an opaque photo leaves it opaque; saying so lets the PNG drop its alpha.
  if photoWasOpaque { photo.markOpaque() }

  try photo.writePNG(to: outputPath)
  print("watermark: \(mark.size.width)x\(mark.size.height) at (\(origin.x), \(origin.y)), opacity \(opacity) -> \(outputPath)")
}
