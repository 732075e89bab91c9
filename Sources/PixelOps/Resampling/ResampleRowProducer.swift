/// Produces the destination rows of one resampling, band by band, for a sink to consume: the
/// engine under ``Resampler`` and under fused scale-and-composite draws.
///
/// A producer covers the destination pixels `columns × rows` (destination view coordinates,
/// already clipped). For each destination row it runs both passes through a small per-band
/// scratch buffer — never a full-size intermediate image — and writes the finished row,
/// premultiplied RGBA8, `columns.count` pixels, either straight into memory the caller names or
/// into scratch that it then hands to the caller.
///
/// Rows are computed independently of the band they fall in, so any band split (any thread
/// count) gives bit-identical rows. Use it like this:
///
/// ```swift
/// let producer = try ResampleRowProducer(source: image, sourceRect: rect, destinationSize: canvas.size,
///                                        destinationRect: target, filter: .bilinear)
/// try RowBands.forEachBand(rowCount: producer.rows.count, bytesPerRow: producer.bandCostPerRow,
///                          parallelism: parallelism) { band in
///   try? producer.forEachRow(inBand: band) { y, pixels in
///     // composite `producer.columns.count` pixels at `pixels` onto row y, from column
///     // producer.columns.lowerBound
///   }
/// }
/// ```
///
/// `forEachRow` may run on several threads at once (different bands); the sink is called on
/// the band's thread, one row at a time, rows in increasing order within a band.
struct ResampleRowProducer {
  /// How the rows are computed, chosen per geometry by ``cheaperOrder(horizontal:vertical:)``.
  /// The two convolution orders round the intermediate at different points, so they may differ
  /// by a level; each is within 1 of the exact convolution (see DESIGN.md).
  enum PassOrder: Sendable {
    /// Source rows filtered horizontally into a ring of destination-wide `Int16` rows, then
    /// the 16-bit vertical pass over the ring (`ResampleVerticalPass+Narrow.swift`): chosen
    /// when the vertical axis enlarges, so each source row is filtered horizontally once.
    case horizontalFirst
    /// Source rows widened into a ring, the vertical pass into one pair-layout row per
    /// destination row, then the horizontal pass: vertical reductions and near-1:1 scales,
    /// and every geometry with more vertical taps than the 16-bit pass takes.
    case verticalFirst
    /// One source pixel per destination pixel: a gather, no arithmetic.
    case nearest
    /// Exact 2x2 means (box filter, factor two, pixel-aligned): one pass, same bits as the
    /// two-pass order (``ResamplePairAverage``).
    case pairAverage
  }

  let source: PixelView
  let horizontal: ResampleWeights
  let vertical: ResampleWeights
  /// Destination columns written (destination view coordinates).
  let columns: Range<Int>
  /// Destination rows written (destination view coordinates).
  let rows: Range<Int>
  let order: PassOrder
  let clampToAlpha: Bool

