import PixelOpsBenchmarkSupport

/// What `--case` names, resolved against `--kernel` and the cases `--list` prints.
///
/// `--case` takes either form `--list` prints or knows: `family/case` (`blend/multiply_mixed`),
/// or a bare case name, looked up in `--kernel`'s family (or in every family when `--kernel`
/// is `all`, its default). The result is one family and one case name, so `--case` alone runs
/// that case and nothing else (not the scheduler measurement of `all`).
enum CaseSelection {
  /// The family and the bare case name `argument` selects under `--kernel kernel`; throws
  /// ``BenchUsageError`` naming the valid names when it selects nothing.
  static func resolve(_ argument: String, kernel: String) throws(BenchUsageError) -> (family: KernelFamily, name: String) {
    let requested = try BenchOption.families(kernel)
    if let slash = argument.firstIndex(of: "/") {
      let familyName = String(argument[..<slash])
      let name = String(argument[argument.index(after: slash)...])
      guard let family = KernelFamily(rawValue: familyName) else {
        throw BenchUsageError(
          "unknown kernel family '\(familyName)' in --case \(argument); choose from "
            + KernelFamily.allCases.map(\.rawValue).joined(separator: ", "))
      }
      guard requested.contains(family) else {
        throw BenchUsageError("--case \(argument) is not a case of --kernel \(kernel)")
      }
      return (family, try checked(name, in: family))
    }
    let matches = requested.filter { $0.caseNames.contains(argument) }
    switch matches.count {
    case 1:
      return (matches[0], argument)
    case 0 where requested.count == 1:
      return (requested[0], try checked(argument, in: requested[0]))
    case 0:
      throw BenchUsageError(
        "no case named '\(argument)'; valid names (family/case): "
          + KernelFamily.allCases.flatMap { family in family.caseNames.map { "\(family.rawValue)/\($0)" } }
          .joined(separator: ", "))
    default:
      throw BenchUsageError(
        "--case \(argument) is ambiguous; name one of " + matches.map { "\($0.rawValue)/\(argument)" }.joined(separator: ", "))
    }
  }

  /// `name` when `family` has a case of that name; otherwise a usage error listing the family's cases.
  private static func checked(_ name: String, in family: KernelFamily) throws(BenchUsageError) -> String {
    guard family.caseNames.contains(name) else {
      throw BenchUsageError(
        "no case named '\(name)' in \(family.rawValue); valid names: " + family.caseNames.joined(separator: ", "))
    }
    return name
  }
}
