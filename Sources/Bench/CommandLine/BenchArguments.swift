import PixelOps
import PixelOpsBenchmarkSupport

/// The command line of `bench`, parsed and validated: every flag and option with its default.
///
/// Hand-written so that the package needs no argument-parsing dependency (a package that depends
/// on PixelOps resolves nothing else). Options are long names, `--name value` or `--name=value`,
/// in any order, the last occurrence winning; `-h`/`--help` prints ``BenchHelp/text``.
struct BenchArguments {
  var kernel = "all"
  /// The families `kernel` names (every family for `all`).
  var families = KernelFamily.allCases
  var size = PixelSize(width: 3840, height: 2160)
  /// Whether `--size` was given (``size`` then holds it rather than the default).
  var sizeGiven = false
  var threads: Int?
  var iterations = 15
  /// The case `--case` selects, without its family (``families`` then holds only its family).
  var caseName: String?
  var json = false
  var list = false
  var countInstructions = false
  var record: String?
  var check: String?
  var instructionTolerance = 0.03
  var timeTolerance = 0.15
  var timeAttempts = 3
  var countSize = PixelSize(width: 512, height: 288)
  var src: String?
  var dst: String?
  var saveOutput: String?
  var saveInputs: String?
  var profile = false
  /// `--scaling`: time each case on one thread and on ``threads`` (default: all cores),
  /// alternated in one process (``ScalingRunner``).
  var scaling = false
  /// Internal: the child process that ``InstructionCounter`` runs under callgrind.
  var instructionRun = false
  /// `-h` or `--help` was given: print the help and do nothing else.
  var helpRequested = false
}

extension BenchArguments {
  /// Parses `arguments` (without the program name), then checks the values together; throws
  /// ``BenchUsageError`` for anything it cannot run.
  init(parsing arguments: [String]) throws {
    self.init()
    if arguments.contains(where: { $0 == "-h" || $0 == "--help" }) {
      helpRequested = true
      return
    }
    var index = arguments.startIndex
    while index < arguments.endIndex {
      let token = arguments[index]
      index += 1
      guard token.hasPrefix("--"), token.count > 2 else {
        throw BenchUsageError(token.hasPrefix("-") ? "Unknown option '\(token)'" : "Unexpected argument '\(token)'")
      }
      let body = token.dropFirst(2)
      let name = String(body.prefix { $0 != "=" })
      let inlineValue = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
      guard let option = BenchOption.named(name) else { throw BenchUsageError("Unknown option '--\(name)'") }
      switch option.kind {
      case .flag(let set):
        if inlineValue != nil { throw BenchUsageError("--\(name) takes no value") }
        set(&self)
      case .value(let set):
        if let inlineValue {
          try set(&self, inlineValue)
        } else if index < arguments.endIndex, Self.isValue(arguments[index]) {
          try set(&self, arguments[index])
          index += 1
        } else {
          throw BenchUsageError("Missing value for '\(option.label)'")
        }
      }
    }
    try validate()
  }

  /// A word after an option is its value unless it looks like another option (a negative
  /// number is a value, so `--threads -1` reports the range rather than a missing value).
  private static func isValue(_ word: String) -> Bool {
    !word.hasPrefix("-") || Double(word) != nil
  }

  private mutating func validate() throws(BenchUsageError) {
    guard iterations >= 1 else { throw BenchUsageError("--iterations must be at least 1") }
    guard instructionTolerance >= 0, timeTolerance >= 0 else { throw BenchUsageError("tolerances must not be negative") }
    guard timeAttempts >= 1 else { throw BenchUsageError("--time-attempts must be at least 1") }
    if let threads, threads < 1 { throw BenchUsageError("--threads must be at least 1") }
    if check != nil {
      // The profile says how each case runs; these would be silently ignored.
      let ignored = [
        ("--size", sizeGiven), ("--threads", threads != nil), ("--src", src != nil), ("--dst", dst != nil),
        ("--record", record != nil), ("--json", json), ("--save-output", saveOutput != nil),
      ].filter(\.1).map(\.0)
      guard ignored.isEmpty else {
        throw BenchUsageError(
          "--check reruns each case as its profile recorded it: \(ignored.joined(separator: ", ")) cannot be used with it")
      }
    }
    if scaling {
      // A speed-up needs a second thread, and the other modes measure something else.
      let conflicting = [
        ("--check", check != nil), ("--record", record != nil), ("--count-instructions", countInstructions),
        ("--profile", profile), ("--save-output", saveOutput != nil), ("--save-inputs", saveInputs != nil),
      ].filter(\.1).map(\.0)
      guard conflicting.isEmpty else {
        throw BenchUsageError("--scaling cannot be used with \(conflicting.joined(separator: ", "))")
      }
      let threaded = threads ?? ThreadPool.availableCores
      guard threaded >= 2 else {
        throw BenchUsageError(
          "--scaling compares one thread with more: it needs --threads 2 or more "
            + "(default: all \(ThreadPool.availableCores) cores)")
      }
    }
    if record != nil, src != nil || dst != nil {
      // The profile could not say which images were timed, and --check remakes generated ones.
      throw BenchUsageError("--record times generated images: --src and --dst cannot be used with it")
    }
    if let caseName {
      // `--case` names one case of one family: run that family only (see CaseSelection).
      let selected = try CaseSelection.resolve(caseName, kernel: kernel)
      self.caseName = selected.name
      families = [selected.family]
      kernel = selected.family.rawValue
    }
    if scaling, families == [.scheduler] {
      throw BenchUsageError("--scaling times kernel cases; the scheduler family has none")
    }
  }
}

/// A command line `bench` cannot run: printed with a pointer to `--help`, exit status 2.
struct BenchUsageError: Error, Equatable, CustomStringConvertible {
  let message: String

  init(_ message: String) { self.message = message }

  var description: String { message }

  /// The text printed on standard error.
  var report: String {
    "Error: \(message)\nUsage: bench <options>\n  See 'bench --help' for more information.\n"
  }
}
