import Foundation
import PixelOps
import PixelOpsBenchmarkSupport
import PixelOpsIO

/// Reading `--src`/`--dst` images and writing `--save-inputs`/`--save-output` images.
enum ImageFiles {
  /// A PNG or TIFF file (told apart by the PNG signature) as premultiplied RGBA8; the first
  /// page of a multi-page TIFF. Bad files fail with
  /// the library's error text.
  static func read(_ path: String) throws -> PixelBuffer {
    do {
      return try PNG.read(contentsOf: path)
    } catch .notRecognized(.png, _) {
      return try TIFF.read(contentsOf: path)
    }
  }

  /// Writes every generated content at `size` as `<content>.png` in `directory` (PNG stores
  /// straight alpha; reading it back and premultiplying gives the same pixels bench uses).
  static func saveInputs(size: PixelSize, to directory: String) throws {
    try makeDirectory(directory)
    for content in GeneratedContent.allCases {
      let image = try GeneratedImages.make(content, size: size)
      try image.writePNG(to: "\(directory)/\(content.rawValue).png", options: PNGEncodingOptions(compressionLevel: 1))
    }
  }

  /// Writes each case's result as `<kernel>-<case>.png` in `directory`.
  static func saveOutputs(_ cases: [BenchCase], to directory: String) throws {
    try makeDirectory(directory)
    for benchCase in cases {
      try benchCase.output().writePNG(
        to: "\(directory)/\(benchCase.kernel)-\(benchCase.name).png", options: PNGEncodingOptions(compressionLevel: 1))
    }
  }

  private static func makeDirectory(_ path: String) throws {
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }
}
