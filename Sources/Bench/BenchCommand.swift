import ArgumentParser
import Foundation
import PixelOps
import PixelOpsBenchmarkSupport

/// `bench`: times PixelOps kernels on generated images and reports each case against a memcpy
/// of the same bytes measured in the same run; records and checks performance profiles.
@main
struct BenchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench",
    abstract: "Measure PixelOps kernels: time, megapixels/s, GB/s and ratio to memcpy.",
    discussion: "Kernel families: \(KernelFamily.allCases.map(\.rawValue).joined(separator: ", ")), all.")

  @Option(help: "Kernel family to run (\(KernelFamily.allCases.map(\.rawValue).joined(separator: ", ")), all).")
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

  @Flag(help: "Also count instructions per call under callgrind (slow; needs valgrind).")
  var countInstructions = false

  @Option(help: "Measure the selected cases and write a profile (ratios to memcpy, instructions per pixel).")
  var record: String?

  @Option(help: "Rerun the cases of a recorded profile; exit 1 listing each that regressed.")
  var check: String?

  @Option(help: "With --check: allowed growth of instructions per pixel (0.03 = 3%).")
  var instructionTolerance: Double = 0.03

  @Option(help: "With --check: allowed growth of time relative to memcpy, after re-measuring (0.15 = 15%).")
  var timeTolerance: Double = 0.15

  @Option(help: "With --check: how many times a case over its time tolerance is measured, a second apart, before it counts.")
  var timeAttempts: Int = 3

  @Option(help: "Size WxH at which instructions are counted for --record and --count-instructions.")
  var countSize: String = "512x288"

  @Option(help: "Use this PNG or TIFF as every case's source image instead of the generated one.")
  var src: String?

  @Option(help: "Use this PNG or TIFF as every case's destination image (compositing cases).")
  var dst: String?

  @Option(help: "Write each case's result as PNG into this directory.")
  var saveOutput: String?

  @Option(help: "Write the generated inputs (at --size) as PNG into this directory, for the peer runners, and exit.")
  var saveInputs: String?

  @Flag(help: "Print where each case's instructions go, per function (stage), from callgrind (needs valgrind).")
  var profile = false

  @Flag(help: .hidden)
  var instructionRun = false

  func validate() throws {
    guard iterations >= 1 else { throw ValidationError("--iterations must be at least 1") }
    guard instructionTolerance >= 0, timeTolerance >= 0 else { throw ValidationError("tolerances must not be negative") }
    guard timeAttempts >= 1 else { throw ValidationError("--time-attempts must be at least 1") }
    if let threads, threads < 1 { throw ValidationError("--threads must be at least 1") }
    _ = try Self.parseSize(size, option: "--size")
    _ = try Self.parseSize(countSize, option: "--count-size")
    _ = try families()
  }

  func run() throws {
    Interruption.install()
    if list { return printList() }
    if let saveInputs {
      return try ImageFiles.saveInputs(size: try Self.parseSize(size, option: "--size"), to: saveInputs)
    }
    let settings = BenchSettings(
      size: try Self.parseSize(size, option: "--size"),
      parallelism: try threads.map { try Parallelism.threads($0) } ?? .automatic,
      iterations: iterations, caseName: caseName,
      source: try src.map(Self.readInput), destination: try dst.map(Self.readInput))
    if instructionRun {
      Progress.enabled.store(false, ordering: .relaxed)
      return try BenchRunner(settings: settings).runForInstructionCount(cases(settings))
    }
    if let check { return try runCheck(profilePath: check) }
    if profile { return try printStageProfile(settings) }
    do {
      let cases = try cases(settings)
      var results = try BenchRunner(settings: settings).run(cases)
      if let saveOutput { try ImageFiles.saveOutputs(cases, to: saveOutput) }
      if countInstructions || record != nil { try addInstructionCounts(&results) }
      if let record { try recordProfile(results, to: record) }
      print(json ? BenchReport.json(results) : BenchReport.table(results))
      if !json, record == nil, try families().contains(.scheduler) { print(SchedulerMeasurement.run()) }
    } catch is Interruption.Interrupted {
      throw ExitCode(130)
    }
  }

  private func cases(_ settings: BenchSettings) throws -> [BenchCase] {
    let all = try families().flatMap { try $0.makeCases(settings) }
    if let caseName, all.isEmpty { throw ValidationError("no case named \(caseName); see bench --list") }
    return all
  }

  private func printList() {
    for family in KernelFamily.allCases {
      for name in family.caseNames { print("\(family.rawValue)/\(name)") }
    }
  }

  private func addInstructionCounts(_ results: inout [BenchResult]) throws {
    let counted = try Self.parseSize(countSize, option: "--count-size")
    let counter = InstructionCounter(executable: Self.executablePath)
    for index in results.indices {
      Progress.report("counting instructions: \(results[index].kernel)/\(results[index].name)")
      results[index].instructionsPerCall = try counter.instructionsPerCall(
        kernel: results[index].kernel, caseName: results[index].name, size: counted)
      results[index].countedSize = counted
    }
  }

  private func printStageProfile(_ settings: BenchSettings) throws {
    let counted = try Self.parseSize(countSize, option: "--count-size")
    let counter = InstructionCounter(executable: Self.executablePath)
    for benchCase in try cases(settings) {
      Progress.report("profiling \(benchCase.kernel)/\(benchCase.name)")
      let shares = try counter.functionShares(kernel: benchCase.kernel, caseName: benchCase.name, size: counted)
      print("\(benchCase.kernel)/\(benchCase.name) (\(counted.width)x\(counted.height), 1 thread, share of instructions):")
      for entry in shares.prefix(8) where entry.share >= 0.5 {
        print("  \(BenchReport.fixed(entry.share, 1).leftPadding(6))%  \(entry.function)")
      }
    }
  }

  private func recordProfile(_ results: [BenchResult], to path: String) throws {
    let counted = try Self.parseSize(countSize, option: "--count-size")
    let profile = PerformanceProfile(
      recorded: ISO8601DateFormatter().string(from: Date()), machine: .current(),
      instructionMethod: InstructionCounter.methodDescription(size: counted),
      cases: results.map { result in
        PerformanceProfile.Case(
          kernel: result.kernel, name: result.name, width: result.size.width, height: result.size.height,
          threads: result.threads, medianMilliseconds: result.medianMilliseconds,
          memcpyMilliseconds: result.memcpyMilliseconds, ratioToMemcpy: result.ratioToMemcpy,
          minimumRatioToMemcpy: result.minimumRatioToMemcpy,
          countedWidth: counted.width, countedHeight: counted.height,
          instructionsPerPixel: result.instructionsPerCall.map { Double($0) / Double(counted.width * counted.height) })
      })
    try profile.save(path)
    FileHandle.standardError.write(Data("bench: wrote profile \(path) (\(results.count) cases)\n".utf8))
  }

  private func runCheck(profilePath: String) throws {
    let profile = try PerformanceProfile.load(profilePath)
    let machine = MachineDescription.current()
    let sameMachine = machine.cpu == profile.machine.cpu && machine.cores == profile.machine.cores
    let selected = profile.cases.filter { recorded in
      (kernel == "all" || recorded.kernel == kernel) && (caseName == nil || recorded.name == caseName)
    }
    let counter = InstructionCounter(executable: Self.executablePath)
    let check = RegressionCheck(
      instructionTolerance: instructionTolerance, timeTolerance: timeTolerance, timeAttempts: timeAttempts)
    let findings = try check.run(
      PerformanceProfile(
        recorded: profile.recorded, machine: profile.machine, instructionMethod: profile.instructionMethod, cases: selected),
      compareTime: sameMachine,
      measureRatio: { recorded in try measureRatio(of: recorded) },
      countInstructions: { recorded in
        guard let width = recorded.countedWidth, let height = recorded.countedHeight else { return nil }
        let perCall = try counter.instructionsPerCall(
          kernel: recorded.kernel, caseName: recorded.name, size: PixelSize(width: width, height: height))
        return Double(perCall) / Double(width * height)
      })
    print("profile \(profilePath): recorded \(profile.recorded) on \(profile.machine.summary)")
    if !sameMachine { print("time not compared: this machine is \(machine.summary)") }
    print(RegressionCheck.report(findings))
    let regressions = findings.filter(\.isRegression)
    if !regressions.isEmpty {
      print("\(regressions.count) regression(s): \(regressions.map { "\($0.key) \($0.metric)" }.joined(separator: ", "))")
      throw ExitCode.failure
    }
    print("no regressions in \(selected.count) cases")
  }

  private func measureRatio(of recorded: PerformanceProfile.Case) throws -> Double {
    guard let family = KernelFamily(rawValue: recorded.kernel) else {
      throw BenchError.badProfile("unknown kernel family \(recorded.kernel)")
    }
    let settings = BenchSettings(
      size: PixelSize(width: recorded.width, height: recorded.height),
      parallelism: try Parallelism.threads(recorded.threads), iterations: iterations, caseName: recorded.name)
    let cases = try family.makeCases(settings)
    guard !cases.isEmpty else { throw BenchError.badProfile("case \(recorded.key) no longer exists") }
    return try BenchRunner(settings: settings).run(cases)[0].minimumRatioToMemcpy
  }

  /// An input image, or a clean failure naming the file and the library's reason.
  private static func readInput(_ path: String) throws -> PixelBuffer {
    do {
      return try ImageFiles.read(path)
    } catch {
      throw ValidationError("cannot use \(path): \(error)")
    }
  }

  static var executablePath: String {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
  }

  static func parseSize(_ text: String, option: String) throws -> PixelSize {
    let parts = text.lowercased().split(separator: "x").compactMap { Int($0) }
    guard parts.count == 2, (1...65536).contains(parts[0]), (1...65536).contains(parts[1]) else {
      throw ValidationError("\(option) must look like 3840x2160 (each side 1...65536)")
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
