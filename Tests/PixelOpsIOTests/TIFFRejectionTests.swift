import Foundation
import PixelOps
@testable import PixelOpsIO
import Testing

/// Every TIFF of `invalid.json` and every `hostile/*.tif` must fail with a typed error that
/// says what is wrong, from a file and from memory, without crashing.
@Suite("TIFF rejection")
struct TIFFRejectionTests {
  /// The TIFFs of `invalid.json` and every `hostile/*.tif` on disk, whether listed or not.
  static let paths = Array(Set(listedTIFFs + TestData.files(in: "hostile", withSuffix: ".tif"))).sorted()

  static let listedTIFFs = TestData.invalidEntries().map(\.path).filter { $0.hasSuffix(".tif") || $0.hasSuffix(".tiff") }

  /// The kind of error a file must produce, from the documentation of `ImageIOError` and
  /// `TIFFReader`: limits on the pixel count are checked before allocating (`tooLarge`); sample
  /// layouts the decoder does not handle are `unsupported`; a file that ends before its pixels
  /// is `truncated`; a damaged header, directory or strip gives libtiff's message as `corrupt`
  /// or `truncated` (libtiff decides which, so `damaged` accepts either).
  enum Verdict: Sendable {
    case emptyInput, tooLarge, unsupported, truncated, damaged

    func matches(_ error: ImageIOError) -> Bool {
      switch (self, error) {
      case (.emptyInput, .emptyInput), (.tooLarge, .tooLarge): true
      case (.unsupported, .unsupported(.tiff, let message)), (.truncated, .truncated(.tiff, let message)): !message.isEmpty
      case (.damaged, .corrupt(.tiff, let message)), (.damaged, .truncated(.tiff, let message)): !message.isEmpty
      default: false
      }
    }
  }

  static let verdicts: [String: Verdict] = [
    "hostile/empty.tif": .emptyInput,
    "hostile/huge-dims.tif": .tooLarge,  // 100000x100000 over the pixel limit
    "hostile/truncated.tif": .truncated,  // its uncompressed 24,576-byte strip is cut at 8,000 bytes
    // 65535 samples per pixel: a layout outside those decoded (tooLarge is for the pixel count,
    // and 65535 x 900 is within the limit).
    "tiff/malformed/libtiff_segfault.tif": .unsupported,
    "tiff/malformed/oom-225817ca0f8c663be7ab4b9e717b02c661e66834.tif": .damaged,  // ends inside its IFD
    "tiff/malformed/crash-0c7e0e8e11ce787078f00b5b0ca409a167f070e0.tif": .damaged,
    "tiff/malformed/crash-0e16d3bfb83be87356d026d66919deaefca44dac.tif": .damaged,
    "tiff/malformed/crash-1152ec2d1a1a71395b6f2ce6721c38924d025bf3.tif": .damaged,
    "tiff/malformed/crash-1185209cf7655b5aed8ae5e77784dfdd18ab59e9.tif": .damaged,
    "tiff/malformed/crash-2020-10-test.tif": .damaged,
    "tiff/malformed/crash-338516dbd2f0e83caddb8ce256c22db3bd6dc40f.tif": .damaged,
    "tiff/malformed/crash-4f085cc12ece8cde18758d42608bed6a2a2cfb1c.tif": .damaged,
    "tiff/malformed/crash-63b1dffefc8c075ddc606c0a2f5fdc15ece78863.tif": .damaged,
    "tiff/malformed/crash-86214e58da443d2b80820cff9677a38a33dcbbca.tif": .damaged,
  ]

