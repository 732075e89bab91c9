import Foundation
import PixelOpsIO

/// The asset catalog fixtures under `Resources/AssetCatalog`, and `Contents.json` texts built in
/// the tests.
enum AssetCatalogFixtures {
  /// The `AssetCatalog` folder inside the test bundle's resources (found as ``TestData/root`` is).
  static let root: URL = {
    let resources = Bundle.module.resourceURL ?? Bundle.module.bundleURL
    let candidates = [
      resources.appendingPathComponent("Resources/AssetCatalog"),
      resources.appendingPathComponent("AssetCatalog"),
    ]
    return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("README.md").path) }
      ?? candidates[0]
  }()

  /// The absolute path of the `Contents.json` of the fixture image set `name` (`Button.imageset`).
  static func contentsPath(ofImageSet name: String) -> String {
    root.appendingPathComponent(name).appendingPathComponent("Contents.json").path
  }

  /// A `Contents.json` whose `images` array holds `entries` (JSON objects, written out).
  static func contents(_ entries: String...) -> String {
    #"{ "images" : [ "# + entries.joined(separator: ", ") + #" ], "info" : { "author" : "xcode", "version" : 1 } }"#
  }

  /// A universal 1x entry of `a.png` whose `resizing` object is `resizing`.
  static func entry(resizing: String) -> String {
    #"{ "idiom" : "universal", "filename" : "a.png", "scale" : "1x", "resizing" : "# + resizing + " }"
  }

  /// The entries of the `Contents.json` text `json`.
  static func parse(_ json: String) throws -> [AssetCatalogImage] {
    try AssetCatalog.parse(contentsJSON: Array(json.utf8))
  }

  /// The slicing of the only entry of a `Contents.json` made of `entry(resizing:)`.
  static func slicing(resizing: String) throws -> AssetCatalogSlicing? {
    let images = try parse(contents(entry(resizing: resizing)))
    guard images.count == 1 else { return nil }
    return images[0].slicing
  }
}
