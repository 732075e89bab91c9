import Foundation

/// A recorded profile (`bench --record FILE`): for every case, figures normalised so they mean
/// something on another day: time as a ratio to memcpy of the same bytes, and instructions per
/// pixel from callgrind.
struct PerformanceProfile: Codable {
  struct Case: Codable {
    var kernel: String
    var name: String
    var width: Int
    var height: Int
    var threads: Int
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

  static func load(_ path: String) throws -> PerformanceProfile {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw BenchError.badProfile("cannot read \(path)")
    }
    do {
      return try JSONDecoder.snakeCase.decode(PerformanceProfile.self, from: data)
    } catch {
      throw BenchError.badProfile("\(path): \(error)")
    }
  }

  func save(_ path: String) throws {
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try encoder.encode(self).write(to: URL(fileURLWithPath: path), options: .atomic)
  }
}

extension JSONDecoder {
  static var snakeCase: JSONDecoder {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    return decoder
  }
}
