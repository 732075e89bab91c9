import Foundation

/// Where a measurement was taken: CPU model, cores, OS and build flavour.
struct MachineDescription: Codable, Equatable {
  var cpu: String
  var cores: Int
  var operatingSystem: String
  var build: String

  static func current() -> MachineDescription {
    MachineDescription(
      cpu: cpuModel(), cores: ProcessInfo.processInfo.activeProcessorCount,
      operatingSystem: ProcessInfo.processInfo.operatingSystemVersionString, build: buildFlavour())
  }

  var summary: String { "\(cpu), \(cores) cores, \(operatingSystem), \(build)" }

  private static func cpuModel() -> String {
    guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
      let line = info.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
      let name = line.split(separator: ":", maxSplits: 1).last
    else { return "unknown CPU" }
    return name.trimmingCharacters(in: .whitespaces)
  }

  /// Architecture and optimisation mode. (Swift cannot see `-target-cpu` at compile time, so an
  /// AVX2 build is labelled by the person recording it, in the profile's file name.)
  private static func buildFlavour() -> String {
    #if arch(x86_64)
      let architecture = "x86_64"
    #elseif arch(arm64)
      let architecture = "arm64"
    #else
      let architecture = "other"
    #endif
    #if DEBUG
      return "\(architecture) debug"
    #else
      return "\(architecture) release"
    #endif
  }
}
