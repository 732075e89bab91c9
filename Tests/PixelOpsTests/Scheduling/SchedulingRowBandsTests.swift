import Foundation
import Synchronization
import Testing

@testable import PixelOps

@Suite("Scheduling: row bands")
struct SchedulingRowBandsTests {
  @Test("band rows partition the rows into contiguous near-equal ranges")
  func bandRowsPartition() {
    for rowCount in 1...70 {
      for bandCount in 1...min(rowCount, 19) {
        var next = 0
        for band in 0..<bandCount {
          let rows = RowBands.rows(ofBand: band, bandCount: bandCount, rowCount: rowCount)
          #expect(rows.lowerBound == next)
          #expect(rows.count == rowCount / bandCount || rows.count == rowCount / bandCount + 1)
          next = rows.upperBound
        }
        #expect(next == rowCount)
      }
    }
  }

  @Test("a tapered share's bands halve: within a row of 1/2, 1/4, 1/8, 1/16 and 1/16 of it")
  func taperedBandsHalve() {
    let fractions = [0.5, 0.25, 0.125, 0.0625, 0.0625]
    #expect(fractions.count == RowBands.bandsPerThread)
    for rowCount in RowBands.minimumTaperedShareRows...600 {
      var next = 0
      for (index, fraction) in fractions.enumerated() {
        let band = RowBands.taperedBand(index, of: rowCount)
        #expect(band.lowerBound == next && !band.isEmpty, "share \(rowCount), band \(index)")
        #expect(abs(Double(band.count) - fraction * Double(rowCount)) < 1, "share \(rowCount), band \(index)")
        next = band.upperBound
      }
      #expect(next == rowCount)
    }
  }

  @Test("tapered bands partition the rows, and each thread's home range of bands is its share")
  func taperedBandsFollowHomeRanges() {
    for rowCount in [32, 33, 47, 100, 270, 1001] {
      for threads in 2...6 where rowCount / threads >= RowBands.minimumTaperedShareRows {
        // Six threads' worth of traffic: every thread asked for, few bands for cancellation.
        let bytesPerRow = (6 * RowBands.minimumBytesPerThread + rowCount - 1) / rowCount
        let plan = RowBands.plan(rowCount: rowCount, bytesPerRow: bytesPerRow, threadCount: threads)
        #expect(plan.tapersShares && plan.threadCount == threads, "rows \(rowCount), threads \(threads)")
        var next = 0
        for participant in 0..<threads {
          // The bands PoolJob gives this participant as its home range.
          let home = RowBands.rows(ofBand: participant, bandCount: threads, rowCount: plan.bandCount)
          let share = RowBands.rows(ofBand: participant, bandCount: threads, rowCount: rowCount)
          var sizes: [Int] = []
          for band in home {
            let rows = RowBands.rows(ofBand: band, of: plan, rowCount: rowCount)
            #expect(rows.lowerBound == next && share.contains(rows.lowerBound), "rows \(rowCount), band \(band)")
            sizes.append(rows.count)
            next = rows.upperBound
          }
          #expect(next == share.upperBound, "rows \(rowCount), threads \(threads), share \(participant)")
          #expect(sizes == sizes.sorted(by: >) && sizes[0] > sizes[sizes.count - 1], "largest first: \(sizes)")
        }
        #expect(next == rowCount)
      }
    }
  }

