/// The vertical pass of horizontal-first order, in 16-bit arithmetic: rows of `Int16`
/// intermediates (``Int16Lanes/rowIntermediateBits``: 64 × value) → RGBA8.
///
/// Every lane of a row has the same weight, so a tap costs one `pmulhw` and one `paddw` per
/// eight lanes (two pixels) — no interleaving and no 32-bit sums, where the `pmaddwd` form costs
/// twice that. `pmulhw` keeps the high half of each product: with weights in Q15, each tap adds
/// `floor(32 × value × weight)`, so the sum is in 1/32 of a level, each tap rounding down by less
/// than one unit. Adding half the tap count before the final rounding centres that loss, which
/// leaves the result within `taps / 64` of a level of the exact sum; the pass is used for at
/// most ``maximumNarrowTaps`` taps (``ResampleRowProducer`` picks vertical-first order beyond),
/// so within 1/8 of a level. A row with a weight of magnitude 1 or more, which Q15 cannot hold
/// (an edge row of a filter with negative lobes, where clamping merges weights, or an exact
/// phase-0 tap), uses Q14 and sums in 1/16 of a level instead: within `taps / 32`. Sums stay far
/// inside `Int16`: at most 32 × 255 × 1.6² = 20,890 (the weights' L1 norm is under 1.6 for every filter
/// here, and no single weight reaches 2).
///
/// **Difference form** (filters that cannot overshoot: box, bilinear): the rows then hold
/// values in 0 ... 64 × 255, so differences fit `Int16`, and the pass computes
/// `V_r + Σ_{k≠r} floor((V_k - V_r) w_k)` around the row `r` of largest weight, in 1/64 of a
/// level (the sum's 1/32 units doubled; Q14 units times 4), then rounds once. Rows of one value
/// give exactly that value, whatever the weights: a column of one colour comes out the same
/// from a one-tap (unscaled) row and from an interpolated one, which keeps the slices of a
/// resizable image from differing by a level where they meet. Each floor loses less than a unit,
/// so the result is within `(taps - 1) / 32` of a level below the exact sum before rounding
/// (`(taps - 1) / 16` in Q14, which only a one-tap row of weight 1 uses: exact), and the
/// floored intermediate adds at most 1/64: within 0.5 + 7/32 + 1/64 < 0.74 of the exact value
/// at 8 taps.
extension ResampleVerticalPass {
  /// The most taps this pass takes.
  static let maximumNarrowTaps = ResampleWeightedRows.maximumTaps

  /// Intermediate rows → `width` RGBA8 pixels at `output`.
  ///
  /// - Parameters:
  ///   - rows: `taps` (1 ... ``maximumNarrowTaps``) pointers to intermediate rows, each readable
  ///     for `width` rounded up to a multiple of 4 pixels.
  ///   - weights: `taps` weights with `fractionBits` fraction bits.
  ///   - fractionBits: Fraction bits of the weights (at most 16).
  ///   - width: Pixels per row.
  ///   - clampToAlpha: Whether to clamp colour to alpha (filters with negative lobes).
  ///   - weightVectors: Scratch for `taps` vectors.
  ///   - output: `width` RGBA8 pixels.
  static func intermediateToBytes(
    rows: UnsafePointer<UnsafePointer<Int16>>, weights: UnsafePointer<Int16>, taps: Int, fractionBits: Int,
    width: Int, clampToAlpha: Bool, weightVectors: UnsafeMutablePointer<SIMD8<Int16>>,
    output: UnsafeMutableRawPointer
  ) {
    var largest = 0
    var reference = 0
    var total = 0
    for t in 0..<taps {
      total &+= Int(weights[t])
      if abs(Int(weights[t])) > largest {
        largest = abs(Int(weights[t]))
        reference = t
      }
    }
    let weightBits = largest < 1 &<< fractionBits ? 15 : 14
    for t in 0..<taps {
      weightVectors[t] = SIMD8(
        repeating: Self.weight(weights[t], fractionBits: fractionBits, toFractionBits: weightBits))
    }
    if !clampToAlpha && total == 1 &<< fractionBits {
      return differencesToBytes(
        rows: rows, taps: taps, reference: reference, weightBits: weightBits, width: width,
        weightVectors: weightVectors, output: output)
    }
    // Sums are in units of 2^-(weightBits - 10) levels (values are 64 × level).
    let shift = weightBits &- 10
    let bias = SIMD8<Int16>(repeating: Int16(truncatingIfNeeded: 1 &<< (shift &- 1) &+ taps &>> 1))
    let shifts = SIMD8<Int16>(repeating: Int16(truncatingIfNeeded: shift))
    let weighted = ResampleWeightedRows(rows: rows, weightVectors: weightVectors, taps: taps)
    switch taps {
    case 1: toBytes(width, bias, shifts, clampToAlpha, output) { weighted.sums(offset: $0, taps: 1) }
    case 2: toBytes(width, bias, shifts, clampToAlpha, output) { weighted.sums(offset: $0, taps: 2) }
    case 3: toBytes(width, bias, shifts, clampToAlpha, output) { weighted.sums(offset: $0, taps: 3) }
    case 4: toBytes(width, bias, shifts, clampToAlpha, output) { weighted.sums(offset: $0, taps: 4) }
    case 5: toBytes(width, bias, shifts, clampToAlpha, output) { weighted.sums(offset: $0, taps: 5) }
    case 6: toBytes(width, bias, shifts, clampToAlpha, output) { weighted.sums(offset: $0, taps: 6) }
    case 7: toBytes(width, bias, shifts, clampToAlpha, output) { weighted.sums(offset: $0, taps: 7) }
    default: toBytes(width, bias, shifts, clampToAlpha, output) { weighted.sums(offset: $0, taps: 8) }
    }
  }

