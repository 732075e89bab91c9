/// The one band-work type of every composite: for each row of a band it pulls the source row
/// and the coverage row and calls the row kernel the table chose (its form for a repeating or
/// dithered row where the source offers one; a pointer stepped from row to row where the
/// source's rows are already in memory, ``RowSource/memoryRows(_:columns:)``). Scratch for both
/// comes from one ``BandScratch`` buffer per band.
struct CompositeBands<Source: RowSource, Coverage: CoverageSource>: RowBandWork {
  let source: Source
  let coverage: Coverage
  let kernels: CompositeKernels
  let parameters: CompositeParameters
  let destination: MutablePixelView
  /// The destination pixels drawn (inside the view); band rows count from its top.
  let area: PixelRect
  /// Whether each destination row is swapped between BGRA and RGBA around the kernel (a
  /// non-separable mode onto BGRA, see ``DrawChannels``).
  let swapsDestination: Bool

  func run(rows: Range<Int>) throws(PixelError) {
    let sourceBytes = BandScratch.aligned(source.scratchByteCount)
    let total = sourceBytes &+ coverage.scratchByteCount
    // Checked once per band: same-order draws run exactly the loop they always ran.
    guard !swapsDestination else {
      // A copying entry writes and swaps the destination row itself: no row to blend into.
      let swappedRowOffset = BandScratch.aligned(total)
      let swappedRowBytes = kernels.copiesSource ? 0 : area.width &* 4
      return try BandScratch.withBuffer(byteCount: swappedRowOffset &+ swappedRowBytes, keptFor: source.scratchKey) {
        (scratch, isKept) throws(PixelError) in
        try runSwappingDestination(
          rows, scratch: scratch, isKept: isKept, coverageOffset: sourceBytes, swappedRow: scratch + swappedRowOffset)
      }
    }
    guard total > 0 else { return try run(rows, scratch: nil, isKept: false, coverageOffset: 0) }
    let key = source.scratchKey
    guard key != 0 else {
      // Nothing kept (every source but a shifted linear gradient): the plain lending, whose
      // closure is what small draws always ran (the keyed one's took 1,741 → 1,815 instructions
      // for a 4x4 source-over).
      return try BandScratch.withBuffer(byteCount: total) { (scratch) throws(PixelError) in
        try run(rows, scratch: scratch, isKept: false, coverageOffset: sourceBytes)
      }
    }
    try BandScratch.withBuffer(byteCount: total, keptFor: key) { (scratch, isKept) throws(PixelError) in
      try runOverKeptScratch(rows, scratch: scratch, isKept: isKept, coverageOffset: sourceBytes)
    }
  }

  /// ``run(_:scratch:isKept:coverageOffset:)`` as a function of its own: inlined into the keyed
  /// lending's closure, the 480x270 linear gradient's row loop took 5,800 more instructions a call.
  @inline(never)
  private func runOverKeptScratch(
    _ rows: Range<Int>, scratch: UnsafeMutableRawPointer, isKept: Bool, coverageOffset: Int
  ) throws(PixelError) {
    try run(rows, scratch: scratch, isKept: isKept, coverageOffset: coverageOffset)
  }

  /// The band's rows over `scratch`, which holds what an earlier band of the source kept there
  /// when `isKept` (``RowSource/scratchKey``).
  @inline(__always)
  private func run(
    _ rows: Range<Int>, scratch: UnsafeMutableRawPointer?, isKept: Bool, coverageOffset: Int
  ) throws(PixelError) {
    let sourceRows = source.makeCursor(scratch: source.scratchByteCount == 0 ? nil : scratch, isKept: isKept)
    var coverageRows = coverage.makeCursor(
      scratch: coverage.scratchByteCount == 0 ? nil : scratch.map { $0 + coverageOffset })
    let columns = area.x..<(area.x &+ area.width)
    let firstByte = area.x &* 4
    if kernels.copiesSource {
      // Nothing to blend: the source writes its rows straight into the destination.
      for y in (area.y &+ rows.lowerBound)..<(area.y &+ rows.upperBound) {
        try sourceRows.write(y, columns: columns, into: destination.rowAddress(y) + firstByte)
      }
      return
    }
    let kernel = kernels.row
    let destinationRows = (area.y &+ rows.lowerBound)..<(area.y &+ rows.upperBound)
    if let memory = source.memoryRows(destinationRows, columns: columns) {
      // Rows already in memory: a pointer stepped from row to row, no cursor.
      var pixels = memory.first
      for y in destinationRows {
        kernel(span(y, source: pixels, coverage: try coverageRows.row(y, columns: columns)), parameters)
        pixels = pixels.map { $0 + memory.rowBytes }
      }
      return
    }
    // Unwrapped once (not with `??`, whose generic result needed a reabstraction thunk per call):
    // an optional kernel unwrapped row by row was retained and released around every row's call
    // (the 480x270 dithered linear tile: 5,600 instructions a call).
    var (dithers, dither): (Bool, DitheredRowKernel) = (false, { _, _, _ in })
    if source.offersDitheredRows, let kernel = kernels.dithered { (dithers, dither) = (true, kernel) }
    for y in destinationRows {
      if let repeating = sourceRows.repeatingRow(y, columns: columns) {
        let covered = try coverageRows.row(y, columns: columns)
        runRepeating(repeating, destination: destination.rowAddress(y) + firstByte, coverage: covered, kernel: kernel)
        continue
      }
      if dithers, let dithered = sourceRows.ditheredRow(y, columns: columns) {
        dither(span(y, source: nil, coverage: try coverageRows.row(y, columns: columns)), dithered, parameters)
        continue
      }
      let pixels = try sourceRows.row(y, columns: columns)
      kernel(span(y, source: pixels, coverage: try coverageRows.row(y, columns: columns)), parameters)
    }
  }

