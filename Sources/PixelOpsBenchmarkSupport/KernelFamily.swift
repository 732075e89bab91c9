public import PixelOps

/// The kernel families `bench --kernel` knows. Add a family by adding a case and its cases file.
public enum KernelFamily: String, CaseIterable, Sendable {
  case convert
  case blend
  case scheduler
  case scale
  case gradient
  case sequence
  case tile

  /// The names of the family's cases, in run order (for `scheduler`, the sections of bench's
  /// scheduler measurement, which has no `BenchCase`s).
  public var caseNames: [String] {
    switch self {
    case .convert: ConvertCases.names
    case .blend: BlendCases.names
    case .scheduler: ["dispatch-overhead", "cold-dispatch", "helper-latency", "break-even"]
    case .scale: ScaleCases.names
    case .gradient: GradientCases.names
    case .sequence: SequenceCases.names
    case .tile: TileCases.names
    }
  }

  /// The family's cases for `settings` (only the one named by `settings.caseName`, if set).
  public func makeCases(_ settings: BenchSettings) throws -> [BenchCase] {
    switch self {
    case .convert: try ConvertCases.make(settings)
    case .blend: try BlendCases.make(settings)
    case .scheduler: []
    case .scale: try ScaleCases.make(settings)
    case .gradient: try GradientCases.make(settings)
    case .sequence: try SequenceCases.make(settings)
    case .tile: try TileCases.make(settings)
    }
  }
}

/// What every case of one run shares.
public struct BenchSettings: Sendable {
  public let size: PixelSize
  public let parallelism: Parallelism
  public let iterations: Int
  public let caseName: String?
  /// An image to use instead of the generated source (`bench --src`), premultiplied RGBA8.
  public let source: PixelBuffer?
  /// An image to use instead of the generated destination (`bench --dst`), premultiplied RGBA8.
  public let destination: PixelBuffer?
  /// Whether the run counts instructions (the callgrind child): work a case would do on a
  /// background thread, such as decoding frames ahead, is done on the calling thread instead,
  /// since callgrind counts only the thread inside the measured region.
  public let countsInstructions: Bool

  public init(
    size: PixelSize, parallelism: Parallelism, iterations: Int, caseName: String?,
    source: PixelBuffer? = nil, destination: PixelBuffer? = nil, countsInstructions: Bool = false
  ) {
    self.size = size
    self.parallelism = parallelism
    self.iterations = iterations
    self.caseName = caseName
    self.source = source
    self.destination = destination
    self.countsInstructions = countsInstructions
  }

  /// The source image for a case: the user's (`--src`) or the generated `content` at ``size``.
  public func sourceImage(_ content: GeneratedContent) throws -> PixelBuffer {
    try source ?? GeneratedImages.make(content, size: size)
  }
}

extension BenchSettings {
  /// Each of `baseNames` at the run's ``size`` and as a `_tile` variant at
  /// ``BlendCases/tileSize`` (in that order: all full-size cases first), keeping only the one
  /// ``caseName`` selects: the families whose cases come in both sizes build from this.
  func sizedCases(_ baseNames: [String]) -> [(name: String, baseName: String, size: PixelSize)] {
    var selected: [(name: String, baseName: String, size: PixelSize)] = []
    for tile in [false, true] {
      for baseName in baseNames {
        let name = tile ? baseName + "_tile" : baseName
        guard caseName == nil || caseName == name else { continue }
        selected.append((name, baseName, tile ? BlendCases.tileSize : size))
      }
    }
    return selected
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
  /// The case's result after `run`, for `bench --save-output`.
  public let output: () -> PixelBuffer
  /// Whether a warm `run` may allocate (file I/O and decoding do); the package-benchmark suite
  /// holds every other case to zero allocations.
  public let allocatesPerRun: Bool
  /// Writes the case's output as a multi-page TIFF at the path given (a playback's frames),
  /// for `bench --save-output`, instead of `output` as a PNG; `nil` for single images.
  public let writeOutput: ((_ path: String) throws -> Void)?

  public init(
    kernel: String, name: String, size: PixelSize, bytesMoved: Int, run: @escaping () throws -> Void,
    output: @escaping () -> PixelBuffer, allocatesPerRun: Bool = false,
    writeOutput: ((_ path: String) throws -> Void)? = nil
  ) {
    self.kernel = kernel
    self.name = name
    self.size = size
    self.bytesMoved = bytesMoved
    self.run = run
    self.output = output
    self.allocatesPerRun = allocatesPerRun
    self.writeOutput = writeOutput
  }
}
