public import PixelOps
import PixelOpsIO

/// Image-sequence playback: one timed call is one whole playback into an
/// ``AnimatedImageView`` of 375x667 points at @2x (750x1334 pixels) with
/// ``ContentMode/scaleAspectFit`` over a white background, frames stepped in order at the
/// default 30 frames per second (`display(at: k / 30)`), each frame drawn.
/// - `tiff_raw`, `tiff_deflate`: the 60-frame 512x512 TIFFs of ``SequenceInputs``,
///   uncompressed and Deflate; the file is opened inside the timed call and its pages decoded
///   two ahead of playback on a background thread (`TIFFReader.frameSequence()`); when
///   instructions are counted, on the calling thread (lookahead 0), so the count includes them.
/// - `sprite_sheet`: the 16 frames of ``SequenceInputs/spriteSheet()`` (in memory), played
///   through a ``SpriteSheetSequence``; allocates nothing per playback once warm.
///
/// The peer (`Benchmarks/Peers/pillow_simd_peer.py --kernel sequence`) does the same playback
/// with Pillow: decode, bilinear resize to 750x750, `alpha_composite` onto a white canvas.
/// `bytesMoved` is the backing store written and read per frame (8 bytes per pixel per frame).
public enum SequenceCases {
  static let names = ["tiff_raw", "tiff_deflate", "sprite_sheet"]
  /// The view's bounds in points and its scale.
  public static let viewBounds = PointRect(x: 0, y: 0, width: 375, height: 667)
  public static let screenScale = 2.0
  static let framesPerSecond = 30.0

  static func make(_ settings: BenchSettings) throws -> [BenchCase] {
    var cases: [BenchCase] = []
    for name in names where settings.caseName == nil || settings.caseName == name {
      cases.append(try makeCase(name, settings: settings))
    }
    return cases
  }

  /// The view every playback draws into (its backing store is made once and reused).
  public static func makeView(parallelism: Parallelism) -> AnimatedImageView {
    AnimatedImageView(
      bounds: viewBounds, screenScale: screenScale, contentMode: .scaleAspectFit,
      appearance: ImageViewAppearance(backgroundColor: .white), parallelism: parallelism,
      clock: ManualAnimationClock())
  }

  private static func makeCase(_ name: String, settings: BenchSettings) throws -> BenchCase {
    let view = makeView(parallelism: settings.parallelism)
    let load: () throws -> any ImageSequenceSource
    let frameCount: Int
    switch name {
    case "sprite_sheet":
      let grid = SequenceInputs.spriteGrid
      let sprites = try SpriteSheetSequence(sheet: try SequenceInputs.spriteSheet(), columns: grid, rows: grid)
      load = { sprites }
      frameCount = sprites.frameCount
    default:
      let paths = try SequenceInputs.tiffPaths()
      let path = name == "tiff_raw" ? paths.raw : paths.deflate
      // Counted, frames decode on the calling thread (lookahead 0), where callgrind sees them.
      let lookahead = settings.countsInstructions ? 0 : 2
      load = { try TIFFReader(contentsOf: path).frameSequence(lookahead: lookahead) }
      frameCount = SequenceInputs.tiffFrameCount
    }
    let size = try PointRect(x: 0, y: 0, width: viewBounds.width, height: viewBounds.height)
      .pixelRect(scale: screenScale).size
    // What `output` gives before the first playback has drawn anything.
    let blank = try PixelBuffer(width: size.width, height: size.height, format: .rgba8Premultiplied)
    let play = {
      view.animationImages = try load()
      view.startAnimating(at: 0)
      for tick in 0..<frameCount {
        try view.display(at: Double(tick) / framesPerSecond)
      }
      view.stopAnimating()
    }
    return BenchCase(
      kernel: "sequence", name: name, size: size, bytesMoved: size.width * size.height * 8 * frameCount,
      run: play,
      output: { view.backingStore ?? blank },
      allocatesPerRun: name != "sprite_sheet",
      writeOutput: { path in
        view.animationImages = try load()
        try view.writeAnimationTIFF(to: path, framesPerSecond: framesPerSecond)
      })
  }
}
