/// The horizontal pass: each output pixel is the weighted sum of `taps` consecutive pixels of
/// an intermediate row in pair layout (``PixelPairRow``): one load and one `pmaddwd` per two
/// taps, four output pixels rounded, clamped and stored together.
enum ResampleHorizontalPass {
  /// Pair row → RGBA8 (the last pass of vertical-first order): input 32 × value.
  ///
  /// - Parameters:
  ///   - input: The row; its pixel 0 is source column `sourceOffset`, `table.sourceRange.lowerBound`.
  ///   - sourceOffset: The source column of the row's pixel 0.
  ///   - table: The horizontal weights.
  ///   - clampToAlpha: Whether to clamp colour to alpha (filters with negative lobes).
  ///   - output: `table.count` RGBA8 pixels.
  static func pairsToBytes(
    _ input: PixelPairRow, sourceOffset: Int, table: ResampleWeights, clampToAlpha: Bool,
    output: UnsafeMutableRawPointer
  ) {
    let shift = Int32(table.fractionBits &+ Int16Lanes.intermediateBits)
    // One out-of-line function per common pair count, each with the count constant: inlined
    // into one large switch, the optimizer stopped inlining after the first few cases.
    switch table.pairsPerOutput {
    case 1: toBytes1(input, table, shift, clampToAlpha, output)
    case 2: toBytes2(input, table, shift, clampToAlpha, output)
    case 3: toBytes3(input, table, shift, clampToAlpha, output)
    case 4: toBytes4(input, table, shift, clampToAlpha, output)
    case 5: toBytes5(input, table, shift, clampToAlpha, output)
    case 6: toBytes6(input, table, shift, clampToAlpha, output)
    case 7: toBytes7(input, table, shift, clampToAlpha, output)
    case 8: toBytes8(input, table, shift, clampToAlpha, output)
    case 9: toBytes9(input, table, shift, clampToAlpha, output)
    case 10: toBytes10(input, table, shift, clampToAlpha, output)
    case 11: toBytes11(input, table, shift, clampToAlpha, output)
    case 12: toBytes12(input, table, shift, clampToAlpha, output)
    default: toBytes(input, sourceOffset, table, shift, clampToAlpha, output, pairs: table.pairsPerOutput)
    }
  }

  @inline(never)
  private static func toBytes7(
    _ input: PixelPairRow, _ table: ResampleWeights, _ shift: Int32, _ clampToAlpha: Bool,
    _ output: UnsafeMutableRawPointer
  ) {
    toBytes(input, 0, table, shift, clampToAlpha, output, pairs: 7)
  }

  @inline(never)
  private static func toBytes8(
    _ input: PixelPairRow, _ table: ResampleWeights, _ shift: Int32, _ clampToAlpha: Bool,
    _ output: UnsafeMutableRawPointer
  ) {
    toBytes(input, 0, table, shift, clampToAlpha, output, pairs: 8)
  }

  @inline(never)
  private static func toBytes9(
    _ input: PixelPairRow, _ table: ResampleWeights, _ shift: Int32, _ clampToAlpha: Bool,
    _ output: UnsafeMutableRawPointer
  ) {
    toBytes(input, 0, table, shift, clampToAlpha, output, pairs: 9)
  }

  @inline(never)
  private static func toBytes10(
    _ input: PixelPairRow, _ table: ResampleWeights, _ shift: Int32, _ clampToAlpha: Bool,
    _ output: UnsafeMutableRawPointer
  ) {
    toBytes(input, 0, table, shift, clampToAlpha, output, pairs: 10)
  }

  @inline(never)
  private static func toBytes11(
    _ input: PixelPairRow, _ table: ResampleWeights, _ shift: Int32, _ clampToAlpha: Bool,
    _ output: UnsafeMutableRawPointer
  ) {
    toBytes(input, 0, table, shift, clampToAlpha, output, pairs: 11)
  }

  @inline(never)
  private static func toBytes12(
    _ input: PixelPairRow, _ table: ResampleWeights, _ shift: Int32, _ clampToAlpha: Bool,
    _ output: UnsafeMutableRawPointer
  ) {
    toBytes(input, 0, table, shift, clampToAlpha, output, pairs: 12)
  }

