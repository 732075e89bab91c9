import Foundation
import PixelOps
import PixelOpsIO
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The peak memory of a decode is the image plus a few MB, measured in a child process (this
/// test binary running only ``PeakMemoryProbe``), so nothing else in the run moves the peak.
/// Inputs: 2,048 x 2,048 pixels of 16-bit RGBA zeros (32 MiB decoded, 16 MiB as RGBA8), as a
/// TIFF of one Deflate strip and as an interlaced PNG. Keeping the decoded strip or a staging
/// image (as before) would add 32 MiB; the bound allows 12 MiB beyond the image (measured:
/// 2-3 MB).
///
/// Linux only (it reads `/proc/self/status`), only where the tests run from the `.xctest`
/// binary that `swift test` builds, and not under a sanitizer (AddressSanitizer's quarantine
/// keeps freed memory resident and its shadow memory counts too: 37 MB beyond the image here).
@Suite struct DecodePeakMemoryTests {
  static let side = 2_048
  static let testBinary = ProcessInfo.processInfo.arguments.first ?? ""
  static let canRun =
    FileManager.default.fileExists(atPath: "/proc/self/status") && testBinary.hasSuffix(".xctest")
    && !isSanitized

  /// Whether this process carries a sanitizer runtime (its entry point is then exported).
  static let isSanitized: Bool = {
    guard let process = dlopen(nil, RTLD_NOW) else { return false }
    defer { dlclose(process) }
    return dlsym(process, "__asan_init") != nil || dlsym(process, "__tsan_init") != nil
  }()

  @Test(.enabled(if: canRun), arguments: ["tiff", "png"])
  func peakIsTheImagePlusLittle(_ kind: String) throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("large.\(kind)")
    let bytes = kind == "tiff" ? try Self.oneStripDeflateTIFF() : try Self.interlacedPNG()
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let imageKilobytes = Self.side * Self.side * 4 / 1024
    let growth = try Self.probe("\(kind):\(path)")
    #expect(growth >= imageKilobytes, "the probe must at least hold the image")
    #expect(growth < imageKilobytes + 12 * 1024, "\(kind): peak grew by \(growth) kB for a \(imageKilobytes) kB image")
    _ = directory
  }

  /// How much `VmHWM` grew while the child decoded `request` to RGBA8, in kB.
  static func probe(_ request: String) throws -> Int {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: testBinary)
    process.arguments = ["--filter", "PeakMemoryProbe", "--testing-library", "swift-testing"]
    var environment = ProcessInfo.processInfo.environment
    environment["PIXELOPS_PEAK_PROBE"] = request
    environment["PIXELOPS_PEAK_FORMAT"] = "rgba8"
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    // "... VmHWM before 30252 kB, after 31336 kB"
    let line = try #require(text.split(separator: "\n").first { $0.contains("peak-probe") }, "no probe output: \(text)")
    let numbers = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
    try #require(numbers.count >= 2)
    return numbers[numbers.count - 1] - numbers[numbers.count - 2]
  }

  static func oneStripDeflateTIFF() throws -> [UInt8] {
    let builder = TIFFTestBuilder(
      width: side, height: side, bitsPerSample: [16, 16, 16, 16], photometric: 2,
      pixelData: try ZlibStream.compress([UInt8](repeating: 0, count: side * side * 8)), extraSamples: [2],
      compression: 8)
    return builder.bytes
  }

  /// An Adam7-interlaced PNG of 16-bit RGBA zeros: each pass's rows, filter byte 0 then
  /// zeros, in one zlib stream.
  static func interlacedPNG() throws -> [UInt8] {
    let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
    var rawCount = 0
    for (x0, y0, dx, dy) in passes {
      let width = (side - x0 + dx - 1) / dx
      let height = (side - y0 + dy - 1) / dy
      rawCount += height * (1 + width * 8)
    }
    let stream = try ZlibStream.compress([UInt8](repeating: 0, count: rawCount))
    let size = FileInputTests.bigEndian(UInt32(side))
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    png += chunk("IHDR", size + size + [16, 6, 0, 0, 1])
    png += chunk("IDAT", stream)
    png += chunk("IEND", [])
    return png
  }

  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let body = Array(type.utf8) + data
    return FileInputTests.bigEndian(UInt32(data.count)) + body + FileInputTests.bigEndian(CRC32.checksum(body))
  }
}
