import PixelOps
import PixelOpsIO
import PixelOpsTestSupport
import Testing

/// Damaged, truncated and hostile files are refused with a typed error that says what is
/// wrong; nothing crashes, hangs or allocates the size a header claims.
@Suite struct PNGRejectionTests {
  /// The kind of error each file must produce.
  enum Verdict: Sendable {
    case emptyInput, notRecognized, corrupt, truncated, tooLarge
  }

  static let invalidPNGs = TestData.invalidEntries().filter { $0.path.hasSuffix(".png") }

  static let verdicts: [String: Verdict] = [
    "png/pngsuite/xs1n0g01.png": .notRecognized,
    "png/pngsuite/xs2n0g01.png": .notRecognized,
    "png/pngsuite/xs4n0g01.png": .notRecognized,
    "png/pngsuite/xcrn0g04.png": .notRecognized,
    "png/pngsuite/xlfn0g04.png": .notRecognized,
    "png/pngsuite/xhdn0g08.png": .corrupt,
    "png/pngsuite/xc1n0g08.png": .corrupt,
    "png/pngsuite/xd0n2c08.png": .corrupt,
    "png/pngsuite/xd3n2c08.png": .corrupt,
    "png/pngsuite/xdtn0g01.png": .corrupt,
    "png/pillow/broken.png": .corrupt,
    "png/pillow/broken_data_stream.png": .corrupt,
    "png/pillow/truncated_end_chunk.png": .truncated,
    "png/pillow/truncated_image.png": .truncated,
    "hostile/empty.png": .emptyInput,
    "hostile/huge-dims-100000x100000.png": .tooLarge,
    "hostile/idat-crc.png": .corrupt,
    "hostile/not-an-image.png": .notRecognized,
    "hostile/truncated-half.png": .truncated,
  ]

  static func verdict(of error: ImageIOError) -> Verdict? {
    switch error {
    case .emptyInput: .emptyInput
    case .notRecognized(.png, let detail) where !detail.isEmpty: .notRecognized
    case .corrupt(.png, let message) where !message.isEmpty: .corrupt
    case .truncated(.png, let message) where !message.isEmpty: .truncated
    case .tooLarge: .tooLarge
    default: nil
    }
  }

  @Test func everyInvalidPNGHasAVerdict() {
    #expect(Self.invalidPNGs.count == 19)
    for entry in Self.invalidPNGs {
      #expect(Self.verdicts[entry.path] != nil, "no verdict for \(entry.path)")
    }
  }

  @Test(arguments: invalidPNGs)
  func isRejected(_ entry: InvalidEntry) throws {
    let expected = try #require(Self.verdicts[entry.path])
    let bytes = try TestData.bytes(entry.path)
    do {
      let image = try PNG.decode(bytes)
      Issue.record("\(entry.path) decoded to \(image.width)x\(image.height); expected rejection: \(entry.reason)")
    } catch {
      #expect(Self.verdict(of: error) == expected, "\(entry.path): \(error)")
      #expect(!error.description.isEmpty)
    }
  }

