import Foundation
import PixelOps
import Testing

@testable import PixelOpsIO

/// When classic TIFF's 4 GiB of offsets may not hold the file, BigTIFF is written: decided from
/// every page a caller hands over at once, and from the compression's worst growth.
@Suite("BigTIFF choice")
struct TIFFBigTIFFChoiceTests {
  static let gibibyte = 1 << 30

  @Test("the compression's worst growth counts: 2.5 GiB of noise under LZW may pass 4 GiB")
  func worstGrowth() {
    let raw = 5 * Self.gibibyte / 2
    #expect(!TIFFWriter.needsBigTIFF(rawBytes: raw, options: TIFFEncodingOptions(compression: .none)))
    #expect(!TIFFWriter.needsBigTIFF(rawBytes: raw, options: TIFFEncodingOptions(compression: .deflate)))
    #expect(!TIFFWriter.needsBigTIFF(rawBytes: raw, options: TIFFEncodingOptions(compression: .packBits)))
    #expect(TIFFWriter.needsBigTIFF(rawBytes: raw, options: TIFFEncodingOptions(compression: .lzw)))
    #expect(TIFFWriter.needsBigTIFF(rawBytes: 3 * Self.gibibyte, options: TIFFEncodingOptions(compression: .none)))
    #expect(TIFFWriter.needsBigTIFF(rawBytes: 1, options: TIFFEncodingOptions(forcesBigTIFF: true)))
    #expect(TIFFWriter.needsBigTIFF(rawBytes: Int.max, options: TIFFEncodingOptions(compression: .none)))
  }

  /// A 1x1 first page and a 40000x30000 second: the first page's size times two is 8 bytes, the
  /// pages hold 4.8 GB, and classic TIFF failed at the second page ("Maximum TIFF file size
  /// exceeded"). The views only describe sizes here; no pixel is read.
  @Test("every known page's size is added up, saturating on overflow")
  func pagesAddedUp() throws {
    let memory = UnsafeMutableRawPointer.allocate(byteCount: 16, alignment: 16)
    defer { memory.deallocate() }
    func view(_ width: Int, _ height: Int, _ format: PixelFormat = .rgba8Premultiplied) throws -> PixelView {
      try PixelView(
        unsafeBaseAddress: UnsafeRawPointer(memory), width: width, height: height,
        rowBytes: width * format.bytesPerPixel, format: format)
    }
    let pages = [try view(1, 1), try view(40_000, 30_000)]
    let raw = TIFFWriter.rawBytes(of: pages) { ($0.size, $0.format) }
    #expect(raw == 4 + 4_800_000_000)
    #expect(TIFFWriter.needsBigTIFF(rawBytes: raw, options: .standard))
    #expect(TIFFWriter.rawBytes(of: [try view(3, 2, .rgba16Premultiplied), try view(5, 1, .gray8)]) { ($0.size, $0.format) } == 53)
    let huge = try view(1 << 20, 1 << 20, .rgba16Premultiplied)
    #expect(TIFFWriter.rawBytes(of: repeatElement(huge, count: 1 << 20)) { ($0.size, $0.format) } == Int.max)
  }
}

/// A multi-page TIFF marks every directory as a page (NewSubfileType = 2, TIFF 6.0 section 8)
/// at any page count; only PageNumber, whose values are SHORTs, is left out past 65,535 pages.
@Suite("TIFF page markings")
struct TIFFPageMarkingTests {
  /// Each directory's value of `tag` (nil where absent), walking a classic little-endian TIFF's
  /// chain of directories.
  static func tagValues(_ tag: UInt16, in bytes: [UInt8]) -> [UInt32?] {
    func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
    func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
    var values: [UInt32?] = []
    var offset = u32(4)
    while offset != 0 {
      let count = u16(offset)
      let entry = (0..<count).map { offset + 2 + 12 * $0 }.first { u16($0) == Int(tag) }
      values.append(entry.map { UInt32(u16($0 + 2) == 3 ? u16($0 + 8) : u32($0 + 8)) })
      offset = u32(offset + 2 + 12 * count)
    }
    return values
  }

