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

  /// Removes the files `names` made at ``temporaryPath(_:)``, then their folder if it is empty.
  public static func removeTemporaryFiles(_ names: [String]) {
    for name in names { unlink(temporaryPath(name)) }
    rmdir(folder)
  }

  private static let folder: String = {
    var template = Array((ProcessInfoLite.temporaryDirectory + "/pixelops-example.XXXXXX").utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    guard let made else { return ProcessInfoLite.temporaryDirectory }
    return String(cString: made)
  }()

  /// Runs an example's `body`; an error it throws (a file that cannot be read, a typed
  /// `ImageIOError` or `PixelError`) is printed to standard error and exits with status 1.
  public static func run(_ body: () throws -> Void) {
    do {
      try body()
    } catch {
      printError("error: \(error)\n")
      exit(1)
    }
  }

  /// Prints `message` and `usage` to standard error and exits with status 2.
  public static func fail(_ message: String, usage: String) -> Never {
    printError("error: \(message)\nusage: \(usage)\n")
    exit(2)
  }

  private static func printError(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  }
}

/// `TMPDIR` or `/tmp`, without Foundation.
enum ProcessInfoLite {
  static var temporaryDirectory: String {
    if let value = getenv("TMPDIR"), value.pointee != 0 { return String(cString: value) }
    return "/tmp"
  }
}
