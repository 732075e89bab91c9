extension ExtendMode {
  /// Writes into `output` the 4-byte pixels that positions `positions` of a row show, for a
  /// row of `extent` pixels at `row` extended by this mode: transparent black where the mode
  /// shows it. The one row assembler of every source that reads past an image's edge (image
  /// and pattern sources, the resampler's extended source rows).
  ///
  /// Runs are worked out from the mode, not searched pixel by pixel: the image part is one
  /// copy, clamped edges are stores of the edge pixel, and a repeated row copies one period
  /// from the image at a time (periods of 64 pixels or more; shorter ones are doubled inside the
  /// row, each copy reading what is written).
  func copyRow(
    _ row: UnsafeRawPointer, extent: Int, positions: Range<Int>, into output: UnsafeMutableRawPointer
  ) {
    guard extent > 0 else {
      output.initializeMemory(as: UInt8.self, repeating: 0, count: positions.count &* 4)
      return
    }
    switch self {
    case .repeat:
      Self.copyRepeating(row, extent: extent, positions: positions, into: output)
    case .clamp:
      Self.copyPadded(
        row, extent: extent, positions: positions, into: output,
        before: row.loadUnaligned(as: UInt32.self), after: row.loadUnaligned(fromByteOffset: (extent &- 1) &* 4, as: UInt32.self))
    case .transparent, .renormalize:
      Self.copyPadded(row, extent: extent, positions: positions, into: output, before: 0, after: 0)
    case .reflect:
      copyRuns(row, extent: extent, positions: positions, into: output)
    }
  }

  /// The image part of the positions copied at once, the positions before it filled with
  /// `before` and those after it with `after`.
  private static func copyPadded(
    _ row: UnsafeRawPointer, extent: Int, positions: Range<Int>, into output: UnsafeMutableRawPointer,
    before: UInt32, after: UInt32
  ) {
    let inside = positions.clamped(to: 0..<extent)
    guard !inside.isEmpty else {
      store(positions.upperBound <= 0 ? before : after, count: positions.count, at: output)
      return
    }
    let leading = inside.lowerBound &- positions.lowerBound
    store(before, count: leading, at: output)
    (output + leading &* 4).copyMemory(from: row + inside.lowerBound &* 4, byteCount: inside.count &* 4)
    store(after, count: positions.upperBound &- inside.upperBound, at: output + (leading &+ inside.count) &* 4)
  }

  /// `count` copies of `pixel` (rows need not be 4-byte aligned: caller memory may have any
  /// row bytes).
  private static func store(_ pixel: UInt32, count: Int, at output: UnsafeMutableRawPointer) {
    var offset = 0
    for _ in 0..<count {
      output.storeBytes(of: pixel, toByteOffset: offset, as: UInt32.self)
      offset &+= 4
    }
  }

  /// `k mod extent` for each position: the part of the first period up to the image's end,
  /// then one whole period from the image, then copies of what is written, doubling.
  private static func copyRepeating(
    _ row: UnsafeRawPointer, extent: Int, positions: Range<Int>, into output: UnsafeMutableRawPointer
  ) {
    let count = positions.count
    let first = ExtendMode.repeat.sourceIndex(positions.lowerBound, extent: extent).unsafelyUnwrapped
    let head = min(count, extent &- first)
    output.copyMemory(from: row + first &* 4, byteCount: head &* 4)
    guard head < count else { return }
    // From `head` on, position `head + j` shows pixel `j mod extent`.
    let period = min(count &- head, extent)
    (output + head &* 4).copyMemory(from: row, byteCount: period &* 4)
    var written = head &+ period
    if extent &* 4 >= Self.repeatUnitBytes {
      // A period of at least 256 bytes is copied from the image each time: the image row stays
      // in L1, and the copies never read back what they just wrote (doubling inside the row
      // read kilobytes of fresh stores: a 4K row of a 64-pixel tile ran 1.5x slower).
      while written < count {
        let chunk = min(count &- written, extent)
        (output + written &* 4).copyMemory(from: row, byteCount: chunk &* 4)
        written &+= chunk
      }
      return
    }
    // A short period is doubled inside the row until the copies are long enough to be cheap.
    while written < count {
      let chunk = min(count &- written, written &- head)
      (output + written &* 4).copyMemory(from: output + head &* 4, byteCount: chunk &* 4)
      written &+= chunk
    }
  }

  /// Periods at least this long are copied from the image one at a time.
  static let repeatUnitBytes = 256

  /// Runs of positions that map onto consecutive pixels, found by asking ``sourceIndex(_:extent:)``
  /// per position (reflect's mirrored runs are one pixel each).
  private func copyRuns(
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
