import Foundation
import PixelOpsTestSupport
import Testing

@testable import PixelOps

@Suite("Mipmap chains and trilinear draws")
struct TrilinearDrawTests {
  @Test("levels halve (rounding up) down to 1x1; each pixel is within 1 of its 2x2 block's mean")
  func chainLevels() throws {
    var rng = SeededGenerator(seed: 0x3131)
    for _ in 0..<6 {
      let image = try RandomPixels.buffer(
        width: .random(in: 1...37, using: &rng), height: .random(in: 1...23, using: &rng), format: .rgba8Premultiplied,
        &rng)
      let chain = try image.withView { try MipmapChain($0) }
      #expect(chain.levels[0].packedBytes() == image.packedBytes())
      #expect(chain.levels.last!.size == PixelSize(width: 1, height: 1))
      for k in 1..<chain.levels.count {
        let larger = chain.levels[k - 1]
        let smaller = chain.levels[k]
        #expect(smaller.size == PixelSize(width: (larger.width + 1) / 2, height: (larger.height + 1) / 2))
        larger.withView { l in
          smaller.withView { s in
            for y in 0..<s.height {
              for x in 0..<s.width {
                for c in 0..<4 {
                  var sum = 0.0
                  for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    let sx = min(2 * x + dx, l.width - 1)
                    let sy = min(2 * y + dy, l.height - 1)
                    sum += Double(l.rowAddress(sy).load(fromByteOffset: sx * 4 + c, as: UInt8.self))
                  }
                  let actual = Double(s.rowAddress(y).load(fromByteOffset: x * 4 + c, as: UInt8.self))
                  #expect(abs(actual - sum / 4) <= 1, "level \(k) (\(x), \(y)) channel \(c)")
                }
              }
            }
          }
        }
      }
    }
  }

  @Test("log2 in 1/256 steps matches Foundation's log2, rounded")
  func log2Steps() {
    var rng = SeededGenerator(seed: 7)
    for _ in 0..<2000 {
      let x = Double.random(in: 1.0001...5000, using: &rng)
      let exact = log2(x) * 256
      let steps = MipmapChain.log2In256ths(x)
      // Within one step; equal unless the exact value is within a hair of a half step.
      #expect(abs(Double(steps) - exact) <= 0.5 + 1e-2, "\(x)")
    }
    #expect(MipmapChain.log2In256ths(2) == 256)
    #expect(MipmapChain.log2In256ths(8) == 768)
  }

  @Test("level choice: enlargement reads level 0, powers of two one level, others two")
  func levelChoice() throws {
    let image = try PixelBuffer(width: 64, height: 16, format: .rgba8Premultiplied)
    let chain = try image.withView { try MipmapChain($0) }
    #expect(chain.levels.count == 7)
    #expect(chain.levels(forReduction: 0.5) == (0, 0))
    #expect(chain.levels(forReduction: 1) == (0, 0))
    #expect(chain.levels(forReduction: 2) == (1, 0))
    #expect(chain.levels(forReduction: 3) == (1, 150))  // log2 1.5 = 0.585 -> 150/256
    #expect(chain.levels(forReduction: 1e9) == (6, 0))
    #expect(chain.levels(forReduction: .infinity) == (0, 0))
  }

  /// The trilinear draw is defined as two bilinear draws, from level L and L+1, mixed by the
  /// fractional weight and then composited; each part is checked on its own elsewhere.
  @Test("a trilinear draw equals the weighted mix of the two levels' bilinear draws, composited")
  func matchesMixOfLevels() throws {
    var rng = SeededGenerator(seed: 0x7717)
    for trial in 0..<20 {
      let source = try RandomPixels.buffer(
        width: .random(in: 8...60, using: &rng), height: .random(in: 8...40, using: &rng), format: .rgba8Premultiplied,
        &rng)
      let chain = try source.withView { try MipmapChain($0) }
      let destinationSize = PixelSize(width: .random(in: 1...20, using: &rng), height: .random(in: 1...12, using: &rng))
      let destinationRect = FractionalPixelRect(
        x: .random(in: -2...3, using: &rng), y: .random(in: -2...3, using: &rng),
        width: .random(in: 1...Double(destinationSize.width), using: &rng),
        height: .random(in: 1...Double(destinationSize.height), using: &rng))
      let sourceRect = FractionalPixelRect(size: source.size)
      let reduction = max(sourceRect.width / destinationRect.width, sourceRect.height / destinationRect.height)
      let (level, weight) = chain.levels(forReduction: reduction)
      let mode: BlendMode = [.normal, .multiply][trial % 2]
      let before = try RandomPixels.buffer(
        width: destinationSize.width, height: destinationSize.height, format: .rgba8Premultiplied, &rng)

      func bilinear(_ k: Int) throws -> PixelBuffer {
        var out = before
        let scale = 1 / Double(1 << k)
        try chain.levels[k].withView { s in
          try out.withMutableView { d in
            try Compositor.draw(
              s, from: FractionalPixelRect(x: 0, y: 0, width: sourceRect.width * scale, height: sourceRect.height * scale),
              in: destinationRect, onto: d, filter: .bilinear, options: CompositeOptions(blendMode: .copy))
          }
        }
        return out
      }
      let near = try bilinear(level)
      let far = weight > 0 ? try bilinear(level + 1) : near
      // Odd trials draw through a mask covering the pixels whose centre lies in the rect.
      let coveredX = Int((destinationRect.x - 0.5).rounded(.up))
      let coveredY = Int((destinationRect.y - 0.5).rounded(.up))
      let mask =
        trial % 2 == 1
        ? try RandomPixels.buffer(
          width: Int((destinationRect.maxX - 0.5).rounded(.up)) - coveredX,
          height: Int((destinationRect.maxY - 0.5).rounded(.up)) - coveredY, format: .gray8, &rng) : nil
      var drawn = before
      let parallelism = try Parallelism.threads(.random(in: 1...3, using: &rng))
      try drawn.withMutableView { d in
        func draw(_ mask: PixelView?) throws {
          try Compositor.draw(
            chain, in: destinationRect, onto: d,
            options: CompositeOptions(blendMode: mode, mask: mask, parallelism: parallelism))
        }
        if let mask { try mask.withView { try draw($0) } } else { try draw(nil) }
      }
      before.withView { b in
        near.withView { n in
          far.withView { f in
            drawn.withView { d in
              for y in 0..<destinationSize.height {
                for x in 0..<destinationSize.width {
                  let old = CompositeReference.read(b.rowAddress(y) + x * 4)
                  guard ResampleReference.isWritten(x: x, y: y, destinationRect: destinationRect) else {
                    #expect(CompositeReference.read(d.rowAddress(y) + x * 4) == old)
                    continue
                  }
                  let a = CompositeReference.read(n.rowAddress(y) + x * 4)
                  let c = CompositeReference.read(f.rowAddress(y) + x * 4)
                  let mixed = (0..<4).map { (a[$0] * (256 - weight) + c[$0] * weight + 128) / 256 }
                  let coverage = mask.map { m in
                    m.withView { Int($0.rowAddress(y - coveredY).load(fromByteOffset: x - coveredX, as: UInt8.self)) }
                  }
                  #expect(
                    CompositeReference.accepts(
                      CompositeReference.read(d.rowAddress(y) + x * 4), mode: mode, source: mixed, destination: old,
                      opacity: 255, coverage: coverage ?? 255),
                    "trial \(trial) level \(level) weight \(weight) (\(x), \(y))")
                }
              }
            }
          }
        }
      }
    }
  }
}
