import Foundation
import PixelOps
import PixelOpsIO
import PixelOpsTestSupport
import Testing

/// Image sets on disk: `Contents.json` and PNG files written in a temporary folder, loaded as
/// `ResizableImage`s, and every missing or damaged part refused with an error naming the path.
@Suite struct AssetCatalogImageSetTests {
  /// A temporary image set holding the `Button.imageset` fixture's `Contents.json`.
  static func buttonImageSet() throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    let bytes = try FileBytes.read(atPath: AssetCatalogFixtures.contentsPath(ofImageSet: "Button.imageset"))
    try Data(bytes).write(to: URL(fileURLWithPath: directory.path("Contents.json")))
    return directory
  }

  /// A temporary image set whose `Contents.json` is `contents`.
  static func imageSet(contents: String) throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    try Data(contents.utf8).write(to: URL(fileURLWithPath: directory.path("Contents.json")))
    return directory
  }

  /// The fixture's 2x entry: a 60x36 PNG, caps left 27, right 28, top 16, bottom 16, a 2x2
  /// stretched centre (3 columns and 2 rows omitted).
  @Test func loadsTheTwoXImageEndToEnd() throws {
    let directory = try Self.buttonImageSet()
    let pixels = try RandomPixels.buffer(width: 60, height: 36, format: .rgba8Premultiplied, seed: 41)
    try pixels.writePNG(to: directory.path("button@2x.png"))

    let resizable = try #require(try AssetCatalog.resizableImage(imageSetAt: directory.url.path, scale: 2))
    #expect(resizable.image.scale == 2)
    #expect(resizable.image.format == .rgba8Premultiplied)
    var expected = pixels
    try expected.setScale(2)
    #expect(resizable.image == expected)
    #expect(resizable.horizontal == SliceAxis(startCap: 27, centerLength: 2, endCap: 28, mode: .stretch))
    #expect(resizable.vertical == SliceAxis(startCap: 16, centerLength: 2, endCap: 16, mode: .stretch))
    #expect(resizable.size == PointSize(width: 30, height: 18))
  }

  /// The 1x entry of the same set: 30x18, caps 13/14 and 8/8, a 1x1 tiled centre. The folder
  /// path may end in a slash.
  @Test func loadsTheOneXImage() throws {
    let directory = try Self.buttonImageSet()
    let pixels = try RandomPixels.buffer(width: 30, height: 18, format: .rgba8Premultiplied, seed: 42)
    try pixels.writePNG(to: directory.path("button.png"))

    let resizable = try #require(try AssetCatalog.resizableImage(imageSetAt: directory.url.path + "/", scale: 1))
    #expect(resizable.image == pixels)
    #expect(resizable.horizontal == SliceAxis(startCap: 13, centerLength: 1, endCap: 14, mode: .tile))
    #expect(resizable.vertical == SliceAxis(startCap: 8, centerLength: 1, endCap: 8, mode: .tile))
  }

  /// An opaque gray PNG (not RGBA on disk) still arrives as premultiplied RGBA8.
  @Test func decodesOtherPNGFormatsToPremultipliedRGBA8() throws {
    let directory = try Self.imageSet(
      contents: AssetCatalogFixtures.contents(
        #"""
        { "idiom" : "universal", "filename" : "bar@3x.png", "scale" : "3x",
          "resizing" : { "mode" : "3-part-vertical", "center" : { "mode" : "stretch", "height" : 3 },
            "cap-insets" : { "top" : 6, "bottom" : 6 } } }
        """#))
    let gray = try RandomPixels.buffer(width: 3, height: 15, format: .gray8, seed: 43)
    try gray.writePNG(to: directory.path("bar@3x.png"))

    let resizable = try #require(try AssetCatalog.resizableImage(imageSetAt: directory.url.path, scale: 3))
    #expect(resizable.image.format == .rgba8Premultiplied)
    #expect(resizable.image.scale == 3)
    #expect(resizable.horizontal == SliceAxis(startCap: 0, centerLength: 3, endCap: 0, mode: .stretch))
    #expect(resizable.vertical == SliceAxis(startCap: 6, centerLength: 3, endCap: 6, mode: .stretch))
  }

  /// An entry without `resizing` gives `nil`, and its file is not read.
  @Test func unslicedImageIsNil() throws {
    let directory = try Self.imageSet(
      contents: AssetCatalogFixtures.contents(#"{ "idiom" : "universal", "filename" : "plain@2x.png", "scale" : "2x" }"#))
    #expect(try AssetCatalog.resizableImage(imageSetAt: directory.url.path, scale: 2) == nil)
  }

  @Test func missingContentsJSONNamesItsPath() throws {
    let directory = try TemporaryDirectory()
    let contentsPath = directory.path("Contents.json")
    #expect {
      try AssetCatalog.resizableImage(imageSetAt: directory.url.path, scale: 2)
    } throws: { error in
      guard case .unreadableFile(let path, let reason) = error as? AssetCatalogError else { return false }
      return path == contentsPath && !reason.isEmpty
    }
    // A directory where the file should be.
    try FileManager.default.createDirectory(atPath: contentsPath, withIntermediateDirectories: false)
    #expect {
      try AssetCatalog.images(inImageSetAt: directory.url.path)
    } throws: { error in
      guard case .unreadableFile(let path, let reason) = error as? AssetCatalogError else { return false }
      return path == contentsPath && reason.contains("directory")
    }
  }

  @Test func missingEntryNamesTheContentsPath() throws {
    let directory = try Self.buttonImageSet()
    let contentsPath = directory.path("Contents.json")
    #expect(throws: AssetCatalogError.noImage(scale: 4, path: contentsPath)) {
      try AssetCatalog.resizableImage(imageSetAt: directory.url.path, scale: 4)
    }
    // The fixture's 3x slot is empty.
    #expect(throws: AssetCatalogError.missingFilename(scale: 3, path: contentsPath)) {
      try AssetCatalog.resizableImage(imageSetAt: directory.url.path, scale: 3)
    }
  }

  @Test func missingImageFileNamesItsPath() throws {
    let directory = try Self.buttonImageSet()
    let imagePath = directory.path("button@2x.png")
    #expect {
      try AssetCatalog.resizableImage(imageSetAt: directory.url.path, scale: 2)
    } throws: { error in
      guard case .unreadableFile(let path, let reason) = error as? AssetCatalogError else { return false }
      return path == imagePath && !reason.isEmpty
    }
  }

  @Test func damagedImageFileIsUndecodable() throws {
    let directory = try Self.buttonImageSet()
    let imagePath = directory.path("button@2x.png")
    try Data("not a png".utf8).write(to: URL(fileURLWithPath: imagePath))
    #expect {
      try AssetCatalog.resizableImage(imageSetAt: directory.url.path, scale: 2)
    } throws: { error in
      guard case .undecodableImage(let path, .notRecognized(.png, _)) = error as? AssetCatalogError else { return false }
      return path == imagePath
    }
  }

  /// The decoder's limits apply: a 60x36 image is refused under a 100-pixel limit.
  @Test func decodingLimitsApply() throws {
    let directory = try Self.buttonImageSet()
    try RandomPixels.buffer(width: 60, height: 36, format: .rgba8Premultiplied, seed: 44)
      .writePNG(to: directory.path("button@2x.png"))
    #expect(
      throws: AssetCatalogError.undecodableImage(
        path: directory.path("button@2x.png"), .tooLarge(width: 60, height: 36, limit: 100))
    ) {
      try AssetCatalog.resizableImage(
        imageSetAt: directory.url.path, scale: 2, limits: DecodingLimits(maximumPixelCount: 100))
    }
  }

  /// Slicing that does not fit the decoded image names the entry.
  @Test func slicingThatDoesNotFitTheImageIsRefused() throws {
    let directory = try Self.buttonImageSet()
    // 50 wide: the 2x entry's caps are 27 + 28 = 55.
    try RandomPixels.buffer(width: 50, height: 36, format: .rgba8Premultiplied, seed: 45)
      .writePNG(to: directory.path("button@2x.png"))
    #expect(
      throws: AssetCatalogError.invalidEntry(
        index: 2, reason: .capsExceedImage(axis: .horizontal, startCap: 27, endCap: 28, extent: 50))
    ) {
      try AssetCatalog.resizableImage(imageSetAt: directory.url.path, scale: 2)
    }
    // 57 wide has room for the caps and the centre, but 33 tall has 1 row between 16 and 16.
    try RandomPixels.buffer(width: 57, height: 33, format: .rgba8Premultiplied, seed: 46)
      .writePNG(to: directory.path("button@2x.png"))
    #expect(
      throws: AssetCatalogError.invalidEntry(index: 2, reason: .centerTooLong(axis: .vertical, length: 2, available: 1))
    ) {
      try AssetCatalog.resizableImage(imageSetAt: directory.url.path, scale: 2)
    }
  }

  /// File names that leave the image set's folder are refused before anything is opened.
  @Test(arguments: ["../outside.png", "/etc/passwd", "sub/a.png", "..", ".", "", "a\u{0}.png"])
  func filenamesOutsideTheFolderAreRefused(_ name: String) throws {
    let escaped = name.replacingOccurrences(of: "\u{0}", with: "\\u0000")
    let directory = try Self.imageSet(
      contents: AssetCatalogFixtures.contents(
        #"{ "idiom" : "universal", "filename" : "\#(escaped)", "scale" : "1x", "resizing" : { "mode" : "9-part" } }"#))
    #expect(throws: AssetCatalogError.invalidFilename(name, path: directory.path("Contents.json"))) {
      try AssetCatalog.resizableImage(imageSetAt: directory.url.path, scale: 1)
    }
  }

  /// A `Contents.json` over the limit is refused by its size, unread: here a sparse 8 GiB file.
  @Test func oversizeContentsFileIsRefusedUnread() throws {
    let directory = try TemporaryDirectory()
    let contentsPath = directory.path("Contents.json")
    #expect(FileManager.default.createFile(atPath: contentsPath, contents: Data("{}".utf8)))
    let limit = AssetCatalog.maximumContentsByteCount
    let handle = try #require(FileHandle(forWritingAtPath: contentsPath))
    try handle.truncate(atOffset: UInt64(limit + 1))
    #expect(throws: AssetCatalogError.contentsTooLarge(byteCount: limit + 1, limit: limit)) {
      try AssetCatalog.images(inImageSetAt: directory.url.path)
    }
    try handle.truncate(atOffset: 8 << 30)
    try handle.close()
    #expect(throws: AssetCatalogError.contentsTooLarge(byteCount: 8 << 30, limit: limit)) {
      try AssetCatalog.resizableImage(imageSetAt: directory.url.path, scale: 1)
    }
  }
}
