import Foundation
import PixelOps

/// A small deterministic random generator (SplitMix64) so random tests repeat exactly.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

enum PNGTestSupport {
  /// The packed pixels of a 16-bit buffer as UInt16 little-endian bytes (the `.rgba16` layout),
  /// whatever the machine's byte order.
  static func littleEndianBytes(of image: PixelBuffer) -> [UInt8] {
    var bytes = image.packedBytes()
    #if _endian(big)
      for index in stride(from: 0, to: bytes.count, by: 2) { bytes.swapAt(index, index + 1) }
    #endif
    return bytes
  }

  /// `nil` when equal, else where the first difference is (for a readable failure).
  static func firstDifference(_ actual: [UInt8], _ expected: [UInt8], bytesPerPixel: Int, width: Int) -> String? {
    guard actual.count == expected.count else {
      return "\(actual.count) bytes decoded, \(expected.count) expected"
    }
    guard let index = actual.indices.first(where: { actual[$0] != expected[$0] }) else { return nil }
    let pixel = index / bytesPerPixel
    let start = pixel * bytesPerPixel
    let differing = zip(actual, expected).filter { $0 != $1 }.count
    return "\(differing) bytes differ; first at pixel (\(pixel % width), \(pixel / width)): "
      + "\(Array(actual[start..<start + bytesPerPixel])) instead of \(Array(expected[start..<start + bytesPerPixel]))"
  }

  /// A buffer of `format` filled from `bytes` (packed rows).
  static func buffer(width: Int, height: Int, format: PixelFormat, packed bytes: [UInt8]) throws -> PixelBuffer {
    var image = try PixelBuffer(width: width, height: height, format: format)
    let rowLength = width * format.bytesPerPixel
    image.withMutableView { view in
      bytes.withUnsafeBytes { source in
        for y in 0..<height {
          view.rowAddress(y).copyMemory(from: source.baseAddress! + y * rowLength, byteCount: rowLength)
        }
      }
    }
    return image
  }

  /// Random valid premultiplied RGBA8 pixels (every colour at most its alpha), some fully
  /// transparent and some opaque.
  static func randomPremultipliedRGBA8(width: Int, height: Int, seed: UInt64) throws -> PixelBuffer {
    var random = SplitMix64(seed: seed)
    var bytes = [UInt8]()
    for _ in 0..<(width * height) {
      let alpha: UInt8 = switch random.next() % 8 {
      case 0: 0
      case 1: 255
      default: UInt8.random(in: 0...255, using: &random)
      }
      for _ in 0..<3 { bytes.append(UInt8.random(in: 0...alpha, using: &random)) }
      bytes.append(alpha)
    }
    return try buffer(width: width, height: height, format: .rgba8Premultiplied, packed: bytes)
  }

  /// Random valid premultiplied RGBA16 pixels (native-endian UInt16 channels).
  static func randomPremultipliedRGBA16(width: Int, height: Int, seed: UInt64) throws -> PixelBuffer {
    var random = SplitMix64(seed: seed)
    var values = [UInt16]()
    for _ in 0..<(width * height) {
      let alpha: UInt16 = switch random.next() % 8 {
      case 0: 0
      case 1: 65535
      default: UInt16.random(in: 0...65535, using: &random)
      }
      for _ in 0..<3 { values.append(UInt16.random(in: 0...alpha, using: &random)) }
      values.append(alpha)
    }
    let bytes = values.withUnsafeBytes { Array($0) }
    return try buffer(width: width, height: height, format: .rgba16Premultiplied, packed: bytes)
  }

  /// Random Gray8 pixels.
  static func randomGray8(width: Int, height: Int, seed: UInt64) throws -> PixelBuffer {
    var random = SplitMix64(seed: seed)
    let bytes = (0..<(width * height)).map { _ in UInt8.random(in: 0...255, using: &random) }
    return try buffer(width: width, height: height, format: .gray8, packed: bytes)
  }

  /// A unique, empty scratch directory for file tests.
  static func makeScratchDirectory() throws -> String {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("pixelops-png-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    return url.path
  }

  /// The names in `directory`, sorted.
  static func contents(of directory: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
  }
}
