#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
public import PixelOps
public import PixelOpsIO

/// The deterministic inputs of `bench --kernel sequence`, generated on first use: 60 frames of
/// 512x512 premultiplied RGBA written as an uncompressed and a Deflate multi-page TIFF, and a
/// 4x4 sprite sheet of 256x256 frames.
///
/// Frame `k` of `n`: a conic gradient (``GradientCases/fourStops``) around the centre, turned
/// by `k/n` of a turn, cut to a disc whose alpha falls from 1 at radius 0.35 w to 0 at 0.47 w:
/// opaque middle, translucent ring, transparent corners, different in every frame.
public enum SequenceInputs {
  /// Frames of the TIFF sequences.
  public static let tiffFrameCount = 60
  /// Size of a TIFF frame.
  public static let tiffFrameSize = PixelSize(width: 512, height: 512)
  /// Cells per side of the sprite sheet.
  public static let spriteGrid = 4
  /// Size of a sprite cell.
  public static let spriteFrameSize = PixelSize(width: 256, height: 256)

  /// Frame `index` of `count`, `size` pixels.
  public static func frame(_ index: Int, of count: Int, size: PixelSize) throws -> PixelBuffer {
    var frame = try PixelBuffer(width: size.width, height: size.height, format: .rgba8Premultiplied)
    let (w, h) = (Double(size.width), Double(size.height))
    let center = PointPosition(x: w / 2, y: h / 2)
    let turn = 2 * Double.pi * Double(index) / Double(count)
    let colors = GradientFill(try Gradient(stops: GradientCases.fourStops), shape: .conic(center: center, startAngle: turn))
    let disc = GradientFill(
      try Gradient(stops: [
        GradientStop(location: 0, color: StraightColor(red: 0, green: 0, blue: 0, alpha: 1)),
        GradientStop(location: 0.35 / 0.47, color: StraightColor(red: 0, green: 0, blue: 0, alpha: 1)),
        GradientStop(location: 1, color: StraightColor(red: 0, green: 0, blue: 0, alpha: 0)),
      ]), shape: .radial(center: center, radius: 0.47 * w))
    try frame.withMutableView { view in
      _ = try Compositor.fill(of: view, with: colors, options: CompositeOptions(blendMode: .copy))
      _ = try Compositor.fill(of: view, with: disc, options: CompositeOptions(blendMode: .destinationIn))
    }
    return frame
  }

  /// The sprite sheet: ``spriteGrid``² frames of ``spriteFrameSize``, row by row.
  public static func spriteSheet() throws -> PixelBuffer {
    let cell = spriteFrameSize
    let count = spriteGrid * spriteGrid
    var sheet = try PixelBuffer(width: cell.width * spriteGrid, height: cell.height * spriteGrid, format: .rgba8Premultiplied)
    for index in 0..<count {
      let frame = try frame(index, of: count, size: cell)
      try sheet.withMutableView { view in
        let target = try view.cropped(to: PixelRect(
          x: (index % spriteGrid) * cell.width, y: (index / spriteGrid) * cell.height, width: cell.width, height: cell.height))
        try frame.withView { _ = try Compositor.draw($0, onto: target, options: CompositeOptions(blendMode: .copy)) }
      }
    }
    return sheet
  }

  /// Writes the TIFF sequence, uncompressed or Deflate, to `path` (pages made one at a time).
  public static func writeTIFFSequence(to path: String, compression: TIFFCompression) throws {
    try TIFF.write(pageCount: tiffFrameCount, to: path, options: TIFFEncodingOptions(compression: compression)) {
      (index, write: (PixelView) throws(ImageIOError) -> Void) throws(ImageIOError) in
      let page: PixelBuffer
      do { page = try frame(index, of: tiffFrameCount, size: tiffFrameSize) } catch {
        throw .invalidOption(.tiff, message: "generating frame \(index): \(error)")
      }
      try page.withView(write)
    }
  }

  /// The files of the TIFF cases, `sequence_raw.tif` and `sequence_deflate.tif`, generated
  /// once per machine into `$TMPDIR/pixelops-bench-inputs-v1/` (69 MB; safe to delete) and reused
  /// by later runs and by the valgrind children of `bench --check`, which would otherwise spend
  /// minutes generating them under callgrind. Each file is written under a temporary name and
  /// renamed into place (the TIFF writer is atomic), so a reader never sees half a file; the
  /// folder's version changes whenever the generated frames do.
  public static func tiffPaths() throws -> (raw: String, deflate: String) {
    try generatedFiles.withLock { files throws -> (raw: String, deflate: String) in
      if let files { return files }
      let directory = try cacheDirectory()
      let made = (raw: directory + "/sequence_raw.tif", deflate: directory + "/sequence_deflate.tif")
      if !isComplete(made.raw) { try writeTIFFSequence(to: made.raw, compression: .none) }
      if !isComplete(made.deflate) { try writeTIFFSequence(to: made.deflate, compression: .deflate) }
      files = made
      return made
    }
  }

  private static let generatedFiles = ConditionLock<(raw: String, deflate: String)?>(nil)

  /// Whether `path` is a TIFF with every page of the sequence.
  private static func isComplete(_ path: String) -> Bool {
    guard let reader = try? TIFFReader(contentsOf: path), reader.pageCount == tiffFrameCount,
      let info = try? reader.pageInfo(at: tiffFrameCount - 1)
    else { return false }
    return info.size == tiffFrameSize
  }

  private static func cacheDirectory() throws -> String {
    let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    let directory = base + "/pixelops-bench-inputs-v1"
    if mkdir(directory, 0o755) != 0 && errno != EEXIST {
      throw ImageIOError.writeFailed(path: directory, reason: "cannot create the folder (errno \(errno))")
    }
    return directory
  }
}
