/// Two coverages at once (a template's alpha through a mask; later a shape through a clip):
/// per pixel `round(a * b / 255)`, written into the band's scratch. Where either is full, the
/// other's rows pass through without a copy.
struct ProductCoverage<First: CoverageSource, Second: CoverageSource>: CoverageSource {
  let first: First
  let second: Second
  /// Pixels per row the engine asks for (the drawn area's width).
  let width: Int

  private var productBytes: Int { BandScratch.aligned(width) }
  private var firstBytes: Int { BandScratch.aligned(first.scratchByteCount) }

  var isFull: Bool { first.isFull && second.isFull }
  var scratchByteCount: Int { productBytes &+ firstBytes &+ second.scratchByteCount }
  func costPerRow(width: Int) -> Int { first.costPerRow(width: width) &+ second.costPerRow(width: width) &+ width }

  func makeCursor(scratch: UnsafeMutableRawPointer?) -> Cursor {
    let base = scratch.unsafelyUnwrapped
    return Cursor(
      first: first.makeCursor(scratch: first.scratchByteCount == 0 ? nil : base + productBytes),
      second: second.makeCursor(scratch: second.scratchByteCount == 0 ? nil : base + (productBytes &+ firstBytes)),
      product: base)
  }

  struct Cursor: CoverageCursor {
    var first: First.Cursor
    var second: Second.Cursor
    let product: UnsafeMutableRawPointer

    mutating func row(_ y: Int, columns: Range<Int>) throws(PixelError) -> CoverageRow? {
      guard let a = try first.row(y, columns: columns) else { return try second.row(y, columns: columns) }
      guard let b = try second.row(y, columns: columns) else { return a }
      for i in 0..<columns.count {
        let both =
          UInt32(a.bytes.load(fromByteOffset: i &* a.stride, as: UInt8.self))
          &* UInt32(b.bytes.load(fromByteOffset: i &* b.stride, as: UInt8.self))
        product.storeBytes(of: UInt8(truncatingIfNeeded: ExactDivision.div255(both)), toByteOffset: i, as: UInt8.self)
      }
      return CoverageRow(bytes: UnsafeRawPointer(product), stride: 1)
    }
  }
}