  /// The difference form (see the type's summary): rows summed around `reference` in 1/64 of
  /// a level and rounded once. Its own function, so that each specialised loop here and in
  /// ``intermediateToBytes(rows:weights:taps:fractionBits:width:clampToAlpha:weightVectors:output:)``
  /// stays small enough for the optimizer to inline its row sums.
  private static func differencesToBytes(
    rows: UnsafePointer<UnsafePointer<Int16>>, taps: Int, reference: Int, weightBits: Int, width: Int,
    weightVectors: UnsafeMutablePointer<SIMD8<Int16>>, output: UnsafeMutableRawPointer
  ) {
    let unit = SIMD8<Int16>(repeating: weightBits == 15 ? 2 : 4)
    let half = SIMD8<Int16>(repeating: 32)
    let six = SIMD8<Int16>(repeating: 6)
    if taps <= 2 {
      return fewTapDifferencesToBytes(
        rows: rows, taps: taps, reference: reference, unit: unit, width: width, weightVectors: weightVectors,
        output: output)
    }
    let differences = ResampleWeightedRows(rows: rows, weightVectors: weightVectors, taps: taps, reference: reference)
    switch taps {
    case 3: toBytes(width, half, six, output, clampToAlpha: false) { differences.referenceSums(offset: $0, taps: 3, unit: unit) }
    case 4: toBytes(width, half, six, output, clampToAlpha: false) { differences.referenceSums(offset: $0, taps: 4, unit: unit) }
    case 5: toBytes(width, half, six, output, clampToAlpha: false) { differences.referenceSums(offset: $0, taps: 5, unit: unit) }
    case 6: toBytes(width, half, six, output, clampToAlpha: false) { differences.referenceSums(offset: $0, taps: 6, unit: unit) }
    case 7: toBytes(width, half, six, output, clampToAlpha: false) { differences.referenceSums(offset: $0, taps: 7, unit: unit) }
    default: toBytes(width, half, six, output, clampToAlpha: false) { differences.referenceSums(offset: $0, taps: 8, unit: unit) }
    }
  }

  /// ``differencesToBytes(rows:taps:reference:weightBits:width:weightVectors:output:)`` for one
  /// or two taps (bilinear magnification: a nine-slice's stretched edges), whose rows are made
  /// inline (``ResampleWeightedRows/init(rows:weightVectors:fewTaps:reference:)``). A function of
  /// its own: the same cases inside the general functions changed how the optimizer built their
  /// loops (a bicubic enlargement, which never comes here, took 3.3 times the instructions).
  private static func fewTapDifferencesToBytes(
    rows: UnsafePointer<UnsafePointer<Int16>>, taps: Int, reference: Int, unit: SIMD8<Int16>, width: Int,
    weightVectors: UnsafeMutablePointer<SIMD8<Int16>>, output: UnsafeMutableRawPointer
  ) {
    let differences = ResampleWeightedRows(rows: rows, weightVectors: weightVectors, fewTaps: taps, reference: reference)
    // Made here: passed in as arguments, they cost the nine-slice tile 642,008 instructions a
    // call instead of 474,608.
    let (half, six) = (SIMD8<Int16>(repeating: 32), SIMD8<Int16>(repeating: 6))
    if taps == 1 {
      toBytes(width, half, six, output, clampToAlpha: false) { differences.referenceSums(offset: $0, taps: 1, unit: unit) }
    } else {
      toBytes(width, half, six, output, clampToAlpha: false) { differences.referenceSums(offset: $0, taps: 2, unit: unit) }
    }
  }

