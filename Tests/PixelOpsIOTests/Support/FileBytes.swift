import Foundation

/// Reads whole files for the tests.
enum FileBytes {
  /// A file that could not be read.
  struct ReadError: Error, CustomStringConvertible {
    var path: String
    var description: String { "cannot read \(path)" }
  }

  /// The bytes of the file at `path`.
  ///
  /// Read with `fread`: Foundation's `Data(contentsOf:)` leaks a buffer on empty files, which
  /// AddressSanitizer's leak check reports.
  static func read(atPath path: String) throws -> [UInt8] {
    guard let file = fopen(path, "rb") else { throw ReadError(path: path) }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = fread(&chunk, 1, chunk.count, file)
      if count == 0 { break }
      bytes += chunk[0..<count]
    }
    // A directory opens but cannot be read.
    guard ferror(file) == 0 else { throw ReadError(path: path) }
    return bytes
  }
}
