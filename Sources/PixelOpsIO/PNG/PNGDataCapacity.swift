/// Refuses headers whose pixels cannot be in the file, before any pixel memory is allocated.
///
/// deflate expands at most 1032-fold (a 258-byte match from 2 bits), so IDAT chunks holding
/// `n` bytes inflate to at most `1032 n` bytes. A header claiming more (a few hundred bytes
/// that claim a 13,000 x 13,000 image, say) is refused here instead of after allocating the
/// image and failing on the missing data.
enum PNGDataCapacity {
  static let maximumInflationRatio = 1032

  static func check(_ data: UnsafeRawBufferPointer, header: PNGHeader) throws(ImageIOError) {
    let compressed = imageDataByteCount(data)
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

  /// The bytes inside IDAT chunks that are present in `data`, walking the chunk list from
  /// after the signature up to IEND or the end of the data.
  static func imageDataByteCount(_ data: UnsafeRawBufferPointer) -> Int {
    var offset = PNGSignature.bytes.count
    var total = 0
    while data.count - offset >= 8 {
      let type = bigEndianWord(data, at: offset + 4)
      let available = data.count - offset - 8
      let length = Int(exactly: bigEndianWord(data, at: offset)) ?? Int.max
      if type == 0x4944_4154 /* IDAT */ { total += min(length, available) }
      if type == 0x4945_4E44 /* IEND */ || length > available { break }
      offset += 8 + length
      if data.count - offset < 4 { break }
      offset += 4  // CRC
    }
    return total
  }

  private static func bigEndianWord(_ data: UnsafeRawBufferPointer, at offset: Int) -> UInt32 {
    (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(data[offset + $1]) }
  }
}
