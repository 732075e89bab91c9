import Foundation
import Testing

@testable import Bench

/// Files `bench` cannot use: their own exit status (3, not 1 "regression found"), the reason
/// without the usage text, and both formats named for a file that is neither PNG nor TIFF.
@Suite("bench file errors")
struct BenchFileErrorTests {
  /// A fresh directory under the temporary directory, removed after `body`.
  private func withDirectory(_ body: (String) throws -> Void) throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("bench-tests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: path) }
    try body(path)
  }

  @Test("a missing --check profile exits 3 with the reason and no usage text")
  func missingProfile() throws {
    let run = BenchRun(["--check", "/nonexistent/profile.json"])
    #expect(run.code == .fileError && run.code.rawValue == 3)
    #expect(run.code != .regression)
    #expect(run.errors == "Error: cannot read profile /nonexistent/profile.json: No such file or directory\n")
  }

  @Test("a --check file that is not a profile exits 3")
  func malformedProfile() throws {
    try withDirectory { directory in
      let path = directory + "/profile.json"
      try Data("{\"cases\": 3}".utf8).write(to: URL(fileURLWithPath: path))
      let run = BenchRun(["--check", path])
      #expect(run.code == .fileError)
      #expect(run.errors.hasPrefix("Error: \(path) is not a bench profile: ") && !run.errors.contains("Usage"))
    }
  }

  @Test("the recorded Benchmarks/profile.json still loads")
  func recordedProfileLoads() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let profile = try PerformanceProfile.load(root.appendingPathComponent("Benchmarks/profile.json").path)
    #expect(profile.cases.count > 40)
    // Recorded single-threaded, the memcpy yardstick too (profiles before the column have no `memcpy_threads`: 1).
    #expect(profile.cases.allSatisfy { ($0.memcpyThreads ?? 1) == 1 && $0.threads == 1 })
  }

  @Test("a missing --src exits 3 with the reader's reason and no usage text")
  func missingInput() {
    let run = BenchRun(["--kernel", "convert", "--src", "/nonexistent/in.png"])
    #expect(run.code == .fileError)
    #expect(run.errors.hasPrefix("Error: cannot use /nonexistent/in.png: ") && !run.errors.contains("Usage"))
    #expect(run.errors.split(separator: "\n").count == 1)
  }

  @Test("a --dst that is neither PNG nor TIFF says both were tried")
  func neitherFormat() throws {
    try withDirectory { directory in
      let path = directory + "/notes.txt"
      try Data("hello, this is plain text and no image at all\n".utf8).write(to: URL(fileURLWithPath: path))
      let run = BenchRun(["--kernel", "blend", "--dst", path])
      #expect(run.code == .fileError)
      #expect(run.errors.hasPrefix("Error: cannot use \(path): neither a PNG nor a TIFF file (tried both): as PNG, "))
      #expect(run.errors.contains("; as TIFF, ") && !run.errors.contains("Usage"))
    }
  }

  @Test("an output directory that cannot be created exits 3")
  func unwritableOutput() throws {
    try withDirectory { directory in
      let file = directory + "/file"
      try Data([1]).write(to: URL(fileURLWithPath: file))
      let run = BenchRun(["--save-inputs", file + "/inputs", "--size", "8x8"])
      #expect(run.code == .fileError)
      #expect(run.errors.hasPrefix("Error: cannot create directory \(file)/inputs: ") && !run.errors.contains("Usage"))
    }
  }

  @Test("exit statuses are distinct and listed by --help")
  func exitStatuses() {
    let codes = BenchExitCode.allCases.map(\.rawValue)
    #expect(codes == [0, 1, 2, 3, 4, 130])
    for code in BenchExitCode.allCases {
      #expect(BenchHelp.text.contains("\n  \(code.rawValue) "))
    }
    #expect(BenchRun(["--bogus"]).code == .usage)
  }
}

