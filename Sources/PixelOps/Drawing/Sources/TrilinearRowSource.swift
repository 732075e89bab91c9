/// Two mipmap levels resampled bilinearly and mixed per byte as a row source (trilinear
/// filtering): `round((a (256 - w) + b w) / 256)` with `w` the weight of the smaller level.
///
/// The larger level's rows stream through its producer band-wise; the smaller level (a quarter
/// of the pixels) streams beside it through its own cursor, and each pair of rows is mixed
/// into scratch.
struct TrilinearRowSource: RowSource {
  let near: ResampleRowProducer
  let far: ResampleRowProducer
  /// Weight of the smaller level, 1...255 (of 256).
  let farWeight: UInt16

  private var nearBytes: Int { BandScratch.aligned(near.scratchByteCount) }
  private var farBytes: Int { BandScratch.aligned(far.scratchByteCount) }

  /// The destination pixels drawn (both producers cover the same ones).
  var area: PixelRect {
    PixelRect(
      x: near.columns.lowerBound, y: near.rows.lowerBound, width: near.columns.count, height: near.rows.count)
  }

  var solidColor: PremultipliedColor? { nil }
  var isOpaque: Bool { near.source.isKnownOpaque && far.source.isKnownOpaque }
  var scratchByteCount: Int { nearBytes &+ farBytes &+ near.columns.count &* 4 &+ 16 }
  var readsMemoryOnly: Bool { false }
  func costPerRow(width: Int) -> Int { near.bandCostPerRow &+ far.bandCostPerRow &+ width &* 4 }

  func makeCursor(scratch: UnsafeMutableRawPointer?) -> Cursor {
    let base = scratch.unsafelyUnwrapped
    return Cursor(
      near: ResampleRowProducer.Cursor(near, scratch: base), far: ResampleRowProducer.Cursor(far, scratch: base + nearBytes),
      mixed: base + (nearBytes &+ farBytes), farWeight: farWeight)
  }

  struct Cursor: RowSourceCursor {
    let near: ResampleRowProducer.Cursor
    let far: ResampleRowProducer.Cursor
    let mixed: UnsafeMutableRawPointer
    let farWeight: UInt16

    func row(_ y: Int, columns: Range<Int>) -> UnsafeRawPointer? {
      let width = near.producer.columns.count
      RowMixing.mix(near.row(y), far.row(y), farWeight: farWeight, into: mixed, count: width)
      return UnsafeRawPointer(mixed) + (columns.lowerBound &- near.producer.columns.lowerBound) &* 4
    }

    func write(_ y: Int, columns: Range<Int>, into target: UnsafeMutableRawPointer) {
      target.copyMemory(from: row(y, columns: columns).unsafelyUnwrapped, byteCount: columns.count &* 4)
    }
  }
}
