/// Measures whether every pixel of a view has full alpha.
enum OpacityScan {
  static func isOpaque(_ view: PixelView) -> Bool {
    guard let alphaOffset = view.format.alphaByteOffset else { return true }
    switch view.format.bitsPerChannel {
    case 16: return allRows(view) { row, count in allAlpha16Max(row, count: count, alphaOffset: alphaOffset) }
    default:
      let stride = view.format.bytesPerPixel
      if stride == 4 { return allRows(view) { row, count in allAlpha32Max(row, count: count) } }
      return allRows(view) { row, count in
        var all: UInt8 = 0xFF
        for x in 0..<count { all &= row.load(fromByteOffset: x &* stride &+ alphaOffset, as: UInt8.self) }
        return all == 0xFF
      }
    }
  }

  private static func allRows(_ view: PixelView, _ rowIsOpaque: (UnsafeRawPointer, Int) -> Bool) -> Bool {
    for y in 0..<view.height where !rowIsOpaque(view.rowAddress(y), view.width) { return false }
    return true
  }

  /// Four-byte pixels with alpha in the last byte: AND 4 pixels at a time, test once per row.
  private static func allAlpha32Max(_ row: UnsafeRawPointer, count: Int) -> Bool {
    var accumulated = SIMD4<UInt32>(repeating: 0xFFFF_FFFF)
    var x = 0
    while x &+ 4 <= count {
      accumulated &= row.loadUnaligned(fromByteOffset: x &* 4, as: SIMD4<UInt32>.self)
      x &+= 4
    }
    var tail: UInt32 = 0xFFFF_FFFF
    while x < count {
      tail &= row.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self)
      x &+= 1
    }
    let combined = accumulated[0] & accumulated[1] & accumulated[2] & accumulated[3] & tail
    return UInt32(littleEndian: combined) >> 24 == 0xFF
  }

  private static func allAlpha16Max(_ row: UnsafeRawPointer, count: Int, alphaOffset: Int) -> Bool {
    var all: UInt16 = 0xFFFF
    for x in 0..<count { all &= row.loadUnaligned(fromByteOffset: x &* 8 &+ alphaOffset, as: UInt16.self) }
    return all == 0xFFFF
  }
}
