/// `bench`'s exit statuses, as `bench --help` lists them: a script can tell a regression from
/// a command line or a file it could not use.
enum BenchExitCode: Int32, CaseIterable, Sendable {
  /// Everything ran (and `--check` found no regression).
  case success = 0
  /// `--check` found a regression.
  case regression = 1
  /// A command line `bench` cannot run (an unknown option, a bad value, an unknown case).
  case usage = 2
  /// A file could not be used: a missing or malformed `--check` profile, a `--src`/`--dst`
  /// image that cannot be read, an output that cannot be written.
  case fileError = 3
  /// The measurement itself failed (a kernel error, valgrind missing or failing).
  case failure = 4
  /// Stopped by Ctrl-C after printing what was measured.
  case interrupted = 130

  /// The line `bench --help` prints for this status.
  var helpText: String {
    switch self {
    case .success: "ok (and no regression under --check)"
    case .regression: "--check found a regression"
    case .usage: "usage error (unknown option or case, bad value)"
    case .fileError: "a file could not be read or written (--check profile, --src/--dst image, output)"
    case .failure: "the measurement failed (kernel error, valgrind missing or failing)"
    case .interrupted: "interrupted (Ctrl-C)"
    }
  }
}

/// Ends `bench` with this exit status once the output is written (a regression under `--check`).
struct BenchExitStatus: Error {
  let code: BenchExitCode
}

/// A file `bench` could not read or write: printed as `Error: <message>` without the usage text
/// (the command line was fine), exit status ``BenchExitCode/fileError``.
struct BenchFileError: Error, Equatable, CustomStringConvertible {
  let message: String

  init(_ message: String) { self.message = message }

  var description: String { message }
}
