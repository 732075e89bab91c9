/// Refuses headers whose pixels cannot be in the file, before any pixel memory is allocated.
///
/// deflate expands at most 1032-fold (a 258-byte match from 2 bits), so IDAT chunks holding
/// `n` bytes inflate to at most `1032 n` bytes. A header claiming more (a few hundred bytes
/// that claim a 13,000 x 13,000 image, say) is refused here instead of after allocating the
/// image and failing on the missing data.
enum PNGDataCapacity {
  static let maximumInflationRatio = 1032

  static func check(_ source: PNGSource, header: PNGHeader) throws(ImageIOError) {
    let compressed = try imageDataByteCount(source)
    let bitsPerPixel = header.bitDepth * header.channelCount
    // Without the filter bytes and interlacing overhead: a lower bound on the inflated size.
    let (rowBits, rowOverflow) = header.width.multipliedReportingOverflow(by: bitsPerPixel)
    let (needed, overflow) = (rowBits / 8 + (rowBits % 8 == 0 ? 0 : 1)).multipliedReportingOverflow(by: header.height)
    if rowOverflow || overflow || needed / maximumInflationRatio > compressed {
      throw .truncated(
        .png,
        message: "\(header.width)x\(header.height) pixels need \(needed) bytes of image data, "
          + "which \(compressed) compressed bytes of IDAT cannot hold")
    }
  }

  /// The bytes inside IDAT chunks that are present in `source`, walking the chunk list from
  /// after the signature up to IEND, the end of the input or a chunk whose type is not four
  /// letters (libpng stops there too, so the walk never crosses garbage: a file of zeros
  /// after the header ends it at once, whatever the file's size). One chunk header is read
  /// per chunk; chunk contents are skipped.
  static func imageDataByteCount(_ source: PNGSource) throws(ImageIOError) -> Int {
    let size = source.byteCount
    var offset = PNGSignature.bytes.count
    var total = 0
    while let (length32, type) = try source.chunkHeader(at: offset), isChunkType(type) {
      let available = size - offset - 8
      let length = Int(exactly: length32) ?? Int.max
      if type == 0x4944_4154 /* IDAT */ { total += min(length, available) }
      if type == 0x4945_4E44 /* IEND */ || length > available { break }
      offset += 8 + length
      if size - offset < 4 { break }
      offset += 4  // CRC
    }
    return total
  }

  /// Whether the four bytes of `type` are ASCII letters, as every chunk type is.
  private static func isChunkType(_ type: UInt32) -> Bool {
    (0..<4).allSatisfy { shift in
      let byte = UInt8(truncatingIfNeeded: type >> (8 * UInt32(shift)))
      return (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
  }
}
