import PixelOps
import PixelOpsBenchmarkSupport
import Testing

@testable import Bench

/// The table compares each case with a memcpy on the same thread count and says so; counted
/// instructions get their column and their size.
@Suite("bench report and memcpy yardstick")
struct BenchReportTests {
  private func result(threads: Int, instructions: Int? = nil, counted: PixelSize? = nil) -> BenchResult {
    var result = BenchResult(
      kernel: "blend", name: "over_mixed", size: PixelSize(width: 3840, height: 2160), threads: threads,
      memcpyThreads: threads, iterations: 3, medianMilliseconds: 4, minimumMilliseconds: 3.5, memcpyMilliseconds: 2,
      memcpyMinimumMilliseconds: 1.9, bytesMoved: 3840 * 2160 * 12)
    result.instructionsPerCall = instructions
    result.countedSize = counted
    return result
  }

  @Test("the runner's yardstick uses the case's thread count")
  func memcpyThreadsFollowTheCase() throws {
    for threads in [1, 2, 3] {
      let settings = BenchSettings(
        size: PixelSize(width: 64, height: 32), parallelism: try .threads(threads), iterations: 1,
        caseName: "swizzle_rgba8_bgra8")
      let results = try BenchRunner(settings: settings).run(try KernelFamily.convert.makeCases(settings))
      #expect(results.count == 1 && results[0].threads == threads && results[0].memcpyThreads == threads)
    }
  }

  /// Ctrl-C's documented behaviour: the cases measured so far are printed. `try cases.map`
  /// dropped them, and the command printed nothing.
  @Test("a stop requested during the third case keeps the two measured before it")
  func stopKeepsCompletedCases() throws {
    let settings = BenchSettings(size: PixelSize(width: 16, height: 8), parallelism: .serial, iterations: 2, caseName: nil)
    let cases = try KernelFamily.convert.makeCases(settings)
    #expect(cases.count >= 3)
    var runner = BenchRunner(settings: settings)
    let timedCalls = Counter()
    // Two timed calls per case: asked before the fifth timed call, in the third case.
    runner.isStopRequested = { timedCalls.next() >= 4 }
    #expect {
      try runner.run(cases)
    } throws: { error in
      guard let stopped = error as? BenchRunner.Stopped else { return false }
      return stopped.completed.map(\.name) == cases.prefix(2).map(\.name)
    }
  }

  private final class Counter {
    private var count = 0
    func next() -> Int {
      defer { count += 1 }
      return count
    }
  }

  @Test("the banded copy copies every byte for sizes that do not divide evenly", arguments: [1, 63, 64, 1000, 100_003])
  func bandedCopy(count: Int) {
    for threads in [1, 2, 3, 8] {
      let source = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
      var destination = [UInt8](repeating: 0, count: count)
      source.withUnsafeBytes { input in
        destination.withUnsafeMutableBytes { output in
          BandedCopy.copy(from: input.baseAddress!, to: output.baseAddress!, count: count, threads: threads)
        }
      }
      #expect(destination == source, "\(count) bytes on \(threads) threads")
      let bands = threads * BandedCopy.bandsPerThread
      let ranges = (0..<bands).map { BandedCopy.bandRange($0, of: bands, count: count) }
      #expect(ranges.first?.lowerBound == 0 && ranges.last?.upperBound == count)
      #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound && $0.upperBound % 64 == 0 })
    }
  }

  @Test("the table labels the yardstick as a memcpy on the same threads")
  func tableLabels() {
    let table = BenchReport.table([result(threads: 2)])
    let lines = table.split(separator: "\n").map(String.init)
    #expect(lines[0].hasSuffix("memcpy@thr ms  x memcpy@thr"))
    #expect(lines[1].hasSuffix("2.000          2.00"))
    #expect(lines[1].count == lines[0].count)
    #expect(table.contains("split over thr\n  threads of the kernels' pool"))
    #expect(!table.contains("instr/px"))
  }

  @Test("counted instructions get a column, and their size goes into the JSON")
  func instructionColumn() {
    let counted = PixelSize(width: 512, height: 288)
    let withCount = result(threads: 1, instructions: 512 * 288 * 5 / 2, counted: counted)
    let lines = BenchReport.table([withCount]).split(separator: "\n").map(String.init)
    #expect(lines[0].hasSuffix("x memcpy@thr  instr/px@512x288"))
    #expect(lines[1].hasSuffix("  2.50") && lines[1].count == lines[0].count)
    let json = BenchReport.json([withCount])
    #expect(json.contains("\"instructions\": 368640, \"instructions_per_pixel\": 2.5000, \"counted_width\": 512, \"counted_height\": 288"))
    #expect(json.contains("\"memcpy_threads\": 1"))
    let without = BenchReport.json([result(threads: 1)])
    #expect(without.contains("\"instructions\": null, \"instructions_per_pixel\": null, \"counted_width\": null, \"counted_height\": null"))
  }
}
