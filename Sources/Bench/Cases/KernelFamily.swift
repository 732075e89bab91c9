import PixelOps

/// The kernel families `bench --kernel` knows. Add a family by adding a case and its cases file.
enum KernelFamily: String, CaseIterable {
  case convert
  case scheduler

  var caseNames: [String] {
    switch self {
    case .convert: ConvertCases.names
    case .scheduler: ["dispatch-overhead", "break-even"]
    }
  }

  func makeCases(_ settings: BenchSettings) throws -> [BenchCase] {
    switch self {
    case .convert: try ConvertCases.make(settings)
    case .scheduler: []
    }
  }
}

/// What every case of one run shares.
struct BenchSettings {
  let size: PixelSize
  let parallelism: Parallelism
  let iterations: Int
  let caseName: String?
}

/// One measured workload: `run` is timed; `bytesMoved` (read + written) sizes the memcpy it is
/// compared with.
struct BenchCase {
  let kernel: String
  let name: String
  let size: PixelSize
  let bytesMoved: Int
  let run: () throws -> Void
}
