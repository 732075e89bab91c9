/// Helpers only the PNG tests use (shared ones are in `Support/`).
enum PNGTestSupport {
  /// `nil` when equal, else where the first difference is (for a readable failure).
  static func firstDifference(_ actual: [UInt8], _ expected: [UInt8], bytesPerPixel: Int, width: Int) -> String? {
    guard actual.count == expected.count else {
      return "\(actual.count) bytes decoded, \(expected.count) expected"
    }
    guard let index = actual.indices.first(where: { actual[$0] != expected[$0] }) else { return nil }
    let pixel = index / bytesPerPixel
    let start = pixel * bytesPerPixel
    let differing = zip(actual, expected).filter { $0 != $1 }.count
    return "\(differing) bytes differ; first at pixel (\(pixel % width), \(pixel / width)): "
      + "\(Array(actual[start..<start + bytesPerPixel])) instead of \(Array(expected[start..<start + bytesPerPixel]))"
  }
}
