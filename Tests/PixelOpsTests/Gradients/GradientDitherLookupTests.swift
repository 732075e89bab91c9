import PixelOpsTestSupport
import Testing

@testable import PixelOps

/// The dithered lookup pass against a scalar model: each channel of pixel `k` is
/// `(v + d) >> 8` for the 8.8 table value `v` of its cell and the threshold `d = 4 b + 2` of the
/// textbook 8x8 Bayer matrix at destination (x + k, y), written out here, not taken from the code.
@Suite("Dithered gradient lookup equals its scalar model")
struct GradientDitherLookupTests {
  static let bayer: [[Int]] = [
    [0, 32, 8, 40, 2, 34, 10, 42], [48, 16, 56, 24, 50, 18, 58, 26],
    [12, 44, 4, 36, 14, 46, 6, 38], [60, 28, 52, 20, 62, 30, 54, 22],
    [3, 35, 11, 43, 1, 33, 9, 41], [51, 19, 59, 27, 49, 17, 57, 25],
    [15, 47, 7, 39, 13, 45, 5, 37], [63, 31, 55, 23, 61, 29, 53, 21],
  ]

  @Test("random 8.8 tables, cells, columns, rows and counts (1...70, every phase)")
  func lookupMatchesTheScalarModel() {
    var rng = SeededGenerator(seed: 0xD1_7E4)
    var failures: [String] = []
    let tableSize = 64
    for trial in 0..<400 {
      // 8.8 values up to 255 x 256, as the tables hold (the sum with a threshold fits 16 bits).
      let table = (0..<tableSize).map { _ in
        (0..<4).reduce(UInt64(0)) { word, lane in word | UInt64(UInt16.random(in: 0...65_280, using: &rng)) << (16 * UInt64(lane)) }
      }
      let count = trial % 70 + 1
      let cells = (0..<count + 3).map { _ in Int32.random(in: 0..<Int32(tableSize), using: &rng) }
      let (x, y) = (Int.random(in: 0...1000, using: &rng), Int.random(in: 0...1000, using: &rng))
      var output = [UInt8](repeating: 0, count: count * 4)
      var mutableCells = cells
      table.withUnsafeBufferPointer { table in
        mutableCells.withUnsafeMutableBufferPointer { cells in
          output.withUnsafeMutableBytes { out in
            GradientDitherLookup.pixels(
              cells.baseAddress!, count: count, table: table.baseAddress!, x: x, y: y, into: out.baseAddress!)
          }
        }
      }
      for k in 0..<count {
        let d = 4 * Self.bayer[y % 8][(x + k) % 8] + 2
        for channel in 0..<4 {
          let v = Int((table[Int(cells[k])] >> (16 * UInt64(channel))) & 0xFFFF)
          let expected = UInt8((v + d) >> 8)
          if output[k * 4 + channel] != expected {
            failures.append("trial \(trial) pixel \(k) channel \(channel): \(output[k * 4 + channel]) != \(expected)")
          }
        }
      }
    }
    #expect(failures.isEmpty, "\(failures.count) wrong, first: \(failures.prefix(4))")
  }
}
