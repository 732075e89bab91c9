#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The command line of an example: its arguments, and where generated inputs and outputs go
/// when there are none.
public struct ExampleArguments {
  /// The arguments after the program name.
  public let values: [String]

  /// The process's arguments.
  public init() {
    values = Array(CommandLine.arguments.dropFirst())
  }

  /// True when the example was started without arguments and makes its own inputs.
  public var usesGeneratedInputs: Bool { values.isEmpty }

  /// A path in a fresh temporary folder (one per process), for generated inputs and outputs.
  public static func temporaryPath(_ name: String) -> String {
    folder + "/" + name
  }

  private static let folder: String = {
    var template = Array((ProcessInfoLite.temporaryDirectory + "/pixelops-example.XXXXXX").utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    guard let made else { return ProcessInfoLite.temporaryDirectory }
    return String(cString: made)
  }()

  /// Prints `message` and `usage` to standard error and exits with status 2.
  public static func fail(_ message: String, usage: String) -> Never {
    let text = Array("error: \(message)\nusage: \(usage)\n".utf8)
    _ = text.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(2)
  }
}

/// `TMPDIR` or `/tmp`, without Foundation.
enum ProcessInfoLite {
  static var temporaryDirectory: String {
    if let value = getenv("TMPDIR"), value.pointee != 0 { return String(cString: value) }
    return "/tmp"
  }
}