  @Test func hugeDimensionsAreRefusedBeforeAllocating() {
    #expect(throws: ImageIOError.tooLarge(width: 100_000, height: 100_000, limit: 178_956_970)) {
      try PNG.decode(TestData.bytes("hostile/huge-dims-100000x100000.png"))
    }
  }

  @Test func limitsAreTheCallers() throws {
    let bytes = try TestData.bytes("png/pngsuite/basn6a08.png")  // 32 x 32
    let tight = PNGDecodingOptions(limits: DecodingLimits(maximumPixelCount: 1023))
    #expect(throws: ImageIOError.tooLarge(width: 32, height: 32, limit: 1023)) {
      try PNG.decode(bytes, options: tight)
    }
    let exact = PNGDecodingOptions(limits: DecodingLimits(maximumPixelCount: 1024))
    #expect(try PNG.decode(bytes, options: exact).size == PixelSize(width: 32, height: 32))
  }

  /// A header within the pixel limit (10000 x 10000 gray) whose IDAT is a few bytes cannot
  /// be decoded: refused as truncated from the IDAT size, not after allocating 400 MB.
  @Test func imageDataTooSmallForTheHeaderIsRefused() throws {
    var bytes = try TestData.bytes("png/pngsuite/basn0g08.png")
    // IHDR data starts at byte 16: width, height (big-endian); then fix the CRC.
    let header = ChunkPatch(bytes: bytes)
    bytes = header.withIHDR(width: 10_000, height: 10_000)
    do {
      _ = try PNG.decode(bytes)
      Issue.record("decoded a 10000x10000 image from \(bytes.count) bytes")
    } catch {
      guard case .truncated(.png, let message) = error else {
        Issue.record("expected truncated, got \(error)")
        return
      }
      #expect(message.contains("10000x10000"))
    }
  }

  @Test func nonexistentFileIsUnreadable() {
    #expect {
      try PNG.read(contentsOf: "/nonexistent/directory/image.png")
    } throws: { error in
      guard case .unreadableFile(let path, let reason) = error as? ImageIOError else { return false }
      return path == "/nonexistent/directory/image.png" && !reason.isEmpty
    }
  }

  @Test func directoryIsUnreadable() {
    #expect {
      try PNG.read(contentsOf: TestData.root.path)
    } throws: { error in
      guard case .unreadableFile = error as? ImageIOError else { return false }
      return true
    }
  }

  @Test(arguments: [[0x89] as [UInt8], [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A]])
  func partialSignatureIsTruncated(_ bytes: [UInt8]) {
    #expect {
      try PNG.decode(bytes)
    } throws: { error in
      guard case .truncated(.png, _) = error as? ImageIOError else { return false }
      return true
    }
  }

  /// Every prefix of a valid file (cut every 7 bytes) is refused, as truncated or corrupt,
  /// and never crashes. Interlaced and 16-bit files take other paths through the decoder.
  @Test(arguments: ["png/pngsuite/basn6a08.png", "png/pngsuite/basi6a16.png", "png/pngsuite/basi3p02.png"])
  func everyTruncationIsRefused(_ path: String) throws {
    let bytes = try TestData.bytes(path)
    for length in stride(from: 0, to: bytes.count, by: 7) {
      do {
        _ = try PNG.decode(Array(bytes[..<length]))
        Issue.record("\(path) cut to \(length) of \(bytes.count) bytes decoded")
      } catch {
        let verdict = Self.verdict(of: error)
        #expect(verdict == .truncated || verdict == .corrupt || verdict == .emptyInput, "\(length): \(error)")
      }
    }
  }

  /// Random byte damage after the signature either decodes or throws an ImageIOError;
  /// nothing traps or reads out of bounds (run under AddressSanitizer too).
  @Test(arguments: ["png/pngsuite/basn2c08.png", "png/pngsuite/basi4a16.png", "png/pngsuite/tbbn3p08.png"])
  func randomDamageNeverCrashes(_ path: String) throws {
    let original = try TestData.bytes(path)
    var random = SeededGenerator(seed: UInt64(original.count))
    var rejected = 0
    for _ in 0..<200 {
      var bytes = original
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        bytes[Int.random(in: 8..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
      }
      do {
        _ = try PNG.decode(bytes)
      } catch {
        rejected += 1
        #expect(Self.verdict(of: error) != nil, "\(error)")
      }
    }
    // Most damage hits a CRC-checked chunk.
    #expect(rejected > 100)
  }
}

/// Rewrites chunk fields of a PNG and recomputes their CRC.
struct ChunkPatch {
  let bytes: [UInt8]

  /// The file with IHDR's width and height replaced (IHDR must be the first chunk).
  func withIHDR(width: UInt32, height: UInt32) -> [UInt8] {
    var patched = bytes
    for (offset, value) in [(16, width), (20, height)] {
      for index in 0..<4 { patched[offset + index] = UInt8(truncatingIfNeeded: value >> (24 - 8 * index)) }
    }
    let crc = Self.crc32(patched[12..<29])  // type + 13 data bytes
    for index in 0..<4 { patched[29 + index] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * index)) }
    return patched
  }

  /// CRC-32 (ISO 3309 / PNG), bit by bit.
  static func crc32(_ data: ArraySlice<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in data {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }
}
