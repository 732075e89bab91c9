import CPixman
import Foundation
import PixelOps
import PixelOpsBenchmarkSupport

/// pixman on bench's cases, on the same generated pixels (built in-process with
/// PixelOpsBenchmarkSupport, so no file round trip), single-threaded; prints bench's JSON schema.
///
/// usage: pixman-peer [--size WxH] [--iterations K]
@main
struct PixmanPeer {
  static func main() throws {
    let arguments = CommandLine.arguments
    func value(_ name: String) -> String? {
      arguments.firstIndex(of: name).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
    }
    let sizeParts = (value("--size") ?? "3840x2160").split(separator: "x").compactMap { Int($0) }
    let size = PixelSize(width: sizeParts[0], height: sizeParts[1])
    let iterations = Int(value("--iterations") ?? "15") ?? 15

    let mixed = try GeneratedImages.make(.mixedUI, size: size)
    var results: [[String: Any]] = []
    // RGBA8 premultiplied -> BGRA8: pixman SRC from a8b8g8r8 (bytes R,G,B,A on little-endian)
    // into a8r8g8b8 (bytes B,G,R,A).
    results.append(
      try composite(
        "swizzle_rgba8_bgra8", op: PIXMAN_OP_SRC, source: mixed, sourceFormat: PIXMAN_a8b8g8r8,
        destinationFormat: PIXMAN_a8r8g8b8, iterations: iterations))
    let data = try JSONSerialization.data(withJSONObject: results, options: [.prettyPrinted, .sortedKeys])
    print(String(decoding: data, as: UTF8.self))
  }

  /// Times `pixman_image_composite32(op, source, nil, destination)` over the whole image.
  static func composite(
    _ name: String, op: pixman_op_t, source: PixelBuffer, sourceFormat: pixman_format_code_t,
    destinationFormat: pixman_format_code_t, iterations: Int
  ) throws -> [String: Any] {
    var sourceCopy = source
    var destination = try PixelBuffer(width: source.width, height: source.height, format: .rgba8Premultiplied)
    let width = Int32(source.width)
    let height = Int32(source.height)
    let samples: [Double] = sourceCopy.withMutableView { sourceView in
      destination.withMutableView { destinationView in
        let sourceImage = pixman_image_create_bits(
          sourceFormat, width, height, sourceView.baseAddress!.assumingMemoryBound(to: UInt32.self),
          Int32(sourceView.rowBytes))
        let destinationImage = pixman_image_create_bits(
          destinationFormat, width, height, destinationView.baseAddress!.assumingMemoryBound(to: UInt32.self),
          Int32(destinationView.rowBytes))
        defer {
          pixman_image_unref(sourceImage)
          pixman_image_unref(destinationImage)
        }
        let run = { pixman_image_composite32(op, sourceImage, nil, destinationImage, 0, 0, 0, 0, 0, 0, width, height) }
        run()
        return (0..<iterations).map { _ in milliseconds(run) }
      }
    }
    let bytesMoved = source.width * source.height * 8
    let memcpy = memcpyMilliseconds(bytes: bytesMoved / 2, iterations: iterations)
    let median = samples.sorted()[samples.count / 2]
    return [
      "peer": "pixman", "kernel": "convert", "case": name, "width": source.width, "height": source.height,
      "threads": 1, "iterations": iterations, "median_ms": median, "min_ms": samples.min()!,
      "mpix_per_s": Double(source.width * source.height) / (median * 1000), "memcpy_ms": memcpy,
      "ratio_to_memcpy": median / memcpy, "instructions": NSNull(),
    ]
  }

  static func milliseconds(_ body: () -> Void) -> Double {
    let elapsed = ContinuousClock().measure(body)
    return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
  }

  static func memcpyMilliseconds(bytes: Int, iterations: Int) -> Double {
    let source = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
    let destination = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
    defer {
      source.deallocate()
      destination.deallocate()
    }
    memset(source, 0x5A, bytes)
    memset(destination, 0, bytes)
    let samples = (0...iterations).map { _ in milliseconds { memcpy(destination, source, bytes) } }.dropFirst().sorted()
    return samples[samples.count / 2]
  }
}
