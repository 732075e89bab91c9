import Foundation
import PixelOps
import PixelOpsIO
import Testing

/// Not a check: the probe `scripts/measure-decode-peak.sh` and ``DecodePeakMemoryTests`` run,
/// one decode per test process, to measure the process's peak resident memory (`VmHWM`). It
/// runs only when `PIXELOPS_PEAK_PROBE` names a file (`png:` or `tiff:` then a path) and
/// `PIXELOPS_PEAK_FORMAT` is `rgba8` or `rgba16`; it prints the decoded size and the peak
/// before and after decoding.
@Suite struct PeakMemoryProbe {
  static let request = ProcessInfo.processInfo.environment["PIXELOPS_PEAK_PROBE"]

  @Test(.enabled(if: request != nil)) func decodeAndReportPeak() throws {
    let request = try #require(Self.request)
    let sixteen = ProcessInfo.processInfo.environment["PIXELOPS_PEAK_FORMAT"] == "rgba16"
    let before = Self.peakKilobytes()
    let image: PixelBuffer
    if request.hasPrefix("png:") {
      let options = PNGDecodingOptions(format: sixteen ? .rgba16Premultiplied : .rgba8Premultiplied)
      image = try PNG.read(contentsOf: String(request.dropFirst(4)), options: options)
    } else {
      let options = TIFFDecodingOptions(format: sixteen ? .rgba16Premultiplied : .rgba8Premultiplied)
      image = try TIFFReader(contentsOf: String(request.dropFirst(5)), options: options).decodePage(at: 0)
    }
    let after = Self.peakKilobytes()
    print(
      "peak-probe \(request) \(sixteen ? "rgba16" : "rgba8") \(image.width)x\(image.height): "
        + "VmHWM before \(before) kB, after \(after) kB")
  }

  /// `VmHWM` of this process in kB (0 where /proc is missing).
  static func peakKilobytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? 0
    }
    return 0
  }
}
