@testable import Bench

/// One in-process run of `bench`: its exit status and what it printed.
struct BenchRun {
  let code: BenchExitCode
  let output: String
  let errors: String

  /// Runs `bench arguments` through ``BenchCommand/execute(_:output:errorOutput:)``.
  init(_ arguments: [String]) {
    let printed = Lines()
    var errors = ""
    code = BenchCommand.execute(arguments, output: { printed.items.append($0) }, errorOutput: { errors += $0 })
    output = printed.items.joined(separator: "\n")
    self.errors = errors
  }

  private final class Lines {
    var items: [String] = []
  }
}
