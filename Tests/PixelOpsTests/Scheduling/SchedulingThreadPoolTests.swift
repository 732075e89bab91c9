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

  @Test("two threads really run two bands at the same time")
  func twoBandsOverlap() throws {
    // Each band waits until both have started: this finishes only if a worker joins.
    let started = Atomic<Int>(0)
    try ThreadPool.shared.run(bandCount: 2, parallelism: .testThreads(2)) { _ in
      started.add(1, ordering: .relaxed)
      spin { started.load(ordering: .relaxed) == 2 }
    }
    let startedBands = started.load(ordering: .relaxed)
    #expect(startedBands == 2)
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
    let completedCallers = Atomic<Int>(0)
  }

  /// One stress caller's work: small jobs (inline) and large ones (split), checked against a
  /// plain loop.
  static func stressCaller(_ caller: Int, counters: StressCounters) {
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

  @Test("many threads and tasks calling at once all get correct results")
  func concurrentCallers() async throws {
    let counters = StressCounters()
    let threadsDone = DispatchGroup()
    for caller in 0..<16 {
      threadsDone.enter()
      Thread {
        Self.stressCaller(caller, counters: counters)
        threadsDone.leave()
      }.start()
    }
    await withTaskGroup(of: Void.self) { group in
      for caller in 16..<32 {
        group.addTask { Self.stressCaller(caller, counters: counters) }
      }
    }
    await withCheckedContinuation { continuation in
      threadsDone.notify(queue: .global()) { continuation.resume() }
    }
    let completed = counters.completedCallers.load(ordering: .relaxed)
    let failures = counters.failures.load(ordering: .relaxed)
    #expect(completed == 32)
    #expect(failures == 0)
  }
}
