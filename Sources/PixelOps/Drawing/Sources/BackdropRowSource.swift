/// A source composited over a solid colour: row `y` is `inner`'s row `y` drawn source-over a
/// backdrop of `backdrop`, `s + round(b (255 - sa) / 255)` per channel — the exact result of
/// filling a view with the colour and drawing `inner` over it with `normal`, in one pass.
///
/// An image view draws its background and then its image over it; drawn through this source,
/// the pixels under the image are written once instead of filled, read back and written again
/// (``ImageViewTransparency`` with a background colour). Over an opaque backdrop the rows are
/// opaque, so a `normal` draw at full opacity reduces to `copy`, and the inner source writes
/// straight into the destination before the backdrop is blended in place, row by row while
/// the row is in cache.
struct BackdropRowSource<Inner: RowSource>: RowSource {
  let inner: Inner
  /// The backdrop in the draw's working channel order.
  let backdrop: PremultipliedColor
  /// Widest row asked for (the area's width): the size of the row scratch.
  let width: Int

  var solidColor: PremultipliedColor? { nil }
  var isOpaque: Bool { backdrop.alpha == 255 || inner.isOpaque }
  var scratchByteCount: Int { Self.rowBytes(width) &+ inner.scratchByteCount }
  var readsMemoryOnly: Bool { false }
  func costPerRow(width: Int) -> Int { inner.costPerRow(width: width) &+ width &* 4 }

  func makeCursor(scratch: UnsafeMutableRawPointer?) -> Cursor {
    let row = scratch.unsafelyUnwrapped
    let innerScratch = inner.scratchByteCount > 0 ? row + Self.rowBytes(width) : nil
    return Cursor(inner: inner.makeCursor(scratch: innerScratch), row: row, backdrop: backdrop.pixel)
  }

  /// Row scratch, rounded up to 64 bytes so the inner source's scratch stays aligned.
  private static func rowBytes(_ width: Int) -> Int { (width &* 4 &+ 63) & ~63 }

  struct Cursor: RowSourceCursor {
    let inner: Inner.Cursor
    let row: UnsafeMutableRawPointer
    let backdrop: UInt32

    func row(_ y: Int, columns: Range<Int>) throws(PixelError) -> UnsafeRawPointer? {
      try inner.write(y, columns: columns, into: row)
      Self.blendOverBackdrop(row, count: columns.count, backdrop: backdrop)
      return UnsafeRawPointer(row)
    }

    func write(_ y: Int, columns: Range<Int>, into target: UnsafeMutableRawPointer) throws(PixelError) {
      try inner.write(y, columns: columns, into: target)
      Self.blendOverBackdrop(target, count: columns.count, backdrop: backdrop)
    }

    /// `pixels` over the backdrop, in place: four pixels per step, the tail through a
    /// four-pixel buffer so every pixel takes the same arithmetic.
    static func blendOverBackdrop(_ pixels: UnsafeMutableRawPointer, count: Int, backdrop: UInt32) {
      let b = SIMD4<UInt32>(repeating: backdrop)
      let white = backdrop == 0xFFFF_FFFF
      var x = 0
      // Two loops rather than a test per step or a closure (which stayed an out-of-line call).
      if white {
        while x &+ 4 <= count {
          let address = pixels + x &* 4
          address.storeBytes(of: overWhite(address.loadUnaligned(as: SIMD4<UInt32>.self)), as: SIMD4<UInt32>.self)
          x &+= 4
        }
      } else {
        while x &+ 4 <= count {
          let address = pixels + x &* 4
          address.storeBytes(of: over(address.loadUnaligned(as: SIMD4<UInt32>.self), b), as: SIMD4<UInt32>.self)
          x &+= 4
        }
      }
      let left = count &- x
      guard left > 0 else { return }
      // The last one to three pixels through a four-pixel buffer: the same arithmetic.
      var tail = SIMD4<UInt32>.zero
      withUnsafeMutableBytes(of: &tail) { $0.baseAddress!.copyMemory(from: pixels + x &* 4, byteCount: left &* 4) }
      tail = white ? overWhite(tail) : over(tail, b)
      withUnsafeBytes(of: &tail) { (pixels + x &* 4).copyMemory(from: $0.baseAddress!, byteCount: left &* 4) }
    }

    /// Over opaque white, the usual view background: `round(255 (255 - sa) / 255)` is
    /// `255 - sa`, so each byte adds the pixel's remaining alpha, spread to all four bytes by
    /// right shifts (left shifts were turned into a multiply SSE2 lacks).
    @inline(__always)
    static func overWhite(_ s: SIMD4<UInt32>) -> SIMD4<UInt32> {
      var alpha = s & 0xFF00_0000
      alpha |= alpha &>> 8
      alpha |= alpha &>> 16
      return addBytes(s, ~alpha)
    }

    /// Byte-wise wrapping sums, as the compositing kernels store them: for valid premultiplied
    /// pixels no byte exceeds 255, and a colour byte above its alpha (invalid input) wraps
    /// within its own byte instead of carrying into the next channel.
    @inline(__always)
    static func addBytes(_ a: SIMD4<UInt32>, _ b: SIMD4<UInt32>) -> SIMD4<UInt32> {
      unsafeBitCast(
        unsafeBitCast(a, to: SIMD16<UInt8>.self) &+ unsafeBitCast(b, to: SIMD16<UInt8>.self), to: SIMD4<UInt32>.self)
    }

    /// `s + round(b (255 - sa) / 255)` per byte of four pixels.
    @inline(__always)
    static func over(_ s: SIMD4<UInt32>, _ b: SIMD4<UInt32>) -> SIMD4<UInt32> {
      let remaining = SIMD4<UInt32>(repeating: 255) &- (s &>> 24)
      return addBytes(s, ByteLanes.scale(b, by: ByteLanes.spread(remaining)))
    }
  }
}
