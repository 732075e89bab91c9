public import PixelOps

/// The kernel families `bench --kernel` knows. Add a family by adding a case and its cases file.
public enum KernelFamily: String, CaseIterable, Sendable {
  case convert
  case scheduler

  /// The names of the family's cases, in run order.
  public var caseNames: [String] {
    switch self {
    case .convert: ConvertCases.names
    case .scheduler: ["dispatch-overhead", "break-even"]
    }
  }

  /// The family's cases for `settings` (only the one named by `settings.caseName`, if set).
  public func makeCases(_ settings: BenchSettings) throws -> [BenchCase] {
    switch self {
    case .convert: try ConvertCases.make(settings)
    case .scheduler: []
    }
  }
}

/// What every case of one run shares.
public struct BenchSettings: Sendable {
  public let size: PixelSize
  public let parallelism: Parallelism
  public let iterations: Int
  public let caseName: String?

  public init(size: PixelSize, parallelism: Parallelism, iterations: Int, caseName: String?) {
    self.size = size
    self.parallelism = parallelism
    self.iterations = iterations
    self.caseName = caseName
  }
}

/// One measured workload: `run` is timed; `bytesMoved` (read + written) sizes the memcpy it is
/// compared with.
public struct BenchCase {
  public let kernel: String
  public let name: String
  public let size: PixelSize
  public let bytesMoved: Int
  public let run: () throws -> Void

  public init(kernel: String, name: String, size: PixelSize, bytesMoved: Int, run: @escaping () throws -> Void) {
    self.kernel = kernel
    self.name = name
    self.size = size
    self.bytesMoved = bytesMoved
    self.run = run
  }
}
