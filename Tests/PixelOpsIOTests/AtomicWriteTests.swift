import Foundation
import Testing

@testable import PixelOpsIO

@Suite("Atomic file writes")
struct AtomicWriteTests {
  private func mode(_ path: String) throws -> Int {
    try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
  }

  @Test("a new file gets the permissions a plain write would give it, not mkstemp's 0600")
  func newFilePermissions() throws {
    let directory = try TemporaryDirectory()
    let plain = directory.path("plain")
    #expect(FileManager.default.createFile(atPath: plain, contents: Data([1])))  // 0666 less the umask
    try FileSystem.writeAtomically([1, 2, 3], to: directory.path("atomic"))
    #expect(try mode(directory.path("atomic")) == mode(plain))
    #expect(try directory.bytes("atomic") == [1, 2, 3])
  }

  @Test("replacing a file keeps its permissions and leaves no temporary file")
  func replacementKeepsPermissions() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("image.png")
    #expect(FileManager.default.createFile(atPath: path, contents: Data([9]), attributes: [.posixPermissions: 0o640]))
    try FileSystem.writeAtomically([4, 5], to: path)
    #expect(try mode(path) == 0o640)
    #expect(try directory.contents() == ["image.png"])
  }

  @Test("a producer that fails leaves the old file and no temporary file")
  func failedProducer() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("keep.tif")
    #expect(FileManager.default.createFile(atPath: path, contents: Data([7, 7, 7])))
    #expect(throws: ImageIOError.writeFailed(path: path, reason: "producer failed")) {
      try FileSystem.withAtomicReplacement(of: path) { (_: String) throws(ImageIOError) in
        throw .writeFailed(path: path, reason: "producer failed")
      }
    }
    #expect(try directory.bytes("keep.tif") == [7, 7, 7])
    #expect(try directory.contents() == ["keep.tif"])
  }

  /// The temporary file adds `.`, a random part and `.tmp` to the name: with a name of 250
  /// bytes that passed the 255-byte limit and the write failed where a plain write succeeds.
  @Test("a name near the 255-byte limit is written (the temporary name is cut to fit)")
  func longName() throws {
    let directory = try TemporaryDirectory()
    let name = String(repeating: "n", count: 246) + ".png"
    try FileSystem.writeAtomically([1, 2], to: directory.path(name))
    #expect(try directory.bytes(name) == [1, 2])
    #expect(try directory.contents() == [name])
  }

  /// Foundation's `.atomic` writes rename over the path without following a link there, as the
  /// rename must (writing through it would not be atomic); so do these.
  @Test("a symbolic link at the path is replaced by the new file and its target keeps its bytes")
  func symbolicLinkReplaced() throws {
    let directory = try TemporaryDirectory()
    #expect(FileManager.default.createFile(atPath: directory.path("target.png"), contents: Data([3, 3])))
    try FileManager.default.createSymbolicLink(atPath: directory.path("link.png"), withDestinationPath: "target.png")
    try FileSystem.writeAtomically([8, 9], to: directory.path("link.png"))
    #expect(try directory.bytes("target.png") == [3, 3])
    #expect(try directory.bytes("link.png") == [8, 9])
    let type = try FileManager.default.attributesOfItem(atPath: directory.path("link.png"))[.type] as? FileAttributeType
    #expect(type == .typeRegular)
  }

  /// A directory at the path was found only by the rename, after every page was produced, and
  /// the temporary file took the directory's mode: from a 0555 directory the codec's reopen then
  /// failed with "Permission denied".
  @Test("a directory at the path is refused before anything is produced, saying so")
  func directoryRefusedFirst() throws {
    let directory = try TemporaryDirectory()
    for mode in [0o755, 0o555] {
      let path = directory.path("taken-\(mode)")
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false, attributes: [.posixPermissions: mode])
      var produced = false
      #expect(throws: ImageIOError.writeFailed(path: path, reason: String(cString: strerror(EISDIR)))) {
        try FileSystem.withAtomicReplacement(of: path) { (_: String) throws(ImageIOError) in produced = true }
      }
      #expect(!produced)
    }
    #expect(try directory.contents() == ["taken-365", "taken-493"])
    // A symbolic link to a directory is a link: replaced, as any link at the path is.
    try FileManager.default.createSymbolicLink(atPath: directory.path("link"), withDestinationPath: "taken-493")
    try FileSystem.writeAtomically([5], to: directory.path("link"))
    #expect(try directory.bytes("link") == [5])
  }
}
