import Testing

/// Checks that the shared test data loads and the digest helper is FNV-1a 64.
@Suite struct PNGTestDataTests {
  @Test func fnv1a64MatchesPublishedVectors() {
    // Reference values of FNV-1a 64 (draft-eastlake-fnv test vectors).
    #expect(TestData.fnv1a64([]) == "cbf29ce484222325")
    #expect(TestData.fnv1a64(Array("a".utf8)) == "af63dc4c8601ec8c")
    #expect(TestData.fnv1a64(Array("foobar".utf8)) == "85944171f73967e8")
  }

  @Test func indexListsEveryPNG() throws {
    let entries = TestData.validEntries().filter { $0.format == "png" }
    #expect(entries.count == 164)
    let first = try #require(entries.first { $0.path == "png/pngsuite/basn6a16.png" })
    #expect(first.width == 32 && first.height == 32 && first.sourceBitDepth == [16])
    let expected = try #require(TestData.expectedRGBA8(first))
    #expect(expected.count == 32 * 32 * 4)
    #expect(TestData.fnv1a64(expected) == first.rgba8?.fnv1a64)
    #expect(TestData.expectedRGBA16(first)?.count == 32 * 32 * 8)
  }

  @Test func invalidListIncludesHostileFiles() {
    let paths = TestData.invalidEntries().map(\.path)
    #expect(paths.contains("hostile/huge-dims-100000x100000.png"))
    #expect(paths.count == 33)
  }

  /// Gzip-compressed expectations decompress to the size and digest index.json gives.
  @Test func compressedExpectationsDecompress() throws {
    let entry = try #require(TestData.validEntries().first { $0.path == "tiff/pillow/tiff_strip_ycbcr_jpeg_2x2_sampling.tif" })
    let pixels = try #require(entry.rgba8)
    #expect(pixels.isCompressed)
    let bytes = try TestData.expectedBytes(pixels.file)
    #expect(bytes.count == pixels.bytes)
    #expect(TestData.fnv1a64(bytes) == pixels.fnv1a64)
    #expect(TestData.expectedRGBA8(entry) == nil)
  }

  @Test func multiPageEntriesDecodeListFields() throws {
    let entries = TestData.validEntries()
    let multipage = try #require(entries.first { $0.path == "tiff/pillow/multipage.tiff" })
    #expect(multipage.pageSizes == [[10, 10], [10, 10], [20, 20]])
    let jpeg = try #require(entries.first { $0.tolerance != nil })
    #expect(jpeg.tolerance?.maxAbs == 4)
  }
}
