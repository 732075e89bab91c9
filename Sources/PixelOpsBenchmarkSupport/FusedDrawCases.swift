import PixelOps

/// The fused scale-and-composite draw, in the `scale` family: an image aspect-fit into a view
/// over a background, the way an image view shows a large photo.
///
/// - `fused_aspect_fit_over`: ``GeneratedContent/mixedUI`` at the `--size` (default 3840x2160,
///   16:9, with opaque, transparent and soft-edged blocks) drawn with
///   ``Compositor/draw(_:from:in:onto:filter:options:)`` (bilinear, source-over) aspect-fit into a
///   16:10 destination of half the width (1920x1200 by default: the image lands at 1920x1080,
///   60 rows down) holding the photo as background.
/// - `two_pass_aspect_fit_over`: the same result the unfused way — `Resampler.resample` into a
///   scratch image, then `Compositor.draw` of it — for the cost of the intermediate image.
///
/// `bytesMoved` is the source read plus the covered destination read and written.
enum FusedDrawCases {
  static let names = ["fused_aspect_fit_over", "two_pass_aspect_fit_over"]

  static func make(_ settings: BenchSettings) throws -> [BenchCase] {
    let source = try settings.sourceImage(.mixedUI)
    let width = max(1, source.width / 2)
    let destinationSize = PixelSize(width: width, height: max(1, width * 10 / 16))
    let placed = ContentMode.scaleAspectFit.destinationRect(
      forImageSize: PointSize(width: Double(source.width), height: Double(source.height)),
      in: PointRect(x: 0, y: 0, width: Double(destinationSize.width), height: Double(destinationSize.height)))
    let target = FractionalPixelRect(
      x: placed.origin.x, y: placed.origin.y, width: placed.size.width, height: placed.size.height)
    let covered = try target.coveringPixelRect().intersection(PixelRect(size: destinationSize))
    let moved = source.width * source.height * 4 + covered.width * covered.height * 8
    let background = try GeneratedImages.make(.photo, size: destinationSize)
    let options = CompositeOptions(parallelism: settings.parallelism)
    var cases: [BenchCase] = []
    for name in names where settings.caseName == nil || settings.caseName == name {
      let destination = Box(background)
      let run: () throws -> Void
      if name == "fused_aspect_fit_over" {
        run = {
          try source.withView { input in
            try destination.value.withMutableView { output in
              try Compositor.draw(input, in: target, onto: output, filter: .bilinear, options: options)
            }
          }
        }
      } else {
        let scratch = Box(try PixelBuffer(width: covered.width, height: covered.height, format: .rgba8Premultiplied))
        let local = FractionalPixelRect(
          x: target.x - Double(covered.x), y: target.y - Double(covered.y), width: target.width, height: target.height)
        run = {
          try source.withView { input in
            try scratch.value.withMutableView { intermediate in
              try Resampler.resample(
                input, onto: intermediate, in: local, filter: .bilinear, parallelism: options.parallelism)
            }
          }
          try scratch.value.withView { intermediate in
            try destination.value.withMutableView { output in
              try Compositor.draw(intermediate, onto: output, at: covered.origin, options: options)
            }
          }
        }
      }
      cases.append(
        BenchCase(
          kernel: "scale", name: name, size: covered.size, bytesMoved: moved, run: run,
          output: { destination.value }))
    }
    return cases
  }
}
