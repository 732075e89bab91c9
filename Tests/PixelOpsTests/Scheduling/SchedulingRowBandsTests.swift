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

  /// A tapered share's bands in sixteenths of it: quarters first, sixteenths last.
  static let taperedSixteenths = [4, 4, 4, 2, 1, 1]

  /// Whether `count` rows are within a row of `sixteenths` / 16 of `shareRows`.
  static func isPart(_ count: Int, sixteenths: Int, of shareRows: Int) -> Bool {
    abs(16 * count - sixteenths * shareRows) < 16
  }

  @Test("a tapered share's bands are 1/4, 1/4, 1/4, 1/8, 1/16 and 1/16 of it, within a row, in order")
  func taperedBandSizes() {
    #expect(Self.taperedSixteenths.count == RowBands.taperedBandsPerThread)
    for shareRows in Array(RowBands.minimumTaperedShareRows...600) + [1 << 40 + 5, Int.max / 64] {
      var next = 0
      for (index, sixteenths) in Self.taperedSixteenths.enumerated() {
        let band = RowBands.taperedBand(index, ofShare: shareRows)
        #expect(band.lowerBound == next && !band.isEmpty, "share \(shareRows), band \(index)")
        #expect(Self.isPart(band.count, sixteenths: sixteenths, of: shareRows), "share \(shareRows), band \(index)")
        next = band.upperBound
      }
      #expect(next == shareRows)
    }
  }

  @Test("bands taper where every share has 64 rows, partition the rows, and each thread's home range is its share")
  func taperedBandsFollowHomeRanges() {
    for rowCount in [127, 128, 129, 191, 192, 255, 256, 270, 400, 1001] {
      for threads in 2...6 {
        // Six threads' worth of traffic: every thread asked for, few bands for cancellation.
        let bytesPerRow = (6 * RowBands.minimumBytesPerThread + rowCount - 1) / rowCount
        let plan = RowBands.plan(rowCount: rowCount, bytesPerRow: bytesPerRow, threadCount: threads)
        let shares = (0..<threads).map { RowBands.rows(ofBand: $0, bandCount: threads, rowCount: rowCount) }
        let smallestShare = shares.map(\.count).min()!
        #expect(plan.tapersShares == (smallestShare >= 64), "rows \(rowCount), threads \(threads)")
        #expect(plan.threadCount == threads && plan.bandCount == threads * (plan.tapersShares ? 6 : 4))
        var next = 0
        guard plan.tapersShares else {
          // Equal bands, near-equal sizes, in order.
          for band in 0..<plan.bandCount {
            let rows = RowBands.rows(ofBand: band, of: plan, rowCount: rowCount)
            #expect(rows.lowerBound == next && rows.count >= rowCount / plan.bandCount && rows.count <= rowCount / plan.bandCount + 1)
            next = rows.upperBound
          }
          #expect(next == rowCount)
          continue
        }
        for (participant, share) in shares.enumerated() {
          // The bands PoolJob gives this participant as its home range.
          let home = RowBands.rows(ofBand: participant, bandCount: threads, rowCount: plan.bandCount)
          for (index, band) in home.enumerated() {
            let rows = RowBands.rows(ofBand: band, of: plan, rowCount: rowCount)
            #expect(rows.lowerBound == next && !rows.isEmpty, "rows \(rowCount), band \(band)")
            #expect(
              Self.isPart(rows.count, sixteenths: Self.taperedSixteenths[index], of: share.count),
              "rows \(rowCount), band \(band)")
            next = rows.upperBound
          }
          #expect(next == share.upperBound, "rows \(rowCount), threads \(threads), share \(participant)")
        }
        #expect(next == rowCount)
      }
    }
  }

  @Test("through the pool, the caller runs its own tapered share from the front and the helper's from the back")
  func callerRunsItsTaperedShareFromTheFront() throws {
    // 256 rows of 4 KiB on two threads: shares of 128 rows, in bands of 32, 32, 32, 16, 8, 8.
    let plan = RowBands.plan(rowCount: 256, bytesPerRow: 4096, threadCount: 2)
    #expect(plan.tapersShares && plan.bandCount == 12 && plan.threadCount == 2)
    let callerShare = [0..<32, 32..<64, 64..<96, 96..<112, 112..<120, 120..<128]
    let helperShareFromTheBack = [248..<256, 240..<248, 224..<240, 192..<224, 160..<192, 128..<160]
    let caller = pthread_self()
    for _ in 0..<20 {
      let callerRuns = Locked([Range<Int>]())
      try RowBands.forEachBand(rowCount: 256, bytesPerRow: 4096, parallelism: .testThreads(2)) { rows in
        if isCurrentThread(caller) { callerRuns.withLock { $0.append(rows) } }
      }
      // In the order the caller ran them, whatever the timing (a busy machine may leave either
      // thread all the bands): its own share's bands from the front, up to where the helper
      // took the rest from the back; the helper's share's bands from the back.
      let runs = callerRuns.withLock { $0 }
      let own = runs.filter { $0.lowerBound < 128 }
      let taken = runs.filter { $0.lowerBound >= 128 }
      #expect(own == Array(callerShare.prefix(own.count)), "\(runs)")
      #expect(taken == Array(helperShareFromTheBack.prefix(taken.count)), "\(runs)")
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
    // The traffic estimates are inflated so that the rows really are split among threads: into
    // tapered bands (4 KiB a row: up to 4 threads) and into equal ones (64 KiB a row).
    for bytesPerRow in [4096, 1 << 16] {
      for threads in 1...8 {
        let image = SharedBuffer<UInt32>(repeating: 0, count: width * height)
        try RowBands.forEachBand(rowCount: height, bytesPerRow: bytesPerRow, parallelism: .testThreads(threads)) {
          fillRows($0, of: image, width: width, seed: 5)
        }
        #expect(image.array == expected, "threads \(threads), bytes per row \(bytesPerRow)")
      }
    }
    #expect(RowBands.plan(rowCount: height, bytesPerRow: 4096, threadCount: 4).tapersShares)
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
    // One byte a row (64 bytes) short of two threads' worth: one band.
    #expect(
      RowBands.plan(rowCount: 64, bytesPerRow: perThread / 32 - 1, threadCount: 8) == .init(bandCount: 1, threadCount: 1))
    // Exactly two threads' worth: two threads; shares of 32 rows, too few to taper: four equal bands each.
    #expect(
      RowBands.plan(rowCount: 64, bytesPerRow: perThread / 32, threadCount: 8)
        == .init(bandCount: 8, threadCount: 2))
    // Plenty of work: every thread asked for; bands of at most 1 MiB, never more than rows,
    // of equal size where the 1 MiB bound asks for more than six a thread.
    #expect(RowBands.plan(rowCount: 4096, bytesPerRow: 1 << 20, threadCount: 8) == .init(bandCount: 4096, threadCount: 8))
    // Shares of 333 rows: six tapered bands each.
    #expect(
      RowBands.plan(rowCount: 1000, bytesPerRow: 4096, threadCount: 3)
        == .init(bandCount: 18, threadCount: 3, tapersShares: true))
    // Shares of 64 and 63 rows: equal bands; of 64 and 64: tapered.
    #expect(RowBands.plan(rowCount: 127, bytesPerRow: 1 << 13, threadCount: 2) == .init(bandCount: 8, threadCount: 2))
    #expect(
      RowBands.plan(rowCount: 128, bytesPerRow: 1 << 13, threadCount: 2)
        == .init(bandCount: 12, threadCount: 2, tapersShares: true))
    // A quarter of a share of 256 rows of 16 KiB is 1 MiB, the band bound; of 257 rows it is 65
    // rows (rounded up), over it: equal bands, 9 of them for the bound.
    #expect(
      RowBands.plan(rowCount: 512, bytesPerRow: 1 << 14, threadCount: 2)
        == .init(bandCount: 12, threadCount: 2, tapersShares: true))
    #expect(RowBands.plan(rowCount: 514, bytesPerRow: 1 << 14, threadCount: 2) == .init(bandCount: 9, threadCount: 2))
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