  /// A producer for `source`'s `sourceRect` drawn into `destinationRect` of a destination
  /// `destinationSize` pixels large (pixels whose centre lies inside the rect, clipped to it).
  ///
  /// - Parameter order: The pass order to use instead of the cheaper one (tests run every
  ///   geometry both ways); ignored for the nearest filter, for pair averages and, for
  ///   `.horizontalFirst`, beyond ``ResampleVerticalPass/maximumNarrowTaps`` vertical taps.
  /// - Throws: ``PixelError`` as ``Resampler/resample(_:from:onto:in:filter:parallelism:)``
  ///   documents.
  init(
    source: PixelView, sourceRect: FractionalPixelRect, destinationSize: PixelSize,
    destinationRect: FractionalPixelRect, filter: ResamplingFilter, order: PassOrder? = nil
  ) throws(PixelError) {
    try ResampleValidation.check(source: source, sourceRect: sourceRect, destinationRect: destinationRect)
    let columns = ResampleAxis.outputRange(
      origin: destinationRect.x, length: destinationRect.width, viewExtent: destinationSize.width)
    let rows = ResampleAxis.outputRange(
      origin: destinationRect.y, length: destinationRect.height, viewExtent: destinationSize.height)
    let empty = columns.isEmpty || rows.isEmpty
    let horizontalAxis = ResampleAxis(
      filter: filter, extent: source.width, sourceOrigin: sourceRect.x, sourceLength: sourceRect.width,
      destinationOrigin: destinationRect.x, destinationLength: destinationRect.width,
      firstOutput: columns.lowerBound, outputCount: empty ? 0 : columns.count)
    let verticalAxis = ResampleAxis(
      filter: filter, extent: source.height, sourceOrigin: sourceRect.y, sourceLength: sourceRect.height,
      destinationOrigin: destinationRect.y, destinationLength: destinationRect.height,
      firstOutput: rows.lowerBound, outputCount: empty ? 0 : rows.count)
    self.source = source
    self.horizontal = try ResampleWeightCache.table(for: horizontalAxis)
    self.vertical = try ResampleWeightCache.table(for: verticalAxis)
    self.columns = empty ? columns.lowerBound..<columns.lowerBound : columns
    self.rows = empty ? rows.lowerBound..<rows.lowerBound : rows
    self.clampToAlpha = filter.canOvershoot
    if filter.kind == .nearest {
      self.order = .nearest
    } else if horizontal.isPairAverage && vertical.isPairAverage {
      self.order = .pairAverage
    } else if vertical.taps > ResampleVerticalPass.maximumNarrowTaps {
      self.order = .verticalFirst
    } else if let order, order == .horizontalFirst || order == .verticalFirst {
      self.order = order
    } else {
      self.order = Self.cheaperOrder(horizontal: horizontal, vertical: vertical)
    }
  }

  /// The cheaper order for a geometry with at most ``ResampleVerticalPass/maximumNarrowTaps``
  /// vertical taps: horizontal-first when the vertical axis enlarges (each source row is
  /// filtered horizontally once, and the 16-bit vertical pass is the cheapest per output pixel),
  /// vertical-first otherwise (a vertical reduction shrinks the rows the horizontal pass sees).
  ///
  /// Measured with callgrind on the bench geometries (instructions per call, horizontal-first /
  /// vertical-first): 540p -> 4K bilinear 1.95M / 6.30M, bicubic 2.96M / 7.16M, Lanczos3
  /// 3.90M / 7.89M; 4K -> 1080p bilinear 3.52M / 2.87M, bicubic 4.57M / 4.06M; 4K -> 1000x563
  /// box 2.46M / 1.37M, bilinear 2.82M / 1.89M. A per-pass instruction model picked wrongly in
  /// both directions once the vertical pass became 16-bit, so the rule is the measured one.
  static func cheaperOrder(horizontal: ResampleWeights, vertical: ResampleWeights) -> PassOrder {
    vertical.count > vertical.sourceRange.count ? .horizontalFirst : .verticalFirst
  }

  /// Traffic-equivalent cost of one destination row, for ``RowBands``: source bytes read and
  /// destination bytes written, weighted by the taps (a resampled pixel costs more than a copy).
  var bandCostPerRow: Int {
    let sourceRowsPerRow = max(1, vertical.sourceRange.count / max(vertical.count, 1))
    let read = horizontal.sourceRange.count * 4 * max(sourceRowsPerRow, vertical.taps)
    return read + columns.count * 4 * (horizontal.taps + vertical.taps)
  }

  // MARK: Scratch layout

