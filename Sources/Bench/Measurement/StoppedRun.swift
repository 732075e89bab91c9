import PixelOpsBenchmarkSupport

/// A run of cases stopped by Ctrl-C (``Interruption``): the results of the cases measured before
/// it (``BenchRunner/Stopped``, ``ScalingRunner/Stopped``).
struct StoppedRun<CaseResult: Sendable>: Error {
  let completed: [CaseResult]

  /// `cases` measured in order by `measure`, which gives nil when a stop was requested before
  /// the case was measured.
  ///
  /// - Throws: ``StoppedRun`` with the results so far at such a stop; what `measure` throws.
  static func measuring(_ cases: [BenchCase], _ measure: (BenchCase) throws -> CaseResult?) throws -> [CaseResult] {
    var results: [CaseResult] = []
    for benchCase in cases {
      guard let result = try measure(benchCase) else { throw StoppedRun(completed: results) }
      results.append(result)
    }
    return results
  }
}
