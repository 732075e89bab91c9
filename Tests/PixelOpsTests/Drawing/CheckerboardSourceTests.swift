import PixelOpsTestSupport
import Testing

@testable import PixelOps

/// A source added in one file (``CheckerboardSource``) draws through the engine under every
/// blend mode, with and without coverage, at any opacity and thread count, and every pixel
/// equals the documented composite of the checkerboard's colour.
@Suite("Test-only checkerboard source through the engine")
struct CheckerboardSourceTests {
  @Test("every blend mode matches the reference", arguments: BlendMode.allCases)
  func everyMode(_ mode: BlendMode) throws {
    var rng = SeededGenerator(seed: 0xC4EC &+ UInt64(BlendMode.allCases.firstIndex(of: mode)!))
    for trial in 0..<12 {
      let size = PixelSize(width: .random(in: 1...45, using: &rng), height: .random(in: 1...9, using: &rng))
      let area = PixelRect(
        x: .random(in: 0..<size.width, using: &rng), y: .random(in: 0..<size.height, using: &rng),
        width: 0, height: 0)
      let drawn = PixelRect(
        origin: area.origin,
        size: PixelSize(
          width: .random(in: 1...(size.width - area.x), using: &rng),
          height: .random(in: 1...(size.height - area.y), using: &rng)))
      func color() -> PremultipliedColor {
        let a: UInt8 = trial % 3 == 0 ? 255 : RandomPixels.alpha8(&rng)
        return PremultipliedColor(
          premultipliedRed: .random(in: 0...a, using: &rng), green: .random(in: 0...a, using: &rng),
          blue: .random(in: 0...a, using: &rng), alpha: a)
      }
      let board = CheckerboardSource(
        first: color(), second: color(), cellSize: .random(in: 1...5, using: &rng),
        origin: PixelPosition(x: .random(in: -7...7, using: &rng), y: .random(in: -7...7, using: &rng)),
        width: drawn.width)
      let opacity: UInt32 = trial % 2 == 0 ? 255 : .random(in: 0...255, using: &rng)
      let mask = try RandomPixels.buffer(width: drawn.width, height: drawn.height, format: .gray8, &rng)
      let useMask = trial % 4 >= 2
      let before = try RandomPixels.buffer(width: size.width, height: size.height, format: .rgba8Premultiplied, &rng)
      var destination = before
      let parallelism = try Parallelism.threads(.random(in: 1...4, using: &rng))
      try mask.withView { maskView in
        try destination.withMutableView { d in
          if useMask {
            try CompositeEngine.composite(
              board, coverage: ViewCoverage(mask: maskView, at: drawn.origin), area: drawn, onto: d, mode: mode,
              opacity: opacity, parallelism: parallelism)
          } else {
            try CompositeEngine.composite(
              board, coverage: FullCoverage(), area: drawn, onto: d, mode: mode, opacity: opacity,
              parallelism: parallelism)
          }
        }
      }
      try before.withView { b in
        try destination.withView { d in
          for y in 0..<size.height {
            for x in 0..<size.width {
              let old = CompositeReference.read(b.rowAddress(y) + x * 4)
              let actual = CompositeReference.read(d.rowAddress(y) + x * 4)
              var right = actual == old
              if x >= drawn.x && x < drawn.maxX && y >= drawn.y && y < drawn.maxY {
                let c = board.color(x: x, y: y)
                let coverage =
                  useMask ? Int(mask.withView { $0.rowAddress(y - drawn.y).load(fromByteOffset: x - drawn.x, as: UInt8.self) }) : 255
                right = CompositeReference.accepts(
                  actual, mode: mode, source: [Int(c.red), Int(c.green), Int(c.blue), Int(c.alpha)], destination: old,
                  opacity: Int(opacity), coverage: coverage)
              }
              try #require(right, "\(mode) trial \(trial) pixel (\(x), \(y)) mask \(useMask)")
            }
          }
        }
      }
    }
  }
}
