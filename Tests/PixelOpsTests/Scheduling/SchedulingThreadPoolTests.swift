import Foundation
import Synchronization
import Testing

@testable import PixelOps

@Suite("Scheduling: thread pool")
struct SchedulingThreadPoolTests {
  @Test("run calls every band exactly once", arguments: [0, 1, 2, 5, 8, 64, 1000])
  func everyBandOnce(bandCount: Int) throws {
    for threads in 1...8 {
      let callsPerBand = SharedBuffer<Int>(repeating: 0, count: max(bandCount, 1))
      let total = Atomic<Int>(0)
      try ThreadPool.shared.run(bandCount: bandCount, parallelism: .testThreads(threads)) { band in
        callsPerBand[band] += 1
        total.add(1, ordering: .relaxed)
      }
      let calls = total.load(ordering: .relaxed)
      #expect(calls == bandCount, "threads \(threads)")
      #expect(callsPerBand.array.prefix(bandCount).allSatisfy { $0 == 1 }, "threads \(threads)")
    }
  }

  @Test("a negative band count runs nothing")
  func negativeBandCount() throws {
    let total = Atomic<Int>(0)
    try ThreadPool.shared.run(bandCount: -4, parallelism: .testThreads(4)) { _ in total.add(1, ordering: .relaxed) }
    let calls = total.load(ordering: .relaxed)
    #expect(calls == 0)
  }

  @Test("one thread runs every band on the caller, in order")
  func serialRunsInlineInOrder() throws {
    let caller = pthread_self()
    let order = Locked([Int]())
    let elsewhere = Atomic<Int>(0)
    try ThreadPool.shared.run(bandCount: 20, parallelism: .serial) { band in
      if !isCurrentThread(caller) { elsewhere.add(1, ordering: .relaxed) }
      order.withLock { $0.append(band) }
    }
    #expect(order.withLock { $0 } == Array(0..<20))
    let otherBands = elsewhere.load(ordering: .relaxed)
    #expect(otherBands == 0)
  }

  /// Each band announces that it started, then waits (bounded) until the other band has too,
  /// and counts itself only if it saw that. Run one after the other, the first band waits out
  /// the deadline and is not counted, so the test fails instead of passing or hanging.
  @Test("two threads really run two bands at the same time", arguments: [2, 3, 8])
  func twoBandsOverlap(threads: Int) throws {
    let started = Atomic<Int>(0)
    let sawOtherBand = Atomic<Int>(0)
    let start = ContinuousClock.now
    try ThreadPool.shared.run(bandCount: 2, parallelism: .testThreads(threads)) { _ in
      started.add(1, ordering: .relaxed)
      if spin(until: { started.load(ordering: .relaxed) == 2 }) { sawOtherBand.add(1, ordering: .relaxed) }
    }
    let bandsThatOverlapped = sawOtherBand.load(ordering: .relaxed)
    #expect(bandsThatOverlapped == 2, "\(threads) threads: only \(bandsThatOverlapped) band(s) saw the other running")
    #expect(ContinuousClock.now - start < schedulingDeadline)
  }

  @Test("workers are started for requests wider than the machine")
  func widerThanMachine() throws {
    let total = Atomic<Int>(0)
    try ThreadPool.shared.run(bandCount: 64, parallelism: .testThreads(8)) { _ in total.add(1, ordering: .relaxed) }
    let calls = total.load(ordering: .relaxed)
    #expect(calls == 64)
    #expect(ThreadPool.shared.workerCount >= 7)
  }

  @Test("requests beyond maximumThreadCount are capped and still complete")
  func hugeThreadCount() throws {
    let total = Atomic<Int>(0)
    try ThreadPool.shared.run(bandCount: 300, parallelism: .testThreads(100_000)) { _ in
      total.add(1, ordering: .relaxed)
    }
    let calls = total.load(ordering: .relaxed)
    #expect(calls == 300)
    #expect(ThreadPool.shared.workerCount <= ThreadPool.maximumThreadCount - 1)
  }

