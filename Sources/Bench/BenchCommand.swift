import Foundation
import PixelOps
import PixelOpsBenchmarkSupport

/// `bench`: times PixelOps kernels on generated images and reports each case against a memcpy
/// of the same bytes measured in the same run; records and checks performance profiles.
@main
struct BenchCommand {
  let options: BenchArguments

  /// Parses the command line and runs. Exit status: 0, 1 for a failure (a regression under
  /// `--check`, an error), 2 for a command line it cannot run, 130 after Ctrl-C.
  static func main() {
    do {
      let options = try BenchArguments(parsing: Array(CommandLine.arguments.dropFirst()))
      if options.helpRequested {
        print(BenchHelp.text)
        return
      }
      try BenchCommand(options: options).run()
    } catch let error as BenchUsageError {
      FileHandle.standardError.write(Data(error.report.utf8))
      exit(2)
    } catch let status as BenchExitStatus {
      exit(status.code)
    } catch {
      FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
      exit(1)
    }
  }

  func run() throws {
    Interruption.install()
    if options.list { return printList() }
    if let saveInputs = options.saveInputs {
      return try ImageFiles.saveInputs(size: options.size, to: saveInputs)
    }
    let settings = BenchSettings(
      size: options.size,
      parallelism: try options.threads.map { try Parallelism.threads($0) } ?? .automatic,
      iterations: options.iterations, caseName: options.caseName,
      source: try options.src.map(Self.readInput), destination: try options.dst.map(Self.readInput))
    if options.instructionRun {
      Progress.enabled.store(false, ordering: .relaxed)
      return try BenchRunner(settings: settings).runForInstructionCount(cases(settings))
    }
    if let check = options.check { return try runCheck(profilePath: check) }
    if options.profile { return try printStageProfile(settings) }
    do {
      let cases = try cases(settings)
      var results = try BenchRunner(settings: settings).run(cases)
      if let saveOutput = options.saveOutput { try ImageFiles.saveOutputs(cases, to: saveOutput) }
      if options.countInstructions || options.record != nil { try addInstructionCounts(&results) }
      if let record = options.record { try recordProfile(results, to: record) }
      print(options.json ? BenchReport.json(results) : BenchReport.table(results))
      if !options.json, options.record == nil, options.families.contains(.scheduler) {
        print(SchedulerMeasurement.run())
      }
    } catch is Interruption.Interrupted {
      throw BenchExitStatus(code: 130)
    }
  }

  private func cases(_ settings: BenchSettings) throws -> [BenchCase] {
    let all = try options.families.flatMap { try $0.makeCases(settings) }
    if let caseName = options.caseName, all.isEmpty {
      throw BenchUsageError("no case named \(caseName); see bench --list")
    }
    return all
  }

  private func printList() {
    for family in KernelFamily.allCases {
      for name in family.caseNames { print("\(family.rawValue)/\(name)") }
    }
  }

  private func addInstructionCounts(_ results: inout [BenchResult]) throws {
    let counted = options.countSize
    let counter = InstructionCounter(executable: Self.executablePath)
    for index in results.indices {
      Progress.report("counting instructions: \(results[index].kernel)/\(results[index].name)")
      results[index].instructionsPerCall = try counter.instructionsPerCall(
        kernel: results[index].kernel, caseName: results[index].name, size: counted)
      results[index].countedSize = counted
    }
  }

  private func printStageProfile(_ settings: BenchSettings) throws {
    let counted = options.countSize
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
    let counted = options.countSize
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
      (options.kernel == "all" || recorded.kernel == options.kernel)
        && (options.caseName == nil || recorded.name == options.caseName)
    }
    let counter = InstructionCounter(executable: Self.executablePath)
    let check = RegressionCheck(
      instructionTolerance: options.instructionTolerance, timeTolerance: options.timeTolerance,
      timeAttempts: options.timeAttempts)
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
      throw BenchExitStatus(code: 1)
    }
    print("no regressions in \(selected.count) cases")
  }

  private func measureRatio(of recorded: PerformanceProfile.Case) throws -> Double {
    guard let family = KernelFamily(rawValue: recorded.kernel) else {
      throw BenchError.badProfile("unknown kernel family \(recorded.kernel)")
    }
    let settings = BenchSettings(
      size: PixelSize(width: recorded.width, height: recorded.height),
      parallelism: try Parallelism.threads(recorded.threads), iterations: options.iterations,
      caseName: recorded.name)
    let cases = try family.makeCases(settings)
    guard !cases.isEmpty else { throw BenchError.badProfile("case \(recorded.key) no longer exists") }
    return try BenchRunner(settings: settings).run(cases)[0].minimumRatioToMemcpy
  }

  /// An input image, or a clean failure naming the file and the library's reason.
  private static func readInput(_ path: String) throws -> PixelBuffer {
    do {
      return try ImageFiles.read(path)
    } catch {
      throw BenchUsageError("cannot use \(path): \(error)")
    }
  }

  static var executablePath: String {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
  }
}

/// Ends `bench` with this exit status once the output is written (1: a regression; 130: Ctrl-C).
struct BenchExitStatus: Error {
  let code: Int32
}
