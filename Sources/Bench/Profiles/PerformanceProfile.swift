import Foundation

/// A recorded profile (`bench --record FILE`): for every case, figures normalised so they mean
/// something on another day: time as a ratio to memcpy of the same bytes, and instructions per
/// pixel from callgrind.
struct PerformanceProfile: Codable {
  struct Case: Codable {
    var kernel: String
    var name: String
    /// The size the case drew (its output), as the report shows it.
    var width: Int
    var height: Int
    /// The run's `--size` the case was made from (a scaled case draws a smaller output, a
    /// `_tile` case a fixed one); `--check` remakes the case from it. Absent in older profiles,
    /// which are remade from the output size and refused where that gives another case.
    var inputWidth: Int?
    var inputHeight: Int?
    var threads: Int
    /// Threads the memcpy yardstick was split over; absent in profiles recorded before it was
    /// threaded, whose ratios are to a single-threaded memcpy (`--check` then measures that).
    var memcpyThreads: Int?
    var medianMilliseconds: Double
    var memcpyMilliseconds: Double
    var ratioToMemcpy: Double
    /// Fastest case time over fastest memcpy time in the same run; what `--check` compares.
    var minimumRatioToMemcpy: Double
    /// Size the instructions were counted at (smaller than the timed size: callgrind is slow).
    var countedWidth: Int?
    var countedHeight: Int?
    var instructionsPerPixel: Double?

    var key: String { "\(kernel)/\(name)" }
  }

  var formatVersion = 1
  var recorded: String
  var machine: MachineDescription
  /// How instructions were counted, or why they were not.
  var instructionMethod: String
  var cases: [Case]

  /// The profile at `path`; throws ``BenchFileError`` saying why when the file is missing,
  /// unreadable or not a profile.
  static func load(_ path: String) throws(BenchFileError) -> PerformanceProfile {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw BenchFileError("cannot read profile \(path): \(FileErrorReason.describe(error))")
    }
    let profile: PerformanceProfile
    do {
      profile = try JSONDecoder.snakeCase.decode(PerformanceProfile.self, from: data)
    } catch {
      throw BenchFileError("\(path) is not a bench profile: \(error)")
    }
    // Values no run records: refused here (a file error) rather than failing the measurement.
    for recorded in profile.cases {
      let sizes = [
        recorded.width, recorded.height, recorded.inputWidth, recorded.inputHeight, recorded.countedWidth,
        recorded.countedHeight,
      ].compactMap { $0 }
      guard recorded.threads >= 1, (recorded.memcpyThreads ?? 1) >= 1, sizes.allSatisfy({ $0 >= 1 }) else {
        throw BenchFileError("\(path) is not a bench profile: case \(recorded.key) has a size or thread count below 1")
      }
    }
    return profile
  }

  /// Writes the profile to `path` (atomically); throws ``BenchFileError`` when it cannot.
  func save(_ path: String) throws(BenchFileError) {
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    do {
      try encoder.encode(self).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw BenchFileError("cannot write profile \(path): \(FileErrorReason.describe(error))")
    }
  }
}

extension JSONDecoder {
  static var snakeCase: JSONDecoder {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    return decoder
  }
}