  @Test(
    "every row is visited exactly once, by non-empty disjoint bands",
    arguments: [0, 1, 2, 3, 7, 8, 9, 31, 64, 65, 257, 1000])
  func everyRowOnce(rowCount: Int) throws {
    for threads in 1...8 {
      for bytesPerRow in [1, 4096, 1 << 20] {
        let visits = Locked([Int](repeating: 0, count: rowCount))
        let bands = Locked([Range<Int>]())
        try RowBands.forEachBand(
          rowCount: rowCount, bytesPerRow: bytesPerRow, parallelism: .testThreads(threads)
        ) { rows in
          bands.withLock { $0.append(rows) }
          visits.withLock { visits in for row in rows { visits[row] += 1 } }
        }
        #expect(
          visits.withLock { $0 } == [Int](repeating: 1, count: rowCount),
          "rows \(rowCount), threads \(threads), bytes per row \(bytesPerRow)")
        let sorted = bands.withLock { $0 }.sorted { $0.lowerBound < $1.lowerBound }
        #expect(sorted.allSatisfy { !$0.isEmpty })
        #expect(zip(sorted, sorted.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        let plan = RowBands.plan(rowCount: rowCount, bytesPerRow: bytesPerRow, threadCount: threads)
        #expect(sorted.count == plan.bandCount)
      }
    }
  }

  @Test("output is identical for 1 to 8 threads and matches a plain loop")
  func identicalForEveryThreadCount() throws {
    let width = 67
    let height = 301
    let expected = expectedImage(width: width, height: height, seed: 5)
    for threads in 1...8 {
      let image = SharedBuffer<UInt32>(repeating: 0, count: width * height)
      // The traffic estimate is inflated so that the rows really are split among threads.
      try RowBands.forEachBand(rowCount: height, bytesPerRow: 1 << 16, parallelism: .testThreads(threads)) {
        fillRows($0, of: image, width: width, seed: 5)
      }
      #expect(image.array == expected, "threads \(threads)")
    }
  }

  @Test("work below the break-even runs inline on the caller, in one band")
  func smallWorkRunsInline() throws {
    let caller = pthread_self()
    let onCaller = Locked([Bool]())
    try RowBands.forEachBand(rowCount: 16, bytesPerRow: 256, parallelism: .testThreads(8)) { _ in
      let inline = isCurrentThread(caller)
      onCaller.withLock { $0.append(inline) }
    }
    #expect(onCaller.withLock { $0 } == [true])
  }

  @Test("one thread runs large work inline, in bands of at most maximumBandBytes")
  func serialLargeWorkStaysOnCaller() throws {
    let caller = pthread_self()
    let bandsOnCaller = Atomic<Int>(0)
    let bandsElsewhere = Atomic<Int>(0)
    // 64 rows of 1 MiB: 64 MiB of traffic, at most 1 MiB per band.
    try RowBands.forEachBand(rowCount: 64, bytesPerRow: 1 << 20, parallelism: .serial) { _ in
      if isCurrentThread(caller) {
        bandsOnCaller.add(1, ordering: .relaxed)
      } else {
        bandsElsewhere.add(1, ordering: .relaxed)
      }
    }
    let callerBands = bandsOnCaller.load(ordering: .relaxed)
    #expect(callerBands == 64)
    let otherBands = bandsElsewhere.load(ordering: .relaxed)
    #expect(otherBands == 0)
  }

  @Test("plans follow the documented rules")
  func plans() {
    let perThread = RowBands.minimumBytesPerThread
    // Nothing to do.
    #expect(RowBands.plan(rowCount: 0, bytesPerRow: 100, threadCount: 4) == .init(bandCount: 0, threadCount: 1))
    #expect(RowBands.plan(rowCount: -3, bytesPerRow: 100, threadCount: 4) == .init(bandCount: 0, threadCount: 1))
    // Too little work for a second thread: one band.
    #expect(RowBands.plan(rowCount: 10, bytesPerRow: 16, threadCount: 8) == .init(bandCount: 1, threadCount: 1))
    #expect(RowBands.plan(rowCount: 10, bytesPerRow: -5, threadCount: 8) == .init(bandCount: 1, threadCount: 1))
    // Exactly two threads' worth: two threads, five tapered bands each.
    #expect(
      RowBands.plan(rowCount: 64, bytesPerRow: perThread / 32, threadCount: 8)
        == .init(bandCount: 10, threadCount: 2, tapersShares: true))
    // Plenty of work: every thread asked for; bands of at most 1 MiB, never more than rows,
    // of equal size where the 1 MiB bound asks for more than five a thread.
    #expect(RowBands.plan(rowCount: 4096, bytesPerRow: 1 << 20, threadCount: 8) == .init(bandCount: 4096, threadCount: 8))
    #expect(
      RowBands.plan(rowCount: 1000, bytesPerRow: 4096, threadCount: 3)
        == .init(bandCount: 15, threadCount: 3, tapersShares: true))
    // Shares of 15 rows: a sixteenth would be empty, so equal bands.
    #expect(
      RowBands.plan(rowCount: 30, bytesPerRow: 1 << 15, threadCount: 2)
        == .init(bandCount: 10, threadCount: 2, tapersShares: false))
    #expect(RowBands.plan(rowCount: 32, bytesPerRow: 1 << 15, threadCount: 2).tapersShares)
    // Half a share of 50 rows of 64 KiB is 1.6 MiB, over the band bound: equal bands.
    #expect(
      RowBands.plan(rowCount: 100, bytesPerRow: 1 << 16, threadCount: 2)
        == .init(bandCount: 10, threadCount: 2, tapersShares: false))
    // Fewer rows than threads.
    #expect(RowBands.plan(rowCount: 3, bytesPerRow: 1 << 30, threadCount: 8) == .init(bandCount: 3, threadCount: 3))
    // More threads than the pool allows.
    #expect(
      RowBands.plan(rowCount: 100_000, bytesPerRow: 1 << 20, threadCount: 1000).threadCount
        == ThreadPool.maximumThreadCount)
    // Sizes whose product overflows.
    #expect(RowBands.plan(rowCount: Int.max, bytesPerRow: Int.max, threadCount: 4).threadCount == 4)
  }
}
