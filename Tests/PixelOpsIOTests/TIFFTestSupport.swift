import Foundation
import PixelOps
import PixelOpsIO
import Testing

/// Locates the shared test images and reads `expected/index.json` and `invalid.json` for the
/// TIFF tests. (Kept private to the TIFF tests; a shared helper may replace it.)
enum TIFFTestData {
  static let root: URL = {
    // The copied `Resources` folder is the bundle's resource folder on Darwin and sits inside
    // it on Linux; accept either layout.
    let base = Bundle.module.resourceURL ?? Bundle.module.bundleURL
    let candidates = [
      base.appendingPathComponent("testdata"), base.appendingPathComponent("Resources/testdata"),
    ]
    return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("README.md").path) }
      ?? candidates[1]
  }()

  static func path(_ relative: String) -> String {
    root.appendingPathComponent(relative).path
  }

  /// The file's bytes. (Read with `fread`: Foundation's `Data(contentsOf:)` leaks a buffer
  /// on empty files, which AddressSanitizer's leak check reports.)
  static func bytes(_ relative: String) throws -> [UInt8] {
    guard let file = fopen(path(relative), "rb") else { throw CocoaError(.fileReadNoSuchFile) }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = fread(&chunk, 1, chunk.count, file)
      if count == 0 { break }
      bytes += chunk[0..<count]
    }
    return bytes
  }

  /// One entry of `expected/index.json`.
  struct Expectation: Decodable, Sendable, CustomTestStringConvertible {
    struct Pixels: Decodable, Sendable {
      let file: String
      let bytes: Int
      let fnv1a64: String
    }
    struct Tolerance: Decodable, Sendable {
      let maxAbs: Int
      let rows: [Int]
      enum CodingKeys: String, CodingKey {
        case maxAbs = "max_abs"
        case rows
      }
    }
    let path: String
    let status: String
    let format: String
    let width: Int
    let height: Int
    let pages: Int
    let rgba8: Pixels?
    let rgba16: Pixels?
    let tolerance: Tolerance?

    var testDescription: String { path }
  }

  /// One entry of `expected/invalid.json`.
  struct Rejection: Decodable, Sendable, CustomTestStringConvertible {
    init(path: String, reason: String) { self.path = path; self.reason = reason }
    let path: String
    let reason: String
    var testDescription: String { path }
  }

  /// TIFF entries of `index.json`.
  /// (Empty if the index cannot be read; the count checks in the tests then fail.)
  static let expectations: [Expectation] = {
    guard let data = try? Data(contentsOf: root.appendingPathComponent("expected/index.json")),
      let entries = try? JSONDecoder().decode([Expectation].self, from: data)
    else { return [] }
    return entries.filter { $0.format == "tiff" }
  }()

  /// TIFF entries of `invalid.json` (hostile TIFFs included).
  static let rejections: [Rejection] = {
    guard let data = try? Data(contentsOf: root.appendingPathComponent("expected/invalid.json")),
      let entries = try? JSONDecoder().decode([Rejection].self, from: data)
    else { return [] }
    return entries.filter { $0.path.hasSuffix(".tif") || $0.path.hasSuffix(".tiff") }
  }()

  /// Every `hostile/*.tif` file on disk (whether or not `invalid.json` lists it).
  static let hostileFiles: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path("hostile"))) ?? []
    return names.filter { $0.hasSuffix(".tif") }.sorted().map { "hostile/\($0)" }
  }()

  static func expectation(_ path: String) -> Expectation {
    expectations.first { $0.path == path }!
  }

  /// FNV-1a 64 of `bytes`, as 16 lower-case hex digits (the test data README's definition).
  struct FNV1a64 {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ bytes: UnsafeRawBufferPointer) {
      var hash = value
      for byte in bytes {
        hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
      }
      value = hash
    }

    var hex: String {
      let digits = String(value, radix: 16)
      return String(repeating: "0", count: 16 - digits.count) + digits
    }
  }

  /// The digest of the pages' pixels, rows packed, pages concatenated (16-bit channels as
  /// little-endian bytes).
  static func digest(of pages: [PixelBuffer]) -> String {
    var hash = FNV1a64()
    for page in pages {
      let bytes = littleEndianPackedBytes(page)
      bytes.withUnsafeBytes { hash.add($0) }
    }
    return hash.hex
  }

  /// The pixels as packed bytes; 16-bit channels written little-endian, as the `.rgba16` files.
  static func littleEndianPackedBytes(_ page: PixelBuffer) -> [UInt8] {
    var bytes = page.packedBytes()
    if page.format.bitsPerChannel == 16 && UInt16(1).bigEndian == 1 {
      for index in stride(from: 0, to: bytes.count, by: 2) { bytes.swapAt(index, index + 1) }
    }
    return bytes
  }

  /// The expected bytes of an uncompressed expectation file, or of a `.gz` one through `gzip -dc`.
  static func expectedBytes(_ file: String) throws -> [UInt8] {
    let url = root.appendingPathComponent("expected/\(file)")
    guard file.hasSuffix(".gz") else { return [UInt8](try Data(contentsOf: url)) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["gzip", "-dc", url.path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return [UInt8](data)
  }
}

/// A random number generator with a fixed seed (SplitMix64), so failures reproduce.
struct TIFFSeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9e37_79b9_7f4a_7c15
    var z = state
    z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
    z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
    return z ^ (z >> 31)
  }
}
