import Foundation
import Testing

@testable import PixelOpsIO

@Suite("Atomic file writes")
struct AtomicWriteTests {
  private func temporaryDirectory() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("pixelops-atomic-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  private func mode(_ path: String) throws -> Int {
    try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
  }

  @Test("a new file gets the permissions a plain write would give it, not mkstemp's 0600")
  func newFilePermissions() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let plain = "\(directory)/plain"
    #expect(FileManager.default.createFile(atPath: plain, contents: Data([1])))  // 0666 less the umask
    try FileSystem.writeAtomically([1, 2, 3], to: "\(directory)/atomic")
    #expect(try mode("\(directory)/atomic") == mode(plain))
    #expect(try Data(contentsOf: URL(fileURLWithPath: "\(directory)/atomic")) == Data([1, 2, 3]))
  }

  @Test("replacing a file keeps its permissions and leaves no temporary file")
  func replacementKeepsPermissions() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = "\(directory)/image.png"
    #expect(FileManager.default.createFile(atPath: path, contents: Data([9]), attributes: [.posixPermissions: 0o640]))
    try FileSystem.writeAtomically([4, 5], to: path)
    #expect(try mode(path) == 0o640)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["image.png"])
  }

  @Test("a producer that fails leaves the old file and no temporary file")
  func failedProducer() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = "\(directory)/keep.tif"
    #expect(FileManager.default.createFile(atPath: path, contents: Data([7, 7, 7])))
    #expect(throws: ImageIOError.writeFailed(path: path, reason: "producer failed")) {
      try FileSystem.withAtomicReplacement(of: path) { (_: String) throws(ImageIOError) in
        throw .writeFailed(path: path, reason: "producer failed")
      }
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data([7, 7, 7]))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["keep.tif"])
  }
}