  private static func aligned(_ n: Int) -> Int { (n &+ 63) & ~63 }
  /// Ring slots: horizontally filtered rows (horizontal-first order) or widened source rows
  /// (vertical-first order).
  private var ringRows: Int { order == .nearest || order == .pairAverage ? 0 : vertical.taps }
  /// Pixels per ring slot.
  private var ringWidth: Int { order == .horizontalFirst ? columns.count : horizontal.sourceRange.count }
  /// Bytes of one ring slot: four `Int16` per pixel, rounded up to four pixels.
  private var ringRowBytes: Int { Self.aligned(((ringWidth &+ 3) & ~3) &* 8 &+ 32) }
  private var rowIDBytes: Int { Self.aligned(max(ringRows, 1) &* MemoryLayout<Int>.stride) }
  private var pointerBytes: Int { Self.aligned(vertical.taps &* MemoryLayout<UnsafeRawPointer>.stride) }
  /// Broadcast weights of the 16-bit vertical pass (horizontal-first order).
  private var weightVectorBytes: Int {
    order == .horizontalFirst ? Self.aligned(vertical.taps &* MemoryLayout<SIMD8<Int16>>.stride) : 0
  }
  private var pairRowBytes: Int { Self.aligned(PixelPairRow.byteCount(width: horizontal.sourceRange.count)) }
  private var outputRowBytes: Int { Self.aligned(columns.count &* 4 &+ 16) }
  /// Scratch one band needs.
  var scratchByteCount: Int {
    rowIDBytes &+ pointerBytes &+ weightVectorBytes &+ pairRowBytes &+ ringRows &* ringRowBytes &+ outputRowBytes
  }

  // MARK: Producing rows

  /// Computes the destination rows `rows.lowerBound + band` and hands each, in order, to
  /// `deliver` (its index in destination view coordinates and its `columns.count` pixels).
  ///
  /// - Throws: ``PixelError/allocationFailed(bytes:)`` if scratch memory cannot be had (only
  ///   when no pooled buffer is large enough).
  func forEachRow(inBand band: Range<Int>, _ deliver: (Int, UnsafeRawPointer) -> Void) throws(PixelError) {
    try produce(band, target: { _ in nil }, deliver: deliver)
  }

  /// Computes the destination rows `rows.lowerBound + band` straight into `destination`
  /// (columns `columns`).
  func writeRows(inBand band: Range<Int>, to destination: MutablePixelView) throws(PixelError) {
    let x = columns.lowerBound &* 4
    try produce(band, target: { destination.rowAddress($0) + x }, deliver: { _, _ in })
  }

  private func produce(
    _ band: Range<Int>, target: (Int) -> UnsafeMutableRawPointer?, deliver: (Int, UnsafeRawPointer) -> Void
  ) throws(PixelError) {
    guard !band.isEmpty, !columns.isEmpty else { return }
    try ResampleScratch.withBuffer(byteCount: scratchByteCount) { (scratch) throws(PixelError) in
      let rowIDs = scratch.bindMemory(to: Int.self, capacity: max(ringRows, 1))
      var cursor = scratch + rowIDBytes
      let pointers = cursor.bindMemory(to: UnsafeRawPointer.self, capacity: vertical.taps)
      cursor += pointerBytes
      let weightVectors = cursor.bindMemory(to: SIMD8<Int16>.self, capacity: max(vertical.taps, 1))
      cursor += weightVectorBytes
      let pairs = PixelPairRow(base: cursor, width: horizontal.sourceRange.count)
      cursor += pairRowBytes
      let ring = cursor
      cursor += ringRows &* ringRowBytes
      let outputRow = cursor
      let firstColumn = horizontal.sourceRange.lowerBound
      switch order {
      case .nearest:
        for r in band {
          let y = rows.lowerBound &+ r
          let out = target(y) ?? outputRow
          nearestRow(r, into: out)
          deliver(y, UnsafeRawPointer(out))
        }
      case .pairAverage:
        let column = Int(horizontal.starts[0]) &* 4
        for r in band {
          let y = rows.lowerBound &+ r
          let top = Int(vertical.starts[r])
          let out = target(y) ?? outputRow
          ResamplePairAverage.row(
            source.rowAddress(top) + column, source.rowAddress(top &+ 1) + column, count: horizontal.count, output: out)
          deliver(y, UnsafeRawPointer(out))
        }
      case .verticalFirst:
        let ringSlots = RingRows(ids: rowIDs, slots: ringRows, base: ring, slotBytes: ringRowBytes, pointers: pointers)
        let width = horizontal.sourceRange.count
        for r in band {
          let y = rows.lowerBound &+ r
          let rowPointers = ringSlots.rows(from: Int(vertical.starts[r]), count: vertical.taps) { sourceRow, slot in
            ResampleVerticalPass.widen(source.rowAddress(sourceRow) + firstColumn &* 4, width: width, into: slot)
          }
          ResampleVerticalPass.widenedToPairs(
            rows: rowPointers, weights: vertical.weights + r &* vertical.taps, taps: vertical.taps,
            fractionBits: vertical.fractionBits, width: width, pairRuns: horizontal.pairRuns, output: pairs)
          let out = target(y) ?? outputRow
          ResampleHorizontalPass.pairsToBytes(
            pairs, sourceOffset: firstColumn, table: horizontal, clampToAlpha: clampToAlpha, output: out)
          deliver(y, UnsafeRawPointer(out))
        }
      case .horizontalFirst:
        let ringSlots = RingRows(ids: rowIDs, slots: ringRows, base: ring, slotBytes: ringRowBytes, pointers: pointers)
        for r in band {
          let y = rows.lowerBound &+ r
          let rowPointers = ringSlots.rows(from: Int(vertical.starts[r]), count: vertical.taps) { sourceRow, slot in
            pairs.fill(fromBytes: source.rowAddress(sourceRow) + firstColumn &* 4, width: horizontal.sourceRange.count)
            ResampleHorizontalPass.pairsToIntermediate(pairs, sourceOffset: firstColumn, table: horizontal, output: slot)
          }
          let out = target(y) ?? outputRow
          ResampleVerticalPass.intermediateToBytes(
            rows: rowPointers, weights: vertical.weights + r &* vertical.taps, taps: vertical.taps,
            fractionBits: vertical.fractionBits, width: columns.count, clampToAlpha: clampToAlpha,
            weightVectors: weightVectors, output: out)
          deliver(y, UnsafeRawPointer(out))
        }
      }
    }
  }

