import PixelOps
import PixelOpsIO
import Testing

/// Every TIFF of `invalid.json` and every `hostile/*.tif` must fail with a typed error that
/// says what is wrong, from a file and from memory, without crashing.
@Suite("TIFF rejection")
struct TIFFRejectionTests {
  /// The TIFFs of `invalid.json` and every `hostile/*.tif` on disk, whether listed or not.
  static let paths = Array(Set(listedTIFFs + TestData.files(in: "hostile", withSuffix: ".tif"))).sorted()

  static let listedTIFFs = TestData.invalidEntries().map(\.path).filter { $0.hasSuffix(".tif") || $0.hasSuffix(".tiff") }

  /// Files that claim far more pixels than the limits allow.
  static let oversized: Set<String> = ["hostile/huge-dims.tif"]

  @Test("the rejection list covers the README's TIFF files")
  func listIsComplete() {
    #expect(Self.paths.count == 14)
    #expect(Self.paths.contains("hostile/huge-dims.tif"))
  }

  @Test("is rejected with a typed error, from a file", arguments: paths)
  func rejectsFile(_ path: String) {
    expectRejection(path) { () throws(ImageIOError) in
      _ = try TIFF.readAllPages(contentsOf: TestData.path(path))
    }
  }

  @Test("is rejected with a typed error, from memory", arguments: paths)
  func rejectsBytes(_ path: String) throws {
    let bytes = try TestData.bytes(path)
    expectRejection(path) { () throws(ImageIOError) in
      _ = try TIFF.decodeAllPages(bytes)
    }
  }

  private func expectRejection(_ path: String, _ decode: () throws(ImageIOError) -> Void) {
    do {
      try decode()
      Issue.record("\(path) decoded")
    } catch {
      #expect(!TIFFErrorText.message(of: error).isEmpty)
      if Self.oversized.contains(path) {
        #expect(error == .tooLarge(width: 100_000, height: 100_000, limit: DecodingLimits.standard.maximumPixelCount))
      }
      if path == "hostile/empty.tif" {
        #expect(error == .emptyInput)
      }
    }
  }

  @Test("a page over the pixel limit is refused before decoding")
  func pixelLimit() {
    let options = TIFFDecodingOptions(limits: DecodingLimits(maximumPixelCount: 64 * 64 - 1))
    #expect(throws: ImageIOError.tooLarge(width: 64, height: 64, limit: 64 * 64 - 1)) {
      _ = try TIFF.read(contentsOf: TestData.path("tiff/sequence-12x64x64-rgba.tif"), options: options)
    }
  }

  @Test("bytes that are not a TIFF are not recognized")
  func notATIFF() {
    let bytes = Array("GIF89a, not a TIFF at all".utf8)
    #expect {
      _ = try TIFF.decode(bytes)
    } throws: { error in
      guard case .notRecognized(.tiff, let detail)? = error as? ImageIOError else { return false }
      return !detail.isEmpty
    }
  }

  @Test("a TIFF header without its first directory is truncated or corrupt")
  func headerOnly() {
    let header: [UInt8] = [0x49, 0x49, 42, 0, 8, 0, 0, 0]
    #expect {
      _ = try TIFF.decode(header)
    } throws: { error in
      switch error as? ImageIOError {
      case .truncated(.tiff, let message)?, .corrupt(.tiff, let message)?: !message.isEmpty
      default: false
      }
    }
  }

  @Test("a missing file, a directory and an empty path are unreadable")
  func unreadablePaths() {
    for path in ["/nonexistent/image.tif", TestData.path("tiff"), ""] {
      #expect {
        _ = try TIFFReader(contentsOf: path)
      } throws: { error in
        guard case .unreadableFile(_, let reason)? = error as? ImageIOError else { return false }
        return !reason.isEmpty
      }
    }
  }

  @Test("every prefix of a valid file fails with a typed error or decodes to the right pixels")
  func truncatedPrefixes() throws {
    let bytes = try TestData.bytes("tiff/rgba8-lzw-45x20.tif")
    let whole = try TIFF.decode(bytes)
    for length in stride(from: 0, to: bytes.count, by: 37) {
      do {
        let image = try TIFF.decode(Array(bytes.prefix(length)))
        #expect(image == whole, "prefix of \(length) bytes")
      } catch {
        #expect(!TIFFErrorText.message(of: error).isEmpty)
      }
    }
  }
}
