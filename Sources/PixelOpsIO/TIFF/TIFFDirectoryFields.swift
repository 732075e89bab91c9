import CTIFFSupport

/// The tags of one TIFF directory that decoding depends on, as libtiff reports them
/// (absent tags hold libtiff's defaults).
struct TIFFDirectoryFields: Sendable, Hashable {
  var width: Int
  var height: Int
  var bitsPerSample: Int
  var samplesPerPixel: Int
  /// SampleFormat: 1 unsigned, 2 signed, 3 IEEE float, 4 untyped, 5/6 complex.
  var sampleFormat: Int
  /// PhotometricInterpretation, or `nil` when the tag is missing.
  var photometric: Int?
  var isPlanar: Bool
  var compression: Int
  var orientation: Int
  /// The ExtraSamples values (at most the first four), empty when the tag is absent.
  var extraSamples: [Int]
  var isTiled: Bool
  var rowsPerStrip: Int
  var tileWidth: Int
  var tileHeight: Int
  /// Strips or tiles of all planes.
  var chunkCount: Int
  /// libtiff's size in bytes of one decoded strip or tile.
  var chunkSize: Int
  /// libtiff's size in bytes of the page's samples stored uncompressed, YCbCr subsampling
  /// included; 0 where it overflowed.
  var pageBytes: Int = 0
  var hasColormap: Bool

  /// Makes directory `index` current and reads its fields.
  static func read(from handle: TIFFHandle, directory index: Int) throws(ImageIOError) -> TIFFDirectoryFields {
    handle.clearError()
    guard let directory = UInt32(exactly: index), po_tiff_set_directory(handle.pointer, directory) == 1 else {
      throw handle.readFailure("cannot read the directory of page \(index)")
    }
    var raw = po_tiff_page_fields()
    guard po_tiff_read_page_fields(handle.pointer, &raw) == 1 else {
      throw .corrupt(.tiff, message: handle.failureMessage("page \(index) has no ImageWidth or ImageLength"))
    }
    let extras = withUnsafeBytes(of: raw.extra_samples) { Array($0.bindMemory(to: UInt16.self)) }
    return TIFFDirectoryFields(
      width: Int(raw.width), height: Int(raw.height),
      bitsPerSample: Int(raw.bits_per_sample), samplesPerPixel: Int(raw.samples_per_pixel),
      sampleFormat: Int(raw.sample_format),
      photometric: raw.has_photometric != 0 ? Int(raw.photometric) : nil,
      isPlanar: raw.planar_config == 2, compression: Int(raw.compression),
      orientation: Int(raw.orientation),
      extraSamples: extras.prefix(Int(min(raw.extra_sample_count, 4))).map(Int.init),
      isTiled: raw.is_tiled != 0, rowsPerStrip: Int(raw.rows_per_strip),
      tileWidth: Int(raw.tile_width), tileHeight: Int(raw.tile_height),
      chunkCount: Int(raw.chunk_count), chunkSize: Int(clamping: raw.chunk_size),
      pageBytes: Int(clamping: raw.page_bytes), hasColormap: raw.has_colormap != 0)
  }
}

/// TIFF tag values used by the decoder and encoder.
enum TIFFCode {
  static let photometricMinIsWhite = 0
  static let photometricMinIsBlack = 1
  static let photometricRGB = 2
  static let photometricPalette = 3
  static let photometricYCbCr = 6

  static let compressionNone = 1
  static let compressionLZW = 5
  static let compressionOldJPEG = 6
  static let compressionJPEG = 7
  static let compressionDeflate = 8
  static let compressionAdobeDeflate = 32946
  static let compressionPackBits = 32773

  static let extraSampleUnspecified = 0
  static let extraSampleAssociatedAlpha = 1
  static let extraSampleUnassociatedAlpha = 2

  static let sampleFormatUnsigned = 1
  static let sampleFormatSigned = 2
  static let sampleFormatFloat = 3
  static let sampleFormatUntyped = 4
}
