import Synchronization
import Testing

@testable import PixelOps

/// A band that throws stops the call with its error, as cancellation does: no band starts after
/// it, the call returns only after running bands finished, and the pool stays usable.
@Suite("Errors thrown by bands")
struct BandErrorTests {
  /// Throws for every row at or past `failingRow`.
  struct FailingRows: RowBandWork {
    let failingRow: Int

    func run(rows: Range<Int>) throws(PixelError) {
      for y in rows {
        if y >= failingRow { throw .invalidScale(Double(failingRow)) }
      }
    }
  }

  @Test("the first error a band throws comes out of the call, at any thread count", arguments: [1, 2, 4])
  func errorPropagates(threads: Int) throws {
    for failingRow in [0, 1, 500, 999] {
      // 1,000 rows of 1 MB of traffic each: many bands on every thread count.
      #expect(throws: PixelError.invalidScale(Double(failingRow))) {
        try RowBands.forEachBand(
          rowCount: 1000, bytesPerRow: 1 << 20, parallelism: try .threads(threads),
          work: FailingRows(failingRow: failingRow))
      }
    }
    // The pool runs the next call normally.
    try RowBands.forEachBand(
      rowCount: 1000, bytesPerRow: 1 << 20, parallelism: try .threads(threads),
      work: FailingRows(failingRow: 1000))
  }

  /// Counts the bands it runs and throws at band `throwingBand`.
  final class ThrowingBands: BandWork, Sendable {
    let throwingBand: Int
    let runs = Atomic<Int>(0)

    init(throwingBand: Int) { self.throwingBand = throwingBand }

    func runBand(_ band: Int) throws(PixelError) {
      runs.add(1, ordering: .relaxed)
      if band == throwingBand { throw .invalidScale(Double(band)) }
    }
  }

  /// The participants of one job, run one after the other on this thread: once a band threw,
  /// every participant's share is closed, not only the thrower's.
  @Test("after a band threw, no participant of the job starts another band", arguments: [0, 1, 2])
  func errorStopsEveryShare(thrower: Int) {
    let participants = 3
    let bandCount = 30
    // The first band of the thrower's own share.
    let throwingBand = RowBands.rows(ofBand: thrower, bandCount: participants, rowCount: bandCount).lowerBound
    let work = ThrowingBands(throwingBand: throwingBand)
    withUnsafePointer(to: work) { pointer in
      let body = BandInvocation(pointer)
      let job = PoolJob(bandCount: bandCount, helperSlots: participants - 1, cancellationToken: nil, body: body)
      job.participate(body, as: thrower)
      #expect(job.error == .invalidScale(Double(throwingBand)))
      #expect(!job.hasUnclaimedBands)
      for other in 0..<participants where other != thrower { job.participate(body, as: other) }
    }
    let runs = work.runs.load(ordering: .relaxed)
    #expect(runs == 1, "participant \(thrower) threw at its first band; \(runs) bands ran")
  }

  /// A source that fails on every row (its error names the row), as a path rasteriser out of
  /// memory would.
  struct FailingSource: RowSource {
    var solidColor: PremultipliedColor? { nil }
    var isOpaque: Bool { false }
    var scratchByteCount: Int { 0 }
    var readsMemoryOnly: Bool { false }
    func costPerRow(width: Int) -> Int { 1 << 20 }
    func makeCursor(scratch: UnsafeMutableRawPointer?) -> Cursor { Cursor() }

    struct Cursor: RowSourceCursor {
      func row(_ y: Int, columns: Range<Int>) throws(PixelError) -> UnsafeRawPointer? {
        throw .allocationFailed(bytes: y)
      }
      func write(_ y: Int, columns: Range<Int>, into target: UnsafeMutableRawPointer) throws(PixelError) {
        throw .allocationFailed(bytes: y)
      }
    }
  }

  @Test("an error a row source throws comes out of the composite", arguments: [1, 3])
  func sourceErrorPropagates(threads: Int) throws {
    var destination = try PixelBuffer(width: 8, height: 64, format: .rgba8Premultiplied)
    destination.withMutableView { d in
      let error = #expect(throws: PixelError.self) {
        try CompositeEngine.composite(
          FailingSource(), coverage: FullCoverage(), area: PixelRect(x: 0, y: 0, width: 8, height: 64),
          onto: d, mode: .normal, opacity: 255, parallelism: try .threads(threads))
      }
      guard case .allocationFailed(let row) = error else {
        Issue.record("expected the source's error, got \(String(describing: error))")
        return
      }
      #expect((0..<64).contains(row))
    }
  }
}