  /// A weight with `fractionBits` fraction bits (at most 16) rescaled to `newBits` (14 or 15),
  /// rounded; its magnitude must be below `2^(15 - newBits)`.
  static func weight(_ weight: Int16, fractionBits: Int, toFractionBits newBits: Int) -> Int16 {
    let w = Int32(weight)
    let scaled =
      fractionBits <= newBits
      ? w &<< Int32(newBits &- fractionBits)
      : (w &+ 1 &<< Int32(fractionBits &- newBits &- 1)) &>> Int32(fractionBits &- newBits)
    return Int16(Swift.min(Swift.max(scaled, Int32(Int16.min)), Int32(Int16.max)))
  }

  /// The pixel loop: `sums` gives four pixels' sums at a byte offset, `shifts` makes them levels.
  @inline(__always)
  private static func toBytes(
    _ width: Int, _ bias: SIMD8<Int16>, _ shifts: SIMD8<Int16>, _ clampToAlpha: Bool,
    _ output: UnsafeMutableRawPointer, _ sums: (Int) -> (SIMD8<Int16>, SIMD8<Int16>)
  ) {
    if clampToAlpha {
      toBytes(width, bias, shifts, output, clampToAlpha: true, sums)
    } else {
      toBytes(width, bias, shifts, output, clampToAlpha: false, sums)
    }
  }

  @inline(__always)
  private static func toBytes(
    _ width: Int, _ bias: SIMD8<Int16>, _ shifts: SIMD8<Int16>, _ output: UnsafeMutableRawPointer,
    clampToAlpha: Bool, _ sums: (Int) -> (SIMD8<Int16>, SIMD8<Int16>)
  ) {
    var x = 0
    while x < width {
      let s = sums(x &* 8)
      let pixels = Int16Lanes.bytes((s.0 &+ bias) &>> shifts, (s.1 &+ bias) &>> shifts, clampToAlpha: clampToAlpha)
      Int16Lanes.store(pixels, count: Swift.min(4, width &- x), to: output + x &* 4)
      x &+= 4
    }
  }
}

/// Up to eight `Int16` rows and their weights (Q15, one vector each), held in locals for the
/// length of one row of ``ResampleVerticalPass/intermediateToBytes(rows:weights:taps:fractionBits:width:clampToAlpha:weightVectors:output:)``
/// (the loop's stores might alias memory, so the compiler would otherwise reload them per pixel).
/// The weights are loaded as vectors from memory: built in place from a scalar, the optimizer
/// kept their 32-bit sign extension and lowered the multiply as `pmuludq` and shuffles instead
/// of one `pmulhw`.
struct ResampleWeightedRows {
  static let maximumTaps = 8

  private var rows: (
    UnsafeRawPointer, UnsafeRawPointer, UnsafeRawPointer, UnsafeRawPointer, UnsafeRawPointer, UnsafeRawPointer,
    UnsafeRawPointer, UnsafeRawPointer
  )
  private var weights: (
    SIMD8<Int16>, SIMD8<Int16>, SIMD8<Int16>, SIMD8<Int16>, SIMD8<Int16>, SIMD8<Int16>, SIMD8<Int16>, SIMD8<Int16>
  )

  /// `taps` (1 ... ``maximumTaps``) rows and weight vectors; the unused slots repeat the last
  /// row and are never read. With a `reference` tap, that tap's row and weight move to slot 0
  /// (and slot 0's to its place), for ``referenceSums(offset:taps:unit:)``.
  init(
    rows: UnsafePointer<UnsafePointer<Int16>>, weightVectors: UnsafePointer<SIMD8<Int16>>, taps: Int, reference: Int = 0
  ) {
    func slot(_ t: Int) -> Int {
      let clamped = Swift.min(t, taps &- 1)
      return clamped == 0 ? reference : clamped == reference ? 0 : clamped
    }
    func row(_ t: Int) -> UnsafeRawPointer { UnsafeRawPointer(rows[slot(t)]) }
    func weight(_ t: Int) -> SIMD8<Int16> { weightVectors[slot(t)] }
    self.rows = (row(0), row(1), row(2), row(3), row(4), row(5), row(6), row(7))
    self.weights = (weight(0), weight(1), weight(2), weight(3), weight(4), weight(5), weight(6), weight(7))
  }

