/// Produces the destination rows of one resampling for the composite engine: the resampled
/// row source under ``Resampler``, scaled draws and trilinear draws.
///
/// A producer covers the destination pixels `columns × rows` (destination view coordinates,
/// already clipped). A band reads its rows through a ``Cursor`` over a small per-band scratch
/// buffer (``scratchByteCount``; never a full-size intermediate image): for each destination row
/// it runs both passes and leaves the finished row, premultiplied RGBA8, `columns.count` pixels,
/// in scratch or straight in memory the caller names. Rows must be asked for in increasing
/// order within a band (the cursor's ring of source rows carries over from row to row).
///
/// Rows are computed independently of the band they fall in, so any band split (any thread
/// count) gives bit-identical rows.
///
/// Positions outside the source image show what the axes' ``ExtendMode``s say: `clamp` and
/// `transparent` are folded into the weight tables (they read image pixels only); `repeat` and
/// `reflect` give open tables, and the cursor maps the rows and columns they read into the
/// image as it fetches source rows.
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
  /// What the source shows beyond its edges.
  let extend: ExtendModes

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
    destinationRect: FractionalPixelRect, filter: ResamplingFilter, extend: ExtendModes = .clamp,
    order: PassOrder? = nil
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
      firstOutput: columns.lowerBound, outputCount: empty ? 0 : columns.count, extend: extend.horizontal)
    let verticalAxis = ResampleAxis(
      filter: filter, extent: source.height, sourceOrigin: sourceRect.y, sourceLength: sourceRect.height,
      destinationOrigin: destinationRect.y, destinationLength: destinationRect.height,
      firstOutput: rows.lowerBound, outputCount: empty ? 0 : rows.count, extend: extend.vertical)
    self.source = source
    self.horizontal = try ResampleWeightCache.table(for: horizontalAxis)
    self.vertical = try ResampleWeightCache.table(for: verticalAxis)
    self.columns = empty ? columns.lowerBound..<columns.lowerBound : columns
    self.rows = empty ? rows.lowerBound..<rows.lowerBound : rows
    self.clampToAlpha = filter.canOvershoot
    self.extend = extend
    if filter.kind == .nearest {
      self.order = .nearest
    } else if horizontal.isPairAverage && vertical.isPairAverage && !horizontal.isOpen && !vertical.isOpen
      && FastPaths.areEnabled
    {
      self.order = .pairAverage
    } else if vertical.taps > ResampleVerticalPass.maximumNarrowTaps || !FastPaths.areEnabled {
      // The generic order: the vertical pass in 32-bit sums serves any tap count.
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

  /// Ring slots: horizontally filtered rows (horizontal-first order) or widened source rows
  /// (vertical-first order).
  fileprivate var ringRows: Int { order == .nearest || order == .pairAverage ? 0 : vertical.taps }
  /// Pixels per ring slot.
  fileprivate var ringWidth: Int { order == .horizontalFirst ? columns.count : horizontal.sourceRange.count }
  /// Bytes of one ring slot: four `Int16` per pixel, rounded up to four pixels.
  fileprivate var ringRowBytes: Int { BandScratch.aligned(((ringWidth &+ 3) & ~3) &* 8 &+ 32) }
  fileprivate var rowIDBytes: Int { BandScratch.aligned(max(ringRows, 1) &* MemoryLayout<Int>.stride) }
  fileprivate var pointerBytes: Int { BandScratch.aligned(vertical.taps &* MemoryLayout<UnsafeRawPointer>.stride) }
  /// Broadcast weights of the 16-bit vertical pass (horizontal-first order).
  fileprivate var weightVectorBytes: Int {
    order == .horizontalFirst ? BandScratch.aligned(vertical.taps &* MemoryLayout<SIMD8<Int16>>.stride) : 0
  }
  fileprivate var pairRowBytes: Int { BandScratch.aligned(PixelPairRow.byteCount(width: horizontal.sourceRange.count)) }
  fileprivate var outputRowBytes: Int { BandScratch.aligned(columns.count &* 4 &+ 16) }
  /// Whether the horizontal pass reads columns outside the image (an open table), which the
  /// cursor then assembles into a row of its own.
  fileprivate var extendsColumns: Bool {
    horizontal.sourceRange.lowerBound < 0 || horizontal.sourceRange.upperBound > source.width
  }
  fileprivate var extendedRowBytes: Int {
    extendsColumns && order != .nearest ? BandScratch.aligned(horizontal.sourceRange.count &* 4 &+ 16) : 0
  }
  /// Scratch one band needs.
  var scratchByteCount: Int {
    rowIDBytes &+ pointerBytes &+ weightVectorBytes &+ pairRowBytes &+ ringRows &* ringRowBytes &+ outputRowBytes
      &+ extendedRowBytes
  }

  // MARK: Producing rows

  /// The rows of one band: resampled on demand, in increasing order, through the band's
  /// scratch memory (``scratchByteCount`` bytes, valid while the cursor is used).
  struct Cursor {
    let producer: ResampleRowProducer
    private let ring: RingRows
    private let weightVectors: UnsafeMutablePointer<SIMD8<Int16>>
    private let pairs: PixelPairRow
    private let outputRow: UnsafeMutableRawPointer
    private let extendedRow: UnsafeMutableRawPointer

    init(_ producer: ResampleRowProducer, scratch: UnsafeMutableRawPointer) {
      self.producer = producer
      let rowIDs = scratch.bindMemory(to: Int.self, capacity: max(producer.ringRows, 1))
      var cursor = scratch + producer.rowIDBytes
      let pointers = cursor.bindMemory(to: UnsafeRawPointer.self, capacity: producer.vertical.taps)
      cursor += producer.pointerBytes
      weightVectors = cursor.bindMemory(to: SIMD8<Int16>.self, capacity: max(producer.vertical.taps, 1))
      cursor += producer.weightVectorBytes
      pairs = PixelPairRow(base: cursor, width: producer.horizontal.sourceRange.count)
      cursor += producer.pairRowBytes
      ring = RingRows(
        ids: rowIDs, slots: producer.ringRows, base: cursor, slotBytes: producer.ringRowBytes, pointers: pointers)
      cursor += producer.ringRows &* producer.ringRowBytes
      outputRow = cursor
      extendedRow = cursor + producer.outputRowBytes
    }

    /// Destination row `y` (view coordinates, in `producer.rows`), `producer.columns.count`
    /// pixels: written into `target` when given (and returned), else into scratch.
    @inline(__always)
    func row(_ y: Int, into target: UnsafeMutableRawPointer? = nil) -> UnsafeRawPointer {
      let r = y &- producer.rows.lowerBound
      let out = target ?? outputRow
      switch producer.order {
      case .nearest:
        producer.nearestRow(r, into: out)
      case .pairAverage:
        let column = Int(producer.horizontal.starts[0]) &* 4
        let top = Int(producer.vertical.starts[r])
        ResamplePairAverage.row(
          producer.source.rowAddress(top) + column, producer.source.rowAddress(top &+ 1) + column, count: producer.horizontal.count,
          output: out)
      case .verticalFirst:
        let width = producer.horizontal.sourceRange.count
        let rowPointers = ring.rows(from: Int(producer.vertical.starts[r]), count: producer.vertical.taps) { sourceRow, slot in
          ResampleVerticalPass.widen(sourceBytes(sourceRow), width: width, into: slot)
        }
        ResampleVerticalPass.widenedToPairs(
          rows: rowPointers, weights: producer.vertical.weights + r &* producer.vertical.taps, taps: producer.vertical.taps,
          fractionBits: producer.vertical.fractionBits, width: width, pairRuns: producer.horizontal.pairRuns, output: pairs)
        ResampleHorizontalPass.pairsToBytes(
          pairs, sourceOffset: producer.horizontal.sourceRange.lowerBound, table: producer.horizontal, clampToAlpha: producer.clampToAlpha,
          output: out)
      case .horizontalFirst:
        let rowPointers = ring.rows(from: Int(producer.vertical.starts[r]), count: producer.vertical.taps) { sourceRow, slot in
          pairs.fill(fromBytes: sourceBytes(sourceRow), width: producer.horizontal.sourceRange.count)
          ResampleHorizontalPass.pairsToIntermediate(
            pairs, sourceOffset: producer.horizontal.sourceRange.lowerBound, table: producer.horizontal, output: slot)
        }
        ResampleVerticalPass.intermediateToBytes(
          rows: rowPointers, weights: producer.vertical.weights + r &* producer.vertical.taps, taps: producer.vertical.taps,
          fractionBits: producer.vertical.fractionBits, width: producer.columns.count, clampToAlpha: producer.clampToAlpha,
          weightVectors: weightVectors, output: out)
      }
      return UnsafeRawPointer(out)
    }

    /// The source pixels the horizontal table reads from row `sourceRow` (which may lie outside
    /// the image for an open vertical table): a pointer into the image, or for an open
    /// horizontal table a row assembled in scratch through the extend mode.
    @inline(__always)
    private func sourceBytes(_ sourceRow: Int) -> UnsafeRawPointer {
      let y = producer.vertical.isOpen ? producer.extend.vertical.sourceIndex(sourceRow, extent: producer.source.height) ?? 0 : sourceRow
      let row = producer.source.rowAddress(y)
      guard producer.extendsColumns else { return row + producer.horizontal.sourceRange.lowerBound &* 4 }
      producer.extend.horizontal.copyRow(
        row, extent: producer.source.width, positions: producer.horizontal.sourceRange, into: extendedRow)
      return UnsafeRawPointer(extendedRow)
    }
  }

  /// The ring of `Int16` rows both two-pass orders keep: slot `row % slots` holds source row
  /// `row` once filled, `ids` says which row each slot holds (`Int.min`: none yet).
  fileprivate struct RingRows {
    let ids: UnsafeMutablePointer<Int>
    let slots: Int
    let base: UnsafeMutableRawPointer
    let slotBytes: Int
    let pointers: UnsafeMutablePointer<UnsafePointer<Int16>>

    init(
      ids: UnsafeMutablePointer<Int>, slots: Int, base: UnsafeMutableRawPointer, slotBytes: Int,
      pointers: UnsafeMutablePointer<UnsafeRawPointer>
    ) {
      for s in 0..<slots { ids[s] = Int.min }
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
        // Open tables read rows before the image (negative indices): a non-negative slot.
        var slot = sourceRow % slots
        if slot < 0 { slot &+= slots }
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

  /// Nearest: row `r` of the producer gathers one source pixel per column (transparent
  /// black where a transparent extend left no pixel: start -1).
  fileprivate func nearestRow(_ r: Int, into output: UnsafeMutableRawPointer) {
    let top = Int(vertical.starts[r])
    guard top >= 0 else {
      output.initializeMemory(as: UInt8.self, repeating: 0, count: horizontal.count &* 4)
      return
    }
    let sourceRow = source.rowAddress(top)
    if extend.horizontal.showsTransparentBlack {
      for j in 0..<horizontal.count {
        let x = Int(horizontal.starts[j])
        let pixel = x < 0 ? 0 : sourceRow.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self)
        output.storeBytes(of: pixel, toByteOffset: j &* 4, as: UInt32.self)
      }
      return
    }
    for j in 0..<horizontal.count {
      let pixel = sourceRow.loadUnaligned(fromByteOffset: Int(horizontal.starts[j]) &* 4, as: UInt32.self)
      output.storeBytes(of: pixel, toByteOffset: j &* 4, as: UInt32.self)
    }
  }
}
