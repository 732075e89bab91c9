/// Up to four pairs of `Int16` rows and their weight pairs, held in locals for the length of
/// one vertical-pass row, so the per-pixel loop reloads neither row pointers nor weights (the
/// compiler cannot hoist them out of the loop itself: they sit in memory the loop's stores
/// might alias). Rows beyond `taps` pair with themselves at weight 0.
struct VerticalTapRegisters {
  static let maximumTaps = 8

  private var a: (UnsafeRawPointer, UnsafeRawPointer, UnsafeRawPointer, UnsafeRawPointer)
  private var b: (UnsafeRawPointer, UnsafeRawPointer, UnsafeRawPointer, UnsafeRawPointer)
  private var w: (SIMD8<Int16>, SIMD8<Int16>, SIMD8<Int16>, SIMD8<Int16>)

  /// `taps` (1 ... ``maximumTaps``) rows and weights.
  init(rows: UnsafePointer<UnsafePointer<Int16>>, weights: UnsafePointer<Int16>, taps: Int) {
    func row(_ t: Int) -> UnsafeRawPointer { UnsafeRawPointer(rows[min(t, taps &- 1)]) }
    func weight(_ t: Int) -> Int16 { t < taps ? weights[t] : 0 }
    a = (row(0), row(2), row(4), row(6))
    b = (row(1), row(3), row(5), row(7))
    w = (
      Int16Lanes.weightPair(weight(0), weight(1)), Int16Lanes.weightPair(weight(2), weight(3)),
      Int16Lanes.weightPair(weight(4), weight(5)), Int16Lanes.weightPair(weight(6), weight(7))
    )
  }

  /// Weighted sums of the four pixels at byte `offset` over the first `pairs` pairs.
  @inline(__always)
  func sums(offset: Int, pairs: Int) -> (SIMD4<Int32>, SIMD4<Int32>, SIMD4<Int32>, SIMD4<Int32>) {
    var s = (SIMD4<Int32>.zero, SIMD4<Int32>.zero, SIMD4<Int32>.zero, SIMD4<Int32>.zero)
    if pairs > 0 { Self.add(a.0, b.0, w.0, offset, &s) }
    if pairs > 1 { Self.add(a.1, b.1, w.1, offset, &s) }
    if pairs > 2 { Self.add(a.2, b.2, w.2, offset, &s) }
    if pairs > 3 { Self.add(a.3, b.3, w.3, offset, &s) }
    return s
  }

  @inline(__always)
  private static func add(
    _ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ w: SIMD8<Int16>, _ offset: Int,
    _ s: inout (SIMD4<Int32>, SIMD4<Int32>, SIMD4<Int32>, SIMD4<Int32>)
  ) {
    let a01 = (a + offset).loadUnaligned(as: SIMD8<Int16>.self)
    let b01 = (b + offset).loadUnaligned(as: SIMD8<Int16>.self)
    let a23 = (a + offset).loadUnaligned(fromByteOffset: 16, as: SIMD8<Int16>.self)
    let b23 = (b + offset).loadUnaligned(fromByteOffset: 16, as: SIMD8<Int16>.self)
    s.0 &+= Int16Lanes.multiplyAdd(Int16Lanes.interleaveLow(a01, b01), w)
    s.1 &+= Int16Lanes.multiplyAdd(Int16Lanes.interleaveHigh(a01, b01), w)
    s.2 &+= Int16Lanes.multiplyAdd(Int16Lanes.interleaveLow(a23, b23), w)
    s.3 &+= Int16Lanes.multiplyAdd(Int16Lanes.interleaveHigh(a23, b23), w)
  }
}
