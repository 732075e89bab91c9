/// Builds small uncompressed little-endian TIFFs byte by byte, for layouts the shared test
/// images do not cover. Independent of the code under test: tags are written by hand.
struct TIFFTestBuilder {
  var width: Int
  var height: Int
  var bitsPerSample: [Int]
  var photometric: Int
  /// Stored sample bytes of the single strip, rows packed as TIFF requires.
  var pixelData: [UInt8]
  var extraSamples: [Int]? = nil
  var sampleFormat: Int? = nil
  var orientation: Int? = nil
  /// FillOrder: 2 stores the first pixel in the lowest bit of each byte.
  var fillOrder: Int? = nil
  /// Red, then green, then blue entries (3 * 2^bits values).
  var colormap: [UInt16]? = nil
  /// The Compression tag; `pixelData` must then hold the strip as that scheme stores it.
  var compression = 1
  /// Rows per strip when the page is stored as several strips (`strips`); `nil` for one strip.
  var rowsPerStrip: Int? = nil
  /// The strips, each as `compression` stores it, when there are several; `nil` for the
  /// single strip `pixelData`.
  var strips: [[UInt8]]? = nil
  /// Tile width and length: the chunks (`strips`, or `pixelData` alone) are then tiles, with
  /// TileWidth, TileLength, TileOffsets and TileByteCounts in place of the strip fields.
  var tileSize: (width: Int, height: Int)? = nil

  private enum FieldType: UInt16 {
    case short = 3
    case long = 4
  }

  private struct Entry {
    let tag: UInt16
    let type: FieldType
    let values: [UInt32]
  }

  var bytes: [UInt8] {
    let strips = self.strips ?? [pixelData]
    let pixelData = strips.flatMap { $0 }
    // Strips follow the 8-byte header back to back.
    var stripOffsets: [UInt32] = []
    var offset = 8
    for strip in strips {
      stripOffsets.append(UInt32(offset))
      offset += strip.count
    }
    var entries: [Entry] = [
      Entry(tag: 256, type: .long, values: [UInt32(width)]),
      Entry(tag: 257, type: .long, values: [UInt32(height)]),
      Entry(tag: 258, type: .short, values: bitsPerSample.map(UInt32.init)),
      Entry(tag: 259, type: .short, values: [UInt32(compression)]),
      Entry(tag: 262, type: .short, values: [UInt32(photometric)]),
      Entry(tag: 277, type: .short, values: [UInt32(bitsPerSample.count)]),
      Entry(tag: 284, type: .short, values: [1]),
    ]
    if let tileSize {
      entries += [
        Entry(tag: 322, type: .long, values: [UInt32(tileSize.width)]),
        Entry(tag: 323, type: .long, values: [UInt32(tileSize.height)]),
        Entry(tag: 324, type: .long, values: stripOffsets),
        Entry(tag: 325, type: .long, values: strips.map { UInt32($0.count) }),
      ]
    } else {
      entries += [
        Entry(tag: 273, type: .long, values: stripOffsets),
        Entry(tag: 278, type: .long, values: [UInt32(rowsPerStrip ?? height)]),
        Entry(tag: 279, type: .long, values: strips.map { UInt32($0.count) }),
      ]
    }
    if let fillOrder { entries.append(Entry(tag: 266, type: .short, values: [UInt32(fillOrder)])) }
    if let orientation { entries.append(Entry(tag: 274, type: .short, values: [UInt32(orientation)])) }
    if let colormap { entries.append(Entry(tag: 320, type: .short, values: colormap.map(UInt32.init))) }
    if let extraSamples { entries.append(Entry(tag: 338, type: .short, values: extraSamples.map(UInt32.init))) }
    if let sampleFormat {
      entries.append(Entry(tag: 339, type: .short, values: Array(repeating: UInt32(sampleFormat), count: bitsPerSample.count)))
    }
    entries.sort { $0.tag < $1.tag }

    var output: [UInt8] = [0x49, 0x49, 42, 0]
    let ifdOffset = (8 + pixelData.count + 1) & ~1
    output += le32(ifdOffset)
    output += pixelData
    while output.count < ifdOffset { output.append(0) }
    var overflow: [UInt8] = []
    let overflowStart = ifdOffset + 2 + entries.count * 12 + 4
    output += le16(entries.count)
    for entry in entries {
      let encoded = entry.values.flatMap { entry.type == .short ? le16(Int($0)) : le32(Int($0)) }
      output += le16(Int(entry.tag)) + le16(Int(entry.type.rawValue)) + le32(entry.values.count)
      if encoded.count <= 4 {
        output += encoded + Array(repeating: 0, count: 4 - encoded.count)
      } else {
        output += le32(overflowStart + overflow.count)
        overflow += encoded
        if overflow.count % 2 == 1 { overflow.append(0) }
      }
    }
    output += le32(0)
    return output + overflow
  }

  private func le16(_ value: Int) -> [UInt8] {
    [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)]
  }

  private func le32(_ value: Int) -> [UInt8] {
    [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24 & 0xFF)]
  }
}