extension BenchFileErrorTests {
  @Test("a profile naming a case that no longer exists exits 3 before measuring anything")
  func staleProfileCase() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("bench-stale-\(UUID().uuidString).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let profile = PerformanceProfile(
      recorded: "2026-01-01T00:00:00Z",
      machine: MachineDescription(cpu: "none", cores: 1, operatingSystem: "none", build: MachineDescription.current().build),
      instructionMethod: "none",
      cases: [
        PerformanceProfile.Case(
          kernel: "blend", name: "gone_case", width: 8, height: 8, threads: 1, medianMilliseconds: 1,
          memcpyMilliseconds: 1, ratioToMemcpy: 1, minimumRatioToMemcpy: 1)
      ])
    try profile.save(path)
    let run = BenchRun(["--check", path, "--kernel", "blend"])
    #expect(run.code == .fileError)
    #expect(run.errors == "Error: profile \(path): case blend/gone_case no longer exists; re-record the profile\n")
  }

  /// A one-case profile of `premultiply_rgba8` drawing 8x8 from `input` (nil: none recorded),
  /// on this machine and build unless `build` says otherwise.
  private func oneCaseProfile(at path: String, input: Int?, build: String = MachineDescription.current().build) throws {
    let here = MachineDescription.current()
    try PerformanceProfile(
      recorded: "2026-01-01T00:00:00Z",
      machine: MachineDescription(cpu: here.cpu, cores: here.cores, operatingSystem: here.operatingSystem, build: build),
      instructionMethod: "none",
      cases: [
        PerformanceProfile.Case(
          kernel: "convert", name: "premultiply_rgba8", width: 8, height: 8, inputWidth: input, inputHeight: input,
          threads: 1, medianMilliseconds: 1, memcpyMilliseconds: 1, ratioToMemcpy: 1, minimumRatioToMemcpy: 1)
      ]
    ).save(path)
  }

  /// `--check` remade each case from its output size, so the scaled cases (recorded from
  /// 1920x1080, drawing 960x540) were timed from 960x540, drawing 480x270, against the ratio of
  /// the larger workload.
  @Test("--check times each case as recorded: a case that remade draws another size is refused, exit 3")
  func remadeSizeMustMatch() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("bench-size-\(UUID().uuidString).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try oneCaseProfile(at: path, input: 16)
    let run = BenchRun(["--check", path, "--kernel", "convert", "--case", "premultiply_rgba8", "--iterations", "1"])
    #expect(run.code == .fileError)
    #expect(run.errors.contains("was recorded drawing 8x8, and remade it draws 16x16; re-record the profile"))
    try oneCaseProfile(at: path, input: 8)
    let same = BenchRun(["--check", path, "--kernel", "convert", "--case", "premultiply_rgba8", "--iterations", "1"])
    #expect(same.code == .success || same.code == .regression, "\(same.errors)")
  }

  @Test("--check of another build flavour, of no case, or of a profile missing cases is refused")
  func checksThatCouldNotFail() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("bench-none-\(UUID().uuidString).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try oneCaseProfile(at: path, input: 8, build: "x86_64 other")
    let otherBuild = BenchRun(["--check", path, "--kernel", "convert", "--case", "premultiply_rgba8"])
    #expect(otherBuild.code == .fileError)
    #expect(otherBuild.errors.contains("was recorded with a x86_64 other build"))
    try oneCaseProfile(at: path, input: 8)
    let nothing = BenchRun(["--check", path, "--kernel", "scheduler"])
    #expect(nothing.code == .usage)
    #expect(nothing.errors.contains("nothing to check"))
    let missing = BenchRun(["--check", path, "--kernel", "convert"])
    #expect(missing.code == .fileError)
    #expect(missing.errors.contains("has no entry for convert/unpremultiply_rgba8"))
  }

  @Test("a profile whose values no run records (0 threads, an empty size) exits 3, not 4")
  func impossibleProfileValues() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("bench-zero-\(UUID().uuidString).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try oneCaseProfile(at: path, input: 0)
    let run = BenchRun(["--check", path, "--kernel", "convert", "--case", "premultiply_rgba8"])
    #expect(run.code == .fileError)
    #expect(run.errors.contains("case convert/premultiply_rgba8 has a size or thread count below 1"))
  }
}
