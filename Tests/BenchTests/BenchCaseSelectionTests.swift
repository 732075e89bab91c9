import PixelOpsBenchmarkSupport
import Testing

@testable import Bench

/// `--case` takes the names `--list` prints, or a bare name with `--kernel`, and runs that case
/// alone.
@Suite("bench --case")
struct BenchCaseSelectionTests {
  @Test("every name --list prints selects exactly that case's family and name")
  func listedNamesSelect() throws {
    let listed = BenchRun(["--list"])
    #expect(listed.code == .success)
    let names = listed.output.split(separator: "\n").map(String.init)
    #expect(names.contains("blend/multiply_mixed") && names.contains("scheduler/break-even"))
    for listedName in names {
      let parts = listedName.split(separator: "/").map(String.init)
      let options = try BenchArguments(parsing: ["--case", listedName])
      #expect(options.families.map(\.rawValue) == [parts[0]], "\(listedName)")
      #expect(options.caseName == parts[1] && options.kernel == parts[0], "\(listedName)")
    }
  }

  @Test("a bare name works with --kernel, in either order, and without it when unambiguous")
  func bareNames() throws {
    for arguments in [
      ["--kernel", "blend", "--case", "multiply_mixed"], ["--case", "multiply_mixed", "--kernel", "blend"],
      ["--case", "multiply_mixed"], ["--kernel", "blend", "--case", "blend/multiply_mixed"],
      ["--kernel", "all", "--case", "blend/multiply_mixed"],
    ] {
      let options = try BenchArguments(parsing: arguments)
      #expect(options.families == [.blend] && options.caseName == "multiply_mixed", "\(arguments)")
    }
  }

  @Test("--case blend/multiply_mixed runs that one case, and no scheduler measurement")
  func runsOnlyThatCase() {
    for arguments in [["--case", "blend/multiply_mixed"], ["--case", "multiply_mixed"]] {
      let run = BenchRun(arguments + ["--size", "64x32", "--iterations", "1", "--threads", "1"])
      #expect(run.code == .success, "\(run.errors)")
      let rows = run.output.split(separator: "\n").filter { $0.hasPrefix("blend/") || $0.hasPrefix("scale/") || $0.hasPrefix("convert/") }
      #expect(rows.count == 1 && rows[0].hasPrefix("blend/multiply_mixed "), "\(run.output)")
      #expect(!run.output.contains("Scheduler measurement"))
    }
  }

  @Test(
    "unknown case names are usage errors listing the valid names of the family",
    arguments: [
      (["--kernel", "blend", "--case", "multiply"], "no case named 'multiply' in blend; valid names: "),
      (["--case", "blend/multiply"], "no case named 'multiply' in blend; valid names: "),
      (["--case", "scale/nope"], "no case named 'nope' in scale; valid names: "),
    ])
  func unknownCase(arguments: [String], prefix: String) throws {
    let family = try #require(KernelFamily(rawValue: arguments.last!.contains("/") ? String(arguments.last!.split(separator: "/")[0]) : arguments[1]))
    let expected = prefix + family.caseNames.joined(separator: ", ")
    #expect(throws: BenchUsageError(expected)) { try BenchArguments(parsing: arguments) }
    let run = BenchRun(arguments)
    #expect(run.code == .usage && run.code.rawValue == 2)
    #expect(run.errors.hasPrefix("Error: \(expected)\n") && run.errors.contains("bench --help"))
  }

  @Test("an unknown name without --kernel lists every family/case; an unknown family and a mismatch are usage errors")
  func otherMistakes() {
    #expect(throws: BenchUsageError.self) { try BenchArguments(parsing: ["--case", "nope"]) }
    let run = BenchRun(["--case", "nope"])
    #expect(run.code == .usage && run.errors.contains("blend/multiply_mixed") && run.errors.contains("scale/lanczos3_4k_to_1080p"))
    #expect(throws: BenchUsageError("unknown kernel family 'blnd' in --case blnd/over_mixed; choose from convert, blend, scheduler, scale, gradient, sequence, tile")) {
      try BenchArguments(parsing: ["--case", "blnd/over_mixed"])
    }
    #expect(throws: BenchUsageError("--case blend/over_mixed is not a case of --kernel scale")) {
      try BenchArguments(parsing: ["--kernel", "scale", "--case", "blend/over_mixed"])
    }
  }

  @Test("the scheduler family's case names are the sections its measurement runs one by one")
  func schedulerSections() {
    #expect(SchedulerMeasurement.sections.map(\.name) == KernelFamily.scheduler.caseNames)
  }
}
