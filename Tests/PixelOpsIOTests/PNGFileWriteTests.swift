import Foundation
import PixelOps
import PixelOpsIO
import PixelOpsTestSupport
import Testing

/// Writes go to a temporary file that replaces the target only when complete.
@Suite struct PNGFileWriteTests {
  @Test func writesAndReadsBack() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("image.png")
    let original = try RandomPixels.buffer(width: 13, height: 8, format: .rgba8Premultiplied, seed: 11)
    try original.writePNG(to: path)
    #expect(try PNG.read(contentsOf: path) == original)
    #expect(try directory.contents() == ["image.png"])
    // The file is exactly what encoding to memory gives.
    #expect(try directory.bytes("image.png") == original.pngBytes())
  }

  @Test func missingDirectoryFailsToWrite() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("missing/image.png")
    let image = try PixelBuffer(width: 2, height: 2, format: .rgba8Premultiplied)
    #expect {
      try image.writePNG(to: path)
    } throws: { error in
      guard case .writeFailed(let failedPath, let reason) = error as? ImageIOError else { return false }
      return failedPath == path && !reason.isEmpty
    }
    #expect(try directory.contents().isEmpty)
  }

  @Test func failedEncodingLeavesTheOldFile() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("image.png")
    try RandomPixels.buffer(width: 4, height: 4, format: .rgba8Premultiplied, seed: 12).writePNG(to: path)
    let before = try directory.bytes("image.png")

    let empty = try PixelView(unsafeBaseAddress: nil, width: 0, height: 3, rowBytes: 0, format: .rgba8Premultiplied)
    #expect(throws: ImageIOError.pixels(.invalidDimensions(width: 0, height: 3))) { try PNG.write(empty, to: path) }
    let image = try PixelBuffer(width: 2, height: 2, format: .rgba8Premultiplied)
    #expect {
      try image.writePNG(to: path, options: PNGEncodingOptions(compressionLevel: 12))
    } throws: { error in
      guard case .invalidOption(.png, let message) = error as? ImageIOError else { return false }
      return !message.isEmpty
    }
    #expect(try directory.bytes("image.png") == before)
    #expect(try directory.contents() == ["image.png"])
  }

  /// The rename fails when the target is a directory: the temporary file must be removed.
  @Test func failedRenameLeavesNoTemporaryFile() throws {
    let directory = try TemporaryDirectory()
    try FileManager.default.createDirectory(atPath: directory.path("taken"), withIntermediateDirectories: false)
    let image = try RandomPixels.buffer(width: 3, height: 3, format: .rgba8Premultiplied, seed: 13)
    #expect {
      try image.writePNG(to: directory.path("taken"))
    } throws: { error in
      guard case .writeFailed = error as? ImageIOError else { return false }
      return true
    }
    #expect(try directory.contents() == ["taken"])
  }

  @Test func overwritesAnExistingFile() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("image.png")
    try RandomPixels.buffer(width: 50, height: 50, format: .rgba8Premultiplied, seed: 14).writePNG(to: path)
    let replacement = try RandomPixels.buffer(width: 3, height: 2, format: .gray8, seed: 15)
    try replacement.writePNG(to: path)
    #expect(try PNG.read(contentsOf: path, options: PNGDecodingOptions(format: .gray8)) == replacement)
    #expect(try directory.contents() == ["image.png"])
  }
}
