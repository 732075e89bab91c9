import Foundation

/// Decompresses gzip files with the system's `gzip`, independently of the code under test.
enum Gzip {
  /// `gzip` failed or could not be started.
  struct Failure: Error, CustomStringConvertible {
    var path: String
    var status: Int32
    var description: String { "gzip -dc \(path) exited with status \(status)" }
  }

  /// The uncompressed contents of the gzip file at `path`.
  static func decompress(fileAtPath path: String) throws -> [UInt8] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["gzip", "-dc", path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw Failure(path: path, status: process.terminationStatus) }
    return [UInt8](data)
  }
}