  @Test("the rejection list covers the README's TIFF files")
  func listIsComplete() {
    #expect(Self.paths.count == 14)
    #expect(Self.paths.contains("hostile/huge-dims.tif"))
    #expect(Set(Self.verdicts.keys) == Set(Self.paths))
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

  /// libtiff names the file first in many messages, and the kind was decided over the whole
  /// text: a damaged strip under a folder like `/Users/geoff` ("eof") was `truncated`.
  @Test("the kind of error does not depend on the file's path", arguments: paths)
  func kindIgnoresPath(_ path: String) throws {
    func kind(_ file: String) -> String {
      do {
        _ = try TIFF.readAllPages(contentsOf: file)
        return "decoded"
      } catch {
        return Mirror(reflecting: error).children.first?.label ?? "\(error)"  // the case's name
      }
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "geoff eof read error truncated-\(UUID().uuidString)"
    ).path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let copy = folder + "/premature end of file sizeof.tif"
    try FileManager.default.copyItem(atPath: TestData.path(path), toPath: copy)
    let plain = kind(TestData.path(path))
    #expect(kind(copy) == plain, "\(path)")
    #expect(plain != "decoded")
  }

  /// 16-bit CMYK passes libtiff's `TIFFRGBAImageOK` and then failed in its RGBA reader, after
  /// the raster was allocated, with "Sorry, can not handle image" under the module
  /// `TIFFFileName()`, the file's path, which then decided the kind: `truncated` in a folder
  /// named `eof...`, `corrupt` elsewhere. Setting the reader up finds it first.
  @Test("a layout libtiff's RGBA reader has no routine for is unsupported, wherever the file lies")
  func rgbaReaderWithoutRoutine() throws {
    let cmyk16 = TIFFTestBuilder(
      width: 2, height: 1, bitsPerSample: [16, 16, 16, 16], photometric: 5, pixelData: [UInt8](repeating: 0x40, count: 16))
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("eof-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data(cmyk16.bytes).write(to: URL(fileURLWithPath: folder + "/cmyk16.tif"))
    #expect {
      try TIFF.readAllPages(contentsOf: folder + "/cmyk16.tif")
    } throws: { error in
      guard case .unsupported(.tiff, let message)? = error as? ImageIOError else { return false }
      return message.contains("can not handle")
    }
  }

  private func expectRejection(_ path: String, _ decode: () throws(ImageIOError) -> Void) {
    do {
      try decode()
      Issue.record("\(path) decoded")
    } catch {
      #expect(!TIFFErrorText.message(of: error).isEmpty)
      #expect(Self.verdicts[path]?.matches(error) == true, "\(path): \(error)")
      if path == "hostile/huge-dims.tif" {
        #expect(error == .tooLarge(width: 100_000, height: 100_000, limit: DecodingLimits.standard.maximumPixelCount))
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
        // Nothing (0 bytes) is empty input; a cut file is damaged, or refused before
        // allocating because its strips cannot fit in what is left.
        let expected: [Verdict] = length == 0 ? [.emptyInput] : [.damaged, .tooLarge]
        #expect(expected.contains { $0.matches(error) }, "prefix of \(length) bytes: \(error)")
      }
    }
  }
}

/// libtiff's text is classified by its own message, never by the module (often the file's
/// path) it names first, and `eof` only as a word.
@Suite("TIFF message classification")
struct TIFFLibraryMessageTests {
  @Test("the module's path and words containing 'eof' do not make an error truncated")
  func classifiedByTheMessage() {
    let path = "/Users/geoff/truncated scans/a.tif"
    #expect(TIFFLibraryMessage.readError("\(path): Strip out of range, max 3", detail: "Strip out of range, max 3")
      == .corrupt(.tiff, message: "\(path): Strip out of range, max 3"))
    #expect(TIFFLibraryMessage.readError("TIFFFoo: malloc(sizeof(x)) failed", detail: "malloc(sizeof(x)) failed")
      == .corrupt(.tiff, message: "TIFFFoo: malloc(sizeof(x)) failed"))
    #expect(TIFFLibraryMessage.readError("\(path): Unexpected EOF", detail: "Unexpected EOF")
      == .truncated(.tiff, message: "\(path): Unexpected EOF"))
    #expect(TIFFLibraryMessage.readError("TIFFFillStrip: Read error on strip 2", detail: "Read error on strip 2")
      == .truncated(.tiff, message: "TIFFFillStrip: Read error on strip 2"))
    #expect(TIFFLibraryMessage.readError("\(path): Not a TIFF file, bad magic number 0", detail: "Not a TIFF file, bad magic number 0")
      == .notRecognized(.tiff, detail: "\(path): Not a TIFF file, bad magic number 0"))
  }
}
