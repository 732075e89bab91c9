import Foundation

/// A fresh, empty directory under the system's temporary directory, removed when released
/// (keep using it until the end of the test, as its last check).
final class TemporaryDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("PixelOpsIOTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// The absolute path of `name` inside the directory.
  func path(_ name: String) -> String {
    url.appendingPathComponent(name).path
  }

  /// The bytes of the file `name` inside the directory.
  func bytes(_ name: String) throws -> [UInt8] {
    try FileBytes.read(atPath: path(name))
  }

  /// Names in the directory, hidden files included, sorted.
  func contents() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }
}
