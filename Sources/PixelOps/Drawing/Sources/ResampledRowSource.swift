/// A resampled image as a row source: the rows of a ``ResampleRowProducer``, made band by band
/// in scratch (or straight in the destination when the kernel only copies).
struct ResampledRowSource: RowSource {
  let producer: ResampleRowProducer

  /// The destination pixels the producer makes (already clipped to the view).
  var area: PixelRect {
    PixelRect(
      x: producer.columns.lowerBound, y: producer.rows.lowerBound, width: producer.columns.count,
      height: producer.rows.count)
  }

  var solidColor: PremultipliedColor? { nil }
  /// Weights sum to exactly one, so opaque pixels stay opaque, unless transparent black shows
  /// beyond an edge.
  var isOpaque: Bool { producer.source.isKnownOpaque && !producer.extend.showsTransparentBlack }
  var scratchByteCount: Int { producer.scratchByteCount }
  var readsMemoryOnly: Bool { false }
  /// The producer's estimate, which counts the row it writes (into scratch or the destination).
  func costPerRow(width: Int) -> Int { producer.bandCostPerRow }
  func makeCursor(scratch: UnsafeMutableRawPointer?) -> Cursor {
    Cursor(rows: ResampleRowProducer.Cursor(producer, scratch: scratch.unsafelyUnwrapped))
  }

  struct Cursor: RowSourceCursor {
    let rows: ResampleRowProducer.Cursor

    @inline(__always)
    func row(_ y: Int, columns: Range<Int>) -> UnsafeRawPointer? {
      rows.row(y) + (columns.lowerBound &- rows.producer.columns.lowerBound) &* 4
    }

    @inline(__always)
    func write(_ y: Int, columns: Range<Int>, into target: UnsafeMutableRawPointer) {
      guard columns == rows.producer.columns else {
        return target.copyMemory(from: row(y, columns: columns).unsafelyUnwrapped, byteCount: columns.count &* 4)
      }
      _ = rows.row(y, into: target)
    }
  }
}
