import PixelOps
import PixelOpsIO
import Testing

/// `Contents.json` read into entries: Xcode's own layout, missing and unknown keys, and every
/// kind of damaged or hostile file refused with a typed error.
@Suite struct AssetCatalogParsingTests {
  /// The fixture as Xcode writes it, every entry worked out by hand from the file.
  @Test func readsXcodesContentsJSON() throws {
    let bytes = try FileBytes.read(atPath: AssetCatalogFixtures.contentsPath(ofImageSet: "Button.imageset"))
    let images = try AssetCatalog.parse(contentsJSON: bytes)
    let dark = AssetCatalogImage.Appearance(name: "luminosity", value: "dark")
    #expect(
      images == [
        AssetCatalogImage(
          filename: "button.png", scale: 1, idiom: "universal",
          slicing: AssetCatalogSlicing(
            mode: .ninePart, centerMode: .tile, capInsets: PixelEdgeInsets(top: 8, left: 13, bottom: 8, right: 14),
            centerWidth: 1, centerHeight: 1)),
        AssetCatalogImage(
          filename: "button-dark.png", scale: 1, idiom: "universal", appearances: [dark],
          slicing: AssetCatalogSlicing(
            mode: .threePartHorizontal, centerMode: .stretch,
            capInsets: PixelEdgeInsets(top: 0, left: 4, bottom: 0, right: 4), centerWidth: 1)),
        AssetCatalogImage(
          filename: "button@2x.png", scale: 2, idiom: "universal",
          slicing: AssetCatalogSlicing(
            mode: .ninePart, centerMode: .stretch, capInsets: PixelEdgeInsets(top: 16, left: 27, bottom: 16, right: 28),
            centerWidth: 2, centerHeight: 2)),
        AssetCatalogImage(scale: 3, idiom: "universal"),
        AssetCatalogImage(filename: "button-retina4.png", scale: 2, idiom: "iphone"),
      ])
    // Reading the file by its folder gives the same entries.
    let folder = AssetCatalogFixtures.root.appendingPathComponent("Button.imageset").path
    #expect(try AssetCatalog.images(inImageSetAt: folder) == images)
  }

  /// The universal image of a scale is the default appearance's, whatever comes first.
  @Test func universalImageSkipsOtherIdiomsAndAppearances() throws {
    let images = try AssetCatalogFixtures.parse(
      AssetCatalogFixtures.contents(
        #"{ "idiom" : "iphone", "filename" : "phone.png", "scale" : "2x" }"#,
        #"""
        { "idiom" : "universal", "filename" : "dark.png", "scale" : "2x",
          "appearances" : [ { "appearance" : "luminosity", "value" : "dark" } ] }
        """#,
        #"{ "idiom" : "universal", "filename" : "one.png", "scale" : "1x" }"#,
        #"{ "idiom" : "universal", "filename" : "two.png", "scale" : "2x" }"#,
        #"{ "idiom" : "universal", "filename" : "later.png", "scale" : "2x" }"#))
    #expect(AssetCatalog.universalImage(scale: 2, in: images)?.filename == "two.png")
    #expect(AssetCatalog.universalImage(scale: 1, in: images)?.filename == "one.png")
    #expect(AssetCatalog.universalImage(scale: 3, in: images) == nil)
    #expect(AssetCatalog.universalImage(scale: .nan, in: images) == nil)
  }

  @Test func missingKeysAreAbsentValues() throws {
    #expect(try AssetCatalogFixtures.parse("{}") == [])
    #expect(try AssetCatalogFixtures.parse(#"{ "info" : { "version" : 1 } }"#) == [])
    #expect(try AssetCatalogFixtures.parse(#"{ "images" : [] }"#) == [])
    #expect(try AssetCatalogFixtures.parse(AssetCatalogFixtures.contents("{}")) == [AssetCatalogImage()])
    // An empty slot: no filename, no resizing.
    #expect(
      try AssetCatalogFixtures.parse(AssetCatalogFixtures.contents(#"{ "idiom" : "universal", "scale" : "2x" }"#))
        == [AssetCatalogImage(scale: 2, idiom: "universal")])
    // null is the same as missing.
    #expect(
      try AssetCatalogFixtures.parse(
        AssetCatalogFixtures.contents(#"{ "idiom" : "universal", "filename" : null, "scale" : null, "resizing" : null }"#))
        == [AssetCatalogImage(idiom: "universal")])
    // A fractional scale.
    #expect(
      try AssetCatalogFixtures.parse(AssetCatalogFixtures.contents(#"{ "filename" : "a.png", "scale" : "1.5x" }"#))
        == [AssetCatalogImage(filename: "a.png", scale: 1.5)])
  }

  @Test func unknownKeysAreIgnored() throws {
    let json = #"""
      { "images" : [ { "idiom" : "universal", "filename" : "a.png", "scale" : "2x", "subtype" : "retina4",
          "compression-type" : "lossless", "locale" : "fr", "display-gamut" : "display-P3",
          "resizing" : { "mode" : "3-part-horizontal", "future" : [1, 2, { "x" : null }],
            "center" : { "mode" : "tile", "width" : 2, "depth" : 7 },
            "cap-insets" : { "left" : 1, "right" : 1, "front" : -4 } } } ],
        "info" : { "version" : 1, "author" : "xcode" }, "properties" : { "preserves-vector-representation" : true } }
      """#
    #expect(
      try AssetCatalogFixtures.parse(json) == [
        AssetCatalogImage(
          filename: "a.png", scale: 2, idiom: "universal",
          slicing: AssetCatalogSlicing(
            mode: .threePartHorizontal, centerMode: .tile, capInsets: PixelEdgeInsets(top: 0, left: 1, bottom: 0, right: 1),
            centerWidth: 2))
      ])
  }

  @Test func unknownModesAreRefused() {
    #expect(throws: AssetCatalogError.invalidEntry(index: 1, reason: .unknownResizingMode("10-part"))) {
      try AssetCatalogFixtures.parse(
        AssetCatalogFixtures.contents("{}", AssetCatalogFixtures.entry(resizing: #"{ "mode" : "10-part" }"#)))
    }
    #expect(throws: AssetCatalogError.invalidEntry(index: 0, reason: .unknownResizingMode("9-Part"))) {
      try AssetCatalogFixtures.slicing(resizing: #"{ "mode" : "9-Part" }"#)
    }
    #expect(throws: AssetCatalogError.invalidEntry(index: 0, reason: .unknownCenterMode("fill"))) {
      try AssetCatalogFixtures.slicing(resizing: #"{ "mode" : "9-part", "center" : { "mode" : "fill" } }"#)
    }
    #expect(throws: AssetCatalogError.invalidEntry(index: 0, reason: .missingResizingMode)) {
      try AssetCatalogFixtures.slicing(resizing: #"{ "center" : { "mode" : "tile" } }"#)
    }
  }

  @Test func negativeNumbersAreRefused() {
    #expect(
      throws: AssetCatalogError.invalidEntry(index: 0, reason: .negativeValue(key: "resizing.cap-insets.left", value: -1))
    ) {
      try AssetCatalogFixtures.slicing(
        resizing: #"""
          { "mode" : "9-part",
            "center" : { "mode" : "tile", "width" : 1, "height" : 1 },
            "cap-insets" : { "left" : -1 } }
          """#)
    }
    #expect(
      throws: AssetCatalogError.invalidEntry(index: 0, reason: .negativeValue(key: "resizing.center.height", value: -2))
    ) {
      try AssetCatalogFixtures.slicing(resizing: #"{ "mode" : "3-part-vertical", "center" : { "height" : -2 } }"#)
    }
  }

  @Test(arguments: ["2", "x", "0x", "-2x", "2X", "1..5x", "nanx", "infx", "1e3x", " 2x", "0x1x", "99999999999999999x", ""])
  func invalidScalesAreRefused(_ scale: String) {
    #expect(throws: AssetCatalogError.invalidEntry(index: 0, reason: .invalidScale(scale))) {
      try AssetCatalogFixtures.parse(AssetCatalogFixtures.contents(#"{ "scale" : "\#(scale)" }"#))
    }
  }

  /// Not JSON, cut short, or known keys of the wrong type: `malformedContents`, with a detail.
  @Test(arguments: [
    "", "   ", "garbage", "\u{FEFF}", "[]", "null", "42", #""images""#,
    #"{ "images" : [ { "idiom" : "universal", "filename" : "a.png", "scale" : "2x", "resizing" : { "mode" : "9-part", "#,
    #"{ "images" : [ { "idiom" : "universal" "#, #"{ "images" : "#, "{",
    #"{ "images" : {} }"#, #"{ "images" : [ 1 ] }"#, #"{ "images" : [ { "scale" : 2 } ] }"#,
    #"{ "images" : [ { "filename" : ["a.png"] } ] }"#,
    #"{ "images" : [ { "resizing" : { "mode" : "9-part", "cap-insets" : { "left" : "8" } } } ] }"#,
    #"{ "images" : [ { "resizing" : { "mode" : "9-part", "cap-insets" : { "left" : 8.5 } } } ] }"#,
    #"{ "images" : [ { "resizing" : { "mode" : "9-part", "cap-insets" : { "left" : 1e300 } } } ] }"#,
    #"{ "images" : [ { "resizing" : { "mode" : "9-part", "center" : { "width" : 9223372036854775808 } } } ] }"#,
    #"{ "images" : [ { "resizing" : { "mode" : 9 } } ] }"#,
    #"{ "images" : [ { "appearances" : [ { "appearance" : "luminosity" } ] } ] }"#,
  ])
  func malformedContentsAreRefused(_ json: String) {
    #expect {
      try AssetCatalogFixtures.parse(json)
    } throws: { error in
      guard case .malformedContents(let detail) = error as? AssetCatalogError else { return false }
      return !detail.isEmpty
    }
  }

  @Test func bytesThatAreNotUTF8AreRefused() {
    let bytes: [UInt8] = Array(#"{ "images" : [ { "filename" : ""#.utf8) + [0xFF, 0xFE] + Array(#"" } ] }"#.utf8)
    #expect {
      try AssetCatalog.parse(contentsJSON: bytes)
    } throws: { error in
      guard case .malformedContents = error as? AssetCatalogError else { return false }
      return true
    }
  }

  /// Nesting far deeper than any decoder's recursion should go fails without exhausting the stack.
  @Test func deepNestingIsRefused() {
    let depth = 500_000
    for json in [String(repeating: "[", count: depth), #"{ "images" : "# + String(repeating: "[", count: depth)] {
      #expect {
        try AssetCatalogFixtures.parse(json)
      } throws: { error in
        guard case .malformedContents = error as? AssetCatalogError else { return false }
        return true
      }
    }
  }

  /// Input is bounded: 1 MiB is read, one byte more is refused before decoding.
  @Test func oversizeContentsAreRefused() throws {
    let limit = 1 << 20
    #expect(AssetCatalog.maximumContentsByteCount == limit)
    let atLimit = Array("{}".utf8) + [UInt8](repeating: UInt8(ascii: " "), count: limit - 2)
    #expect(try AssetCatalog.parse(contentsJSON: atLimit) == [])
    #expect(throws: AssetCatalogError.contentsTooLarge(byteCount: limit + 1, limit: limit)) {
      try AssetCatalog.parse(contentsJSON: atLimit + [UInt8(ascii: " ")])
    }
    // A collection that would be huge if it were copied is refused by its count alone.
    #expect(throws: AssetCatalogError.contentsTooLarge(byteCount: 1 << 40, limit: limit)) {
      try AssetCatalog.parse(contentsJSON: repeatElement(UInt8(ascii: " "), count: 1 << 40))
    }
  }

  @Test func errorsDescribeWhatWasWrong() {
    let error = AssetCatalogError.invalidEntry(index: 2, reason: .unknownResizingMode("10-part"))
    #expect(error.description.contains("images[2]") && error.description.contains("10-part"))
    #expect(
      AssetCatalogError.centerTooLong(axis: .horizontal, length: 5, available: 4).description
        == "the horizontal centre of 5 pixels is longer than the 4 pixels between the caps")
  }
}