  /// The difference form of ``sums(offset:taps:)``, in the values' unit (1/64 of a level):
  /// slot 0's row plus `floor((row - row 0) × weight)` of every other row, those sums times
  /// `unit` (2 for Q15 weights, 4 for Q14: a multiply, which SSE2 has for 16-bit lanes, where a
  /// shift by a vector of counts is split into lanes). Exact when every row holds one value.
  @inline(__always)
  func referenceSums(offset: Int, taps: Int, unit: SIMD8<Int16>) -> (SIMD8<Int16>, SIMD8<Int16>) {
    let base = (
      rows.0.loadUnaligned(fromByteOffset: offset, as: SIMD8<Int16>.self),
      rows.0.loadUnaligned(fromByteOffset: offset &+ 16, as: SIMD8<Int16>.self)
    )
    var s = (SIMD8<Int16>.zero, SIMD8<Int16>.zero)
    if taps > 1 { Self.addDifference(rows.1, weights.1, offset, base, &s) }
    if taps > 2 { Self.addDifference(rows.2, weights.2, offset, base, &s) }
    if taps > 3 { Self.addDifference(rows.3, weights.3, offset, base, &s) }
    if taps > 4 { Self.addDifference(rows.4, weights.4, offset, base, &s) }
    if taps > 5 { Self.addDifference(rows.5, weights.5, offset, base, &s) }
    if taps > 6 { Self.addDifference(rows.6, weights.6, offset, base, &s) }
    if taps > 7 { Self.addDifference(rows.7, weights.7, offset, base, &s) }
    return (base.0 &+ s.0 &* unit, base.1 &+ s.1 &* unit)
  }

  @inline(__always)
  private static func addDifference(
    _ row: UnsafeRawPointer, _ weight: SIMD8<Int16>, _ offset: Int, _ base: (SIMD8<Int16>, SIMD8<Int16>),
    _ s: inout (SIMD8<Int16>, SIMD8<Int16>)
  ) {
    s.0 &+= Int16Lanes.multiplyHigh((row + offset).loadUnaligned(as: SIMD8<Int16>.self) &- base.0, weight)
    s.1 &+= Int16Lanes.multiplyHigh((row + offset).loadUnaligned(fromByteOffset: 16, as: SIMD8<Int16>.self) &- base.1, weight)
  }

  /// One or two rows (`taps`), made inline: the general initialiser is a call of about 100
  /// instructions, a third of a 40-pixel row's work (a nine-slice's stretched edge). The slots
  /// hold what the general initialiser puts there (past the taps, the last row repeated).
  @inline(__always)
  init(
    rows: UnsafePointer<UnsafePointer<Int16>>, weightVectors: UnsafePointer<SIMD8<Int16>>, fewTaps taps: Int,
    reference: Int = 0
  ) {
    assert((1...2).contains(taps) && (0..<taps).contains(reference))
    let second = taps == 2 ? 1 &- reference : reference
    let (first, next) = (UnsafeRawPointer(rows[reference]), UnsafeRawPointer(rows[second]))
    self.rows = (first, next, next, next, next, next, next, next)
    let (a, b) = (weightVectors[reference], weightVectors[second])
    self.weights = (a, b, b, b, b, b, b, b)
  }

  /// Weighted sums of the four pixels at byte `offset` over the first `taps` rows:
  /// pixels 0-1, then 2-3.
  @inline(__always)
  func sums(offset: Int, taps: Int) -> (SIMD8<Int16>, SIMD8<Int16>) {
    var s = (SIMD8<Int16>.zero, SIMD8<Int16>.zero)
    if taps > 0 { Self.add(rows.0, weights.0, offset, &s) }
    if taps > 1 { Self.add(rows.1, weights.1, offset, &s) }
    if taps > 2 { Self.add(rows.2, weights.2, offset, &s) }
    if taps > 3 { Self.add(rows.3, weights.3, offset, &s) }
    if taps > 4 { Self.add(rows.4, weights.4, offset, &s) }
    if taps > 5 { Self.add(rows.5, weights.5, offset, &s) }
    if taps > 6 { Self.add(rows.6, weights.6, offset, &s) }
    if taps > 7 { Self.add(rows.7, weights.7, offset, &s) }
    return s
  }

  @inline(__always)
  private static func add(
    _ row: UnsafeRawPointer, _ weight: SIMD8<Int16>, _ offset: Int, _ s: inout (SIMD8<Int16>, SIMD8<Int16>)
  ) {
    s.0 &+= Int16Lanes.multiplyHigh((row + offset).loadUnaligned(as: SIMD8<Int16>.self), weight)
    s.1 &+= Int16Lanes.multiplyHigh((row + offset).loadUnaligned(fromByteOffset: 16, as: SIMD8<Int16>.self), weight)
  }
}
