/// The vertical pass: each output row is the weighted sum of `taps` rows, the same weight for
/// every pixel of a row. Rows hold `Int16` values (source rows are widened first); they are
/// taken two at a time, interleaved lane by lane (`punpcklwd`), so one `pmaddwd` with
/// `[wA, wB, wA, wB, ...]` adds both rows' contributions to one pixel's four channels in 32-bit
/// lanes, exactly.
///
/// That is the vertical pass of vertical-first order; horizontal-first order's, over rows that
/// are already `Int16`, is in `ResampleVerticalPass+Narrow.swift`.
///
/// (Interleaving source bytes directly and widening afterwards lets LLVM fuse the two shuffles
/// into one it lowers as dozens of instructions on SSE2; widening into memory first keeps
/// every shuffle a single instruction.)
enum ResampleVerticalPass {
  /// Source rows widened to `Int16` (``widen(_:width:into:)``) → intermediate in pair layout
  /// (32 × value): the first pass of vertical-first order. Only the pairs the horizontal pass
  /// reads are written (`pairRuns`): a 2x reduction reads nearly only the odd ones.
  ///
  /// - Parameters:
  ///   - rows: `taps` pointers to widened rows, each readable for `width` rounded up to a
  ///     multiple of 4 pixels.
  ///   - weights: `taps` weights with `fractionBits` fraction bits.
  ///   - taps: Rows weighed.
  ///   - fractionBits: Fraction bits of the weights.
  ///   - width: Pixels per row.
  ///   - pairRuns: The pairs to write, ``ResampleWeights/pairRuns``.
  ///   - output: The pair row written.
  static func widenedToPairs(
    rows: UnsafePointer<UnsafePointer<Int16>>, weights: UnsafePointer<Int16>, taps: Int, fractionBits: Int, width: Int,
    pairRuns: UnsafeBufferPointer<Int32>, output: PixelPairRow
  ) {
    let shift = Int32(fractionBits &- Int16Lanes.intermediateBits)
    if taps <= VerticalTapRegisters.maximumTaps {
      let pairs = VerticalTapRegisters(rows: rows, weights: weights, taps: taps)
      switch (taps &+ 1) >> 1 {
      case 1: toPairs(pairRuns, shift: shift, output: output) { pairs.sums(offset: $0, pairs: 1) }
      case 2: toPairs(pairRuns, shift: shift, output: output) { pairs.sums(offset: $0, pairs: 2) }
      case 3: toPairs(pairRuns, shift: shift, output: output) { pairs.sums(offset: $0, pairs: 3) }
      default: toPairs(pairRuns, shift: shift, output: output) { pairs.sums(offset: $0, pairs: 4) }
      }
    } else {
      withChunks(rows: rows, weights: weights, taps: taps) { chunks, lastPairs in
        switch lastPairs {
        case 1: toPairs(pairRuns, shift: shift, output: output) { chunkedSums(chunks, 1, offset: $0) }
        case 2: toPairs(pairRuns, shift: shift, output: output) { chunkedSums(chunks, 2, offset: $0) }
        case 3: toPairs(pairRuns, shift: shift, output: output) { chunkedSums(chunks, 3, offset: $0) }
        default: toPairs(pairRuns, shift: shift, output: output) { chunkedSums(chunks, 4, offset: $0) }
        }
      }
    }
  }

  /// The pixel loop of ``widenedToPairs``: `sums` gives four pixels' sums at a byte offset. Runs
  /// through `runs`, each segment writing the even pairs, the odd pairs or both.
  @inline(__always)
  private static func toPairs(
    _ runs: UnsafeBufferPointer<Int32>, shift: Int32, output: PixelPairRow,
    _ sums: (Int) -> (SIMD4<Int32>, SIMD4<Int32>, SIMD4<Int32>, SIMD4<Int32>)
  ) {
    var previous = SIMD4<Int32>.zero
    var g = 0
    for run in runs {
      let end = Int(run &>> 2)
      switch run & 3 {
      case 1: previous = toPairs(g..<end, previous, shift, output, even: true, odd: false, sums)
      case 2: previous = toPairs(g..<end, previous, shift, output, even: false, odd: true, sums)
      default: previous = toPairs(g..<end, previous, shift, output, even: true, odd: true, sums)
      }
      g = end
    }
    output.finish(x: g &* 4, previous: previous)
  }

