import Dispatch
import Foundation
import PixelOps
import Synchronization

/// Measures what the thread pool costs: the overhead of one dispatch, against Dispatch's
/// `concurrentPerform` on the same work, and the job size at which two threads beat one.
///
/// Every number is the median of many samples, each sample timing a batch of calls; the
/// variants of one measurement are interleaved sample by sample so that load from other
/// processes hits them alike.
enum SchedulerMeasurement {
  /// The measurements by the case names `bench --list` prints for the scheduler family
  /// (`KernelFamily.scheduler.caseNames`), in run order.
  static let sections: [(name: String, run: @Sendable () -> [String])] = [
    ("dispatch-overhead", { withOtherLoad(dispatchOverhead) }),
    ("cold-dispatch", { withOtherLoad(coldDispatch) }),
    ("helper-latency", { withOtherLoad(helperLatency) }),
    (
      "break-even",
      { withOtherLoad { breakEven(idleMicroseconds: 0) } + withOtherLoad { breakEven(idleMicroseconds: 2000) } }
    ),
  ]

  /// Runs every measurement (about half a minute), or only the one named `only` (a name of
  /// ``sections``), and returns a readable report.
  static func run(only: String? = nil) -> String {
    var lines = [
      "Scheduler measurement",
      "available cores: \(ThreadPool.availableCores), default threads: \(Parallelism.defaultThreadCount)",
      "load average before: \(loadAverage())",
      "",
    ]
    for section in sections where only == nil || only == section.name {
      lines += section.run()
      if section.name != "break-even" { lines.append("") }
    }
    lines.append("load average after: \(loadAverage())")
    return lines.joined(separator: "\n")
  }

  // MARK: - Dispatch overhead

  /// Time per call of an empty job of `bands` bands, inline, on the pool and on Dispatch.
  private static func dispatchOverhead() -> [String] {
    var lines = ["Dispatch overhead: one call of an empty job (median ns per call; p10-p90)"]
    let pool = ThreadPool.shared
    let two = threads(2)
    let eight = threads(8)
    for bands in [2, 8, 64] {
      let variants: [(String, () -> Void)] = [
        ("inline (threads 1)", { try? pool.run(bandCount: bands, parallelism: .serial) { sink($0) } }),
        ("pool, 2 threads", { try? pool.run(bandCount: bands, parallelism: two) { sink($0) } }),
        ("pool, 8 threads", { try? pool.run(bandCount: bands, parallelism: eight) { sink($0) } }),
        ("concurrentPerform", { DispatchQueue.concurrentPerform(iterations: bands) { sink($0) } }),
      ]
      let results = measure(variants, callsPerSample: 2000, samples: 41)
      lines.append("  \(bands) bands:")
      for (name, stats) in zip(variants.map(\.0), results) {
        lines.append("    \(pad(name, 20)) \(stats.formatted)")
      }
    }
    return lines
  }

  // MARK: - Cold calls

  /// Time of one call of an empty 8-band job after the pool sat idle for 2 ms, so the
  /// workers have gone to sleep and must be woken.
  private static func coldDispatch() -> [String] {
    let pool = ThreadPool.shared
    let two = threads(2)
    let variants: [(String, () -> Void)] = [
      ("inline (threads 1)", { try? pool.run(bandCount: 8, parallelism: .serial) { sink($0) } }),
      ("pool, 2 threads", { try? pool.run(bandCount: 8, parallelism: two) { sink($0) } }),
      ("concurrentPerform", { DispatchQueue.concurrentPerform(iterations: 8) { sink($0) } }),
    ]
    let results = measure(variants, callsPerSample: 1, samples: 201, idleMicrosecondsBeforeSample: 2000)
    var lines = ["Cold call: an empty 8-band job after 2 ms idle (median ns per call; p10-p90)"]
    for (name, stats) in zip(variants.map(\.0), results) {
      lines.append("    \(pad(name, 20)) \(stats.formatted)")
    }
    return lines
  }

  // MARK: - Helper latency

