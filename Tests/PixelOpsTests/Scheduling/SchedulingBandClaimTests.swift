import Foundation
import Synchronization
import Testing

@testable import PixelOps

/// How a job hands its bands out: each thread owns a contiguous home range (the caller the
/// first), runs it front to back, and takes what is left of other ranges from their backs.
@Suite("Scheduling: home ranges of bands")
struct SchedulingBandClaimTests {
  /// One band run: which thread ran it, in what order.
  struct BandRun: Sendable {
    let thread: pthread_t
    let band: Int
    let order: Int
  }

  /// Runs `bandCount` bands on `threads` threads, each spinning briefly so that helpers get a
  /// share, and returns every run.
  static func recordRuns(bandCount: Int, threads: Int) throws -> [BandRun] {
    let runs = Locked([BandRun]())
    let counter = Atomic<Int>(0)
    try ThreadPool.shared.run(bandCount: bandCount, parallelism: .testThreads(threads)) { band in
      let start = ContinuousClock.now
      while ContinuousClock.now - start < .microseconds(band % 3 == 0 ? 200 : 50) {}
      let order = counter.add(1, ordering: .relaxed).oldValue
      runs.withLock { $0.append(BandRun(thread: pthread_self(), band: band, order: order)) }
    }
    return runs.withLock { $0 }
  }

  /// Whatever the timing: in each range, the thread that ran the range's first band ran its
  /// bands there either from the front (the owner: consecutive, increasing) or from the back
  /// (a thief: decreasing), and every other thread from the back. The caller owns the first
  /// range, so its bands there are always the first ones in increasing order.
  @Test("threads run their own range front to back and take others' bands from the back", arguments: [2, 3, 4])
  func claimDiscipline(threads: Int) throws {
    let caller = pthread_self()
    for bandCount in [2, 8, 37] {
      for _ in 0..<20 {
        let runs = try Self.recordRuns(bandCount: bandCount, threads: threads)
        #expect(runs.map(\.band).sorted() == Array(0..<bandCount), "every band once")
        let participants = min(threads, bandCount)
        for participant in 0..<participants {
          let range = RowBands.rows(ofBand: participant, bandCount: participants, rowCount: bandCount)
          let inRange = runs.filter { range.contains($0.band) }.sorted { $0.order < $1.order }
          guard let firstBandThread = inRange.first(where: { $0.band == range.lowerBound })?.thread else {
            Issue.record("band \(range.lowerBound) never ran")
            continue
          }
          var threadsSeen: [pthread_t] = []
          for run in inRange where !threadsSeen.contains(where: { pthread_equal($0, run.thread) != 0 }) {
            threadsSeen.append(run.thread)
          }
          for thread in threadsSeen {
            let bands = inRange.filter { pthread_equal($0.thread, thread) != 0 }.map(\.band)
            let fromFront = bands == Array(range.lowerBound..<(range.lowerBound + bands.count))
            let fromBack = zip(bands, bands.dropFirst()).allSatisfy { $0 > $1 }
            let context = "\(threads) threads, \(bandCount) bands, range \(range): \(bands)"
            if participant == 0 && pthread_equal(thread, caller) != 0 {
              #expect(fromFront, "the caller's own bands, \(context)")
            } else if pthread_equal(thread, firstBandThread) != 0 {
              #expect(fromFront || fromBack, "\(context)")
            } else {
              #expect(fromBack, "\(context)")
            }
          }
        }
      }
    }
  }

  /// Counts every band's calls, without a closure (the form kernels use).
  struct CountingWork: BandWork {
    let calls: SharedBuffer<Int>
    func runBand(_ band: Int) throws(PixelError) { calls[band] += 1 }
  }

  @Test("a call with more bands than one job takes runs as several jobs, every band once", arguments: [1, 2, 5])
  func splitIntoJobs(bandsPerJob: Int) throws {
    for threads in [2, 3, 8] {
      let calls = SharedBuffer<Int>(repeating: 0, count: 23)
      try ThreadPool.shared.perform(
        bandCount: 23, threadCount: threads, cancellationToken: nil, work: CountingWork(calls: calls),
        bandsPerJob: bandsPerJob)
      #expect(calls.array == [Int](repeating: 1, count: 23), "\(threads) threads, \(bandsPerJob) bands per job")
    }
  }
}
