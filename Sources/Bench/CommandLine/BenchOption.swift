import PixelOps
import PixelOpsBenchmarkSupport

/// One option of `bench`: its long name, what it sets, and its line in the help.
struct BenchOption: Sendable {
  enum Kind: Sendable {
    /// A switch without a value (`--json`).
    case flag(@Sendable (inout BenchArguments) -> Void)
    /// An option with a value (`--size 640x360` or `--size=640x360`); throws ``BenchUsageError``
    /// for a value it cannot use.
    case value(@Sendable (inout BenchArguments, String) throws -> Void)
  }

  let name: String
  let kind: Kind
  let help: String
  /// The default shown in the help, read from a default ``BenchArguments``; nil shows none.
  var defaultText: (@Sendable (BenchArguments) -> String)?
  /// Left out of the help (`--instruction-run`, the callgrind child's switch).
  var isHidden = false

  /// `--name` for a flag, `--name <name>` for an option with a value.
  var label: String {
    switch kind {
    case .flag: "--\(name)"
    case .value: "--\(name) <\(name)>"
    }
  }

  static func named(_ name: String) -> BenchOption? { all.first { $0.name == name } }

  private static let familyNames = KernelFamily.allCases.map(\.rawValue).joined(separator: ", ")

  /// Every option, in help order.
  static let all: [BenchOption] = [
    BenchOption(
      name: "kernel", kind: .value { $0.kernel = $1; $0.families = try families($1) },
      help: "Kernel family to run (\(familyNames), all).", defaultText: { $0.kernel }),
    BenchOption(
      name: "size",
      kind: .value {
        $0.size = try pixelSize($1, for: "--size")
        $0.sizeGiven = true
      },
      help: "Image size WxH for generated inputs.", defaultText: { sizeText($0.size) }),
    BenchOption(
      name: "threads", kind: .value { $0.threads = try integer($1, for: "threads") },
      help: "Threads per call (default: all cores; 1 = single-threaded)."),
    BenchOption(
      name: "iterations", kind: .value { $0.iterations = try integer($1, for: "iterations") },
      help: "Timed iterations after warm-up; median and minimum are reported.", defaultText: { "\($0.iterations)" }),
    BenchOption(
      name: "case", kind: .value { $0.caseName = $1 },
      help: "Run only this case: family/case as --list prints it, or a case name of --kernel's family."),
    BenchOption(name: "json", kind: .flag { $0.json = true }, help: "Print results as a JSON array instead of a table."),
    BenchOption(name: "list", kind: .flag { $0.list = true }, help: "List every case and exit."),
    BenchOption(
      name: "count-instructions", kind: .flag { $0.countInstructions = true },
      help: "Also count instructions per call under callgrind (slow; needs valgrind)."),
    BenchOption(
      name: "record", kind: .value { $0.record = $1 },
      help: "Measure the selected cases and write a profile (ratios to memcpy, instructions per pixel)."),
    BenchOption(
      name: "check", kind: .value { $0.check = $1 },
      help: "Rerun the cases of a recorded profile; exit 1 listing each that regressed (3 if the profile cannot be read)."),
    BenchOption(
      name: "instruction-tolerance", kind: .value { $0.instructionTolerance = try number($1, for: "instruction-tolerance") },
      help: "With --check: allowed growth of instructions per pixel (0.03 = 3%).",
      defaultText: { "\($0.instructionTolerance)" }),
    BenchOption(
      name: "time-tolerance", kind: .value { $0.timeTolerance = try number($1, for: "time-tolerance") },
      help: "With --check: allowed growth of time relative to memcpy, after re-measuring (0.15 = 15%).",
      defaultText: { "\($0.timeTolerance)" }),
    BenchOption(
      name: "time-attempts", kind: .value { $0.timeAttempts = try integer($1, for: "time-attempts") },
      help: "With --check: how many times a case over its time tolerance is measured, a second apart, before it counts.",
      defaultText: { "\($0.timeAttempts)" }),
    BenchOption(
      name: "count-size", kind: .value { $0.countSize = try pixelSize($1, for: "--count-size") },
      help: "Size WxH at which instructions are counted for --record and --count-instructions.",
      defaultText: { sizeText($0.countSize) }),
    BenchOption(
      name: "src", kind: .value { $0.src = $1 },
      help: "Use this PNG or TIFF as every case's source image instead of the generated one."),
    BenchOption(
      name: "dst", kind: .value { $0.dst = $1 },
      help: "Use this PNG or TIFF as every case's destination image (compositing cases)."),
    BenchOption(
      name: "save-output", kind: .value { $0.saveOutput = $1 },
      help: "Write each case's result as PNG into this directory (a sequence playback: its frames as a multi-page TIFF)."),
    BenchOption(
      name: "save-inputs", kind: .value { $0.saveInputs = $1 },
      help:
        "Write the generated inputs (at --size) as PNG, and the sequence family's TIFFs and sprite sheet, into this directory, for the peer runners, and exit."),
    BenchOption(
      name: "profile", kind: .flag { $0.profile = true },
      help: "Print where each case's instructions go, per function (stage), from callgrind (needs valgrind)."),
    BenchOption(
      name: "scaling", kind: .flag { $0.scaling = true },
      help:
        "Time each case on 1 thread and on --threads threads (default: all cores), in alternating blocks of calls in one process on the same pixels, and print both medians and the speed-up."),
    BenchOption(name: "instruction-run", kind: .flag { $0.instructionRun = true }, help: "", isHidden: true),
  ]
}

extension BenchOption {
  static func integer(_ text: String, for name: String) throws(BenchUsageError) -> Int {
    guard let value = Int(text) else { throw BenchUsageError("The value '\(text)' is invalid for '--\(name) <\(name)>'") }
    return value
  }

  static func number(_ text: String, for name: String) throws(BenchUsageError) -> Double {
    guard let value = Double(text), value.isFinite else {
      throw BenchUsageError("The value '\(text)' is invalid for '--\(name) <\(name)>'")
    }
    return value
  }

  /// `WxH` with each side 1...65536, `x` in either case.
  static func pixelSize(_ text: String, for option: String) throws(BenchUsageError) -> PixelSize {
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
    guard parts.count == 2, let width = parts[0], let height = parts[1], (1...65536).contains(width),
      (1...65536).contains(height)
    else { throw BenchUsageError("\(option) must look like 3840x2160 (each side 1...65536)") }
    return PixelSize(width: width, height: height)
  }

  static func sizeText(_ size: PixelSize) -> String { "\(size.width)x\(size.height)" }

  /// The families `--kernel` names: one, or every family for `all`.
  static func families(_ kernel: String) throws(BenchUsageError) -> [KernelFamily] {
    if kernel == "all" { return KernelFamily.allCases }
    guard let family = KernelFamily(rawValue: kernel) else {
      throw BenchUsageError("unknown --kernel \(kernel); choose from \(KernelFamily.allCases.map(\.rawValue)) or all")
    }
    return [family]
  }
}
