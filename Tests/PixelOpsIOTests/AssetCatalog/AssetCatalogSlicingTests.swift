import PixelOps
import PixelOpsIO
import Testing

/// Every slicing mode with either centre mode, read from `Contents.json` text and turned into
/// `SliceAxis` values for an image; the expected values are worked out by hand from the JSON.
@Suite struct AssetCatalogSlicingTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    /// The entry's `resizing` object.
    var resizing: String
    var imageSize: PixelSize
    var slicing: AssetCatalogSlicing
    var horizontal: SliceAxis
    var vertical: SliceAxis
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    // 20 wide: left cap 5, centre 4 (pixels 5..<9), omitted 9..<14, right cap 14..<20. Height not sliced.
    Case(
      name: "3-part-horizontal, tile",
      resizing: #"""
        { "mode" : "3-part-horizontal",
          "center" : { "mode" : "tile", "width" : 4 },
          "cap-insets" : { "left" : 5, "right" : 6 } }
        """#,
      imageSize: PixelSize(width: 20, height: 10),
      slicing: AssetCatalogSlicing(
        mode: .threePartHorizontal, centerMode: .tile, capInsets: PixelEdgeInsets(top: 0, left: 5, bottom: 0, right: 6),
        centerWidth: 4),
      horizontal: SliceAxis(startCap: 5, centerLength: 4, endCap: 6, mode: .tile),
      vertical: SliceAxis(startCap: 0, centerLength: 10, endCap: 0, mode: .stretch)),
    // 12 wide: caps 3 and 3, centre 6 fills the space between them.
    Case(
      name: "3-part-horizontal, stretch",
      resizing: #"""
        { "mode" : "3-part-horizontal",
          "center" : { "mode" : "stretch", "width" : 6 },
          "cap-insets" : { "left" : 3, "right" : 3 } }
        """#,
      imageSize: PixelSize(width: 12, height: 7),
      slicing: AssetCatalogSlicing(
        mode: .threePartHorizontal, centerMode: .stretch,
        capInsets: PixelEdgeInsets(top: 0, left: 3, bottom: 0, right: 3), centerWidth: 6),
      horizontal: SliceAxis(startCap: 3, centerLength: 6, endCap: 3, mode: .stretch),
      vertical: SliceAxis(startCap: 0, centerLength: 7, endCap: 0, mode: .stretch)),
    // 30 tall: top cap 10, centre 1, omitted 11..<22, bottom cap 8. Width not sliced.
    Case(
      name: "3-part-vertical, tile",
      resizing: #"""
        { "mode" : "3-part-vertical",
          "center" : { "mode" : "tile", "height" : 1 },
          "cap-insets" : { "top" : 10, "bottom" : 8 } }
        """#,
      imageSize: PixelSize(width: 9, height: 30),
      slicing: AssetCatalogSlicing(
        mode: .threePartVertical, centerMode: .tile, capInsets: PixelEdgeInsets(top: 10, left: 0, bottom: 8, right: 0),
        centerHeight: 1),
      horizontal: SliceAxis(startCap: 0, centerLength: 9, endCap: 0, mode: .stretch),
      vertical: SliceAxis(startCap: 10, centerLength: 1, endCap: 8, mode: .tile)),
    Case(
      name: "3-part-vertical, stretch",
      resizing: #"""
        { "mode" : "3-part-vertical",
          "center" : { "mode" : "stretch", "height" : 2 },
          "cap-insets" : { "top" : 1, "bottom" : 2 } }
        """#,
      imageSize: PixelSize(width: 4, height: 5),
      slicing: AssetCatalogSlicing(
        mode: .threePartVertical, centerMode: .stretch, capInsets: PixelEdgeInsets(top: 1, left: 0, bottom: 2, right: 0),
        centerHeight: 2),
      horizontal: SliceAxis(startCap: 0, centerLength: 4, endCap: 0, mode: .stretch),
      vertical: SliceAxis(startCap: 1, centerLength: 2, endCap: 2, mode: .stretch)),
    // The 1x image of Xcode's example: 30x18, left 13 + centre 1 + omitted 2 + right 14;
    // top 8 + centre 1 + omitted 1 + bottom 8.
    Case(
      name: "9-part, tile",
      resizing: #"""
        { "mode" : "9-part",
          "center" : { "mode" : "tile", "width" : 1, "height" : 1 },
          "cap-insets" : { "bottom" : 8, "top" : 8, "right" : 14, "left" : 13 } }
        """#,
      imageSize: PixelSize(width: 30, height: 18),
      slicing: AssetCatalogSlicing(
        mode: .ninePart, centerMode: .tile, capInsets: PixelEdgeInsets(top: 8, left: 13, bottom: 8, right: 14),
        centerWidth: 1, centerHeight: 1),
      horizontal: SliceAxis(startCap: 13, centerLength: 1, endCap: 14, mode: .tile),
      vertical: SliceAxis(startCap: 8, centerLength: 1, endCap: 8, mode: .tile)),
    // The 2x image of Xcode's example: 60x36, left 27 + centre 2 + omitted 3 + right 28;
    // top 16 + centre 2 + omitted 2 + bottom 16.
    Case(
      name: "9-part, stretch",
      resizing: #"""
        { "mode" : "9-part",
          "center" : { "mode" : "stretch", "width" : 2, "height" : 2 },
          "cap-insets" : { "bottom" : 16, "top" : 16, "right" : 28, "left" : 27 } }
        """#,
      imageSize: PixelSize(width: 60, height: 36),
      slicing: AssetCatalogSlicing(
        mode: .ninePart, centerMode: .stretch, capInsets: PixelEdgeInsets(top: 16, left: 27, bottom: 16, right: 28),
        centerWidth: 2, centerHeight: 2),
      horizontal: SliceAxis(startCap: 27, centerLength: 2, endCap: 28, mode: .stretch),
      vertical: SliceAxis(startCap: 16, centerLength: 2, endCap: 16, mode: .stretch)),
  ]

  @Test(arguments: cases)
  func readsEveryMode(_ example: Case) throws {
    let slicing = try #require(try AssetCatalogFixtures.slicing(resizing: example.resizing))
    #expect(slicing == example.slicing)
    let axes = try slicing.axes(imageSize: example.imageSize)
    #expect(axes.horizontal == example.horizontal)
    #expect(axes.vertical == example.vertical)
    // The core model accepts what the slicing gives.
    let image = try PixelBuffer(
      width: example.imageSize.width, height: example.imageSize.height, format: .rgba8Premultiplied)
    let resizable = try ResizableImage(image, horizontal: axes.horizontal, vertical: axes.vertical)
    #expect(resizable.horizontal == example.horizontal)
    #expect(resizable.vertical == example.vertical)
  }

  /// The pixels between the centre's end and the end cap are omitted: neither cap nor centre.
  @Test func omittedRegionIsBetweenTheCentreAndTheEndCap() throws {
    let slicing = try #require(
      try AssetCatalogFixtures.slicing(
        resizing: #"""
          { "mode" : "9-part",
            "center" : { "mode" : "tile", "width" : 3, "height" : 2 },
            "cap-insets" : { "left" : 4, "right" : 5, "top" : 6, "bottom" : 1 } }
          """#))
    // 40 wide: 4 + 3 + omitted 28 + 5; 20 tall: 6 + 2 + omitted 11 + 1.
    let axes = try slicing.axes(imageSize: PixelSize(width: 40, height: 20))
    #expect(axes.horizontal == SliceAxis(startCap: 4, centerLength: 3, endCap: 5, mode: .tile))
    #expect(axes.vertical == SliceAxis(startCap: 6, centerLength: 2, endCap: 1, mode: .tile))
    #expect(axes.horizontal.center == 4..<7)
    #expect(axes.vertical.center == 6..<8)
  }

  /// A missing centre size is everything between the caps; missing insets are 0; a missing
  /// centre mode is tile.
  @Test func missingKeysTakeTheirDefaults() throws {
    let noCenterSize = try #require(
      try AssetCatalogFixtures.slicing(
        resizing: #"{ "mode" : "9-part", "center" : { "mode" : "stretch" }, "cap-insets" : { "left" : 2, "top" : 3 } }"#))
    #expect(
      noCenterSize
        == AssetCatalogSlicing(
          mode: .ninePart, centerMode: .stretch, capInsets: PixelEdgeInsets(top: 3, left: 2, bottom: 0, right: 0)))
    let axes = try noCenterSize.axes(imageSize: PixelSize(width: 10, height: 8))
    #expect(axes.horizontal == SliceAxis(startCap: 2, centerLength: 8, endCap: 0, mode: .stretch))
    #expect(axes.vertical == SliceAxis(startCap: 3, centerLength: 5, endCap: 0, mode: .stretch))

    let modeOnly = try #require(try AssetCatalogFixtures.slicing(resizing: #"{ "mode" : "3-part-vertical" }"#))
    #expect(modeOnly == AssetCatalogSlicing(mode: .threePartVertical, centerMode: .tile))
    let whole = try modeOnly.axes(imageSize: PixelSize(width: 3, height: 4))
    #expect(whole.horizontal == SliceAxis(startCap: 0, centerLength: 3, endCap: 0, mode: .stretch))
    #expect(whole.vertical == SliceAxis(startCap: 0, centerLength: 4, endCap: 0, mode: .tile))

    let widthOnly = try #require(
      try AssetCatalogFixtures.slicing(
        resizing: #"{ "mode" : "9-part", "center" : { "width" : 1 }, "cap-insets" : { "right" : 4, "bottom" : 2 } }"#))
    #expect(
      widthOnly
        == AssetCatalogSlicing(
          mode: .ninePart, centerMode: .tile, capInsets: PixelEdgeInsets(top: 0, left: 0, bottom: 2, right: 4),
          centerWidth: 1))
    let mixed = try widthOnly.axes(imageSize: PixelSize(width: 6, height: 6))
    #expect(mixed.horizontal == SliceAxis(startCap: 0, centerLength: 1, endCap: 4, mode: .tile))
    #expect(mixed.vertical == SliceAxis(startCap: 0, centerLength: 4, endCap: 2, mode: .tile))
  }

  /// A 3-part image's other axis is whole whatever insets and centre size the file gives it.
  @Test func unslicedAxisIgnoresItsValues() throws {
    let slicing = try #require(
      try AssetCatalogFixtures.slicing(
        resizing: #"""
          { "mode" : "3-part-horizontal",
            "center" : { "mode" : "tile", "width" : 1, "height" : 99 },
            "cap-insets" : { "left" : 1, "right" : 1, "top" : 50, "bottom" : 50 } }
          """#))
    let axes = try slicing.axes(imageSize: PixelSize(width: 3, height: 5))
    #expect(axes.horizontal == SliceAxis(startCap: 1, centerLength: 1, endCap: 1, mode: .tile))
    #expect(axes.vertical == SliceAxis(startCap: 0, centerLength: 5, endCap: 0, mode: .stretch))
    #expect(slicing.slices(.horizontal) && !slicing.slices(.vertical))
  }

  @Test func insetsLargerThanTheImageAreRefused() throws {
    let slicing = try #require(
      try AssetCatalogFixtures.slicing(
        resizing: #"""
          { "mode" : "9-part",
            "center" : { "mode" : "tile", "width" : 1, "height" : 1 },
            "cap-insets" : { "left" : 13, "right" : 14, "top" : 8, "bottom" : 8 } }
          """#))
    // 26 wide: the caps alone are 27.
    #expect(throws: AssetCatalogError.capsExceedImage(axis: .horizontal, startCap: 13, endCap: 14, extent: 26)) {
      try slicing.axes(imageSize: PixelSize(width: 26, height: 18))
    }
    // 15 tall: 8 + 8 = 16.
    #expect(throws: AssetCatalogError.capsExceedImage(axis: .vertical, startCap: 8, endCap: 8, extent: 15)) {
      try slicing.axes(imageSize: PixelSize(width: 30, height: 15))
    }
    // One inset alone past the image.
    let oneInset = AssetCatalogSlicing(
      mode: .threePartVertical, centerMode: .tile, capInsets: PixelEdgeInsets(top: 9, left: 0, bottom: 0, right: 0))
    #expect(throws: AssetCatalogError.capsExceedImage(axis: .vertical, startCap: 9, endCap: 0, extent: 8)) {
      try oneInset.axes(imageSize: PixelSize(width: 8, height: 8))
    }
  }

  /// Insets near `Int.max` are refused, not added with overflow.
  @Test func hugeInsetsAreRefusedWithoutOverflow() throws {
    let slicing = try #require(
      try AssetCatalogFixtures.slicing(
        resizing: #"""
          { "mode" : "3-part-horizontal",
            "cap-insets" : { "left" : 9223372036854775807, "right" : 9223372036854775807 } }
          """#))
    #expect(throws: AssetCatalogError.capsExceedImage(axis: .horizontal, startCap: .max, endCap: .max, extent: 10)) {
      try slicing.axes(imageSize: PixelSize(width: 10, height: 10))
    }
    let wideCentre = AssetCatalogSlicing(mode: .ninePart, centerMode: .tile, centerWidth: .max, centerHeight: 1)
    #expect(throws: AssetCatalogError.centerTooLong(axis: .horizontal, length: .max, available: 10)) {
      try wideCentre.axes(imageSize: PixelSize(width: 10, height: 10))
    }
  }

  @Test func centreWiderThanTheSpaceBetweenTheCapsIsRefused() throws {
    let slicing = try #require(
      try AssetCatalogFixtures.slicing(
        resizing: #"""
          { "mode" : "3-part-horizontal",
            "center" : { "mode" : "stretch", "width" : 5 },
            "cap-insets" : { "left" : 3, "right" : 3 } }
          """#))
    // 10 wide: 4 pixels between the caps.
    #expect(throws: AssetCatalogError.centerTooLong(axis: .horizontal, length: 5, available: 4)) {
      try slicing.axes(imageSize: PixelSize(width: 10, height: 2))
    }
    // 11 wide: exactly 5.
    #expect(
      try slicing.axes(imageSize: PixelSize(width: 11, height: 2)).horizontal
        == SliceAxis(startCap: 3, centerLength: 5, endCap: 3, mode: .stretch))

    let tall = try #require(
      try AssetCatalogFixtures.slicing(
        resizing: #"""
          { "mode" : "9-part",
            "center" : { "width" : 1, "height" : 3 },
            "cap-insets" : { "top" : 2, "bottom" : 2 } }
          """#))
    #expect(throws: AssetCatalogError.centerTooLong(axis: .vertical, length: 3, available: 2)) {
      try tall.axes(imageSize: PixelSize(width: 4, height: 6))
    }
  }

  @Test func emptyCentreIsRefused() throws {
    let zeroWidth = try #require(
      try AssetCatalogFixtures.slicing(
        resizing: #"""
          { "mode" : "3-part-horizontal",
            "center" : { "mode" : "tile", "width" : 0 },
            "cap-insets" : { "left" : 2, "right" : 2 } }
          """#))
    #expect(throws: AssetCatalogError.emptyCenter(axis: .horizontal)) {
      try zeroWidth.axes(imageSize: PixelSize(width: 10, height: 10))
    }
    let zeroHeight = try #require(
      try AssetCatalogFixtures.slicing(
        resizing: #"{ "mode" : "9-part", "center" : { "mode" : "tile", "width" : 1, "height" : 0 } }"#))
    #expect(throws: AssetCatalogError.emptyCenter(axis: .vertical)) {
      try zeroHeight.axes(imageSize: PixelSize(width: 10, height: 10))
    }
    // No centre size and caps that meet: nothing between them.
    let capsMeet = try #require(
      try AssetCatalogFixtures.slicing(resizing: #"{ "mode" : "3-part-vertical", "cap-insets" : { "top" : 4, "bottom" : 6 } }"#))
    #expect(throws: AssetCatalogError.emptyCenter(axis: .vertical)) {
      try capsMeet.axes(imageSize: PixelSize(width: 10, height: 10))
    }
  }

  /// Values built in code, not read from a file, are checked too.
  @Test func negativeValuesBuiltInCodeAreRefused() {
    let negativeInset = AssetCatalogSlicing(
      mode: .ninePart, centerMode: .tile, capInsets: PixelEdgeInsets(top: 0, left: 0, bottom: -1, right: 0))
    #expect(throws: AssetCatalogError.negativeValue(key: "resizing.cap-insets.bottom", value: -1)) {
      try negativeInset.axes(imageSize: PixelSize(width: 10, height: 10))
    }
    let negativeCentre = AssetCatalogSlicing(mode: .threePartHorizontal, centerMode: .stretch, centerWidth: -3)
    #expect(throws: AssetCatalogError.negativeValue(key: "resizing.center.width", value: -3)) {
      try negativeCentre.axes(imageSize: PixelSize(width: 10, height: 10))
    }
  }

  @Test func emptyImageIsRefused() {
    let slicing = AssetCatalogSlicing(mode: .ninePart, centerMode: .tile)
    #expect(throws: AssetCatalogError.emptyImage(PixelSize(width: 0, height: 5))) {
      try slicing.axes(imageSize: PixelSize(width: 0, height: 5))
    }
    #expect(throws: AssetCatalogError.emptyImage(PixelSize(width: 5, height: -1))) {
      try slicing.axes(imageSize: PixelSize(width: 5, height: -1))
    }
  }
}
