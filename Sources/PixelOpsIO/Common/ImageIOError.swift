public import PixelOps

/// The file formats PixelOpsIO reads and writes.
public enum ImageFileFormat: String, Sendable, Hashable, CustomStringConvertible {
  case png = "PNG"
  case tiff = "TIFF"
  public var description: String { rawValue }
}

/// Why an image file could not be read or written. The `message` of codec errors is the
/// codec's own text (libpng's or libtiff's), captured instead of printed.
public enum ImageIOError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file could not be opened or read (`reason` is the system's error text).
  case unreadableFile(path: String, reason: String)
  /// The input holds no bytes at all.
  case emptyInput
  /// The bytes do not start with the format's signature.
  case notRecognized(ImageFileFormat, detail: String)
  /// The file is damaged: a bad checksum, an invalid field, a broken compressed stream.
  case corrupt(ImageFileFormat, message: String)
  /// The file ends before the image does.
  case truncated(ImageFileFormat, message: String)
  /// A valid file the decoder does not handle (for example floating-point TIFF samples).
  case unsupported(ImageFileFormat, message: String)
  /// The header claims more pixels than ``DecodingLimits/maximumPixelCount`` allows, or more
  /// than the file could possibly hold; refused before allocating.
  case tooLarge(width: Int, height: Int, limit: Int)
  /// Decoding would need `bytes` bytes of memory at once (the decoded image when the decoder
  /// allocates it, plus its scratch: strips, rows, rasters), more than
  /// ``DecodingLimits/maximumByteCount`` (`limit`); refused before allocating.
  case exceedsMemoryLimit(bytes: Int, limit: Int)
  /// An option given to a decoder or encoder is out of its range (a compression level, a gamma
  /// exponent); `message` names the option and its valid range.
  case invalidOption(ImageFileFormat, message: String)
  /// A page index past the last page of a multi-page file.
  case pageOutOfRange(index: Int, pageCount: Int)
  /// Writing failed; any earlier file at `path` is untouched.
  case writeFailed(path: String, reason: String)
  /// The pixels handed to an encoder, or the buffer a decoder needed, were refused.
  case pixels(PixelError)
  /// The view given to a decode-into call is not the size of the image or page: `expected`
  /// is the image's size, `actual` the view's. Nothing was written.
  case destinationSizeMismatch(expected: PixelSize, actual: PixelSize)
  /// The view given to a decode-into call is not in the format the decoder writes with the
  /// options given: `expected` is that format, `actual` the view's. Nothing was written.
  case destinationFormatMismatch(expected: PixelFormat, actual: PixelFormat)

  public var description: String {
    switch self {
    case .unreadableFile(let path, let reason): "cannot read \(path): \(reason)"
    case .emptyInput: "the input is empty (0 bytes)"
    case .notRecognized(let format, let detail): "not a \(format) file: \(detail)"
    case .corrupt(let format, let message): "corrupt \(format) file: \(message)"
    case .truncated(let format, let message): "truncated \(format) file: \(message)"
    case .unsupported(let format, let message): "unsupported \(format) file: \(message)"
    case .tooLarge(let w, let h, let limit):
      "image of \(w)x\(h) pixels exceeds the limit of \(limit) pixels"
    case .exceedsMemoryLimit(let bytes, let limit):
      "decoding needs \(bytes) bytes of memory (image and scratch), more than the limit of \(limit) bytes"
    case .invalidOption(let format, let message): "invalid \(format) option: \(message)"
    case .pageOutOfRange(let index, let count): "page \(index) requested, the file has \(count)"
    case .writeFailed(let path, let reason): "cannot write \(path): \(reason)"
    case .pixels(let error): error.description
    case .destinationSizeMismatch(let expected, let actual):
      "the image is \(expected) pixels, the view to decode into is \(actual)"
    case .destinationFormatMismatch(let expected, let actual):
      "the decoder writes \(expected), the view to decode into is \(actual)"
    }
  }
}

/// Limits a decoder checks before allocating, as Pillow's decompression-bomb guard does.
public struct DecodingLimits: Sendable, Hashable {
  /// Largest `width * height` accepted. The default, 178,956,970, is Pillow's error
  /// threshold (about 13,377 x 13,377; 716 MB as RGBA8, 1.43 GB as RGBA16).
  public var maximumPixelCount: Int

  /// Largest number of pages a multi-page file may list before it is refused as hostile.
  public var maximumPageCount: Int

  /// Largest number of bytes one decode may hold at once: the decoded image when the decoder
  /// allocates it (not a caller's view decoded into), plus every scratch buffer of the
  /// decoder and the codec library (strips or tiles, rows, libtiff's RGBA raster), computed
  /// from the header and checked before anything is allocated. The default, 2,415,919,104
  /// (2.25 GiB), decodes every file within the default pixel limit to RGBA16 (1.43 GB) through
  /// every path whose scratch is bounded (PNG; TIFF strips and tiles of contiguous samples,
  /// read a scanline at a time when a strip is large), and to either format through libtiff's
  /// RGBA interface (a 4-byte-per-pixel raster beside the image). What it refuses at that size
  /// is a planar TIFF whose planes are each one huge strip decoded to RGBA16 (every plane's
  /// strip is held whole: 2.86 GB).
  public var maximumByteCount: Int

  /// Limits with the given values; the defaults are described on each property.
  public init(
    maximumPixelCount: Int = 178_956_970, maximumPageCount: Int = 65_536, maximumByteCount: Int = 2_415_919_104
  ) {
    self.maximumPixelCount = maximumPixelCount
    self.maximumPageCount = maximumPageCount
    self.maximumByteCount = maximumByteCount
  }

  /// The defaults described on each property.
  public static let standard = DecodingLimits()

  /// Throws ``ImageIOError/tooLarge(width:height:limit:)`` unless `width * height` is within
  /// ``maximumPixelCount`` (and positive sizes do not overflow).
  public func check(width: Int, height: Int) throws(ImageIOError) {
    let (count, overflow) = width.multipliedReportingOverflow(by: height)
    if overflow || count > maximumPixelCount || width < 0 || height < 0 {
      throw .tooLarge(width: width, height: height, limit: maximumPixelCount)
    }
  }

  /// Throws ``ImageIOError/exceedsMemoryLimit(bytes:limit:)`` unless the sum of `parts`
  /// (saturating at `Int.max`; a negative part counts as `Int.max`) is within
  /// ``maximumByteCount``.
  func checkMemory(_ parts: Int...) throws(ImageIOError) {
    var total = 0
    for part in parts {
      let (sum, overflow) = total.addingReportingOverflow(part < 0 ? Int.max : part)
      total = overflow ? Int.max : sum
    }
    if total > maximumByteCount { throw .exceedsMemoryLimit(bytes: total, limit: maximumByteCount) }
  }

  /// Bytes of a ``PixelBuffer`` of `width` x `height` pixels of `bytesPerPixel` bytes, rows
  /// padded to 64 bytes as ``PixelBuffer`` pads them (`Int.max` on overflow).
  static func bufferBytes(width: Int, height: Int, bytesPerPixel: Int) -> Int {
    let (row, rowOverflow) = width.multipliedReportingOverflow(by: bytesPerPixel)
    let padded = rowOverflow || row > Int.max - 63 ? Int.max : (row + 63) / 64 * 64
    let (total, overflow) = padded.multipliedReportingOverflow(by: height)
    return overflow ? Int.max : total
  }
}

extension ImageIOError {
  /// The path ``writeFailed(path:reason:)`` names for images encoded in memory.
  static let memoryPath = "<memory>"
}
