import Testing

/// One object of `expected/index.json`. Fields that are a value for some files and a list
/// for others (multi-page TIFFs) are decoded as lists.
struct ExpectedEntry: Decodable, Sendable, CustomTestStringConvertible {
  /// One expectation file: name inside `expected/`, uncompressed size and digests.
  struct Pixels: Decodable, Sendable {
    var file: String
    /// The uncompressed size.
    var bytes: Int
    var sha256: String
    /// FNV-1a 64 of the uncompressed bytes.
    var fnv1a64: String

    /// Whether `file` is stored gzip-compressed.
    var isCompressed: Bool { file.hasSuffix(".gz") }
  }

  /// Allowed difference from the expectation (only for a few lossy files).
  struct Tolerance: Decodable, Sendable {
    /// Largest allowed absolute difference per channel.
    var maxAbs: Int
    /// The rows where the difference is allowed (nil: everywhere).
    var rows: [Int]?
    var why: String?

    enum CodingKeys: String, CodingKey {
      case maxAbs = "max_abs"
      case rows, why
    }

    /// Whether row `y` may differ by up to ``maxAbs``.
    func allowsDifference(inRow y: Int) -> Bool {
      rows?.contains(y) ?? true
    }
  }

  var path: String
  /// "valid", "decodable-malformed" or "unsupported".
  var status: String
  /// "png" or "tiff".
  var format: String
  var width: Int
  var height: Int
  var pages: Int
  /// `[width, height]` of every page, when pages differ.
  var pageSizes: [[Int]]?
  var sourceBitDepth: [Int]
  var colorType: String?
  var photometric: [String]
  var compression: [String]
  var planar: String?
  var tiled: Bool?
  var sampleFormat: String?
  var interlaced: Bool?
  /// "none", "straight" or "associated".
  var alpha: String?
  var note: String?
  var tolerance: Tolerance?
  var rgba8: Pixels?
  var rgba16: Pixels?

  var testDescription: String { path }

  enum CodingKeys: String, CodingKey {
    case path, status, format, width, height, pages
    case pageSizes = "page_sizes"
    case sourceBitDepth = "source_bit_depth"
    case colorType = "color_type"
    case photometric, compression, planar, tiled
    case sampleFormat = "sample_format"
    case interlaced, alpha, note, tolerance, rgba8, rgba16
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    path = try container.decode(String.self, forKey: .path)
    status = (try? container.decodeIfPresent(String.self, forKey: .status)) ?? "valid"
    format = (try? container.decodeIfPresent(String.self, forKey: .format)) ?? ""
    width = (try? container.decodeIfPresent(Int.self, forKey: .width)) ?? 0
    height = (try? container.decodeIfPresent(Int.self, forKey: .height)) ?? 0
    pages = (try? container.decodeIfPresent(Int.self, forKey: .pages)) ?? 1
    pageSizes = try? container.decodeIfPresent([[Int]].self, forKey: .pageSizes)
    sourceBitDepth = Self.oneOrMany(Int.self, container, .sourceBitDepth)
    colorType = try? container.decodeIfPresent(String.self, forKey: .colorType)
    photometric = Self.oneOrMany(String.self, container, .photometric)
    compression = Self.oneOrMany(String.self, container, .compression)
    planar = try? container.decodeIfPresent(String.self, forKey: .planar)
    tiled = try? container.decodeIfPresent(Bool.self, forKey: .tiled)
    sampleFormat = try? container.decodeIfPresent(String.self, forKey: .sampleFormat)
    interlaced = try? container.decodeIfPresent(Bool.self, forKey: .interlaced)
    alpha = try? container.decodeIfPresent(String.self, forKey: .alpha)
    note = try? container.decodeIfPresent(String.self, forKey: .note)
    tolerance = try? container.decodeIfPresent(Tolerance.self, forKey: .tolerance)
    rgba8 = try? container.decodeIfPresent(Pixels.self, forKey: .rgba8)
    rgba16 = try? container.decodeIfPresent(Pixels.self, forKey: .rgba16)
  }

  /// A field that is either a single value or a list of values, as a list (empty if absent).
  private static func oneOrMany<T: Decodable>(
    _ type: T.Type, _ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys
  ) -> [T] {
    if let list = try? container.decodeIfPresent([T].self, forKey: key) { return list }
    if let single = try? container.decodeIfPresent(T.self, forKey: key) { return [single] }
    return []
  }
}

/// One object of `expected/invalid.json`: a file every decoder must reject.
struct InvalidEntry: Decodable, Sendable, CustomTestStringConvertible {
  var path: String
  /// Always "error".
  var expect: String
  /// What is wrong with the file.
  var reason: String

  var testDescription: String { path }
}
