import Foundation
import Synchronization
import Testing

@testable import PixelOps

@Suite("Scheduling: cancellation")
struct SchedulingCancellationTests {
  @Test("a token cancelled before the call runs nothing and throws", arguments: [1, 2, 8])
  func cancelledBeforeStart(threads: Int) {
    let token = CancellationToken()
    token.cancel()
    let parallelism = Parallelism.testThreads(threads).cancellable(by: token)
    let bands = Atomic<Int>(0)
    #expect(throws: PixelError.cancelled) {
      try ThreadPool.shared.run(bandCount: 100, parallelism: parallelism) { _ in bands.add(1, ordering: .relaxed) }
    }
    #expect(throws: PixelError.cancelled) {
      try RowBands.forEachBand(rowCount: 500, bytesPerRow: 1 << 20, parallelism: parallelism) { _ in
        bands.add(1, ordering: .relaxed)
      }
    }
    // Small work is one band, run on the caller without the pool: the same check comes first.
    #expect(throws: PixelError.cancelled) {
      try RowBands.forEachBand(rowCount: 3, bytesPerRow: 16, parallelism: parallelism) { _ in
        bands.add(1, ordering: .relaxed)
      }
    }
    let work = CountingWork()
    #expect(throws: PixelError.cancelled) {
      try RowBands.forEachBand(rowCount: 3, bytesPerRow: 16, parallelism: parallelism, work: work)
    }
    let bandCalls = bands.load(ordering: .relaxed)
    #expect(bandCalls == 0 && work.calls.load(ordering: .relaxed) == 0)
  }

  /// Row work that counts its calls.
  private final class CountingWork: RowBandWork, Sendable {
    let calls = Atomic<Int>(0)
    func run(rows: Range<Int>) throws(PixelError) { calls.add(1, ordering: .relaxed) }
  }

  @Test("inline: bands after the cancelling band are skipped")
  func serialStopsAfterCancellingBand() {
    let token = CancellationToken()
    let ran = Locked([Int]())
    #expect(throws: PixelError.cancelled) {
      try ThreadPool.shared.run(bandCount: 100, parallelism: Parallelism.serial.cancellable(by: token)) { band in
        ran.withLock { $0.append(band) }
        if band == 10 { token.cancel() }
      }
    }
    #expect(ran.withLock { $0 } == Array(0...10))
  }

  @Test("cancelling during the last band completes the work without throwing")
  func cancelDuringLastBand() throws {
    let token = CancellationToken()
    let bands = Atomic<Int>(0)
    try ThreadPool.shared.run(bandCount: 5, parallelism: Parallelism.serial.cancellable(by: token)) { band in
      bands.add(1, ordering: .relaxed)
      if band == 4 { token.cancel() }
    }
    let bandCalls = bands.load(ordering: .relaxed)
    #expect(bandCalls == 5)
  }

  /// Band 0 (the caller's first) cancels; every other band waits for the cancellation
  /// before it returns. Each participating thread then starts at most one band before it
  /// sees the token cancelled, so at most `threads` bands start, and every started band has
  /// finished when the call throws.
  @Test("with threads, no band starts after a thread saw the cancellation", arguments: 2...8)
  func parallelStopsStartingBands(threads: Int) {
    let token = CancellationToken()
    let started = Atomic<Int>(0)
    let finished = Atomic<Int>(0)
    let bandZeroRan = Atomic<Bool>(false)
    let waitsTimedOut = Atomic<Int>(0)
    #expect(throws: PixelError.cancelled) {
      try ThreadPool.shared.run(bandCount: 1000, parallelism: Parallelism.testThreads(threads).cancellable(by: token)) {
        band in
        started.add(1, ordering: .relaxed)
        if band == 0 {
          bandZeroRan.store(true, ordering: .relaxed)
          token.cancel()
        } else if !spin(until: { token.isCancelled }) {
          waitsTimedOut.add(1, ordering: .relaxed)
        }
        finished.add(1, ordering: .relaxed)
      }
    }
    let startedBands = started.load(ordering: .relaxed)
    let ranBandZero = bandZeroRan.load(ordering: .relaxed)
    let timedOut = waitsTimedOut.load(ordering: .relaxed)
    #expect(timedOut == 0, "bands that waited \(schedulingDeadline) for the cancellation")
    #expect(ranBandZero)
    #expect(startedBands >= 1 && startedBands <= threads)
    let finishedBands = finished.load(ordering: .relaxed)
    #expect(finishedBands == startedBands)
  }

  @Test("row bands stop too, and never return while a band runs")
  func rowBandsStop() {
    let token = CancellationToken()
    let rowsStarted = Atomic<Int>(0)
    let rowsFinished = Atomic<Int>(0)
    let waitsTimedOut = Atomic<Int>(0)
    // 1000 rows of 1 MiB: 1000 one-row bands on 4 threads.
    #expect(throws: PixelError.cancelled) {
      try RowBands.forEachBand(
        rowCount: 1000, bytesPerRow: 1 << 20, parallelism: Parallelism.testThreads(4).cancellable(by: token)
      ) { rows in
        rowsStarted.add(rows.count, ordering: .relaxed)
        if rows.contains(0) {
          token.cancel()
        } else if !spin(until: { token.isCancelled }) {
          waitsTimedOut.add(1, ordering: .relaxed)
        }
        rowsFinished.add(rows.count, ordering: .relaxed)
      }
    }
    let startedRows = rowsStarted.load(ordering: .relaxed)
    let finishedRows = rowsFinished.load(ordering: .relaxed)
    let timedOut = waitsTimedOut.load(ordering: .relaxed)
    #expect(timedOut == 0, "bands that waited \(schedulingDeadline) for the cancellation")
    #expect(startedRows >= 1 && startedRows <= 4)
    #expect(finishedRows == startedRows)
  }
}
