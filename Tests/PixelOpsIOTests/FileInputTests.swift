import Foundation
import PixelOps
import PixelOpsIO
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading from paths: PNG files are streamed (a file's size costs nothing before its
/// signature and header are checked), and anything that is not a regular file is refused
/// without blocking, by every entry point that takes a path.
@Suite struct FileInputTests {
  /// Every read entry point that takes a path, with its name for failure messages.
  static let pathReaders: [(String, @Sendable (String) throws -> Void)] = [
    ("PNG.read", { _ = try PNG.read(contentsOf: $0) }),
    ("PNG.readHeader", { _ = try PNG.readHeader(contentsOf: $0) }),
    (
      "PNG.read(into:)",
      { path in
        var buffer = try PixelBuffer(width: 1, height: 1, format: .rgba8Premultiplied)
        try buffer.withMutableView { view in _ = try PNG.read(contentsOf: path, into: view) }
      }
    ),
    ("TIFFReader", { _ = try TIFFReader(contentsOf: $0) }),
    ("TIFF.read", { _ = try TIFF.read(contentsOf: $0) }),
  ]

  /// Whether `error` is `unreadableFile` for `path` with a reason containing `words`.
  static func isUnreadable(_ error: any Error, path: String, saying words: String) -> Bool {
    guard case .unreadableFile(let reportedPath, let reason)? = error as? ImageIOError else { return false }
    return reportedPath == path && reason.contains(words) && reason.contains("not a regular file")
  }

  @Test("a FIFO without a writer is refused at once, naming what it is")
  func fifoIsRefusedWithoutBlocking() throws {
    let directory = try TemporaryDirectory()
    let fifo = directory.path("pipe.png")
    try #require(mkfifo(fifo, 0o600) == 0)
    for (name, read) in Self.pathReaders {
      let outcome = Deadline.run(seconds: 20, unblockingFIFO: fifo) { try read(fifo) }
      switch outcome {
      case .timedOut: Issue.record("\(name) blocked on a FIFO")
      case .returned: Issue.record("\(name) read a FIFO without an error")
      case .threw(let error):
        #expect(Self.isUnreadable(error, path: fifo, saying: "FIFO"), "\(name): \(error)")
      }
    }
    _ = directory
  }

  @Test("a directory and a character device are refused, naming what they are")
  func directoryAndDeviceAreRefused() throws {
    let directory = try TemporaryDirectory()
    for (name, read) in Self.pathReaders {
      #expect(throws: (any Error).self, "\(name)") { try read(directory.url.path) }
      do { try read(directory.url.path) } catch {
        #expect(Self.isUnreadable(error, path: directory.url.path, saying: "directory"), "\(name): \(error)")
      }
      let outcome = Deadline.run(seconds: 20, unblockingFIFO: nil) { try read("/dev/zero") }
      guard case .threw(let error) = outcome else {
        Issue.record("\(name) on /dev/zero: \(outcome)")
        continue
      }
      #expect(Self.isUnreadable(error, path: "/dev/zero", saying: "character device"), "\(name): \(error)")
    }
  }

  /// A file of `apparentSize` bytes holding `prefix` and then a hole (zeros that use no disk).
  static func sparseFile(_ directory: TemporaryDirectory, _ name: String, prefix: [UInt8], apparentSize: Int) throws
    -> String
  {
    let path = directory.path(name)
    try Data(prefix).write(to: URL(fileURLWithPath: path))
    try #require(truncate(path, off_t(apparentSize)) == 0, "cannot make a sparse file of \(apparentSize) bytes")
    return path
  }

  @Test("a 100 GB file of garbage is refused from its first bytes, nothing read beyond")
  func hugeGarbageFileIsNotRead() throws {
    let directory = try TemporaryDirectory()
    let path = try Self.sparseFile(
      directory, "garbage.png", prefix: Array("GIF89a not a PNG at all".utf8), apparentSize: 100 << 30)
    for read in [{ _ = try PNG.read(contentsOf: path) }, { _ = try PNG.readHeader(contentsOf: path) }] {
      #expect {
        try read()
      } throws: { error in
        guard case .notRecognized(.png, let detail)? = error as? ImageIOError else { return false }
        return detail.contains("GIF")
      }
    }
    _ = directory
  }

  @Test("a valid small PNG followed by terabytes of zeros is a corrupt file, not a crash")
  func validHeaderThenTerabytesOfZeros() throws {
    let directory = try TemporaryDirectory()
    let bytes = try TestData.bytes("png/pngsuite/basn6a08.png")
    // Everything but IEND: the pixels decode, then libpng meets a zero chunk type.
    let path = try Self.sparseFile(
      directory, "zeros.png", prefix: Array(bytes.dropLast(12)), apparentSize: 4 << 40)
    #expect(try PNG.readHeader(contentsOf: path).size == PixelSize(width: 32, height: 32))
    #expect {
      _ = try PNG.read(contentsOf: path)
    } throws: { error in
      guard case .corrupt(.png, let message)? = error as? ImageIOError else { return false }
      return !message.isEmpty
    }
    _ = directory
  }

  @Test("a header claiming 13,000 x 13,000 pixels before terabytes of zeros is refused before allocating")
  func largeHeaderThenZerosIsRefusedBeforeAllocating() throws {
    let directory = try TemporaryDirectory()
    // Signature and IHDR of a 13,000 x 13,000 RGBA8 image (676 MB decoded), then an IDAT
    // of 10 bytes: the header reads, but 10 bytes cannot inflate to 676 MB.
    let bytes = try TestData.bytes("png/pngsuite/basn6a08.png")
    var prefix = Array(bytes.prefix(8 + 25))
    prefix.replaceSubrange(16..<24, with: [0, 0, 0x32, 0xC8, 0, 0, 0x32, 0xC8])
    prefix.replaceSubrange(29..<33, with: Self.bigEndian(CRC32.checksum(prefix[12..<29])))
    let idat = Array("IDAT".utf8) + [UInt8](repeating: 0, count: 10)
    prefix += [0, 0, 0, 10] + idat + Self.bigEndian(CRC32.checksum(idat))
    let path = try Self.sparseFile(directory, "claims.png", prefix: prefix, apparentSize: 4 << 40)
    #expect(try PNG.readHeader(contentsOf: path).size == PixelSize(width: 13_000, height: 13_000))
    #expect {
      _ = try PNG.read(contentsOf: path)
    } throws: { error in
      guard case .truncated(.png, let message)? = error as? ImageIOError else { return false }
      return message.contains("which 10 compressed bytes")
    }
    _ = directory
  }

  static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }

  /// Every PNG of the test data, valid or not, read from its file (streamed) and decoded
  /// from its bytes in memory.
  static let allPNGs =
    (TestData.validEntries().map(\.path) + TestData.invalidEntries().map(\.path)).filter { $0.hasSuffix(".png") }

  @Test("reading a file gives what decoding its bytes gives: the same pixels or the same error")
  func fileAndMemoryDecodesAgree() throws {
    #expect(Self.allPNGs.count > 150)
    for path in Self.allPNGs {
      let fromMemory = Result { try PNG.decode(TestData.bytes(path), options: PNGDecodingOptions(format: .rgba16Straight)) }
      let fromFile = Result {
        try PNG.read(contentsOf: TestData.path(path), options: PNGDecodingOptions(format: .rgba16Straight))
      }
      switch (fromMemory, fromFile) {
      case (.success(let memory), .success(let file)):
        #expect(file.packedBytes() == memory.packedBytes(), "\(path)")
      case (.failure(let memory), .failure(let file)):
        #expect(file as? ImageIOError == memory as? ImageIOError, "\(path)")
      default:
        Issue.record("\(path): from memory \(fromMemory), from the file \(fromFile)")
      }
    }
  }
}

/// CRC-32 (ISO-HDLC, as PNG chunks use), bit by bit.
enum CRC32 {
  static func checksum<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }
}
