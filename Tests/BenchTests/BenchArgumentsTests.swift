import PixelOps
import Testing

@testable import Bench

/// `bench`'s hand-written command line against what swift-argument-parser accepted and printed
/// before it (the help below is that version's `bench --help` output, captured from its binary,
/// with four deliberate changes since: the `--case` and `--check` lines, the exit statuses and
/// `--scaling`).
@Suite("bench command line")
struct BenchArgumentsTests {
  static let helpBefore = """
    OVERVIEW: Measure PixelOps kernels: time, megapixels/s, GB/s and ratio to
    memcpy.

    Kernel families: convert, blend, scheduler, scale, gradient, sequence, tile,
    all.

    USAGE: bench <options>

    OPTIONS:
      --kernel <kernel>       Kernel family to run (convert, blend, scheduler,
                              scale, gradient, sequence, tile, all). (default: all)
      --size <size>           Image size WxH for generated inputs. (default:
                              3840x2160)
      --threads <threads>     Threads per call (default: all cores; 1 =
                              single-threaded).
      --iterations <iterations>
                              Timed iterations after warm-up; median and minimum
                              are reported. (default: 15)
      --case <case>           Run only this case: family/case as --list prints it,
                              or a case name of --kernel's family.
      --json                  Print results as a JSON array instead of a table.
      --list                  List every case and exit.
      --count-instructions    Also count instructions per call under callgrind
                              (slow; needs valgrind).
      --record <record>       Measure the selected cases and write a profile
                              (ratios to memcpy, instructions per pixel).
      --check <check>         Rerun the cases of a recorded profile; exit 1 listing
                              each that regressed (3 if the profile cannot be
                              read).
      --instruction-tolerance <instruction-tolerance>
                              With --check: allowed growth of instructions per
                              pixel (0.03 = 3%). (default: 0.03)
      --time-tolerance <time-tolerance>
                              With --check: allowed growth of time relative to
                              memcpy, after re-measuring (0.15 = 15%). (default:
                              0.15)
      --time-attempts <time-attempts>
                              With --check: how many times a case over its time
                              tolerance is measured, a second apart, before it
                              counts. (default: 3)
      --count-size <count-size>
                              Size WxH at which instructions are counted for
                              --record and --count-instructions. (default: 512x288)
      --src <src>             Use this PNG or TIFF as every case's source image
                              instead of the generated one.
      --dst <dst>             Use this PNG or TIFF as every case's destination
                              image (compositing cases).
      --save-output <save-output>
                              Write each case's result as PNG into this directory
                              (a sequence playback: its frames as a multi-page
                              TIFF).
      --save-inputs <save-inputs>
                              Write the generated inputs (at --size) as PNG, and
                              the sequence family's TIFFs and sprite sheet, into
                              this directory, for the peer runners, and exit.
      --profile               Print where each case's instructions go, per function
                              (stage), from callgrind (needs valgrind).
      --scaling               Time each case on 1 thread and on --threads threads
                              (default: all cores), in alternating blocks of calls
                              in one process on the same pixels, and print both
                              medians and the speed-up.
      -h, --help              Show help information.

    EXIT STATUS:
      0                       Ok (and no regression under --check).
      1                       --check found a regression.
      2                       Usage error (unknown option or case, bad value).
      3                       A file could not be read or written (--check profile,
                              --src/--dst image, output).
      4                       The measurement failed (kernel error, valgrind
                              missing or failing).
      130                     Interrupted (Ctrl-C).

    """

  @Test("--help prints the swift-argument-parser version's layout, with the exit statuses")
  func helpText() throws {
    #expect(BenchHelp.text == Self.helpBefore)
    #expect(try BenchArguments(parsing: ["--help"]).helpRequested)
    #expect(try BenchArguments(parsing: ["--kernel", "blend", "-h"]).helpRequested)
  }

  @Test("defaults are the documented ones")
  func defaults() throws {
    let options = try BenchArguments(parsing: [])
    #expect(options.kernel == "all" && options.families.count == 7)
    #expect(options.size == PixelSize(width: 3840, height: 2160))
    #expect(options.countSize == PixelSize(width: 512, height: 288))
    #expect(options.threads == nil && options.caseName == nil)
    #expect(options.iterations == 15 && options.timeAttempts == 3)
    #expect(options.instructionTolerance == 0.03 && options.timeTolerance == 0.15)
    #expect(!options.json && !options.list && !options.countInstructions && !options.profile && !options.instructionRun)
    #expect(options.record == nil && options.check == nil && options.src == nil && options.dst == nil)
    #expect(options.saveOutput == nil && options.saveInputs == nil && !options.helpRequested && !options.scaling)
  }

