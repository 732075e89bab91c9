/// An intermediate row in pair layout, what the horizontal pass reads: every two neighbouring
/// pixels `(k, k + 1)` as one 16-byte vector `[r_k, r_k+1, g_k, g_k+1, b_k, b_k+1, a_k, a_k+1]`
/// (`Int16`), so one `pmaddwd` with `[w0, w1, w0, w1, ...]` weighs two taps of all four
/// channels with no shuffle. Pairs starting at even pixels live in `even` (pair `m` is pixels
/// `2m, 2m + 1`), those starting at odd pixels in `odd` (pixels `2m + 1, 2m + 2`).
struct PixelPairRow {
  /// Pairs `(0, 1), (2, 3), ...`; `odd` follows at `oddOffset` bytes.
  let even: UnsafeMutableRawPointer
  let oddOffset: Int

  var odd: UnsafeMutableRawPointer { even + oddOffset }

  /// Bytes for a row of `width` pixels: each half holds `pairCapacity(width)` pairs.
  static func byteCount(width: Int) -> Int { 2 &* pairCapacity(width: width) &* 16 }

  /// Pairs per half: whole groups of four pixels, plus the pair a last odd tap may touch.
  static func pairCapacity(width: Int) -> Int { (width &+ 3) / 4 &* 2 &+ 2 }

  init(base: UnsafeMutableRawPointer, width: Int) {
    even = base
    oddOffset = Self.pairCapacity(width: width) &* 16
  }

  /// Address of the pair starting at pixel `index`.
  @inline(__always)
  func pair(at index: Int) -> UnsafeRawPointer {
    let pairOffset: Int = (index &>> 1) &* 16
    let layoutOffset: Int = (index & 1) &* oddOffset
    return UnsafeRawPointer(even + (pairOffset &+ layoutOffset))
  }

  /// Writes the pairs of four pixels `x ..< x + 4` (`x` a multiple of 4), given pixel `x - 1`
  /// as `previous` (any value when `x == 0`).
  @inline(__always)
  func writeFour(
    x: Int, previous: SIMD4<Int32>, _ p0: SIMD4<Int32>, _ p1: SIMD4<Int32>, _ p2: SIMD4<Int32>, _ p3: SIMD4<Int32>
  ) {
    writeEven(x: x, p0, p1, p2, p3)
    writeOdd(x: x, previous: previous, p0, p1, p2)
  }

  /// Writes the even pairs `(x, x + 1)`, `(x + 2, x + 3)` (`x` a multiple of 4): pairs `x / 2`
  /// and `x / 2 + 1`.
  @inline(__always)
  func writeEven(x: Int, _ p0: SIMD4<Int32>, _ p1: SIMD4<Int32>, _ p2: SIMD4<Int32>, _ p3: SIMD4<Int32>) {
    let half = x &>> 1
    even.storeBytes(of: Int16Lanes.pair(p0, p1), toByteOffset: half &* 16, as: SIMD8<Int16>.self)
    even.storeBytes(of: Int16Lanes.pair(p2, p3), toByteOffset: (half &+ 1) &* 16, as: SIMD8<Int16>.self)
  }

  /// Writes the odd pairs `(x - 1, x)` and `(x + 1, x + 2)` (`x` a multiple of 4): pairs
  /// `x / 2 - 1` and `x / 2`. At `x == 0` the first lands in the last slot of the even half,
  /// which no reader touches (even pairs read end at pixel `width - 1`), so the loop needs no
  /// test for it.
  @inline(__always)
  func writeOdd(x: Int, previous: SIMD4<Int32>, _ p0: SIMD4<Int32>, _ p1: SIMD4<Int32>, _ p2: SIMD4<Int32>) {
    let half = x &>> 1
    odd.storeBytes(of: Int16Lanes.pair(previous, p0), toByteOffset: (half &- 1) &* 16, as: SIMD8<Int16>.self)
    odd.storeBytes(of: Int16Lanes.pair(p1, p2), toByteOffset: half &* 16, as: SIMD8<Int16>.self)
  }

  /// Writes the last odd pair `(x - 1, x)` after the last group of four, with pixel `x` zero.
  @inline(__always)
  func finish(x: Int, previous: SIMD4<Int32>) {
    odd.storeBytes(of: Int16Lanes.pair(previous, .zero), toByteOffset: ((x &>> 1) &- 1) &* 16, as: SIMD8<Int16>.self)
  }

  @inline(__always)
  private func widen(_ pixel: SIMD4<UInt8>) -> SIMD4<Int32> {
    SIMD4(Int32(pixel[0]), Int32(pixel[1]), Int32(pixel[2]), Int32(pixel[3]))
  }

  /// Source RGBA8 pixels as they are (0 ... 255 in each lane): the input of the horizontal
  /// pass when it runs first.
  func fill(fromBytes source: UnsafeRawPointer, width: Int) {
    var previous = SIMD4<Int32>.zero
    var x = 0
    while x < width {
      var p = (SIMD4<Int32>.zero, SIMD4<Int32>.zero, SIMD4<Int32>.zero, SIMD4<Int32>.zero)
      let count = min(4, width &- x)
      func pixel(_ k: Int) -> SIMD4<Int32> {
        k < count
          ? widen((source + (x &+ k) &* 4).loadUnaligned(as: SIMD4<UInt8>.self)) : .zero
      }
      p = (pixel(0), pixel(1), pixel(2), pixel(3))
      writeFour(x: x, previous: previous, p.0, p.1, p.2, p.3)
      previous = p.3
      x &+= 4
    }
    finish(x: x, previous: previous)
  }
}
