import Foundation
import PixelOps
import PixelOpsBenchmarkSupport

/// `bench`: times PixelOps kernels on generated images and reports each case against a memcpy
/// of the same bytes on the same threads, measured in the same run; records and checks
/// performance profiles.
@main
struct BenchCommand {
  let options: BenchArguments
  /// Where results go (standard output; a test passes a collector).
  var output: (String) -> Void = { print($0) }

  /// Parses the command line, runs, and exits with a ``BenchExitCode``: 0 ok, 1 a regression
  /// under `--check`, 2 a command line it cannot run, 3 a file it cannot read or write, 4 a
  /// failed measurement, 130 after Ctrl-C.
  static func main() {
    Interruption.install()
    let code = execute(
      Array(CommandLine.arguments.dropFirst()),
      errorOutput: { FileHandle.standardError.write(Data($0.utf8)) })
    exit(code.rawValue)
  }

  /// Runs `bench` with `arguments` (without the program name): results to `output`, error
  /// lines to `errorOutput`; returns the exit status. Usage errors end with the pointer to
  /// `--help`; file errors print only their reason.
  static func execute(
    _ arguments: [String], output: @escaping (String) -> Void = { print($0) }, errorOutput: (String) -> Void
  ) -> BenchExitCode {
    do {
      let options = try BenchArguments(parsing: arguments)
      if options.helpRequested {
        output(BenchHelp.text)
        return .success
      }
      try BenchCommand(options: options, output: output).run()
      return .success
    } catch let error as BenchUsageError {
      errorOutput(error.report)
      return .usage
    } catch let status as BenchExitStatus {
      return status.code
    } catch let error as BenchFileError {
      errorOutput("Error: \(error.message)\n")
      return .fileError
    } catch is Interruption.Interrupted {
      return .interrupted
    } catch is BenchRunner.Stopped {
      return .interrupted  // within --check, whose findings so far are not printed
    } catch {
      errorOutput("Error: \(error)\n")
      return .failure
    }
  }

  func run() throws {
    if options.list { return printList() }
    if let saveInputs = options.saveInputs {
      return try ImageFiles.saveInputs(size: options.size, to: saveInputs)
    }
    if let check = options.check { return try runCheck(profilePath: check) }
    if options.scaling { return try runScaling() }
    let settings = try settings(parallelism: try options.threads.map { try Parallelism.threads($0) } ?? .automatic)
    if options.instructionRun {
      Progress.enabled.store(false, ordering: .relaxed)
      return try BenchRunner(settings: settings).runForInstructionCount(cases(settings))
    }
    if options.profile { return try printStageProfile(settings) }
    let cases = try cases(settings)
    var results: [BenchResult]
    do {
      results = try BenchRunner(settings: settings).run(cases)
    } catch let stopped as BenchRunner.Stopped {
      // Ctrl-C: what was measured is printed (not saved, counted or recorded), exit status 130.
      output(options.json ? BenchReport.json(stopped.completed) : BenchReport.table(stopped.completed))
      throw BenchExitStatus(code: .interrupted)
    }
    if let saveOutput = options.saveOutput { try ImageFiles.saveOutputs(cases, to: saveOutput) }
    if options.countInstructions || options.record != nil { try addInstructionCounts(&results) }
    if let record = options.record { try recordProfile(results, to: record) }
    if options.json {
      output(BenchReport.json(results))
    } else if !results.isEmpty {
      output(BenchReport.table(results))
    }
    if !options.json, options.record == nil, options.families.contains(.scheduler) {
      output(SchedulerMeasurement.run(only: options.caseName))
    }
  }

  /// The options' settings, with `parallelism` (the images of `--src` and `--dst` read).
  private func settings(parallelism: Parallelism) throws -> BenchSettings {
    BenchSettings(
      size: options.size, parallelism: parallelism, iterations: options.iterations, caseName: options.caseName,
      source: try options.src.map(ImageFiles.read), destination: try options.dst.map(ImageFiles.read),
      countsInstructions: options.instructionRun)
  }

  /// The selected cases (`--case` was checked against the family's names when parsed).
  private func cases(_ settings: BenchSettings) throws -> [BenchCase] {
    try options.families.flatMap { try $0.makeCases(settings) }
  }

  /// `--scaling`: the cases made for ``Parallelism/automatic``, timed on 1 thread and on
  /// `--threads` (default: all cores) by ``ScalingRunner``.
  private func runScaling() throws {
    let settings = try settings(parallelism: .automatic)
    let threads = min(options.threads ?? ThreadPool.availableCores, ThreadPool.maximumThreadCount)
    let runner = ScalingRunner(threads: threads, iterations: options.iterations)
    let results: [ScalingResult]
    do {
      results = try runner.run(try cases(settings))
    } catch let stopped as ScalingRunner.Stopped {
      output(options.json ? ScalingReport.json(stopped.completed) : ScalingReport.table(stopped.completed))
      throw BenchExitStatus(code: .interrupted)
    }
    output(options.json ? ScalingReport.json(results) : ScalingReport.table(results))
  }

