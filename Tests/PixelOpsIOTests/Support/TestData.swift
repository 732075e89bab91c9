import Foundation
import Testing

/// The shared test images under `Resources/testdata` and their expectations
/// (`expected/index.json`, `expected/invalid.json`; see `Resources/testdata/README.md`).
enum TestData {
  /// The `testdata` folder inside the test bundle's resources.
  static var root: URL {
    let resources = Bundle.module.resourceURL ?? Bundle.module.bundleURL
    let candidates = [
      resources.appendingPathComponent("Resources/testdata"),
      resources.appendingPathComponent("testdata"),
    ]
    for candidate in candidates where FileManager.default.fileExists(atPath: candidate.path) {
      return candidate
    }
    return candidates[0]
  }

  /// The absolute URL of a path relative to ``root`` (such as an entry's `path`).
  static func url(_ relativePath: String) -> URL {
    root.appendingPathComponent(relativePath)
  }

  /// The bytes of a file relative to ``root``; empty when it cannot be read (tests then fail
  /// on the comparison, never crash).
  static func bytes(_ relativePath: String) -> [UInt8] {
    let path = url(relativePath).path
    // Foundation leaks its read buffer for empty files (LeakSanitizer reports it), so empty
    // files are not read at all.
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
    guard let size, size > 0, let data = FileManager.default.contents(atPath: path) else { return [] }
    return [UInt8](data)
  }

  /// Every entry of `expected/index.json`: valid, decodable-malformed and unsupported files.
  static func validEntries() -> [ExpectedEntry] {
    decodeList([ExpectedEntry].self, from: "expected/index.json")
  }

  /// Every entry of `expected/invalid.json`: files that must be rejected.
  static func invalidEntries() -> [InvalidEntry] {
    decodeList([InvalidEntry].self, from: "expected/invalid.json")
  }

  /// FNV-1a 64 over `bytes`, as 16 lower-case hex digits (the `fnv1a64` field of index.json).
  static func fnv1a64(_ bytes: [UInt8]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// The expected premultiplied RGBA8 bytes of `entry`, or `nil` when the expectation is
  /// stored gzip-compressed (compare ``fnv1a64(_:)`` with `entry.rgba8?.fnv1a64` instead) or
  /// absent.
  static func expectedRGBA8(_ entry: ExpectedEntry) -> [UInt8]? {
    expectation(entry.rgba8)
  }

  /// The expected premultiplied RGBA16 bytes (UInt16 little-endian) of `entry`, or `nil`
  /// when absent or gzip-compressed.
  static func expectedRGBA16(_ entry: ExpectedEntry) -> [UInt8]? {
    expectation(entry.rgba16)
  }

  private static func expectation(_ pixels: ExpectedEntry.Pixels?) -> [UInt8]? {
    guard let pixels, !pixels.file.hasSuffix(".gz") else { return nil }
    let data = bytes("expected/" + pixels.file)
    return data.isEmpty && pixels.bytes > 0 ? nil : data
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

/// One object of `expected/index.json`. Fields that are a value for some files and a list
/// for others (multi-page TIFFs) are decoded as lists.
struct ExpectedEntry: Decodable, Sendable, CustomStringConvertible {
  /// One expectation file: name inside `expected/`, uncompressed size and digests.
  struct Pixels: Decodable, Sendable {
    var file: String
    var bytes: Int
    var sha256: String
    var fnv1a64: String
  }

  /// Allowed difference from the expectation (only for a few lossy files).
  struct Tolerance: Decodable, Sendable {
    /// Largest allowed absolute difference per channel.
    var maxAbs: Int
    /// The rows where the difference is allowed (nil: everywhere).
    var rows: [Int]?
    var why: String?

    enum CodingKeys: String, CodingKey {
      case maxAbs = "max_abs"
      case rows, why
    }
  }

  var path: String
  /// "valid", "decodable-malformed" or "unsupported".
  var status: String
  /// "png" or "tiff".
  var format: String
  var width: Int
  var height: Int
  var pages: Int
  /// `[width, height]` of every page, when pages differ.
  var pageSizes: [[Int]]?
  var sourceBitDepth: [Int]
  var colorType: String?
  var photometric: [String]
  var compression: [String]
  var planar: String?
  var tiled: Bool?
  var sampleFormat: String?
  var interlaced: Bool?
  /// "none", "straight" or "associated".
  var alpha: String?
  var note: String?
  var tolerance: Tolerance?
  var rgba8: Pixels?
  var rgba16: Pixels?

  var description: String { path }

  enum CodingKeys: String, CodingKey {
    case path, status, format, width, height, pages
    case pageSizes = "page_sizes"
    case sourceBitDepth = "source_bit_depth"
    case colorType = "color_type"
    case photometric, compression, planar, tiled
    case sampleFormat = "sample_format"
    case interlaced, alpha, note, tolerance, rgba8, rgba16
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    path = try container.decode(String.self, forKey: .path)
    status = (try? container.decodeIfPresent(String.self, forKey: .status)) ?? "valid"
    format = (try? container.decodeIfPresent(String.self, forKey: .format)) ?? ""
    width = (try? container.decodeIfPresent(Int.self, forKey: .width)) ?? 0
    height = (try? container.decodeIfPresent(Int.self, forKey: .height)) ?? 0
    pages = (try? container.decodeIfPresent(Int.self, forKey: .pages)) ?? 1
    pageSizes = try? container.decodeIfPresent([[Int]].self, forKey: .pageSizes)
    sourceBitDepth = Self.oneOrMany(Int.self, container, .sourceBitDepth)
    colorType = try? container.decodeIfPresent(String.self, forKey: .colorType)
    photometric = Self.oneOrMany(String.self, container, .photometric)
    compression = Self.oneOrMany(String.self, container, .compression)
    planar = try? container.decodeIfPresent(String.self, forKey: .planar)
    tiled = try? container.decodeIfPresent(Bool.self, forKey: .tiled)
    sampleFormat = try? container.decodeIfPresent(String.self, forKey: .sampleFormat)
    interlaced = try? container.decodeIfPresent(Bool.self, forKey: .interlaced)
    alpha = try? container.decodeIfPresent(String.self, forKey: .alpha)
    note = try? container.decodeIfPresent(String.self, forKey: .note)
    tolerance = try? container.decodeIfPresent(Tolerance.self, forKey: .tolerance)
    rgba8 = try? container.decodeIfPresent(Pixels.self, forKey: .rgba8)
    rgba16 = try? container.decodeIfPresent(Pixels.self, forKey: .rgba16)
  }

  /// A field that is either a single value or a list of values, as a list (empty if absent).
  private static func oneOrMany<T: Decodable>(
    _ type: T.Type, _ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys
  ) -> [T] {
    if let list = try? container.decodeIfPresent([T].self, forKey: key) { return list }
    if let single = try? container.decodeIfPresent(T.self, forKey: key) { return [single] }
    return []
  }
}

/// One object of `expected/invalid.json`: a file every decoder must reject.
struct InvalidEntry: Decodable, Sendable, CustomStringConvertible {
  var path: String
  /// Always "error".
  var expect: String
  /// What is wrong with the file.
  var reason: String

  var description: String { path }
}
