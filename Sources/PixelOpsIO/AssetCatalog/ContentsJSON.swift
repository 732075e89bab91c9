import PixelOps

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The keys of an image set's `Contents.json` that PixelOpsIO reads, as `JSONDecoder` decodes
/// them. Every key is optional, so a missing one is `nil` and unknown keys are skipped; the
/// values are checked when an entry becomes an ``AssetCatalogImage``.
struct ContentsJSON: Decodable {
  struct Entry: Decodable {
    var filename: String?
    var scale: String?
    var idiom: String?
    var appearances: [Appearance]?
    var resizing: Resizing?
  }

  struct Appearance: Decodable {
    var appearance: String
    var value: String
  }

  struct Resizing: Decodable {
    var mode: String?
    var center: Center?
    var capInsets: Insets?

    enum CodingKeys: String, CodingKey {
      case mode, center
      case capInsets = "cap-insets"
    }
  }

  struct Center: Decodable {
    var mode: String?
    var width: Int?
    var height: Int?
  }

  struct Insets: Decodable {
    var top: Int?
    var left: Int?
    var bottom: Int?
    var right: Int?
  }

  var images: [Entry]?

  /// The file in `bytes` (already known to be within the size limit).
  static func decode(_ bytes: [UInt8]) throws(AssetCatalogError) -> ContentsJSON {
    do {
      return try JSONDecoder().decode(ContentsJSON.self, from: Data(bytes))
    } catch let error as DecodingError {
      throw .malformedContents(detail: describe(error))
    } catch {
      throw .malformedContents(detail: "\(error)")
    }
  }

  /// What the decoder found wrong, and where.
  private static func describe(_ error: DecodingError) -> String {
    let context: DecodingError.Context
    switch error {
    case .typeMismatch(_, let found), .valueNotFound(_, let found), .keyNotFound(_, let found),
      .dataCorrupted(let found):
      context = found
    @unknown default:
      return "\(error)"
    }
    var path = ""
    for key in context.codingPath {
      if let index = key.intValue {
        path += "[\(index)]"
      } else {
        path += (path.isEmpty ? "" : ".") + key.stringValue
      }
    }
    var detail = path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
    if let underlying = context.underlyingError { detail += " (\(underlying))" }
    return detail
  }
}

extension ContentsJSON.Entry {
  /// The entry with its values checked.
  ///
  /// - Throws: the reason an entry is invalid (not yet wrapped with its index).
  func image() throws(AssetCatalogError) -> AssetCatalogImage {
    AssetCatalogImage(
      filename: filename,
      scale: try scale.map { (text) throws(AssetCatalogError) in try Self.scale(text) },
      idiom: idiom,
      appearances: (appearances ?? []).map { AssetCatalogImage.Appearance(name: $0.appearance, value: $0.value) },
      slicing: try resizing?.slicing())
  }

  /// A scale such as `"2x"` or `"1.5x"`: decimal digits with at most one point, then `x`.
  private static func scale(_ text: String) throws(AssetCatalogError) -> Double {
    let number = text.utf8.dropLast()
    let isDecimal =
      text.utf8.last == UInt8(ascii: "x") && !number.isEmpty && number.count <= 16
      && number.allSatisfy { $0 == UInt8(ascii: ".") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
      && number.filter { $0 == UInt8(ascii: ".") }.count <= 1
    guard isDecimal, let value = Double(String(decoding: number, as: UTF8.self)), value > 0, value.isFinite else {
      throw .invalidScale(text)
    }
    return value
  }
}

extension ContentsJSON.Resizing {
  /// The slicing with its modes known and no negative number.
  func slicing() throws(AssetCatalogError) -> AssetCatalogSlicing {
    guard let mode else { throw .missingResizingMode }
    guard let sliced = AssetCatalogSlicing.Mode(rawValue: mode) else { throw .unknownResizingMode(mode) }
    let centerMode: ResizingMode
    switch center?.mode {
    case nil, "tile": centerMode = .tile
    case "stretch": centerMode = .stretch
    case let other?: throw .unknownCenterMode(other)
    }
    let slicing = AssetCatalogSlicing(
      mode: sliced, centerMode: centerMode,
      capInsets: PixelEdgeInsets(
        top: capInsets?.top ?? 0, left: capInsets?.left ?? 0, bottom: capInsets?.bottom ?? 0,
        right: capInsets?.right ?? 0),
      centerWidth: center?.width, centerHeight: center?.height)
    if let error = slicing.negativeValueError() { throw error }
    return slicing
  }
}