  private func printList() {
    for family in KernelFamily.allCases {
      for name in family.caseNames { output("\(family.rawValue)/\(name)") }
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
      output("\(benchCase.kernel)/\(benchCase.name) (\(counted.width)x\(counted.height), 1 thread, share of instructions):")
      for entry in shares.prefix(8) where entry.share >= 0.5 {
        output("  \(BenchReport.fixed(entry.share, 1).leftPadding(6))%  \(entry.function)")
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
          inputWidth: options.size.width, inputHeight: options.size.height, threads: result.threads,
          memcpyThreads: result.memcpyThreads, medianMilliseconds: result.medianMilliseconds,
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
    // A debug build is tens of times slower and runs other instructions: every case would
    // "regress". Refused, rather than reported as regressions.
    guard machine.build == profile.machine.build else {
      throw BenchFileError(
        "profile \(profilePath) was recorded with a \(profile.machine.build) build and this is a \(machine.build) "
          + "build; check with the same build (swift run -c release bench --check ...)")
    }
    let sameMachine = machine.cpu == profile.machine.cpu && machine.cores == profile.machine.cores
    let selected = profile.cases.filter { recorded in
      options.families.contains { $0.rawValue == recorded.kernel }
        && (options.caseName == nil || recorded.name == options.caseName)
    }
    // A check of nothing would pass; so would one that left out cases the code has.
    guard !selected.isEmpty else {
      throw BenchUsageError("no case of \(profilePath) is selected by --kernel and --case: nothing to check")
    }
    for recorded in selected {
      guard let family = KernelFamily(rawValue: recorded.kernel), family.caseNames.contains(recorded.name) else {
        throw BenchFileError("profile \(profilePath): case \(recorded.key) no longer exists; re-record the profile")
      }
    }
    if options.caseName == nil {
      let recordedKeys = Set(profile.cases.map(\.key))
      // The scheduler's sections are measurements of their own, never recorded.
      let missing = options.families.filter { $0 != .scheduler }
        .flatMap { family in family.caseNames.map { "\(family.rawValue)/\($0)" } }
        .filter { !recordedKeys.contains($0) }
      guard missing.isEmpty else {
        throw BenchFileError(
          "profile \(profilePath) has no entry for \(missing.joined(separator: ", ")); re-record the profile")
      }
    }
    // Generated once here, natively, instead of in every valgrind child.
    if selected.contains(where: { $0.kernel == KernelFamily.sequence.rawValue }) { _ = try SequenceInputs.tiffPaths() }
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
    output("profile \(profilePath): recorded \(profile.recorded) on \(profile.machine.summary)")
    if !sameMachine { output("time not compared: this machine is \(machine.summary)") }
    output(RegressionCheck.report(findings))
    let regressions = findings.filter(\.isRegression)
    if !regressions.isEmpty {
      output("\(regressions.count) regression(s): \(regressions.map { "\($0.key) \($0.metric)" }.joined(separator: ", "))")
      throw BenchExitStatus(code: .regression)
    }
    output("no regressions in \(selected.count) cases")
  }

  private func measureRatio(of recorded: PerformanceProfile.Case) throws -> Double {
    guard let family = KernelFamily(rawValue: recorded.kernel) else {
      throw BenchFileError("profile case \(recorded.key): unknown kernel family \(recorded.kernel); re-record the profile")
    }
    let settings = BenchSettings(
      size: PixelSize(width: recorded.inputWidth ?? recorded.width, height: recorded.inputHeight ?? recorded.height),
      parallelism: try Parallelism.threads(recorded.threads), iterations: options.iterations,
      caseName: recorded.name)
    let cases = try family.makeCases(settings)
    guard let remade = cases.first else {
      throw BenchFileError("profile case \(recorded.key) no longer exists; re-record the profile")
    }
    // Timed on another workload, the ratio would compare other cache regimes and overheads.
    guard remade.size == PixelSize(width: recorded.width, height: recorded.height) else {
      throw BenchFileError(
        "profile case \(recorded.key) was recorded drawing \(recorded.width)x\(recorded.height), and remade it draws "
          + "\(remade.size.width)x\(remade.size.height); re-record the profile")
    }
    // A profile recorded before the yardstick was threaded compares with one plain memcpy.
    let runner = BenchRunner(settings: settings, memcpyThreads: recorded.memcpyThreads ?? 1)
    return try runner.run(cases)[0].minimumRatioToMemcpy
  }

  static var executablePath: String {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
  }
}
