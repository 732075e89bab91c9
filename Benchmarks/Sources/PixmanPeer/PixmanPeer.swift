import Foundation
import PixelOps
import PixelOpsBenchmarkSupport

/// pixman on bench's cases, on the same generated pixels (built in-process with
/// PixelOpsBenchmarkSupport, so no file round trip), single-threaded; prints bench's JSON schema.
///
/// usage: pixman-peer [--kernel convert|blend|gradient|tile|all] [--size WxH] [--iterations K] [--save-output DIR]
///
/// `--save-output` writes each blend case's final destination, and each gradient and tile
/// case's at `--size`, as raw RGBA8 bytes, to compare with `bench --save-output` after the
/// same number of iterations.
///
/// The `blend`, `gradient` and `tile` cases run at `--size` and as `_tile` variants at
/// ``BlendCases/tileSize``, under the same names as bench's, so `Peers/compare.py` pairs them.
@main
struct PixmanPeer {
  static func main() throws {
    let arguments = CommandLine.arguments
    func value(_ name: String) -> String? {
      arguments.firstIndex(of: name).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
    }
    let sizeParts = (value("--size") ?? "3840x2160").split(separator: "x").compactMap { Int($0) }
    guard sizeParts.count == 2, sizeParts.allSatisfy({ (1...65536).contains($0) }) else {
      FileHandle.standardError.write(Data("pixman-peer: --size must look like 3840x2160\n".utf8))
      exit(2)
    }
    let size = PixelSize(width: sizeParts[0], height: sizeParts[1])
    let iterations = max(Int(value("--iterations") ?? "15") ?? 15, 1)
    let kernel = value("--kernel") ?? "all"

    var results: [[String: Any]] = []
    if kernel == "all" || kernel == "convert" {
      results.append(try PixmanConvertCase.swizzle(size: size, iterations: iterations))
    }
    let outputDirectory = value("--save-output")
    if let outputDirectory {
      try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
    }
    if kernel == "all" || kernel == "blend" {
      results += try PixmanBlendCases.run(size: size, iterations: iterations, outputDirectory: outputDirectory)
    }
    if kernel == "all" || kernel == "gradient" {
      results += try PixmanGradientCases.run(size: size, iterations: iterations, outputDirectory: outputDirectory)
    }
    if kernel == "all" || kernel == "tile" {
      results += try PixmanTileCases.run(size: size, iterations: iterations, outputDirectory: outputDirectory)
    }
    let data = try JSONSerialization.data(withJSONObject: results, options: [.prettyPrinted, .sortedKeys])
    print(String(decoding: data, as: UTF8.self))
  }
}