  /// How long after a call starts a worker begins its first band: back to back (the worker
  /// is still polling) and after 2 ms idle (it sleeps and must be woken).
  private static func helperLatency() -> [String] {
    var lines = ["Helper latency: call start to a worker's first band (2 bands of 200 µs busy work)"]
    let two = threads(2)
    for idle in [0, 2000] {
      var latencies: [Double] = []
      for _ in 0..<101 {
        if idle > 0 { usleep(UInt32(idle)) }
        let caller = pthread_self()
        let helperStart = Atomic<UInt64>(0)
        let start = DispatchTime.now().uptimeNanoseconds
        try? ThreadPool.shared.run(bandCount: 2, parallelism: two) { _ in
          let now = DispatchTime.now().uptimeNanoseconds
          if pthread_equal(pthread_self(), caller) == 0 { helperStart.store(now, ordering: .relaxed) }
          while DispatchTime.now().uptimeNanoseconds < now + 200_000 {}
        }
        let joined = helperStart.load(ordering: .relaxed)
        // A helper that never came (the caller ran both bands) counts as 400 µs late.
        latencies.append(joined > 0 ? Double(joined - start) : 400_000)
      }
      let sorted = latencies.sorted()
      let label = idle > 0 ? "after \(idle) µs idle" : "back to back"
      lines.append(
        "    \(pad(label, 20)) median \(ns(sorted[50])), p10 \(ns(sorted[10])), p90 \(ns(sorted[90]))")
    }
    return lines
  }

  // MARK: - Break-even

  /// A band body over the break-even buffers.
  private typealias Workload = (name: String, body: @Sendable (CopyBuffers, _ range: Range<Int>) -> Void)

  private static let workloads: [Workload] = [
    ("memcpy", { buffers, range in buffers.copy(range) }),
    ("byte arithmetic (vectorized, like a SIMD kernel)", { buffers, range in buffers.scaleBytes(range) }),
    ("scalar premultiply (per pixel c*a/255)", { buffers, range in buffers.premultiply(range) }),
  ]

  /// For every workload, runs N bytes in 8 bands inline and on 2 pool threads (and with
  /// `concurrentPerform`), for growing N, and reports where 2 threads first beat 1 for good.
  private static func breakEven(idleMicroseconds: Int) -> [String] {
    let bandCount = 8
    let maximumBytes = 8 << 20
    let source = UnsafeMutableRawPointer.allocate(byteCount: maximumBytes, alignment: 64)
    let destination = UnsafeMutableRawPointer.allocate(byteCount: maximumBytes, alignment: 64)
    defer {
      source.deallocate()
      destination.deallocate()
    }
    for index in 0..<maximumBytes {
      source.storeBytes(of: UInt8(truncatingIfNeeded: index &* 167 &+ index >> 9), toByteOffset: index, as: UInt8.self)
    }
    destination.initializeMemory(as: UInt8.self, repeating: 0, count: maximumBytes)
    let buffers = CopyBuffers(source: source, destination: destination)

    var sizes: [Int] = []
    var size = 4096
    while size <= maximumBytes {
      sizes.append(size)
      sizes.append(size + size / 2)
      size *= 2
    }
    sizes.removeLast()
    let pool = ThreadPool.shared
    let two = threads(2)
    let coldness = idleMicroseconds > 0 ? "each call after \(idleMicroseconds) µs idle" : "back-to-back calls"
    var lines: [String] = []
    for workload in workloads {
      lines += [
        "Break-even, \(workload.name): N bytes in \(bandCount) bands, \(coldness)",
        "  (median ns per call; ratio = 2 pool threads / inline; traffic = 2N bytes)",
        "  \(pad("N", 10)) \(pad("inline", 12)) \(pad("pool x2", 12)) \(pad("dispatch", 12)) ratio",
      ]
      var ratios: [(bytes: Int, ratio: Double)] = []
      for bytes in sizes {
        let run = workload.body
        let band: @Sendable (Int) -> Void = { band in
          run(buffers, (bytes * band / bandCount)..<(bytes * (band + 1) / bandCount))
        }
        let variants: [(String, () -> Void)] = [
          ("inline", { try? pool.run(bandCount: bandCount, parallelism: .serial, band) }),
          ("pool x2", { try? pool.run(bandCount: bandCount, parallelism: two, band) }),
          ("dispatch", { DispatchQueue.concurrentPerform(iterations: bandCount, execute: band) }),
        ]
        let results: [Statistics]
        if idleMicroseconds > 0 {
          results = measure(variants, callsPerSample: 1, samples: 41, idleMicrosecondsBeforeSample: idleMicroseconds)
        } else {
          // About 1 ms per sample, assuming 2 GB/s plus 2 µs per call.
          let calls = max(3, 1_000_000 / (bytes / 2 + 2000))
          results = measure(variants, callsPerSample: calls, samples: 31)
        }
        let ratio = results[1].median / results[0].median
        ratios.append((bytes, ratio))
        lines.append(
          "  \(pad(byteString(bytes), 10)) \(pad(ns(results[0].median), 12)) "
            + "\(pad(ns(results[1].median), 12)) \(pad(ns(results[2].median), 12)) "
            + String(format2: ratio))
      }
      if let firstWin = ratios.indices.first(where: { index in ratios[index...].allSatisfy { $0.ratio < 1 } }) {
        let bytes = ratios[firstWin].bytes
        lines.append(
          "  => 2 threads beat 1 from N = \(byteString(bytes)) on (traffic \(byteString(2 * bytes)))"
            + (firstWin > 0 ? "; not yet at \(byteString(ratios[firstWin - 1].bytes))" : ""))
      } else {
        lines.append("  => 2 threads never beat 1 for good up to \(byteString(sizes.last ?? 0))")
      }
      lines.append("")
    }
    return lines
  }

