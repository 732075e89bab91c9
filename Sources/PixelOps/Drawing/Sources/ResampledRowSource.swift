/// A resampled image as a row source: the rows of a ``ResampleRowProducer``, made band by band
/// in scratch (or straight in the destination when the kernel only copies).
///
/// Resampling treats the four bytes of a pixel alike (alpha is byte 3 in RGBA and BGRA), so
/// the producer works in the image's order; rows for a draw working in the other order are
/// swapped in place, in scratch or in the destination row just written.
struct ResampledRowSource: RowSource {
  let producer: ResampleRowProducer
  /// Whether rows are swapped between RGBA and BGRA on their way to the kernel.
  let swapsChannels: Bool

  /// The rows of `producer` in `order` (`nil`: the image's own order).
  init(producer: ResampleRowProducer, order: ChannelOrder? = nil) {
    self.producer = producer
    let own = producer.source.format.drawingChannelOrder
    swapsChannels = own != nil && order != nil && own != order
  }

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
    Cursor(rows: ResampleRowProducer.Cursor(producer, scratch: scratch.unsafelyUnwrapped), swapsChannels: swapsChannels)
  }

  struct Cursor: RowSourceCursor {
    let rows: ResampleRowProducer.Cursor
    let swapsChannels: Bool

    @inline(__always)
    func row(_ y: Int, columns: Range<Int>) -> UnsafeRawPointer? {
      let produced = rows.row(y)
      // The producer's output row is the cursor's own scratch: swapped where it lies.
      if swapsChannels { RedBlueSwap.swapInPlace(UnsafeMutableRawPointer(mutating: produced), count: rows.producer.columns.count) }
      return produced + (columns.lowerBound &- rows.producer.columns.lowerBound) &* 4
    }

    @inline(__always)
    func write(_ y: Int, columns: Range<Int>, into target: UnsafeMutableRawPointer) {
      guard columns == rows.producer.columns else {
        return target.copyMemory(from: row(y, columns: columns).unsafelyUnwrapped, byteCount: columns.count &* 4)
      }
      _ = rows.row(y, into: target)
      if swapsChannels { RedBlueSwap.swapInPlace(target, count: columns.count) }
    }
  }
}