  @inline(never)
  private static func toBytes1(
    _ input: PixelPairRow, _ table: ResampleWeights, _ shift: Int32, _ clampToAlpha: Bool,
    _ output: UnsafeMutableRawPointer
  ) {
    toBytes(input, 0, table, shift, clampToAlpha, output, pairs: 1)
  }

  @inline(never)
  private static func toBytes2(
    _ input: PixelPairRow, _ table: ResampleWeights, _ shift: Int32, _ clampToAlpha: Bool,
    _ output: UnsafeMutableRawPointer
  ) {
    toBytes(input, 0, table, shift, clampToAlpha, output, pairs: 2)
  }

  @inline(never)
  private static func toBytes3(
    _ input: PixelPairRow, _ table: ResampleWeights, _ shift: Int32, _ clampToAlpha: Bool,
    _ output: UnsafeMutableRawPointer
  ) {
    toBytes(input, 0, table, shift, clampToAlpha, output, pairs: 3)
  }

  @inline(never)
  private static func toBytes4(
    _ input: PixelPairRow, _ table: ResampleWeights, _ shift: Int32, _ clampToAlpha: Bool,
    _ output: UnsafeMutableRawPointer
  ) {
    toBytes(input, 0, table, shift, clampToAlpha, output, pairs: 4)
  }

  @inline(never)
  private static func toBytes5(
    _ input: PixelPairRow, _ table: ResampleWeights, _ shift: Int32, _ clampToAlpha: Bool,
    _ output: UnsafeMutableRawPointer
  ) {
    toBytes(input, 0, table, shift, clampToAlpha, output, pairs: 5)
  }

  @inline(never)
  private static func toBytes6(
    _ input: PixelPairRow, _ table: ResampleWeights, _ shift: Int32, _ clampToAlpha: Bool,
    _ output: UnsafeMutableRawPointer
  ) {
    toBytes(input, 0, table, shift, clampToAlpha, output, pairs: 6)
  }

  /// Pair row of source values (0 ... 255) → intermediate (four `Int16` per pixel, 64 × value
  /// floored, ``Int16Lanes/rowIntermediateBits``): the first pass of horizontal-first order. Writes `table.count` pixels rounded up to a
  /// multiple of 4 (the row must have room).
  static func pairsToIntermediate(
    _ input: PixelPairRow, sourceOffset: Int, table: ResampleWeights, output: UnsafeMutablePointer<Int16>
  ) {
    let shift = Int32(table.fractionBits &- Int16Lanes.rowIntermediateBits)
    switch table.pairsPerOutput {
    case 1: toIntermediate1(input, table, shift, output)
    case 2: toIntermediate2(input, table, shift, output)
    case 3: toIntermediate3(input, table, shift, output)
    case 4: toIntermediate4(input, table, shift, output)
    default: toIntermediate(input, sourceOffset, table, shift, output, pairs: table.pairsPerOutput)
    }
  }

  @inline(never)
  private static func toIntermediate1(
    _ input: PixelPairRow, _ table: ResampleWeights, _ shift: Int32, _ output: UnsafeMutablePointer<Int16>
  ) {
    toIntermediate(input, 0, table, shift, output, pairs: 1)
  }

  @inline(never)
  private static func toIntermediate2(
    _ input: PixelPairRow, _ table: ResampleWeights, _ shift: Int32, _ output: UnsafeMutablePointer<Int16>
  ) {
    toIntermediate(input, 0, table, shift, output, pairs: 2)
  }

  @inline(never)
  private static func toIntermediate3(
    _ input: PixelPairRow, _ table: ResampleWeights, _ shift: Int32, _ output: UnsafeMutablePointer<Int16>
  ) {
    toIntermediate(input, 0, table, shift, output, pairs: 3)
  }

  @inline(never)
  private static func toIntermediate4(
    _ input: PixelPairRow, _ table: ResampleWeights, _ shift: Int32, _ output: UnsafeMutablePointer<Int16>
  ) {
    toIntermediate(input, 0, table, shift, output, pairs: 4)
  }

