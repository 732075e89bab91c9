import ArgumentParser
import PixelOps

/// `bench`: times PixelOps kernels on generated images and reports each case against a memcpy
/// of the same bytes measured in the same run.
@main
struct BenchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench",
    abstract: "Measure PixelOps kernels: time, megapixels/s, GB/s and ratio to memcpy.",
    discussion: "Kernel families: \(KernelFamily.allCases.map(\.rawValue).joined(separator: ", ")), all.")

  @Option(help: "Kernel family to run (convert, scheduler, all).")
  var kernel: String = "all"

  @Option(help: "Image size WxH for generated inputs.")
  var size: String = "3840x2160"

  @Option(help: "Threads per call (default: all cores; 1 = single-threaded).")
  var threads: Int?

  @Option(help: "Timed iterations after warm-up; median and minimum are reported.")
  var iterations: Int = 15

  @Option(name: .customLong("case"), help: "Run only the case with this name.")
  var caseName: String?

  @Flag(help: "Print results as a JSON array instead of a table.")
  var json = false

  @Flag(help: "List every case and exit.")
  var list = false

  func validate() throws {
    guard iterations >= 1 else { throw ValidationError("--iterations must be at least 1") }
    if let threads, threads < 1 { throw ValidationError("--threads must be at least 1") }
    _ = try parsedSize()
    _ = try families()
  }

  func run() throws {
    let selected = try families()
    if list {
      for family in KernelFamily.allCases {
        for name in family.caseNames { print("\(family.rawValue)/\(name)") }
      }
      return
    }
    let parallelism = try threads.map { try Parallelism.threads($0) } ?? .automatic
    let settings = BenchSettings(
      size: try parsedSize(), parallelism: parallelism, iterations: iterations, caseName: caseName)
    var results: [BenchResult] = []
    for family in selected {
      if family == .scheduler {
        if !json { print(SchedulerMeasurement.run()) }
        continue
      }
      results += try BenchRunner(settings: settings).run(family.makeCases(settings))
    }
    print(json ? BenchReport.json(results) : BenchReport.table(results))
  }

  private func parsedSize() throws -> PixelSize {
    let parts = size.lowercased().split(separator: "x").compactMap { Int($0) }
    guard parts.count == 2, parts[0] > 0, parts[1] > 0, parts[0] <= 65536, parts[1] <= 65536 else {
      throw ValidationError("--size must look like 3840x2160 (each side 1...65536)")
    }
    return PixelSize(width: parts[0], height: parts[1])
  }

  private func families() throws -> [KernelFamily] {
    if kernel == "all" { return KernelFamily.allCases }
    guard let family = KernelFamily(rawValue: kernel) else {
      throw ValidationError("unknown --kernel \(kernel); choose from \(KernelFamily.allCases.map(\.rawValue)) or all")
    }
    return [family]
  }
}
