import PixelOps
import PixelOpsIO
import Testing

@Suite("TIFF multi-page reader")
struct TIFFReaderTests {
  static let sequence = "tiff/sequence-12x64x64-rgba.tif"
  static let pageBytes = 64 * 64 * 4

  /// Page `index` of the sequence's expected pixels.
  private func expectedSequencePage(_ index: Int) throws -> [UInt8] {
    let all = try TestData.expectedBytes("tiff__sequence-12x64x64-rgba.tif.rgba8")
    try #require(all.count == 12 * Self.pageBytes)
    return Array(all[index * Self.pageBytes..<(index + 1) * Self.pageBytes])
  }

  @Test("pages of the 12-frame sequence come out in order with the right pixels")
  func sequenceInOrder() throws {
    let reader = try TIFFReader(contentsOf: TestData.path(Self.sequence))
    #expect(reader.pageCount == 12)
    var index = 0
    for result in reader.pages {
      let page = try result.get()
      #expect(page.width == 64 && page.height == 64)
      #expect(page.packedBytes() == (try expectedSequencePage(index)), "page \(index)")
      index += 1
    }
    #expect(index == 12)
    // Consecutive frames differ, so a repeated or skipped page would show.
    #expect(try expectedSequencePage(0) != expectedSequencePage(1))
  }

  @Test("page 7 can be read alone, and pages in any order")
  func randomAccess() throws {
    let reader = try TIFFReader(bytes: TestData.bytes("tiff/sequence-12x64x64-rgba-deflate.tif"))
    #expect(try reader.decodePage(at: 7).packedBytes() == expectedSequencePage(7))
    for index in [11, 0, 5, 7, 5] {
      #expect(try reader.decodePage(at: index).packedBytes() == expectedSequencePage(index), "page \(index)")
    }
  }

  @Test("a page index outside the file is refused")
  func pageOutOfRange() throws {
    let reader = try TIFFReader(contentsOf: TestData.path(Self.sequence))
    for index in [12, -1, Int.max] {
      #expect(throws: ImageIOError.pageOutOfRange(index: index, pageCount: 12)) {
        _ = try reader.decodePage(at: index)
      }
      #expect(throws: ImageIOError.pageOutOfRange(index: index, pageCount: 12)) {
        _ = try reader.pageInfo(at: index)
      }
    }
    #expect(throws: ImageIOError.pageOutOfRange(index: 2, pageCount: 2)) {
      _ = try TIFF.read(contentsOf: TestData.path("tiff/libtiff/test_two_ifds.tif"), page: 2)
    }
  }

  @Test(
    "IFD chains that loop give a finite page count",
    arguments: [
      ("tiff/malformed/test_ifd_loop_to_first.tif", 2),
      ("tiff/malformed/multipage_multiple_frame_loop.tiff", 2),
      ("tiff/malformed/test_ifd_loop_subifd.tif", 5),
    ])
  func loops(path: String, pages: Int) throws {
    let reader = try TIFFReader(contentsOf: TestData.path(path))
    #expect(reader.pageCount == pages)
    #expect(Array(reader.pages).count == pages)
    #expect(try reader.decodePage(at: pages - 1).width > 0)
  }

  @Test("page sizes and order follow the IFD chain, not file position or PageNumber")
  func pageInfo() throws {
    let reader = try TIFFReader(contentsOf: TestData.path("tiff/pillow/multipage_out_of_order.tiff"))
    let sizes = try reader.pageIndices.map { index in
      let info = try reader.pageInfo(at: index)
      return [info.width, info.height]
    }
    #expect(sizes == [[10, 10], [20, 20], [10, 10]])
    let info = try reader.pageInfo(at: 1)
    #expect(info.index == 1)
    #expect(info.photometricInterpretation == 3)
    #expect(info.bitsPerSample == 1)
    #expect(info.samplesPerPixel == 1)
    #expect(info.orientation == 1)
    #expect(info.alpha == .none)
  }

  @Test("page info reports tiles, planes, compression and alpha")
  func layoutInfo() throws {
    let tiled = try TIFFReader(contentsOf: TestData.path("tiff/pillow/tiff_tiled_planar_lzw.tiff")).pageInfo(at: 0)
    #expect(tiled.isTiled && tiled.isPlanar && tiled.compression == 5)
    let associated = try TIFFReader(contentsOf: TestData.path("tiff/rgba-associated-50x70.tif")).pageInfo(at: 0)
    #expect(associated.alpha == .associated)
    #expect(associated.width == 70 && associated.height == 50)
    let straight = try TIFFReader(contentsOf: TestData.path("tiff/rgba-unassociated-50x70.tif")).pageInfo(at: 0)
    #expect(straight.alpha == .unassociated)
    let extra = try TIFFReader(contentsOf: TestData.path("tiff/pillow/separate_planar_extra_samples.tiff"))
    #expect(try extra.pageInfo(at: 0).alpha == .none)
  }

  @Test("more pages than the limit are refused")
  func pageLimit() {
    let options = TIFFDecodingOptions(limits: DecodingLimits(maximumPageCount: 11))
    #expect {
      _ = try TIFFReader(contentsOf: TestData.path(Self.sequence), options: options)
    } throws: { error in
      guard case .unsupported(.tiff, let message)? = error as? ImageIOError else { return false }
      return message.contains("12 pages")
    }
    let exact = TIFFDecodingOptions(limits: DecodingLimits(maximumPageCount: 12))
    #expect(throws: Never.self) { _ = try TIFFReader(contentsOf: TestData.path(Self.sequence), options: exact) }
  }

  @Test("one reader serves many tasks at once")
  func concurrentUse() async throws {
    let reader = try TIFFReader(contentsOf: TestData.path("tiff/sequence-12x64x64-rgba-deflate.tif"))
    let expected = try (0..<12).map { try expectedSequencePage($0) }
    let decoded = try await withThrowingTaskGroup(of: (Int, [UInt8]).self) { group in
      for round in 0..<3 {
        for index in 0..<12 {
          let page = (index + round) % 12
          group.addTask { (page, try reader.decodePage(at: page).packedBytes()) }
        }
      }
      var results: [(Int, [UInt8])] = []
      for try await result in group { results.append(result) }
      return results
    }
    #expect(decoded.count == 36)
    for (page, bytes) in decoded {
      #expect(bytes == expected[page], "page \(page)")
    }
  }
}

@Suite("TIFF long documents")
struct TIFFLongDocumentTests {
  /// A 1x1 gray page whose value encodes its index.
  static func page(_ index: Int) throws -> PixelBuffer {
    var image = try PixelBuffer(width: 1, height: 1, format: .gray8)
    image.withMutableView { $0.rowAddress(0).storeBytes(of: UInt8(truncatingIfNeeded: index * 7), as: UInt8.self) }
    return image
  }

  @Test("a 1,500-page file reads in order, backwards and at random, each page its own")
  func manyPages() throws {
    let count = 1_500
    let bytes = try (0..<count).map(Self.page).tiffBytes(options: TIFFEncodingOptions(compression: .none))
    let reader = try TIFFReader(bytes: bytes)
    #expect(reader.pageCount == count)
    func value(_ image: PixelBuffer) -> UInt8 { image.packedBytes()[0] }
    var index = 0
    for result in reader.pages {
      #expect(value(try result.get()) == UInt8(truncatingIfNeeded: index * 7), "page \(index)")
      index += 1
    }
    #expect(index == count)
    for index in [1_499, 3, 1_498, 0, 750, 751, 751] {
      #expect(value(try reader.decodePage(at: index)) == UInt8(truncatingIfNeeded: index * 7), "page \(index)")
    }
  }
}