  @Test("70,000 pages are each marked a page; PageNumber only up to 65,535 pages; one page is not marked")
  func pagesMarked() throws {
    let pixel = try PixelBuffer(width: 1, height: 1, format: .gray8)
    let many = try TIFF.encodePages(count: 70_000, options: TIFFEncodingOptions(compression: .none)) {
      (_, write) throws(ImageIOError) in try pixel.withView(write)
    }
    let marks = Self.tagValues(254, in: many)
    #expect(marks.count == 70_000 && marks.allSatisfy { $0 == 2 })
    #expect(Self.tagValues(297, in: many).allSatisfy { $0 == nil })
    let three = try [pixel, pixel, pixel].tiffBytes(options: TIFFEncodingOptions(compression: .none))
    #expect(Self.tagValues(254, in: three) == [2, 2, 2])
    #expect(Self.tagValues(297, in: three) == [0, 1, 2])
    #expect(Self.tagValues(254, in: try pixel.tiffBytes()) == [nil])
  }
}

/// The file a TIFF is written to is flushed and closed through the descriptor it was written
/// with, and no descriptor stays open on it, whether the write succeeds or a page fails.
@Suite("TIFF file descriptors")
struct TIFFDescriptorTests {
  /// Paths open in this process under `directory` (Linux's /proc/self/fd; other tests' files
  /// lie elsewhere).
  static func openPaths(under directory: String) throws -> [String] {
    let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")
    return descriptors.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)") }
      .filter { $0.hasPrefix(directory) }
  }

  @Test("no descriptor stays open on a written TIFF, after success or a failed page", .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd")))
  func descriptorsClosed() throws {
    let directory = try TemporaryDirectory()
    let page = try PixelBuffer(width: 3, height: 2, format: .rgba8Premultiplied)
    try [page, page].writeTIFF(to: directory.path("good.tif"))
    #expect(throws: ImageIOError.writeFailed(path: directory.path("bad.tif"), reason: "page 1 failed")) {
      try TIFF.write(pageCount: 2, to: directory.path("bad.tif")) { (index, write) throws(ImageIOError) in
        if index == 1 { throw .writeFailed(path: directory.path("bad.tif"), reason: "page 1 failed") }
        try page.withView(write)
      }
    }
    #expect(try Self.openPaths(under: directory.path("")) == [])
    #expect(try directory.contents() == ["good.tif"])
  }
}

/// A write the system refuses says why: libtiff's own message ("Error writing TIFF header",
/// "Write error at scanline") names no reason, so the system's is added.
@Suite("TIFF write failures")
struct TIFFWriteFailureTests {
  /// `/dev/full` accepts the open and fails every write with ENOSPC, as a full disk does. The
  /// handle is opened on it directly (the public writers write a temporary file beside the path,
  /// here in /dev, and rename it).
  @Test("a full disk is named in the error", .enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
  func fullDiskNamed() throws {
    let page = try PixelBuffer(width: 64, height: 64, format: .rgba8Premultiplied)
    var failure: ImageIOError?
    do {
      let handle = try TIFFHandle(writingPath: "/dev/full", bigTIFF: false, reportedPath: "full.tif")
      try page.withView { (view) throws(ImageIOError) in
        try TIFFWriter.writePage(
          view, index: 0, pageCount: 1, into: handle, options: .standard, reportedPath: "full.tif")
      }
      try TIFFWriter.finish(handle, reportedPath: "full.tif")
    } catch {
      failure = error
    }
    guard case .writeFailed(let path, let reason) = failure else {
      Issue.record("writing to /dev/full gave \(String(describing: failure))")
      return
    }
    #expect(path == "full.tif")
    #expect(reason.contains(String(cString: strerror(ENOSPC))), "\(reason)")
  }
}

/// Files say the image's scale as a resolution of 72 ppi a point, as Apple's image I/O writes
/// it: TIFF's required XResolution, YResolution and ResolutionUnit, PNG's pHYs chunk.
@Suite("Resolution written for the scale")
struct ResolutionTests {
  /// Each directory's XResolution and YResolution (RATIONAL, as numerator / denominator) and
  /// ResolutionUnit.
  static func tiffResolutions(_ bytes: [UInt8]) -> [(x: Double, y: Double, unit: UInt32?)] {
    func u32(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 }
    func rational(_ offset: UInt32?) -> Double {
      guard let offset else { return .nan }
      return Double(u32(Int(offset))) / Double(u32(Int(offset) + 4))
    }
    let xs = TIFFPageMarkingTests.tagValues(282, in: bytes)
    let ys = TIFFPageMarkingTests.tagValues(283, in: bytes)
    let units = TIFFPageMarkingTests.tagValues(296, in: bytes)
    return zip(zip(xs, ys), units).map { (rational($0.0.0), rational($0.0.1), $0.1) }
  }

