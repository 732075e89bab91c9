// Plays a multi-page TIFF as an animation in an AnimatedImageView (a UIImageView that
// animates): the pages are decoded two frames ahead on a background thread — at most three
// decoded at once, however many pages the file has — and each is drawn aspect-fit into the
// view's backing store, stepped at 30 frames per second by a clock the program moves.
//
//   sequence-playback [FRAMES.tif [OUTPUT.tif]]       play; OUTPUT.tif gets the rendered frames
//   sequence-playback --generate N SIDE FRAMES.tif     write an N-frame SIDE x SIDE Deflate TIFF
//
// It prints the frames shown and drawn, the time taken and the process's peak resident memory.
// Without arguments it generates a 12-frame 128x128 TIFF, plays it and writes the rendered
// frames to a temporary folder, checks their page count and removes both files.
import ExampleSupport
import PixelOps
import PixelOpsIO

/// Writes a generated `count`-frame animation of `side` x `side` pixels as a multi-page Deflate
/// TIFF. The writer asks for the pages one at a time, so one frame is in memory at once.
func writeGeneratedFrames(count: Int, side: Int, to path: String) throws(ImageIOError) {
  try TIFF.write(pageCount: count, to: path, options: TIFFEncodingOptions(compression: .deflate)) {
    (index, write) throws(ImageIOError) in
    let frame: PixelBuffer
    do throws(PixelError) {
      frame = try GeneratedImages.animationFrame(index, of: count, side: side)
    } catch {
      throw .pixels(error)
    }
    try frame.withView(write)
  }
}

/// A generated run whose output is not what it should be.
struct UnexpectedOutput: Error, CustomStringConvertible {
  let description: String
}

/// `value` rounded to `places` decimal places, for printing.
func rounded(_ value: Double, places: Int = 1) -> Double {
  var factor = 1.0
  for _ in 0..<places { factor *= 10 }
  return (value * factor).rounded() / factor
}

ExampleArguments.run {
  let usage = "sequence-playback [FRAMES.tif [OUTPUT.tif]] | sequence-playback --generate N SIDE FRAMES.tif"
  let arguments = ExampleArguments()
  let values = arguments.values

  if values.first == "--generate" {
    guard values.count == 4, let count = Int(values[1]), count > 0, let side = Int(values[2]), side > 0 else {
      ExampleArguments.fail("--generate expects a frame count, a side in pixels and a path", usage: usage)
    }
    try writeGeneratedFrames(count: count, side: side, to: values[3])
    print("sequence-playback: \(count) frames of \(side)x\(side) -> \(values[3])")
    return
  }

  let inputPath: String
  let outputPath: String?
  if arguments.usesGeneratedInputs {
    inputPath = ExampleArguments.temporaryPath("frames.tif")
    outputPath = ExampleArguments.temporaryPath("rendered.tif")
    try writeGeneratedFrames(count: 12, side: 128, to: inputPath)
  } else {
    guard values.count <= 2, !values[0].hasPrefix("-") else {
      ExampleArguments.fail("expected a TIFF to play and optionally an output path", usage: usage)
    }
    inputPath = values[0]
    outputPath = values.count == 2 ? values[1] : nil
  }

  // An iPhone-sized view, 375x667 points at 2x, showing each frame aspect-fit on white (a
  // small one for the generated frames, so that a debug build plays them quickly). Its time
  // comes from a clock that moves only when told to, so every frame is shown exactly once.
  let viewSize = arguments.usesGeneratedInputs ? PointSize(width: 64, height: 96) : PointSize(width: 375, height: 667)
  let clock = ManualAnimationClock()
  let view = AnimatedImageView(
    bounds: PointRect(origin: PointPosition(x: 0, y: 0), size: viewSize), screenScale: 2, contentMode: .scaleAspectFit,
    appearance: ImageViewAppearance(backgroundColor: .white, isOpaque: true), clock: clock)

  // The file's pages as the animation's frames (pages at 2 pixels per point, as @2x images).
  // Opening reads the directory chain only; pages are decoded as playback reaches them.
  let reader = try TIFFReader(contentsOf: inputPath)
  view.animationImages = try reader.frameSequence(lookahead: 2, scale: 2)
  view.animationRepeatCount = 1  // one cycle; animationDuration 0 plays it at 30 frames per second

  // Tick k shows the animation k/30 s after its start. After the last frame the animation has
  // finished: the view stops, the sequence frees its decoded frames and the still image (none
  // here: the background) shows.
  let framesPerSecond = 30.0
  var framesShown = 0
  var framesDrawn = 0
  let started = ContinuousClock.now
  view.startAnimating(at: 0)
  for tick in 0... {
    clock.now = Double(tick) / framesPerSecond
    let update = try view.display()
    guard case .frame = update.shown else { break }
    framesShown += 1
    if update.didDraw { framesDrawn += 1 }
  }
  let milliseconds = (ContinuousClock.now - started) / .milliseconds(1)
  print(
    "sequence-playback: \(reader.pageCount) pages, \(framesShown) frames shown, \(framesDrawn) drawn"
      + " in \(rounded(milliseconds)) ms (\(rounded(milliseconds / Double(max(1, framesShown)), places: 2)) ms per frame)")

  // The rendered frames of one cycle, written one page at a time as the view draws them.
  if let outputPath {
    try view.writeAnimationTIFF(to: outputPath, framesPerSecond: framesPerSecond)
    print("sequence-playback: rendered frames -> \(outputPath)")
  }
  print("sequence-playback: peak resident memory \(ProcessMemory.peakResidentKiB) KiB")

  if arguments.usesGeneratedInputs, let outputPath {
    let pages = try TIFFReader(contentsOf: outputPath).pageCount
    guard pages == framesShown else {
      throw UnexpectedOutput(description: "\(outputPath) has \(pages) pages, expected \(framesShown)")
    }
    ExampleArguments.removeTemporaryFiles(["frames.tif", "rendered.tif"])
  }
}
