import Foundation
import PixelOps
import PixelOpsBenchmarkSupport
import PixelOpsIO

/// Reading `--src`/`--dst` images and writing `--save-inputs`/`--save-output` images. Every
/// failure is a ``BenchFileError`` naming the file and the reason (exit status 3).
enum ImageFiles {
  /// A PNG or TIFF file as premultiplied RGBA8: read as PNG, and as TIFF when it does not
  /// start with the PNG signature (the first page of a multi-page TIFF). A file that is
  /// neither says so, with what each reader found.
  static func read(_ path: String) throws(BenchFileError) -> PixelBuffer {
    do {
      return try PNG.read(contentsOf: path)
    } catch .notRecognized(.png, let pngDetail) {
      do {
        return try TIFF.read(contentsOf: path)
      } catch .notRecognized(.tiff, let tiffDetail) {
        throw BenchFileError(
          "cannot use \(path): neither a PNG nor a TIFF file (tried both): as PNG, \(pngDetail); as TIFF, \(tiffDetail)")
      } catch {
        throw BenchFileError("cannot use \(path): not a PNG file (\(pngDetail)); read as TIFF: \(error)")
      }
    } catch {
      throw BenchFileError("cannot use \(path): \(error)")
    }
  }

  /// Writes every generated content at `size` as `<content>.png` in `directory` (PNG stores
  /// straight alpha; reading it back and premultiplying gives the same pixels bench uses).
  /// Opacity is measured first, so the opaque contents (`photo`, `opaque`) are written as RGB
  /// PNGs, as a peer's decoder then sees them.
  static func saveInputs(size: PixelSize, to directory: String) throws {
    try makeDirectory(directory)
    for content in GeneratedContent.allCases {
      var image = try GeneratedImages.make(content, size: size)
      image.updateOpacity()
      try write(image, to: "\(directory)/\(content.rawValue).png")
    }
    // The sequence family's files, as `bench --kernel sequence` plays them.
    try SequenceInputs.writeTIFFSequence(to: "\(directory)/sequence_raw.tif", compression: .none)
    try SequenceInputs.writeTIFFSequence(to: "\(directory)/sequence_deflate.tif", compression: .deflate)
    var sheet = try SequenceInputs.spriteSheet()
    sheet.updateOpacity()
    try write(sheet, to: "\(directory)/sprite_sheet.png")
  }

  /// Writes each case's result as `<kernel>-<case>.png` in `directory`, or as
  /// `<kernel>-<case>.tif` (every frame of a playback as a page) for a case that writes its own.
  static func saveOutputs(_ cases: [BenchCase], to directory: String) throws(BenchFileError) {
    try makeDirectory(directory)
    for benchCase in cases {
      let stem = "\(directory)/\(benchCase.kernel)-\(benchCase.name)"
      guard let writeOutput = benchCase.writeOutput else {
        try write(benchCase.output(), to: stem + ".png")
        continue
      }
      do { try writeOutput(stem + ".tif") } catch { throw BenchFileError("cannot write \(stem).tif: \(error)") }
    }
  }

  private static func write(_ image: PixelBuffer, to path: String) throws(BenchFileError) {
    do {
      try image.writePNG(to: path, options: PNGEncodingOptions(compressionLevel: 1))
    } catch {
      throw BenchFileError("\(error)")
    }
  }

  private static func makeDirectory(_ path: String) throws(BenchFileError) {
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
      throw BenchFileError("cannot create directory \(path): \(FileErrorReason.describe(error))")
    }
  }
}