  @Test("bands may call the pool again, three levels deep, without deadlock")
  func nestedCalls() throws {
    let width = 8
    let leaves = SharedBuffer<Int>(repeating: 0, count: width * width * width)
    let innerFailures = Atomic<Int>(0)
    try ThreadPool.shared.run(bandCount: width, parallelism: .testThreads(8)) { outer in
      do {
        try ThreadPool.shared.run(bandCount: width, parallelism: .testThreads(4)) { middle in
          do {
            try RowBands.forEachBand(rowCount: width, bytesPerRow: 1 << 20, parallelism: .testThreads(3)) { rows in
              for inner in rows { leaves[(outer * width + middle) * width + inner] += 1 }
            }
          } catch {
            innerFailures.add(1, ordering: .relaxed)
          }
        }
      } catch {
        innerFailures.add(1, ordering: .relaxed)
      }
    }
    let failures = innerFailures.load(ordering: .relaxed)
    #expect(failures == 0)
    #expect(leaves.array == [Int](repeating: 1, count: width * width * width))
  }

  /// Counts of the stress test, shared by its callers.
  final class StressCounters: Sendable {
    let failures = Atomic<Int>(0)
    let startedCallers = Atomic<Int>(0)
    let completedCallers = Atomic<Int>(0)
  }

  /// One stress caller's work: small jobs (inline) and large ones (split), checked against a
  /// plain loop.
  static func stressCaller(_ caller: Int, counters: StressCounters) {
    counters.startedCallers.add(1, ordering: .relaxed)
    for job in 0..<12 {
      let large = job % 3 != 0
      let width = large ? 48 : 5
      let height = large ? 96 : 3
      let seed = caller * 100 + job
      let image = SharedBuffer<UInt32>(repeating: 0, count: width * height)
      do {
        try RowBands.forEachBand(
          rowCount: height, bytesPerRow: large ? 1 << 16 : 16,
          parallelism: .testThreads(1 + (caller + job) % 8)
        ) { rows in
          fillRows(rows, of: image, width: width, seed: seed)
        }
        if image.array != expectedImage(width: width, height: height, seed: seed) {
          counters.failures.add(1, ordering: .relaxed)
        }
      } catch {
        counters.failures.add(1, ordering: .relaxed)
      }
    }
    counters.completedCallers.add(1, ordering: .relaxed)
  }

  /// Sixteen threads and sixteen tasks call the pool at once. The tasks are unstructured so that
  /// the wait for all 32 is bounded: a caller that never returns fails the test at the deadline.
  @Test("many threads and tasks calling at once all get correct results")
  func concurrentCallers() async throws {
    let counters = StressCounters()
    for caller in 0..<16 {
      Thread { Self.stressCaller(caller, counters: counters) }.start()
    }
    for caller in 16..<32 {
      Task.detached { Self.stressCaller(caller, counters: counters) }
    }
    // The tasks run on the concurrency runtime's cooperative threads (two on a 2-core machine),
    // which the suite's other tests also occupy, blocking, while they run in parallel: a CI run
    // saw one task start only after 20 s, and under AddressSanitizer one not within 180 s. So
    // the deadline that finds a hung caller runs from the moment all 32 have started (a caller
    // never yields once started); starting gets a bound of its own, the length of a whole
    // sanitized test run.
    let allStarted = await waitUntil(for: .seconds(900)) {
      counters.startedCallers.load(ordering: .relaxed) == 32
    }
    let callersDeadline = Duration.seconds(180)
    let allReturned = await waitUntil(for: callersDeadline) {
      counters.completedCallers.load(ordering: .relaxed) == 32
    }
    #expect(allStarted, "\(counters.startedCallers.load(ordering: .relaxed)) of 32 callers started within 900 s")
    let completed = counters.completedCallers.load(ordering: .relaxed)
    let failures = counters.failures.load(ordering: .relaxed)
    #expect(allReturned, "\(completed) of 32 callers returned within \(callersDeadline) of all starting")
    #expect(completed == 32)
    #expect(failures == 0)
  }
}
