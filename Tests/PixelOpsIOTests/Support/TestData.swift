import Foundation
import PixelOps
import Testing

/// The shared test images under `Resources/testdata` and their expectations
/// (`expected/index.json`, `expected/invalid.json`; see `Resources/testdata/README.md`).
enum TestData {
  /// The `testdata` folder inside the test bundle's resources. (The copied `Resources` folder
  /// is the bundle's resource folder on Darwin and sits inside it on Linux; either works.)
  static let root: URL = {
    let resources = Bundle.module.resourceURL ?? Bundle.module.bundleURL
    let candidates = [
      resources.appendingPathComponent("Resources/testdata"),
      resources.appendingPathComponent("testdata"),
    ]
    return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("README.md").path) }
      ?? candidates[0]
  }()

  /// The absolute URL of a path relative to ``root`` (such as an entry's `path`).
  static func url(_ relativePath: String) -> URL {
    root.appendingPathComponent(relativePath)
  }

  /// The absolute file system path of a path relative to ``root``.
  static func path(_ relativePath: String) -> String {
    url(relativePath).path
  }

  /// The bytes of a file relative to ``root``.
  static func bytes(_ relativePath: String) throws -> [UInt8] {
    try FileBytes.read(atPath: path(relativePath))
  }

  /// The paths, relative to ``root``, of the files in `folder` whose names end in `suffix`,
  /// sorted (whether or not the JSON lists them).
  static func files(in folder: String, withSuffix suffix: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path(folder))) ?? []
    return names.filter { $0.hasSuffix(suffix) }.sorted().map { "\(folder)/\($0)" }
  }

  /// Every entry of `expected/index.json`: valid, decodable-malformed and unsupported files.
  static func validEntries() -> [ExpectedEntry] {
    decodeList([ExpectedEntry].self, from: "expected/index.json")
  }

  /// Every entry of `expected/invalid.json`: files that must be rejected.
  static func invalidEntries() -> [InvalidEntry] {
    decodeList([InvalidEntry].self, from: "expected/invalid.json")
  }

  /// The uncompressed bytes of the expectation file `file` (a name inside `expected/`);
  /// `.gz` files are decompressed.
  static func expectedBytes(_ file: String) throws -> [UInt8] {
    let path = path("expected/" + file)
    return file.hasSuffix(".gz") ? try Gzip.decompress(fileAtPath: path) : try FileBytes.read(atPath: path)
  }

  /// The expected premultiplied RGBA8 bytes of `entry`, or `nil` when the expectation is
  /// stored gzip-compressed (compare ``fnv1a64(_:)`` with `entry.rgba8?.fnv1a64` instead),
  /// absent or unreadable.
  static func expectedRGBA8(_ entry: ExpectedEntry) -> [UInt8]? {
    uncompressedExpectation(entry.rgba8)
  }

  /// The expected premultiplied RGBA16 bytes (UInt16 little-endian) of `entry`, or `nil`
  /// when absent, gzip-compressed or unreadable.
  static func expectedRGBA16(_ entry: ExpectedEntry) -> [UInt8]? {
    uncompressedExpectation(entry.rgba16)
  }

  /// FNV-1a 64 over `bytes`, as 16 lower-case hex digits (the `fnv1a64` field of index.json).
  static func fnv1a64(_ bytes: [UInt8]) -> String {
    FNV1a64.hex(of: bytes)
  }

  /// FNV-1a 64 over the pages' pixels, rows packed, pages concatenated, 16-bit channels as
  /// little-endian bytes (the `fnv1a64` field of a multi-page file).
  static func fnv1a64(ofPages pages: [PixelBuffer]) -> String {
    var hash = FNV1a64()
    for page in pages {
      hash.add(PackedPixels.littleEndianBytes(of: page))
    }
    return hash.hex
  }

  private static func uncompressedExpectation(_ pixels: ExpectedEntry.Pixels?) -> [UInt8]? {
    guard let pixels, !pixels.isCompressed else { return nil }
    return try? expectedBytes(pixels.file)
  }

  private static func decodeList<T: Decodable>(_ type: [T].Type, from relativePath: String) -> [T] {
    do {
      let data = try Data(contentsOf: url(relativePath))
      return try JSONDecoder().decode([T].self, from: data)
    } catch {
      Issue.record("cannot load \(relativePath): \(error)")
      return []
    }
  }
}