  /// Groups `segment` of ``toPairs(_:shift:output:_:)``, `even` and `odd` constant at each call;
  /// returns the segment's last pixel.
  @inline(__always)
  private static func toPairs(
    _ segment: Range<Int>, _ previous: SIMD4<Int32>, _ shift: Int32, _ output: PixelPairRow, even: Bool, odd: Bool,
    _ sums: (Int) -> (SIMD4<Int32>, SIMD4<Int32>, SIMD4<Int32>, SIMD4<Int32>)
  ) -> SIMD4<Int32> {
    var previous = previous
    var x = segment.lowerBound &* 4
    let end = segment.upperBound &* 4
    while x < end {
      let s = sums(x &* 8)
      let p0 = Int16Lanes.rounded(s.0, shift: shift)
      let p1 = Int16Lanes.rounded(s.1, shift: shift)
      let p2 = Int16Lanes.rounded(s.2, shift: shift)
      let p3 = Int16Lanes.rounded(s.3, shift: shift)
      if even { output.writeEven(x: x, p0, p1, p2, p3) }
      if odd { output.writeOdd(x: x, previous: previous, p0, p1, p2) }
      previous = p3
      x &+= 4
    }
    return previous
  }

  /// `width` RGBA8 pixels widened to four `Int16` each, written for `width` rounded up to a
  /// multiple of 4 (the extra pixels are zero). Per four pixels `movdqu`, `movdqa`, `punpcklbw`
  /// and `punpckhbw` with zero, two stores; sixteen pixels per iteration share the loop's
  /// counting (11 instructions per four pixels one group at a time, 6.75 four at a time).
  static func widen(_ source: UnsafeRawPointer, width: Int, into output: UnsafeMutablePointer<Int16>) {
    let out = UnsafeMutableRawPointer(output)
    var x = 0
    let lastSixteen = width &- 16
    while x <= lastSixteen {
      widenFour(source, out, x)
      widenFour(source, out, x &+ 4)
      widenFour(source, out, x &+ 8)
      widenFour(source, out, x &+ 12)
      x &+= 16
    }
    while x &+ 4 <= width {
      widenFour(source, out, x)
      x &+= 4
    }
    if x < width {
      var bytes = SIMD16<UInt8>.zero
      withUnsafeMutableBytes(of: &bytes) { $0.baseAddress!.copyMemory(from: source + x &* 4, byteCount: (width &- x) &* 4) }
      out.storeBytes(of: Int16Lanes.widenLow(bytes), toByteOffset: x &* 8, as: SIMD8<Int16>.self)
      out.storeBytes(of: Int16Lanes.widenHigh(bytes), toByteOffset: x &* 8 &+ 16, as: SIMD8<Int16>.self)
    }
  }

  /// Pixels `x ..< x + 4` of ``widen(_:width:into:)``.
  @inline(__always)
  private static func widenFour(_ source: UnsafeRawPointer, _ out: UnsafeMutableRawPointer, _ x: Int) {
    let bytes = (source + x &* 4).loadUnaligned(as: SIMD16<UInt8>.self)
    out.storeBytes(of: Int16Lanes.widenLow(bytes), toByteOffset: x &* 8, as: SIMD8<Int16>.self)
    out.storeBytes(of: Int16Lanes.widenHigh(bytes), toByteOffset: x &* 8 &+ 16, as: SIMD8<Int16>.self)
  }

  /// More than ``VerticalTapRegisters/maximumTaps`` rows: groups of 8 rows in a stack array,
  /// the last group holding `lastPairs` (1 ... 4) pairs.
  @inline(__always)
  private static func withChunks(
    rows: UnsafePointer<UnsafePointer<Int16>>, weights: UnsafePointer<Int16>, taps: Int,
    _ body: (UnsafeMutableBufferPointer<VerticalTapRegisters>, Int) -> Void
  ) {
    let groupTaps = VerticalTapRegisters.maximumTaps
    let count = (taps &+ groupTaps &- 1) / groupTaps
    withUnsafeTemporaryAllocation(of: VerticalTapRegisters.self, capacity: count) { chunks in
      for c in 0..<count {
        let first = c &* groupTaps
        chunks.initializeElement(
          at: c, to: VerticalTapRegisters(rows: rows + first, weights: weights + first, taps: min(groupTaps, taps &- first)))
      }
      let lastTaps = taps &- (count &- 1) &* groupTaps
      body(chunks, (lastTaps &+ 1) >> 1)
    }
  }

  @inline(__always)
  private static func chunkedSums(
    _ chunks: UnsafeMutableBufferPointer<VerticalTapRegisters>, _ lastPairs: Int, offset: Int
  ) -> (SIMD4<Int32>, SIMD4<Int32>, SIMD4<Int32>, SIMD4<Int32>) {
    let last = chunks.count &- 1
    var s = chunks[last].sums(offset: offset, pairs: lastPairs)
    for c in 0..<last {
      let t = chunks[c].sums(offset: offset, pairs: 4)
      s.0 &+= t.0
      s.1 &+= t.1
      s.2 &+= t.2
      s.3 &+= t.3
    }
    return s
  }
}
