import Foundation
import PixelOps
import PixelOpsIO
import Testing

/// Writes go to a temporary file that replaces the target only when complete.
@Suite struct PNGFileWriteTests {
  @Test func writesAndReadsBack() throws {
    let directory = try PNGTestSupport.makeScratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/image.png"
    let original = try PNGTestSupport.randomPremultipliedRGBA8(width: 13, height: 8, seed: 11)
    try original.writePNG(to: path)
    #expect(try PNG.read(contentsOf: path) == original)
    #expect(try PNGTestSupport.contents(of: directory) == ["image.png"])
    // The file is exactly what encoding to memory gives.
    #expect(TestDataFile.bytes(path) == (try original.pngBytes()))
  }

  @Test func missingDirectoryFailsToWrite() throws {
    let directory = try PNGTestSupport.makeScratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/missing/image.png"
    let image = try PixelBuffer(width: 2, height: 2, format: .rgba8Premultiplied)
    #expect {
      try image.writePNG(to: path)
    } throws: { error in
      guard case .writeFailed(let failedPath, let reason) = error as? ImageIOError else { return false }
      return failedPath == path && !reason.isEmpty
    }
    #expect(try PNGTestSupport.contents(of: directory).isEmpty)
  }

  @Test func failedEncodingLeavesTheOldFile() throws {
    let directory = try PNGTestSupport.makeScratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/image.png"
    try PNGTestSupport.randomPremultipliedRGBA8(width: 4, height: 4, seed: 12).writePNG(to: path)
    let before = TestDataFile.bytes(path)

    let empty = try PixelView(unsafeBaseAddress: nil, width: 0, height: 3, rowBytes: 0, format: .rgba8Premultiplied)
    #expect(throws: ImageIOError.self) { try PNG.write(empty, to: path) }
    let image = try PixelBuffer(width: 2, height: 2, format: .rgba8Premultiplied)
    #expect(throws: ImageIOError.self) {
      try image.writePNG(to: path, options: PNGEncodingOptions(compressionLevel: 12))
    }
    #expect(TestDataFile.bytes(path) == before)
    #expect(try PNGTestSupport.contents(of: directory) == ["image.png"])
  }

  /// The rename fails when the target is a directory: the temporary file must be removed.
  @Test func failedRenameLeavesNoTemporaryFile() throws {
    let directory = try PNGTestSupport.makeScratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try FileManager.default.createDirectory(atPath: directory + "/taken", withIntermediateDirectories: false)
    let image = try PNGTestSupport.randomPremultipliedRGBA8(width: 3, height: 3, seed: 13)
    #expect {
      try image.writePNG(to: directory + "/taken")
    } throws: { error in
      guard case .writeFailed = error as? ImageIOError else { return false }
      return true
    }
    #expect(try PNGTestSupport.contents(of: directory) == ["taken"])
  }

  @Test func overwritesAnExistingFile() throws {
    let directory = try PNGTestSupport.makeScratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/image.png"
    try PNGTestSupport.randomPremultipliedRGBA8(width: 50, height: 50, seed: 14).writePNG(to: path)
    let replacement = try PNGTestSupport.randomGray8(width: 3, height: 2, seed: 15)
    try replacement.writePNG(to: path)
    #expect(try PNG.read(contentsOf: path, options: PNGDecodingOptions(format: .gray8)) == replacement)
    #expect(try PNGTestSupport.contents(of: directory) == ["image.png"])
  }
}

/// Reads a file by absolute path for comparisons (empty when unreadable).
enum TestDataFile {
  static func bytes(_ path: String) -> [UInt8] {
    (try? Data(contentsOf: URL(fileURLWithPath: path))).map { [UInt8]($0) } ?? []
  }
}
