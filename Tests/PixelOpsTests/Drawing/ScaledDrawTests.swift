import PixelOpsTestSupport
import Testing

@testable import PixelOps

/// The fused scale-and-composite draw is, by definition, a resampling followed by a composite.
/// The resampler is checked against its Double reference (ResamplerTests) and every composite
/// kernel against ``CompositeReference``; here each drawn pixel must equal the reference
/// composite of the resampler's pixel over the destination's old pixel, and pixels the
/// destination rect does not reach must stay untouched.
@Suite("Scaled draw (resample fused with composite)")
struct ScaledDrawTests {
  static let modes: [BlendMode] = [.normal, .copy, .multiply, .sourceIn, .screen, .xor]

  @Test("every pixel equals the composite of the resampled pixel", arguments: ResamplingFilter.allFilters)
  func matchesResampleThenComposite(_ filter: ResamplingFilter) throws {
    var rng = SeededGenerator(seed: 0x5CA1ED &+ UInt64(ResamplingFilter.allFilters.firstIndex(of: filter)!))
    for trial in 0..<30 {
      let sourceSize = PixelSize(width: .random(in: 1...24, using: &rng), height: .random(in: 1...9, using: &rng))
      var source = try RandomPixels.buffer(
        width: sourceSize.width, height: sourceSize.height, format: .rgba8Premultiplied, &rng)
      if trial % 3 == 0 { RandomPixels.insertUniformAlphaRuns(into: &source, maximumRun: 12, &rng) }
      if trial % 5 == 0 {
        source.withMutableView { view in
          for y in 0..<view.height {
            for x in 0..<view.width { view.rowAddress(y).storeBytes(of: 255, toByteOffset: x * 4 + 3, as: UInt8.self) }
          }
        }
        source.markOpaque()
      }
      let destinationSize = PixelSize(width: .random(in: 1...40, using: &rng), height: .random(in: 1...10, using: &rng))
      let sourceRect = FractionalPixelRect(
        x: .random(in: -2...Double(sourceSize.width) / 2, using: &rng),
        y: .random(in: -2...Double(sourceSize.height) / 2, using: &rng),
        width: .random(in: 0.5...Double(sourceSize.width) + 2, using: &rng),
        height: .random(in: 0.5...Double(sourceSize.height) + 2, using: &rng))
      let destinationRect = FractionalPixelRect(
        x: .random(in: -5...Double(destinationSize.width), using: &rng),
        y: .random(in: -3...Double(destinationSize.height), using: &rng),
        width: .random(in: 0...Double(destinationSize.width) * 1.5, using: &rng),
        height: .random(in: 0...Double(destinationSize.height) * 1.5, using: &rng))
      let mode = Self.modes[trial % Self.modes.count]
      let opacity = [1.0, 0.5, Double.random(in: 0...1, using: &rng)][trial % 3]
      let before = try RandomPixels.buffer(
        width: destinationSize.width, height: destinationSize.height, format: .rgba8Premultiplied, &rng)
      let extendModes: [ExtendMode] = [.clamp, .repeat, .reflect, .transparent, .renormalize]
      let extend = ExtendModes(
        horizontal: extendModes[trial % 5], vertical: extendModes[.random(in: 0..<5, using: &rng)])
      // Every other trial draws through a mask the size of the pixels the rect covers (centres
      // inside it, before clipping to the view), its pixel (0, 0) on the first of them.
      let coveredX = Int((destinationRect.x - 0.5).rounded(.up))
      let coveredY = Int((destinationRect.y - 0.5).rounded(.up))
      let coveredWidth = max(0, Int((destinationRect.maxX - 0.5).rounded(.up)) - coveredX)
      let coveredHeight = max(0, Int((destinationRect.maxY - 0.5).rounded(.up)) - coveredY)
      let useMask = trial % 2 == 1 && coveredWidth > 0 && coveredHeight > 0
      let mask = try useMask ? RandomPixels.buffer(width: coveredWidth, height: coveredHeight, format: .gray8, &rng) : nil

      // What the resampler alone writes (pixels it does not reach stay marked by `before`).
      var resampled = before
      try source.withView { s in
        try resampled.withMutableView { d in
          try Resampler.resample(
            s, from: sourceRect, onto: d, in: destinationRect, filter: filter, extend: extend, parallelism: .serial)
        }
      }
      var drawn = before
      let parallelism = try Parallelism.threads(.random(in: 1...4, using: &rng))
      try source.withView { s in
        try drawn.withMutableView { d in
          func draw(mask: PixelView?) throws {
            try Compositor.draw(
              s, from: sourceRect, in: destinationRect, onto: d, filter: filter, extend: extend,
              options: CompositeOptions(blendMode: mode, opacity: opacity, mask: mask, parallelism: parallelism))
          }
          if let mask { try mask.withView { try draw(mask: $0) } } else { try draw(mask: nil) }
        }
      }
      let opacity8 = Int((opacity * 255).rounded(.toNearestOrAwayFromZero))
      before.withView { b in
        resampled.withView { r in
          drawn.withView { d in
            for y in 0..<destinationSize.height {
              for x in 0..<destinationSize.width {
                let old = CompositeReference.read(b.rowAddress(y) + x * 4)
                let actual = CompositeReference.read(d.rowAddress(y) + x * 4)
                let right =
                  ResampleReference.isWritten(x: x, y: y, destinationRect: destinationRect)
                  ? CompositeReference.accepts(
                    actual, mode: mode, source: CompositeReference.read(r.rowAddress(y) + x * 4), destination: old,
                    opacity: opacity8,
                    coverage: mask.map { m in
                      m.withView { Int($0.rowAddress(y - coveredY).load(fromByteOffset: x - coveredX, as: UInt8.self)) }
                    } ?? 255)
                  : actual == old
                #expect(
                  right,
                  "\(filter) trial \(trial) \(mode) opacity \(opacity) mask \(useMask) \(extend) pixel (\(x), \(y)) \(sourceRect) -> \(destinationRect)")
              }
            }
          }
        }
      }
    }
  }

  @Test("a mask of the wrong size or another format is a typed error")
  func validation() throws {
    let source = try PixelBuffer(width: 2, height: 2, format: .rgba8Premultiplied)
    let mask = try PixelBuffer(width: 2, height: 2, format: .gray8)
    var destination = try PixelBuffer(width: 4, height: 4, format: .rgba8Premultiplied)
    let rect = FractionalPixelRect(x: 0, y: 0, width: 4, height: 4)
    destination.withMutableView { d in
      source.withView { s in
        mask.withView { m in
          // The rect covers 4x4 destination pixels, so the mask must be 4x4.
          #expect(throws: PixelError.sizeMismatch(PixelSize(width: 2, height: 2), PixelSize(width: 4, height: 4))) {
            try Compositor.draw(s, in: rect, onto: d, filter: .bilinear, options: CompositeOptions(mask: m))
          }
          #expect(throws: PixelError.refusedDrawingFormat(.gray8, operation: "draw source")) {
            try Compositor.draw(m, in: rect, onto: d, filter: .bilinear)
          }
        }
      }
    }
  }
}