  /// The ring of `Int16` rows both two-pass orders keep: slot `row % slots` holds source row
  /// `row` once filled, `ids` says which row each slot holds (-1: none yet).
  private struct RingRows {
    let ids: UnsafeMutablePointer<Int>
    let slots: Int
    let base: UnsafeMutableRawPointer
    let slotBytes: Int
    let pointers: UnsafeMutablePointer<UnsafePointer<Int16>>

    init(
      ids: UnsafeMutablePointer<Int>, slots: Int, base: UnsafeMutableRawPointer, slotBytes: Int,
      pointers: UnsafeMutablePointer<UnsafeRawPointer>
    ) {
      for s in 0..<slots { ids[s] = -1 }
      self.ids = ids
      self.slots = slots
      self.base = base
      self.slotBytes = slotBytes
      self.pointers = UnsafeMutableRawPointer(pointers).assumingMemoryBound(to: UnsafePointer<Int16>.self)
    }

    /// Pointers to the slots of source rows `first ..< first + count`, filling with
    /// `fill(row, slot)` each slot that does not hold its row yet.
    @inline(__always)
    func rows(
      from first: Int, count: Int, fill: (Int, UnsafeMutablePointer<Int16>) -> Void
    ) -> UnsafePointer<UnsafePointer<Int16>> {
      for t in 0..<count {
        let sourceRow = first &+ t
        let slot = sourceRow % slots
        let address = (base + slot &* slotBytes).assumingMemoryBound(to: Int16.self)
        if ids[slot] != sourceRow {
          fill(sourceRow, address)
          ids[slot] = sourceRow
        }
        pointers[t] = UnsafePointer(address)
      }
      return UnsafePointer(pointers)
    }
  }

  /// Nearest: row `r` of the producer gathers one source pixel per column.
  private func nearestRow(_ r: Int, into output: UnsafeMutableRawPointer) {
    let sourceRow = source.rowAddress(Int(vertical.starts[r]))
    for j in 0..<horizontal.count {
      let pixel = sourceRow.loadUnaligned(fromByteOffset: Int(horizontal.starts[j]) &* 4, as: UInt32.self)
      output.storeBytes(of: pixel, toByteOffset: j &* 4, as: UInt32.self)
    }
  }
}