  /// The buffers of the break-even workloads.
  ///
  /// `@unchecked Sendable`: bands work on disjoint byte ranges, and the buffers outlive every
  /// call that uses them.
  private struct CopyBuffers: @unchecked Sendable {
    let source: UnsafeMutableRawPointer
    let destination: UnsafeMutableRawPointer

    func copy(_ range: Range<Int>) {
      (destination + range.lowerBound).copyMemory(from: source + range.lowerBound, byteCount: range.count)
    }

    /// `d = (s * 181 + 128) >> 8` per byte: a loop the compiler vectorizes.
    func scaleBytes(_ range: Range<Int>) {
      let input = UnsafeBufferPointer(start: source.assumingMemoryBound(to: UInt8.self) + range.lowerBound, count: range.count)
      let output = UnsafeMutableBufferPointer(
        start: destination.assumingMemoryBound(to: UInt8.self) + range.lowerBound, count: range.count)
      for index in 0..<input.count {
        output[index] = UInt8(truncatingIfNeeded: (UInt16(input[index]) &* 181 &+ 128) &>> 8)
      }
    }

    /// Premultiplies RGBA8 pixels one at a time with exact rounding.
    func premultiply(_ range: Range<Int>) {
      let input = source.assumingMemoryBound(to: UInt8.self)
      let output = destination.assumingMemoryBound(to: UInt8.self)
      var index = range.lowerBound & ~3
      while index + 4 <= range.upperBound {
        let alpha = UInt32(input[index + 3])
        for channel in 0..<3 {
          let product = UInt32(input[index + channel]) &* alpha &+ 128
          output[index + channel] = UInt8(truncatingIfNeeded: (product &+ product &>> 8) &>> 8)
        }
        output[index + 3] = UInt8(truncatingIfNeeded: alpha)
        index += 4
      }
    }
  }

  // MARK: - Timing

  struct Statistics {
    var median: Double
    var p10: Double
    var p90: Double
    var formatted: String { "\(pad(ns(median), 10)) (\(ns(p10)) - \(ns(p90)))" }
  }

