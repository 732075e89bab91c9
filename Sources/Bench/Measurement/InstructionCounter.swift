import Foundation
import PixelOps
import PixelOpsBenchmarkSupport

/// Counts a case's instructions per call by running this same executable under
/// `valgrind --tool=callgrind`, collecting only inside ``measuredRegion(_:)``. Instruction counts
/// do not drift with machine load, so they are what makes a regression check deterministic on
/// shared machines where hardware counters are unavailable (`perf stat`: "not supported").
final class InstructionCounter {
  /// Calls counted per case; the first-use warm-up call is outside the measured region.
  static let countedCalls = 3

  /// The executable valgrind runs: a copy of this one without DWARF, which valgrind 3.19's
  /// debug-info reader rejects for some Swift binaries ("Possibly corrupted debuginfo file");
  /// the symbol table that `--toggle-collect` matches is kept.
  let executable: String
  /// The stripped copy this counter made, removed when it is done with (about 11 MB).
  private let madeCopy: String?

  /// Makes the stripped copy afresh: a copy left by an earlier process with the same id (ids are
  /// reused) would be another build, and its counts were taken for this one's.
  init(executable original: String) {
    let stripped = FileManager.default.temporaryDirectory.appendingPathComponent("pixelops-bench-\(getpid())").path
    try? FileManager.default.removeItem(atPath: stripped)
    if (try? runProcess("/usr/bin/env", ["objcopy", "--strip-debug", original, stripped]))?.status == 0 {
      executable = stripped
      madeCopy = stripped
    } else {
      executable = original
      madeCopy = nil
    }
  }

  deinit {
    if let madeCopy { try? FileManager.default.removeItem(atPath: madeCopy) }
  }

  /// `valgrind --version`, or nil when valgrind is not installed.
  static func valgrindVersion() -> String? {
    guard let output = try? runProcess("/usr/bin/env", ["valgrind", "--version"]), output.status == 0 else { return nil }
    return output.text.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// A description of the method, recorded in profiles.
  static func methodDescription(size: PixelSize) -> String {
    "\(valgrindVersion() ?? "valgrind") --tool=callgrind --toggle-collect=*measuredRegion*, "
      + "\(size.width)x\(size.height), 1 thread, mean of \(countedCalls) calls after a warm-up"
  }

  /// Instructions of one call of `kernel/caseName` on generated images of `size`, single-threaded.
  func instructionsPerCall(kernel: String, caseName: String, size: PixelSize) throws -> Int {
    try withCallgrindReport(kernel: kernel, caseName: caseName, size: size) { outputFile in
      let report = try String(contentsOfFile: outputFile, encoding: .utf8)
      guard let line = report.split(separator: "\n").first(where: { $0.hasPrefix("totals:") || $0.hasPrefix("summary:") }),
        let total = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
      else { throw BenchError.instructionCountFailed("no totals line in \(outputFile)") }
      return total / Self.countedCalls
    }
  }

  /// Where a case's instructions go: each function's own (exclusive) share of the measured
  /// region, largest first, as `callgrind_annotate` reports it, with Swift names demangled.
  /// Functions are the stages a kernel is built from (the row kernel, its loop helpers,
  /// conversions, scheduling), so a regression points at its stage.
  func functionShares(kernel: String, caseName: String, size: PixelSize) throws -> [(function: String, share: Double)] {
    try withCallgrindReport(kernel: kernel, caseName: caseName, size: size) { outputFile in
      let annotated = try runProcess("/usr/bin/env", ["callgrind_annotate", "--threshold=99.5", outputFile])
      var shares: [(String, Double)] = []
      for line in annotated.text.split(separator: "\n") {
        // "1,658,880 (41.26%)  file.swift:$s8PixelOps...  [binary]"
        guard let open = line.firstIndex(of: "("), let percent = line.firstIndex(of: "%"), open < percent,
          let share = Double(line[line.index(after: open)..<percent].trimmingCharacters(in: .whitespaces)),
          let colon = line[percent...].firstIndex(of: ":")
        else { continue }
        let symbol = line[line.index(after: colon)...].split(separator: " ").first.map(String.init) ?? ""
        if symbol.isEmpty || line.contains("PROGRAM TOTALS") { continue }
        shares.append((symbol, share))
      }
      let names = try demangle(shares.map(\.0))
      var merged: [String: Double] = [:]
      for (index, entry) in shares.enumerated() { merged[names[index], default: 0] += entry.1 }
      return merged.map { (function: $0.key, share: $0.value) }.sorted { $0.share > $1.share }
    }
  }

  /// Runs the case under callgrind and hands the output file to `read`; the file is removed after.
  private func withCallgrindReport<Result>(
    kernel: String, caseName: String, size: PixelSize, _ read: (String) throws -> Result
  ) throws -> Result {
    let outputFile = FileManager.default.temporaryDirectory
      .appendingPathComponent("pixelops-callgrind-\(getpid())-\(kernel)-\(caseName).out").path
    defer { try? FileManager.default.removeItem(atPath: outputFile) }
    let arguments = [
      "valgrind", "--tool=callgrind", "--callgrind-out-file=\(outputFile)", "--collect-atstart=no",
      "--toggle-collect=*measuredRegion*", executable, "--instruction-run", "--kernel", kernel, "--case", caseName,
      "--size", "\(size.width)x\(size.height)", "--threads", "1", "--iterations", String(Self.countedCalls),
    ]
    let result = try runProcess("/usr/bin/env", arguments)
    guard result.status == 0 else {
      throw BenchError.instructionCountFailed("valgrind exited \(result.status): \(result.text.suffix(400))")
    }
    return try read(outputFile)
  }

  /// Readable names for mangled Swift symbols (`swift demangle --simplified`), without argument
  /// lists; names it cannot demangle are kept.
  private func demangle(_ symbols: [String]) throws -> [String] {
    guard !symbols.isEmpty else { return [] }
    let output = try runProcess("/usr/bin/env", ["swift", "demangle", "--simplified", "--compact"] + symbols)
    let lines = output.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    return symbols.indices.map { index in
      let name = index < lines.count && !lines[index].isEmpty ? lines[index] : symbols[index]
      let withoutSpecialization = name.replacingOccurrences(of: "function signature specialization <", with: "")
      let base = withoutSpecialization.split(separator: "(").first.map(String.init) ?? withoutSpecialization
      return base.components(separatedBy: "> of ").last ?? base
    }
  }

}

struct ProcessOutput {
  let status: Int32
  let text: String
}

/// Runs a program to completion, capturing stdout and stderr together.
func runProcess(_ path: String, _ arguments: [String]) throws -> ProcessOutput {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: path)
  process.arguments = arguments
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = pipe
  try process.run()
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return ProcessOutput(status: process.terminationStatus, text: String(decoding: data, as: UTF8.self))
}

/// A measurement that could not be made (exit status 4, ``BenchExitCode/failure``).
enum BenchError: Error, CustomStringConvertible {
  case instructionCountFailed(String)

  var description: String {
    switch self {
    case .instructionCountFailed(let message): "instruction count failed: \(message)"
    }
  }
}