  /// The command lines of .ci/run, README.md and the callgrind child of `InstructionCounter`.
  @Test("every flag and option sets its value, as `--name value` and `--name=value`")
  func everyOption() throws {
    let options = try BenchArguments(parsing: [
      "--kernel", "scale", "--size", "640X360", "--threads", "1", "--iterations=3", "--case", "box_4k_to_1080p",
      "--json", "--list", "--count-instructions",
      "--instruction-tolerance", "0.05", "--time-tolerance", "1.0", "--time-attempts", "6", "--count-size", "64x32",
      "--src", "a.png", "--dst", "b.tif", "--save-output", "out", "--save-inputs=in", "--profile", "--instruction-run",
    ])
    #expect(options.kernel == "scale" && options.families == [.scale])
    #expect(options.size == PixelSize(width: 640, height: 360) && options.countSize == PixelSize(width: 64, height: 32))
    #expect(options.threads == 1 && options.iterations == 3 && options.caseName == "box_4k_to_1080p")
    #expect(options.json && options.list && options.countInstructions && options.profile && options.instructionRun)
    // --record and --check cannot go with --src or --size (usageErrors below).
    #expect(try BenchArguments(parsing: ["--record", "p.json"]).record == "p.json")
    #expect(try BenchArguments(parsing: ["--check=q.json"]).check == "q.json")
    #expect(options.instructionTolerance == 0.05 && options.timeTolerance == 1.0 && options.timeAttempts == 6)
    #expect(options.src == "a.png" && options.dst == "b.tif" && options.saveOutput == "out" && options.saveInputs == "in")
    #expect(try BenchArguments(parsing: ["--iterations", "2", "--iterations", "9"]).iterations == 9)  // last wins
    // --scaling cannot go with the modes that measure something else (usageErrors below).
    #expect(try BenchArguments(parsing: ["--scaling", "--threads", "2"]).scaling)
  }

  @Test(
    "unknown flags and bad values are usage errors",
    arguments: [
      (["--bogus"], "Unknown option '--bogus'"),
      (["-x"], "Unknown option '-x'"),
      (["extra"], "Unexpected argument 'extra'"),
      (["--kernel"], "Missing value for '--kernel <kernel>'"),
      (["--kernel", "--json"], "Missing value for '--kernel <kernel>'"),
      (["--json=yes"], "--json takes no value"),
      (["--kernel", "nope"], "unknown --kernel nope; choose from [\"convert\", \"blend\", \"scheduler\", \"scale\", \"gradient\", \"sequence\", \"tile\"] or all"),
      (["--iterations", "abc"], "The value 'abc' is invalid for '--iterations <iterations>'"),
      (["--iterations", "0"], "--iterations must be at least 1"),
      (["--threads", "-1"], "--threads must be at least 1"),
      (["--time-attempts", "0"], "--time-attempts must be at least 1"),
      (["--time-tolerance", "-0.5"], "tolerances must not be negative"),
      (["--instruction-tolerance", "nan"], "The value 'nan' is invalid for '--instruction-tolerance <instruction-tolerance>'"),
      (["--size", "12"], "--size must look like 3840x2160 (each side 1...65536)"),
      (["--size", "0x10"], "--size must look like 3840x2160 (each side 1...65536)"),
      (["--count-size", "64x64x64"], "--count-size must look like 3840x2160 (each side 1...65536)"),
      // Options --check would ignore (it reruns each case as recorded), and images --record
      // could not describe: refused rather than silently dropped.
      (
        ["--check", "p.json", "--threads", "2", "--json"],
        "--check reruns each case as its profile recorded it: --threads, --json cannot be used with it"
      ),
      (
        ["--check", "p.json", "--size", "640x360"],
        "--check reruns each case as its profile recorded it: --size cannot be used with it"
      ),
      (["--record", "p.json", "--src", "a.png"], "--record times generated images: --src and --dst cannot be used with it"),
      // A speed-up needs a second thread; the other modes time or count something else.
      (
        ["--scaling", "--threads", "1"],
        "--scaling compares one thread with more: it needs --threads 2 or more (default: all \(ThreadPool.availableCores) cores)"
      ),
      (
        ["--scaling", "--threads", "2", "--count-instructions", "--save-output", "out"],
        "--scaling cannot be used with --count-instructions, --save-output"
      ),
      (["--scaling", "--threads", "2", "--record", "p.json"], "--scaling cannot be used with --record"),
      (["--check", "p.json", "--scaling"], "--scaling cannot be used with --check"),
      (["--kernel", "scheduler", "--scaling", "--threads", "2"], "--scaling times kernel cases; the scheduler family has none"),
      (
        ["--case", "scheduler/dispatch-overhead", "--scaling", "--threads", "2"],
        "--scaling times kernel cases; the scheduler family has none"
      ),
    ])
  func usageErrors(arguments: [String], message: String) {
    #expect(throws: BenchUsageError(message)) { try BenchArguments(parsing: arguments) }
  }
}