  /// The weighted sum of output `index`: `[r, g, b, a]`.
  @inline(__always)
  private static func sum(
    _ input: PixelPairRow, _ sourceOffset: Int, _ table: ResampleWeights, index: Int, pairs: Int
  ) -> SIMD4<Int32> {
    let pixels = UnsafeRawPointer(input.even) + Int(table.pairOffsets[index])
    let weights = UnsafeRawPointer(table.pairedWeights + index &* pairs)
    var sum = SIMD4<Int32>.zero
    for j in 0..<pairs {
      sum &+= Int16Lanes.multiplyAdd(
        pixels.loadUnaligned(fromByteOffset: j &* 16, as: SIMD8<Int16>.self),
        weights.load(fromByteOffset: j &* 16, as: SIMD8<Int16>.self))
    }
    return sum
  }

  /// The pixel loop of ``pairsToBytes``, one copy per `clampToAlpha` (the test otherwise stays
  /// inside the loop).
  @inline(__always)
  private static func toBytes(
    _ input: PixelPairRow, _ sourceOffset: Int, _ table: ResampleWeights, _ shift: Int32, _ clampToAlpha: Bool,
    _ output: UnsafeMutableRawPointer, pairs: Int
  ) {
    if clampToAlpha {
      toBytes(input, sourceOffset, table, shift, output, pairs: pairs, clampToAlpha: true)
    } else {
      toBytes(input, sourceOffset, table, shift, output, pairs: pairs, clampToAlpha: false)
    }
  }

  @inline(__always)
  private static func toBytes(
    _ input: PixelPairRow, _ sourceOffset: Int, _ table: ResampleWeights, _ shift: Int32,
    _ output: UnsafeMutableRawPointer, pairs: Int, clampToAlpha: Bool
  ) {
    let count = table.count
    var i = 0
    while i &+ 4 <= count {
      let pixels = Int16Lanes.bytes(
        Int16Lanes.rounded(sum(input, sourceOffset, table, index: i, pairs: pairs), shift: shift),
        Int16Lanes.rounded(sum(input, sourceOffset, table, index: i &+ 1, pairs: pairs), shift: shift),
        Int16Lanes.rounded(sum(input, sourceOffset, table, index: i &+ 2, pairs: pairs), shift: shift),
        Int16Lanes.rounded(sum(input, sourceOffset, table, index: i &+ 3, pairs: pairs), shift: shift),
        clampToAlpha: clampToAlpha)
      (output + i &* 4).storeBytes(of: pixels, as: SIMD16<UInt8>.self)
      i &+= 4
    }
    if i < count {
      let last = count &- 1
      let pixels = Int16Lanes.bytes(
        Int16Lanes.rounded(sum(input, sourceOffset, table, index: i, pairs: pairs), shift: shift),
        Int16Lanes.rounded(sum(input, sourceOffset, table, index: min(i &+ 1, last), pairs: pairs), shift: shift),
        Int16Lanes.rounded(sum(input, sourceOffset, table, index: min(i &+ 2, last), pairs: pairs), shift: shift),
        Int16Lanes.rounded(sum(input, sourceOffset, table, index: last, pairs: pairs), shift: shift),
        clampToAlpha: clampToAlpha)
      Int16Lanes.store(pixels, count: count &- i, to: output + i &* 4)
    }
  }

  @inline(__always)
  private static func toIntermediate(
    _ input: PixelPairRow, _ sourceOffset: Int, _ table: ResampleWeights, _ shift: Int32,
    _ output: UnsafeMutablePointer<Int16>, pairs: Int
  ) {
    let count = table.count
    let last = count &- 1
    let out = UnsafeMutableRawPointer(output)
    var i = 0
    while i < count {
      let p0 = sum(input, sourceOffset, table, index: i, pairs: pairs)
      let p1 = sum(input, sourceOffset, table, index: min(i &+ 1, last), pairs: pairs)
      // Floored, not rounded: the vertical pass rounds once at the end, and a floor to a grid
      // holding every rounding boundary (k + 1/2 is a multiple of 1/64) never moves a value
      // across one, so a row of one value rounds exactly as vertical-first order rounds it.
      out.storeBytes(
        of: Int16Lanes.pack(p0 &>> SIMD4(repeating: shift), p1 &>> SIMD4(repeating: shift)),
        toByteOffset: i &* 8, as: SIMD8<Int16>.self)
      i &+= 2
    }
  }
}
