public import PixelOps

/// Why an asset catalog's image set could not be read, or its slicing does not fit its image.
///
/// Errors found in one entry of `Contents.json`'s `images` array come wrapped in
/// ``invalidEntry(index:reason:)``, which says which entry.
public enum AssetCatalogError: Error, Sendable, Equatable, CustomStringConvertible {
  /// `Contents.json` holds `byteCount` bytes (at least), more than `limit`
  /// (``AssetCatalog/maximumContentsByteCount``); refused before decoding.
  case contentsTooLarge(byteCount: Int, limit: Int)
  /// `Contents.json` is not JSON (garbage, truncated, not UTF-8), its top level is not an
  /// object, or a known key holds a value of the wrong type (`detail` is the decoder's text
  /// and the key's path).
  case malformedContents(detail: String)
  /// The entry at `index` of the `images` array is wrong in the way `reason` says.
  indirect case invalidEntry(index: Int, reason: AssetCatalogError)
  /// A `resizing` object without a `mode`.
  case missingResizingMode
  /// A `resizing.mode` other than `3-part-horizontal`, `3-part-vertical` and `9-part`.
  case unknownResizingMode(String)
  /// A `resizing.center.mode` other than `tile` and `stretch`.
  case unknownCenterMode(String)
  /// A `scale` that is not a positive number followed by `x` (`"1x"`, `"2x"`, `"3x"`).
  case invalidScale(String)
  /// A negative cap inset or centre size; `key` is its path in the entry, such as
  /// `resizing.cap-insets.left`.
  case negativeValue(key: String, value: Int)
  /// Slicing was asked for an image of no pixels.
  case emptyImage(PixelSize)
  /// The two cap insets of `axis` together (`startCap` + `endCap`) exceed the image's `extent`
  /// pixels along it.
  case capsExceedImage(axis: AssetCatalogSlicing.Axis, startCap: Int, endCap: Int, extent: Int)
  /// The centre of `axis` has no pixels: a centre width or height of 0, or, with none given,
  /// caps that meet.
  case emptyCenter(axis: AssetCatalogSlicing.Axis)
  /// The centre of `axis` is `length` pixels, longer than the `available` pixels between its caps.
  case centerTooLong(axis: AssetCatalogSlicing.Axis, length: Int, available: Int)
  /// A file of the image set (`Contents.json` or an image) could not be opened or read, or is
  /// not a regular file; `reason` is the system's text or what the path is.
  case unreadableFile(path: String, reason: String)
  /// The image file at `path` was refused by the PNG decoder for the reason `error` gives.
  case undecodableImage(path: String, ImageIOError)
  /// The `Contents.json` at `path` has no universal entry of this scale (without appearances).
  case noImage(scale: Double, path: String)
  /// The chosen entry of the `Contents.json` at `path` names no file (an empty slot).
  case missingFilename(scale: Double, path: String)
  /// The chosen entry of the `Contents.json` at `path` names a file outside the image set's
  /// folder: empty, `.`, `..`, or containing `/` or a NUL character.
  case invalidFilename(String, path: String)
  /// The decoded image and its slicing were refused by `ResizableImage` (not expected once the
  /// slicing fits the image).
  case pixels(PixelError)

  public var description: String {
    switch self {
    case .contentsTooLarge(let count, let limit):
      "Contents.json holds \(count) bytes, more than the limit of \(limit) bytes"
    case .malformedContents(let detail): "malformed Contents.json: \(detail)"
    case .invalidEntry(let index, let reason): "images[\(index)] of Contents.json: \(reason)"
    case .missingResizingMode: "resizing has no mode"
    case .unknownResizingMode(let mode):
      "unknown resizing mode \"\(mode)\" (expected 3-part-horizontal, 3-part-vertical or 9-part)"
    case .unknownCenterMode(let mode): "unknown centre mode \"\(mode)\" (expected tile or stretch)"
    case .invalidScale(let scale): "scale \"\(scale)\" is not a positive number followed by x"
    case .negativeValue(let key, let value): "\(key) is negative (\(value))"
    case .emptyImage(let size): "the image is empty (\(size) pixels)"
    case .capsExceedImage(let axis, let start, let end, let extent):
      "\(axis) caps \(start) + \(end) pixels exceed the image's \(extent) pixels"
    case .emptyCenter(let axis): "the \(axis) centre has no pixels"
    case .centerTooLong(let axis, let length, let available):
      "the \(axis) centre of \(length) pixels is longer than the \(available) pixels between the caps"
    case .unreadableFile(let path, let reason): "cannot read \(path): \(reason)"
    case .undecodableImage(let path, let error): "cannot decode \(path): \(error)"
    case .noImage(let scale, let path): "\(path) has no universal image of scale \(scale)"
    case .missingFilename(let scale, let path): "the universal image of scale \(scale) in \(path) names no file"
    case .invalidFilename(let name, let path): "\(path) names the file \"\(name)\", outside the image set"
    case .pixels(let error): error.description
    }
  }
}
