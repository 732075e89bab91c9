import Foundation
import Testing

@testable import PixelOps

@Suite("Scheduling: parallelism settings")
struct SchedulingParallelismTests {
  @Test("thread counts below 1 are refused", arguments: [0, -1, Int.min])
  func invalidThreadCounts(count: Int) {
    #expect(throws: PixelError.invalidThreadCount(count)) { try Parallelism.threads(count) }
  }

  @Test("thread counts resolve as requested")
  func resolvedCounts() throws {
    #expect(try Parallelism.threads(1).resolvedThreadCount == 1)
    #expect(try Parallelism.threads(13).resolvedThreadCount == 13)
    #expect(Parallelism.serial.resolvedThreadCount == 1)
    let token = CancellationToken()
    let cancellable = try Parallelism.threads(3).cancellable(by: token)
    #expect(cancellable.resolvedThreadCount == 3)
    #expect(cancellable.cancellationToken === token)
  }

  @Test("the default thread count can be changed and never drops below 1")
  func defaultThreadCount() {
    let original = Parallelism.defaultThreadCount
    defer { Parallelism.defaultThreadCount = original }
    #expect(original == ThreadPool.availableCores)
    Parallelism.defaultThreadCount = 6
    #expect(Parallelism.automatic.resolvedThreadCount == 6)
    Parallelism.defaultThreadCount = 0
    #expect(Parallelism.defaultThreadCount == 1)
    Parallelism.defaultThreadCount = -7
    #expect(Parallelism.automatic.resolvedThreadCount == 1)
  }

  @Test("available cores match the affinity mask the kernel reports")
  func availableCores() throws {
    #expect(ThreadPool.availableCores >= 1)
    #if os(Linux)
      let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
      let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") })
      var count = 0
      for part in line.dropFirst("Cpus_allowed_list:".count).split(separator: ",") {
        let bounds = part.trimmingCharacters(in: .whitespaces).split(separator: "-").compactMap { Int($0) }
        count += bounds.count == 2 ? bounds[1] - bounds[0] + 1 : 1
      }
      #expect(ThreadPool.availableCores == count)
    #endif
  }
}