  /// Nanoseconds per call of every variant: `samples` samples of `callsPerSample` calls each,
  /// variants interleaved within every round.
  private static func measure(
    _ variants: [(String, () -> Void)], callsPerSample: Int, samples: Int,
    idleMicrosecondsBeforeSample: Int = 0
  ) -> [Statistics] {
    for variant in variants { for _ in 0..<max(1, callsPerSample / 4) { variant.1() } }  // warm up
    var timings = Array(repeating: [Double](), count: variants.count)
    for _ in 0..<samples {
      for (index, variant) in variants.enumerated() {
        if idleMicrosecondsBeforeSample > 0 { usleep(UInt32(idleMicrosecondsBeforeSample)) }
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<callsPerSample { variant.1() }
        let elapsed = DispatchTime.now().uptimeNanoseconds - start
        timings[index].append(Double(elapsed) / Double(callsPerSample))
      }
    }
    return timings.map { values in
      let sorted = values.sorted()
      func at(_ fraction: Double) -> Double { sorted[Int(Double(sorted.count - 1) * fraction)] }
      return Statistics(median: at(0.5), p10: at(0.1), p90: at(0.9))
    }
  }

  // MARK: - Machine load

  /// Runs `section` and appends how busy the machine was meanwhile with work other than this
  /// process (from /proc/stat, Linux only): a section with other load is not to be trusted.
  private static func withOtherLoad(_ section: () -> [String]) -> [String] {
    let before = CPUTimes.now()
    var lines = section()
    if let before, let after = CPUTimes.now() {
      let wall = after.wall - before.wall
      let others = ((after.busy - before.busy) - (after.own - before.own)) / wall
      let steal = (after.steal - before.steal) / wall
      lines.append(
        "  [meanwhile: other processes \(String(format2: max(0, others))) cores, "
          + "hypervisor steal \(String(format2: steal)) cores, over \(String(format2: wall)) s]")
    }
    return lines
  }

  /// Processor time of the whole machine and of this process, in seconds.
  private struct CPUTimes {
    var wall: Double
    var busy: Double
    var steal: Double
    var own: Double

    static func now() -> CPUTimes? {
      guard let stat = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
        let line = stat.split(separator: "\n").first
      else { return nil }
      // cpu user nice system idle iowait irq softirq steal ...
      let fields = line.split(separator: " ").dropFirst().compactMap { Double($0) }
      guard fields.count >= 8 else { return nil }
      // /proc/self/stat: utime and stime are fields 14 and 15, counted after the ")" that
      // ends the command name (field 2).
      guard let selfStat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
        let nameEnd = selfStat.lastIndex(of: ")")
      else { return nil }
      let selfFields = selfStat[selfStat.index(after: nameEnd)...].split(separator: " ")
      guard selfFields.count > 12, let user = Double(selfFields[11]), let system = Double(selfFields[12])
      else { return nil }
      let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
      let own = (user + system) / ticks
      let busy = (fields[0] + fields[1] + fields[2] + fields[5] + fields[6]) / ticks
      return CPUTimes(
        wall: Double(DispatchTime.now().uptimeNanoseconds) / 1e9, busy: busy, steal: fields[7] / ticks, own: own)
    }
  }

  // MARK: - Formatting

  /// `/proc/loadavg`'s first three fields, where there is one.
  private static func loadAverage() -> String {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "unknown" }
    return text.split(separator: " ").prefix(3).joined(separator: " ")
  }

  private static func ns(_ value: Double) -> String {
    value >= 10_000 ? "\(Int(value / 1000)) µs" : "\(Int(value)) ns"
  }

  private static func byteString(_ bytes: Int) -> String {
    if bytes >= 1 << 20, bytes % (1 << 19) == 0 { return String(format2: Double(bytes) / Double(1 << 20)) + " MiB" }
    if bytes >= 1024 { return "\(bytes / 1024) KiB" }
    return "\(bytes) B"
  }
}

/// `count` threads (the counts used here are all valid).
private func threads(_ count: Int) -> Parallelism {
  (try? Parallelism.threads(count)) ?? .automatic
}

/// Pads `text` with spaces to `width` characters.
private func pad(_ text: String, _ width: Int) -> String {
  text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

/// Keeps an empty band body from being optimized away.
@inline(never)
private func sink(_ value: Int) {
  if value == -1 { print("unreachable") }
}

extension String {
  /// `value` with two decimals.
  fileprivate init(format2 value: Double) {
    let hundredths = Int((value * 100).rounded())
    let fraction = hundredths % 100
    self = "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }
}