  /// The span of destination row `y` of the area, reading `source` and `coverage`.
  @inline(__always)
  private func span(_ y: Int, source: UnsafeRawPointer?, coverage: CoverageRow?) -> CompositeSpan {
    span(into: destination.rowAddress(y) + area.x &* 4, source: source, coverage: coverage)
  }

  /// The span of an area row written at `target` (the destination, or a swapped copy of it).
  @inline(__always)
  private func span(into target: UnsafeMutableRawPointer, source: UnsafeRawPointer?, coverage: CoverageRow?)
    -> CompositeSpan
  {
    CompositeSpan(
      destination: target, source: source, coverage: coverage?.bytes, coverageStride: coverage?.stride ?? 1,
      count: area.width)
  }

  /// One row of a repeating source: the kernel once per repetition, on the run itself (each
  /// pixel is computed from its own inputs, so the pixels are those of one call on the whole
  /// row).
  @inline(__always)
  private func runRepeating(
    _ repeating: RepeatingRow, destination: UnsafeMutableRawPointer, coverage: CoverageRow?, kernel: CompositeRowKernel
  ) {
    var x = 0
    var offset = repeating.phase
    let stride = coverage?.stride ?? 1
    while x < area.width {
      let count = min(area.width &- x, repeating.period &- offset)
      kernel(
        CompositeSpan(
          destination: destination + x &* 4, source: repeating.run + offset &* 4,
          coverage: coverage.map { $0.bytes + x &* $0.stride }, coverageStride: stride, count: count),
        parameters)
      x &+= count
      offset = 0
    }
  }

  /// The same rows with each destination row swapped between BGRA and RGBA around the kernel
  /// (or after the source wrote it, for a copying entry): non-separable modes onto BGRA. The
  /// kernel blends into a swapped copy of the row (`swappedRow`, a row of scratch), which is
  /// swapped back into place after it: a source reading the very same pixels in the other order
  /// (a view drawn onto itself) then reads them as they were.
  private func runSwappingDestination(
    _ rows: Range<Int>, scratch: UnsafeMutableRawPointer, isKept: Bool, coverageOffset: Int,
    swappedRow: UnsafeMutableRawPointer
  ) throws(PixelError) {
    let sourceRows = source.makeCursor(scratch: source.scratchByteCount == 0 ? nil : scratch, isKept: isKept)
    var coverageRows = coverage.makeCursor(
      scratch: coverage.scratchByteCount == 0 ? nil : scratch + coverageOffset)
    let columns = area.x..<(area.x &+ area.width)
    let firstByte = area.x &* 4
    for y in (area.y &+ rows.lowerBound)..<(area.y &+ rows.upperBound) {
      let target = destination.rowAddress(y) + firstByte
      if kernels.copiesSource {
        try sourceRows.write(y, columns: columns, into: target)
        RedBlueSwap.swapInPlace(target, count: area.width)
        continue
      }
      let pixels = try sourceRows.row(y, columns: columns)
      let covered = try coverageRows.row(y, columns: columns)
      RedBlueSwap.swap(target, into: swappedRow, count: area.width)
      kernels.row(span(into: swappedRow, source: pixels, coverage: covered), parameters)
      RedBlueSwap.swap(swappedRow, into: target, count: area.width)
    }
  }
}
