/// Checks, before any pixel memory is allocated, that a page's claimed size could come out
/// of a file this big.
///
/// Uncompressed data must be in the file. PackBits, LZW and Deflate cannot expand beyond a
/// fixed ratio (PackBits 64:1; LZW about 1,365:1 with 12-bit codes; Deflate 1,032:1), so a
/// page needing more decoded bytes than that is hostile. Other codecs (CCITT fax, JPEG) have
/// no useful bound and rely on ``DecodingLimits`` alone.
enum TIFFPlausibility {
  /// The most decoded bytes one compressed byte can yield, or `nil` when there is no bound.
  static func maximumExpansion(compression: Int) -> Int? {
    switch compression {
    case TIFFCode.compressionNone: 1
    case TIFFCode.compressionPackBits: 64
    case TIFFCode.compressionLZW: 1_400
    case TIFFCode.compressionDeflate, TIFFCode.compressionAdobeDeflate: 1_100
    default: nil
    }
  }

  /// Throws unless `neededBytes` of decoded data (the planes actually read) could come from
  /// `fileSize` bytes.
  static func check(
    width: Int, height: Int, neededBytes: Int, bitsPerPixel: Int, compression: Int, fileSize: Int
  ) throws(ImageIOError) {
    guard let expansion = maximumExpansion(compression: compression) else { return }
    let (available, overflow) = fileSize.multipliedReportingOverflow(by: expansion)
    if overflow || neededBytes <= available { return }
    if compression == TIFFCode.compressionNone {
      throw .truncated(
        .tiff, message: "the page needs \(neededBytes) bytes of uncompressed samples, the file holds \(fileSize)")
    }
    let possiblePixels = available / max(1, (bitsPerPixel + 7) / 8)
    throw .tooLarge(width: width, height: height, limit: possiblePixels)
  }

  /// Throws unless one strip or tile of `chunkBytes` decoded bytes, which a decoder holds whole
  /// (an edge tile is stored whole too), could come from the file: a 1x1 page may claim a tile
  /// of a gigabyte, which its own pixels' check lets through.
  static func checkChunk(_ fields: TIFFDirectoryFields, chunkBytes: Int, fileSize: Int) throws(ImageIOError) {
    try check(
      width: fields.width, height: fields.height, neededBytes: chunkBytes,
      bitsPerPixel: fields.bitsPerSample * (fields.isPlanar ? 1 : fields.samplesPerPixel),
      compression: fields.compression, fileSize: fileSize)
  }
}
