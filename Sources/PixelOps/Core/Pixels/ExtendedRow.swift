extension ExtendMode {
  /// Writes into `output` the 4-byte pixels that positions `positions` of a row show, for a
  /// row of `extent` pixels at `row` extended by this mode: transparent black where the mode
  /// shows it, and each run of positions that maps onto consecutive pixels copied at once.
  /// The one row assembler of every source that reads past an image's edge.
  func copyRow(
    _ row: UnsafeRawPointer, extent: Int, positions: Range<Int>, into output: UnsafeMutableRawPointer
  ) {
    var x = positions.lowerBound
    var offset = 0
    while x < positions.upperBound {
      guard let k = sourceIndex(x, extent: extent) else {
        output.storeBytes(of: 0, toByteOffset: offset, as: UInt32.self)
        offset &+= 4
        x &+= 1
        continue
      }
      let longest = min(positions.upperBound &- x, extent &- k)
      var run = 1
      while run < longest && sourceIndex(x &+ run, extent: extent) == k &+ run { run &+= 1 }
      (output + offset).copyMemory(from: row + k &* 4, byteCount: run &* 4)
      offset &+= run &* 4
      x &+= run
    }
  }
}
