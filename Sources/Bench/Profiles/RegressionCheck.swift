import Foundation

/// `bench --check FILE`: reruns each recorded case and reports those slower than the profile.
///
/// Instructions (callgrind) are compared directly: they are deterministic for the same binary
/// and inputs, so 3% is a real change. Time is compared as the fastest case time over the fastest
/// memcpy of the same bytes in the same run (interference only adds time, so minimums are the
/// steadiest figures), and only on the machine the profile was recorded on; a case over its tolerance is
/// re-measured up to ``timeAttempts`` times and counts as a regression only if every attempt is
/// over (shared machines have noisy moments, and a check must not cry wolf). Attempts are a
/// second apart, so that a neighbour's burst on a shared host has a chance to pass.
struct RegressionCheck {
  var instructionTolerance = 0.03
  var timeTolerance = 0.15
  var timeAttempts = 3

  struct Finding {
    let key: String
    let metric: String
    let recorded: Double
    let measured: Double
    let tolerance: Double

    var change: Double { measured / recorded - 1 }
    var isRegression: Bool { change > tolerance }
  }

  /// Compares `profile` with fresh measurements. `measureRatio(case)` times one case and returns
  /// its ratio to memcpy; `countInstructions(case)` returns instructions per pixel, or nil when
  /// instructions are not being checked.
  func run(
    _ profile: PerformanceProfile, compareTime: Bool,
    measureRatio: (PerformanceProfile.Case) throws -> Double,
    countInstructions: (PerformanceProfile.Case) throws -> Double?
  ) throws -> [Finding] {
    var findings: [Finding] = []
    for recorded in profile.cases {
      try Interruption.stopIfRequested()
      Progress.report("check \(recorded.key)")
      if let recordedInstructions = recorded.instructionsPerPixel, let measured = try countInstructions(recorded) {
        findings.append(
          Finding(
            key: recorded.key, metric: "instructions/pixel", recorded: recordedInstructions, measured: measured,
            tolerance: instructionTolerance))
      }
      if compareTime {
        var best = try measureRatio(recorded)
        var attempt = 1
        while best > recorded.minimumRatioToMemcpy * (1 + timeTolerance) && attempt < timeAttempts {
          Progress.report("re-measure \(recorded.key) (attempt \(attempt + 1) of \(timeAttempts))")
          sleep(1)
          best = min(best, try measureRatio(recorded))
          attempt += 1
        }
        findings.append(
          Finding(
            key: recorded.key, metric: "min time/memcpy", recorded: recorded.minimumRatioToMemcpy, measured: best,
            tolerance: timeTolerance))
      }
    }
    return findings
  }

  static func report(_ findings: [Finding]) -> String {
    var lines = ["case                                 metric               recorded   measured   change  verdict"]
    for finding in findings {
      let verdict = finding.isRegression ? "REGRESSED" : (finding.change < -finding.tolerance ? "faster (re-record?)" : "ok")
      lines.append(
        "\(finding.key.padding(36)) \(finding.metric.padding(18)) \(BenchReport.fixed(finding.recorded, 3).leftPadding(10)) "
          + "\(BenchReport.fixed(finding.measured, 3).leftPadding(10)) "
          + "\((BenchReport.fixed(finding.change * 100, 1) + "%").leftPadding(8))  \(verdict)")
    }
    return lines.joined(separator: "\n")
  }
}
