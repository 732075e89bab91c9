import PixelOps
import PixelOpsBenchmarkSupport
import Testing

@testable import Bench

/// `bench --scaling`: one case timed on one thread and on more, in alternating blocks of calls
/// in one process, the thread count set between blocks and restored after. The runner's setter
/// is replaced here, so no test changes the process-wide default that other tests read.
@Suite("bench --scaling")
struct ScalingRunnerTests {
  /// The thread counts the fake case saw, call by call, and what the setter was last given
  /// (it starts at a count the runner never sets, so a missing restore shows).
  private final class Recorder {
    var current = 7
    var calls: [Int] = []
  }

  /// A runner whose thread count is `recorder.current`.
  private func runner(_ recorder: Recorder, threads: Int, iterations: Int) -> ScalingRunner {
    var runner = ScalingRunner(threads: threads, iterations: iterations)
    runner.threadCount = { recorder.current }
    runner.setThreadCount = { recorder.current = $0 }
    return runner
  }

  private func recordingCase(_ recorder: Recorder) -> BenchCase {
    BenchCase(
      kernel: "fake", name: "records_threads", size: PixelSize(width: 4, height: 4), bytesMoved: 128,
      run: { recorder.calls.append(recorder.current) },
      output: { try! PixelBuffer(width: 1, height: 1, format: .rgba8Premultiplied) })
  }

  @Test("blocks of calls alternate sides, each side gets its iterations, and the default comes back")
  func alternatingBlocks() throws {
    let recorder = Recorder()
    let results = try runner(recorder, threads: 3, iterations: 25).run([recordingCase(recorder)])

    let block = ScalingRunner.blockSize
    #expect(block == 10)
    // One warm-up call per side, then blocks of 10, 10 and 5 calls per side, the side that goes
    // first alternating.
    let expected =
      [1, 3] + Array(repeating: 1, count: 10) + Array(repeating: 3, count: 10)
      + Array(repeating: 3, count: 10) + Array(repeating: 1, count: 10)
      + Array(repeating: 1, count: 5) + Array(repeating: 3, count: 5)
    #expect(recorder.calls == expected)
    #expect(recorder.current == 7)  // restored
    let result = try #require(results.first)
    #expect(results.count == 1 && result.threads == 3 && result.iterations == 25)
    #expect(result.blockSpeedUps.count == 3)
    #expect(result.speedUp == result.oneThreadMilliseconds / result.threadedMilliseconds)
    let quartiles = result.blockQuartiles
    #expect(quartiles.lower <= quartiles.upper)
  }

  @Test("the quartiles of the blocks' speed-ups are nearest-rank")
  func quartiles() {
    let two = ScalingResult(
      kernel: "k", name: "n", size: PixelSize(width: 1, height: 1), threads: 2, iterations: 20,
      oneThreadMilliseconds: 2, threadedMilliseconds: 1, blockSpeedUps: [1.81, 1.78])
    #expect(two.blockQuartiles == (1.78, 1.81))
    let result = ScalingResult(
      kernel: "k", name: "n", size: PixelSize(width: 1, height: 1), threads: 2, iterations: 50,
      oneThreadMilliseconds: 2, threadedMilliseconds: 1, blockSpeedUps: [1.9, 1.5, 2.0, 1.7, 1.8])
    #expect(result.speedUp == 2)
    #expect(result.blockQuartiles == (1.7, 1.9))
  }

  @Test("a stop requested before the second case keeps the first")
  func stopKeepsCompletedCases() throws {
    let recorder = Recorder()
    var runner = runner(recorder, threads: 2, iterations: 10)
    // Asked before each case and before each block: the second question, before the first
    // case's only block, is answered no; the third, before the second case, yes.
    let asked = Recorder()
    runner.isStopRequested = {
      asked.calls.append(0)
      return asked.calls.count > 2
    }
    let first = recordingCase(recorder)
    #expect {
      try runner.run([first, recordingCase(recorder)])
    } throws: { error in
      guard let stopped = error as? ScalingRunner.Stopped else { return false }
      return stopped.completed.map(\.name) == ["records_threads"]
    }
    #expect(recorder.current == 7)
    // The second case was not run at all: 2 warm-up and 10 timed calls per side of the first.
    #expect(recorder.calls.count == 22)
  }

  private struct CaseFailed: Error {}

  @Test("a case that throws leaves the thread count as it was")
  func throwingCase() {
    let recorder = Recorder()
    let failing = BenchCase(
      kernel: "fake", name: "fails_threaded", size: PixelSize(width: 4, height: 4), bytesMoved: 128,
      run: { if recorder.current > 1 { throw CaseFailed() } },
      output: { try! PixelBuffer(width: 1, height: 1, format: .rgba8Premultiplied) })
    #expect(throws: CaseFailed.self) { try runner(recorder, threads: 2, iterations: 10).run([failing]) }
    #expect(recorder.current == 7)
  }

  @Test("the table and the JSON give both medians, the speed-up and the quartiles")
  func report() {
    let result = ScalingResult(
      kernel: "gradient", name: "linear_4stop_tile", size: PixelSize(width: 480, height: 270), threads: 2,
      iterations: 20, oneThreadMilliseconds: 0.0372, threadedMilliseconds: 0.0206, blockSpeedUps: [1.78, 1.81])
    let table = ScalingReport.table([result])
    #expect(table.contains("gradient/linear_4stop_tile           480x270     2       0.0372   0.0206      1.806   1.780-1.810"))
    let json = ScalingReport.json([result])
    #expect(json.contains("\"one_thread_median_ms\": 0.037200, \"median_ms\": 0.020600, \"speed_up\": 1.8058"))
    #expect(json.contains("\"block_speed_up_q1\": 1.7800, \"block_speed_up_q3\": 1.8100"))
  }
}