  /// The pHYs chunk's x and y pixels per unit and its unit, or nil without one.
  static func pngPhysicalSize(_ png: [UInt8]) -> (x: UInt32, y: UInt32, unit: UInt8)? {
    func u32(_ at: Int) -> UInt32 { png[at..<at + 4].reduce(0) { $0 << 8 | UInt32($1) } }
    var offset = 8
    while offset + 8 <= png.count {
      let length = Int(u32(offset))
      if png[offset + 4..<offset + 8].elementsEqual("pHYs".utf8) {
        return (u32(offset + 8), u32(offset + 12), png[offset + 16])
      }
      offset += 12 + length
    }
    return nil
  }

  @Test("TIFF pages carry 72 ppi a point: a @2x buffer 144, options' scale first, a view 72; decoding gives scale 1")
  func tiffResolution() throws {
    let image = try PixelBuffer(width: 4, height: 3, format: .rgba8Premultiplied, scale: 2)
    let file = try image.tiffBytes()
    #expect(Self.tiffResolutions(file).map { [$0.x, $0.y] } == [[144, 144]])
    #expect(Self.tiffResolutions(file).map(\.unit) == [2])
    #expect(try TIFF.decode(file).scale == 1)
    let three = try image.tiffBytes(options: TIFFEncodingOptions(scale: 3))
    #expect(Self.tiffResolutions(three).map(\.x) == [216])
    let view = try image.withView { try TIFF.encode($0) }
    #expect(Self.tiffResolutions(view).map(\.x) == [72])
    let pages = try [image, try PixelBuffer(width: 2, height: 2, format: .gray8)].tiffBytes()
    #expect(Self.tiffResolutions(pages).map(\.x) == [144, 144])
    for bad in [0, -1, .nan, .infinity, 1e-4, 8e5] {
      #expect(throws: ImageIOError.self) { try image.tiffBytes(options: TIFFEncodingOptions(scale: bad)) }
    }
    // A buffer's own scale beyond what a file can say is clamped, not an error it never asked for.
    let tiny = try PixelBuffer(width: 1, height: 1, format: .gray8, scale: 1e-9)
    #expect(Self.tiffResolutions(try tiny.tiffBytes()).map { abs($0.x - 0.072) < 1e-6 } == [true])
  }

  @Test("PNG carries a pHYs of 72 ppi a point in pixels per metre where the scale is not 1")
  func pngResolution() throws {
    let image = try PixelBuffer(width: 4, height: 3, format: .rgba8Premultiplied, scale: 2)
    let physical = try #require(Self.pngPhysicalSize(try image.pngBytes()))
    #expect(physical.x == 5669 && physical.y == 5669 && physical.unit == 1)  // 144 / 0.0254
    #expect(try PNG.decode(try image.pngBytes()).scale == 1)
    #expect(Self.pngPhysicalSize(try image.pngBytes(options: PNGEncodingOptions(scale: 3)))?.x == 8504)
    #expect(Self.pngPhysicalSize(try PixelBuffer(width: 2, height: 2, format: .gray8).pngBytes()) == nil)
    #expect(Self.pngPhysicalSize(try image.withView { try PNG.encode($0) }) == nil)
    for bad in [0, -1, .nan, 1e-4, 8e5] {
      #expect(throws: ImageIOError.self) { try image.pngBytes(options: PNGEncodingOptions(scale: bad)) }
    }
    let huge = try PixelBuffer(width: 1, height: 1, format: .gray8, scale: 1e9)
    #expect(Self.pngPhysicalSize(try huge.pngBytes())?.x == 2_125_984_252)  // 750000 x 72 / 0.0254
  }
}
