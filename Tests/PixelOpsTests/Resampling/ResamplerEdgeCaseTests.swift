import PixelOpsTestSupport
import Testing

@testable import PixelOps

@Suite("Resampler edge cases")
struct ResamplerEdgeCaseTests {
  static func image(width: Int, height: Int, seed: UInt64) throws -> PixelBuffer {
    var rng = SeededGenerator(seed: seed)
    return try RandomPixels.buffer(width: width, height: height, format: .rgba8Premultiplied, &rng)
  }

  static func resampled(
    _ source: PixelBuffer, to size: PixelSize, sourceRect: FractionalPixelRect? = nil,
    destinationRect: FractionalPixelRect? = nil, filter: ResamplingFilter, parallelism: Parallelism = .serial
  ) throws -> PixelBuffer {
    var output = try PixelBuffer(width: size.width, height: size.height, format: .rgba8Premultiplied)
    try source.withView { input in
      try output.withMutableView { out in
        try Resampler.resample(
          input, from: sourceRect, onto: out, in: destinationRect, filter: filter, parallelism: parallelism)
      }
    }
    return output
  }

  @Test("output is bit-identical for 1 to 4 threads", arguments: ResamplingFilter.allFilters)
  func threadCountsAgree(filter: ResamplingFilter) throws {
    // Large enough for the pool to split the rows (RowBands' break-even).
    let source = try Self.image(width: 501, height: 333, seed: 11)
    let cases: [(PixelSize, FractionalPixelRect?)] = [
      (PixelSize(width: 333, height: 250), nil),
      (PixelSize(width: 700, height: 450), nil),
      (PixelSize(width: 420, height: 360), FractionalPixelRect(x: 3.25, y: -7.5, width: 400.5, height: 350.75)),
    ]
    for (size, rect) in cases {
      let serial = try Self.resampled(source, to: size, destinationRect: rect, filter: filter)
      for threads in 2...4 {
        let threaded = try Self.resampled(
          source, to: size, destinationRect: rect, filter: filter, parallelism: .threads(threads))
        #expect(threaded == serial, "\(filter) \(size) \(threads) threads")
      }
    }
  }

  @Test("nearest takes floor(centre): a sample point on a pixel boundary takes the right or lower pixel")
  func nearestRule() throws {
    // 4 -> 8: centres at 0.25, 0.75, ... never on a boundary; 3 -> 2: centres at 0.75, 2.25;
    // 2 -> 1: the centre is 1.0, exactly between pixels 0 and 1, and takes pixel 1.
    var source = try PixelBuffer(width: 4, height: 1, format: .rgba8Premultiplied)
    source.withMutableView { view in
      for x in 0..<4 { view.rowAddress(0).storeBytes(of: UInt32(x + 1) * 0x0101_0101, toByteOffset: x * 4, as: UInt32.self) }
    }
    func columns(_ output: PixelBuffer) -> [Int] {
      output.withView { view in (0..<view.width).map { Int(view.rowAddress(0).load(fromByteOffset: $0 * 4, as: UInt8.self)) - 1 }
      }
    }
    #expect(
      columns(try Self.resampled(source, to: PixelSize(width: 8, height: 1), filter: .nearest)) == [0, 0, 1, 1, 2, 2, 3, 3])
    #expect(columns(try Self.resampled(source, to: PixelSize(width: 2, height: 1), filter: .nearest)) == [1, 3])
    #expect(
      columns(
        try Self.resampled(
          source, to: PixelSize(width: 1, height: 1), sourceRect: FractionalPixelRect(x: 0, y: 0, width: 2, height: 1),
          filter: .nearest)) == [1])
    #expect(columns(try Self.resampled(source, to: PixelSize(width: 3, height: 1), filter: .nearest)) == [0, 2, 3])
    // Outside the image: edge pixels extend outward.
    #expect(
      columns(
        try Self.resampled(
          source, to: PixelSize(width: 4, height: 1), sourceRect: FractionalPixelRect(x: -2, y: 0, width: 8, height: 1),
          filter: .nearest)) == [0, 1, 3, 3])
  }

  @Test("a constant image stays exactly constant under every filter and geometry", arguments: ResamplingFilter.allFilters)
  func constantStaysConstant(filter: ResamplingFilter) throws {
    var source = try PixelBuffer(width: 37, height: 23, format: .rgba8Premultiplied)
    source.withMutableView { view in
      for y in 0..<view.height {
        for x in 0..<view.width {
          view.rowAddress(y).storeBytes(of: SIMD4<UInt8>(90, 10, 200, 255), toByteOffset: x * 4, as: SIMD4<UInt8>.self)
        }
      }
    }
    for size in [PixelSize(width: 5, height: 3), PixelSize(width: 100, height: 61), PixelSize(width: 36, height: 24)] {
      let output = try Self.resampled(
        source, to: size, sourceRect: FractionalPixelRect(x: -3.3, y: 2.1, width: 40.7, height: 11.9), filter: filter)
      output.withView { view in
        for y in 0..<view.height {
          for x in 0..<view.width {
            #expect(view.rowAddress(y).load(fromByteOffset: x * 4, as: SIMD4<UInt8>.self) == SIMD4<UInt8>(90, 10, 200, 255))
          }
        }
      }
    }
  }

  @Test("bad input throws typed errors and never traps")
  func badInput() throws {
    let source = try Self.image(width: 8, height: 8, seed: 3)
    var destination = try PixelBuffer(width: 8, height: 8, format: .rgba8Premultiplied)
    let straight = try PixelBuffer(width: 8, height: 8, format: .rgba8Straight)
    func attempt(
      _ input: PixelBuffer, from sourceRect: FractionalPixelRect? = nil, in destinationRect: FractionalPixelRect? = nil,
      filter: ResamplingFilter = .lanczos3
    ) -> PixelError? {
      do {
        try input.withView { view in
          try destination.withMutableView { out in
            try Resampler.resample(view, from: sourceRect, onto: out, in: destinationRect, filter: filter)
          }
        }
        return nil
      } catch let error as PixelError {
        return error
      } catch {
        return .cancelled
      }
    }
    let r = FractionalPixelRect.self
    #expect(attempt(straight) == .refusedDrawingFormat(.rgba8Straight, operation: "resampling"))
    #expect(attempt(source, from: r.init(x: .nan, y: 0, width: 4, height: 4)) != nil)
    #expect(attempt(source, from: r.init(x: 0, y: 0, width: .infinity, height: 4)) != nil)
    #expect(attempt(source, in: r.init(x: 0, y: -.infinity, width: 4, height: 4)) != nil)
    #expect(attempt(source, from: r.init(x: 0, y: 0, width: 0, height: 4)) == .invalidCoordinate(0))
    #expect(attempt(source, from: r.init(x: 0, y: 0, width: 4, height: -1)) == .invalidCoordinate(-1))
    #expect(attempt(source, in: r.init(x: 0, y: 0, width: -4, height: 4)) == .invalidCoordinate(-4))
    #expect(attempt(source, from: r.init(x: 1e300, y: 0, width: 4, height: 4)) == .invalidCoordinate(1e300))
    // Empty destination rects and rects wholly outside the view draw nothing.
    #expect(attempt(source, in: r.init(x: 0, y: 0, width: 0, height: 4)) == nil)
    #expect(attempt(source, in: r.init(x: 2, y: 2, width: 0.2, height: 0.2)) == nil)
    #expect(attempt(source, in: r.init(x: -100, y: 0, width: 50, height: 4)) == nil)
    #expect(attempt(source, in: r.init(x: 0, y: 0, width: 1e-300, height: 1e-300)) == nil)
    // Absurd reduction factors: refused, not allocated.
    #expect(attempt(source, from: r.init(x: 0, y: 0, width: 1e15, height: 8)) == .reductionTooLarge(factor: 1e15 / 8, maximum: 174762))  // (2^20 - 2) / (2 * 3)
    #expect(attempt(source, from: r.init(x: 0, y: 0, width: 4e12, height: 4e12), filter: .box) != nil)
    // A huge but finite enlargement is fine: every pixel is an edge pixel.
    #expect(attempt(source, from: r.init(x: 3, y: 3, width: 1e-9, height: 1e-9)) == nil)
    // Tiny destination pixels centred in a tiny rect: one pixel from a huge window is refused.
    #expect(
      attempt(
        source, from: r.init(x: 0, y: 0, width: 8, height: 8), in: r.init(x: 0.4999999, y: 0.4999999, width: 1e-6, height: 1e-6))
        != nil)
    // An empty source view.
    let empty = try PixelView(unsafeBaseAddress: nil, width: 0, height: 0, rowBytes: 0, format: .rgba8Premultiplied)
    #expect(throws: PixelError.invalidDimensions(width: 0, height: 0)) {
      try destination.withMutableView { try Resampler.resample(empty, onto: $0) }
    }
  }

  @Test("the weight cache stays within its bounds and reuses tables")
  func cacheBounds() throws {
    ResampleWeightCache.removeAll()
    let source = try Self.image(width: 64, height: 48, seed: 5)
    for width in 1...50 {
      _ = try Self.resampled(source, to: PixelSize(width: width, height: 7), filter: .bicubic)
    }
    let usage = ResampleWeightCache.usage
    #expect(usage.entries <= ResampleWeightCache.maximumEntries)
    #expect(usage.bytes <= ResampleWeightCache.maximumBytes)
    let axis = ResampleAxis(
      filter: .bicubic, extent: 64, sourceOrigin: 0, sourceLength: 64, destinationOrigin: 0, destinationLength: 50,
      firstOutput: 0, outputCount: 50)
    #expect(try ResampleWeightCache.table(for: axis) === ResampleWeightCache.table(for: axis))
  }

  /// The folded hash (``ResampleAxis/hash(into:)``) against the fields: equal axes hash alike,
  /// -0 and +0 included (they compare equal); an axis changed in any one field hashes
  /// differently (a collision is possible in principle, at about 2^-64 here).
  @Test("axes hash alike exactly when equal, -0 and +0 alike, any one field changing the hash")
  func axisHashes() {
    let base = ResampleAxis(
      filter: .mitchell, extent: 96, sourceOrigin: 0, sourceLength: 16, destinationOrigin: 40, destinationLength: 160,
      firstOutput: 40, outputCount: 160)
    var negativeZero = base
    negativeZero.sourceOrigin = -0.0
    #expect(negativeZero == base && negativeZero.hashValue == base.hashValue)
    var variants: [ResampleAxis] = []
    func vary(_ change: (inout ResampleAxis) -> Void) {
      var axis = base
      change(&axis)
      variants.append(axis)
    }
    for filter in ResamplingFilter.allFilters where filter != .mitchell { vary { $0.filter = filter } }
    vary { $0.extent = 97 }
    vary { $0.sourceOrigin = 0.5 }
    vary { $0.sourceLength = 16.000000000000004 }
    vary { $0.destinationOrigin = 41 }
    vary { $0.destinationLength = 159 }
    vary { $0.firstOutput = 41 }
    vary { $0.outputCount = 159 }
    for extend in ExtendMode.allCases where extend != .clamp { vary { $0.extend = extend } }
    #expect(variants.count == 16)
    for axis in variants {
      #expect(axis != base && axis.hashValue != base.hashValue, "\(axis)")
    }
    #expect(Set(variants.map(\.hashValue)).count == variants.count)
  }

  @Test("weight tables: sums are exactly one, L1 norms under 1.6 (the Int16 range argument), starts inside")
  func weightTables() throws {
    var rng = SeededGenerator(seed: 77)
    for filter in ResamplingFilter.allFilters where filter != .nearest {
      for _ in 0..<200 {
        let extent = Int.random(in: 1...50, using: &rng)
        let axis = ResampleAxis(
          filter: filter, extent: extent, sourceOrigin: Double.random(in: -10...10, using: &rng),
          sourceLength: Double.random(in: 0.01...120, using: &rng), destinationOrigin: Double.random(in: -3...3, using: &rng),
          destinationLength: Double.random(in: 0.5...60, using: &rng), firstOutput: 0,
          outputCount: Int.random(in: 1...40, using: &rng))
        let table = try ResampleWeights.make(axis)
        for i in 0..<table.count {
          let start = Int(table.starts[i])
          #expect(start >= 0 && start + table.taps <= extent)
          let sum = (0..<table.taps).reduce(0) { $0 + Int(table.weights[i * table.taps + $1]) }
          #expect(sum == 1 << table.fractionBits)
          // The packs (`ResamplePixelMath.pack`) rely on this bound to skip saturation.
          let norm = (0..<table.taps).reduce(0) { $0 + abs(Int(table.weights[i * table.taps + $1])) }
          #expect(Double(norm) < 1.6 * Double(1 << table.fractionBits), "\(filter) L1 \(Double(norm) / Double(1 << table.fractionBits))")
        }
      }
    }
  }

  /// The window of output 0 here (centre -2.7, support 8 at a 4x reduction) reaches the image
  /// only with bicubic's tail: its image weights 0.168, -0.0226, -0.0735, -0.0557, -0.016 sum to
  /// 0.00025, and dividing by that (Pillow's renormalising rule) made a weight of 672, which
  /// trapped converting to Int16. Such an output takes the nearest edge pixel instead.
  @Test("renormalising a window that only a filter's cancelling tail reaches does not trap")
  func renormalizedTailTakesTheEdgePixel() throws {
    var axis = ResampleAxis(
      filter: .bicubic, extent: 16, sourceOrigin: -4.7, sourceLength: 64, destinationOrigin: 0, destinationLength: 16,
      firstOutput: 0, outputCount: 16)
    axis.extend = .renormalize
    let table = try ResampleWeights.make(axis)
    let one = 1 << table.fractionBits
    for i in 0..<table.count {
      let weights = (0..<table.taps).map { Int(table.weights[i * table.taps + $0]) }
      // One, or nothing where the whole window lies beyond the image (transparent black).
      #expect([one, 0].contains(weights.reduce(0, +)), "output \(i): \(weights)")
      #expect(weights.allSatisfy { abs($0) <= 127 * one }, "output \(i): \(weights)")
    }
    let first = (0..<table.taps).map { Int(table.weights[$0]) }
    #expect(table.starts[0] == 0 && first[0] == one, "output 0: the edge pixel, got \(first) from \(table.starts[0])")
  }

  /// A 10000 -> 1 box: every exact weight is 6.5536 units of 2^16. Rounded one by one with the
  /// residue on one tap, that tap became -4457 (-0.068), and half transparent, half opaque
  /// white pixels averaged to colour 136 over alpha 119. Rounded cumulatively, every weight is
  /// 6 or 7, none negative, and the average is 127 or 128 with colour equal to alpha.
  @Test("a large box reduction has no negative weight and keeps colour at or below alpha")
  func largeBoxReduction() throws {
    let axis = ResampleAxis(
      filter: .box, extent: 10_000, sourceOrigin: 0, sourceLength: 10_000, destinationOrigin: 0, destinationLength: 1,
      firstOutput: 0, outputCount: 1)
    let table = try ResampleWeights.make(axis)
    let one = 1 << table.fractionBits
    let weights = (0..<table.taps).map { Int(table.weights[$0]) }
    #expect(weights.reduce(0, +) == one)
    let exact = Double(one) / 10_000
    #expect(weights.allSatisfy { abs(Double($0) - exact) < 1 }, "weights \(Set(weights))")
    var row = try PixelBuffer(width: 10_000, height: 1, format: .rgba8Premultiplied)
    row.withMutableView { view in
      for x in 5_000..<10_000 { view.rowAddress(0).storeBytes(of: UInt32.max, toByteOffset: x * 4, as: UInt32.self) }
    }
    let reduced = try Self.resampled(row, to: PixelSize(width: 1, height: 1), filter: .box)
    let pixel = reduced.packedBytes()
    #expect(pixel[3] >= 127 && pixel[3] <= 128 && pixel[0] <= pixel[3], "\(pixel)")
  }
}

@Suite("Resampler 2x box")
struct ResamplerPairAverageTests {
  @Test("box reduction by exactly two is the rounded 2x2 mean, (a + b + c + d + 2) >> 2")
  func pairAverage() throws {
    var rng = SeededGenerator(seed: 2024)
    for outputWidth in 1...13 {
      for (offsetX, offsetY) in [(0, 0), (1, 0), (3, 1)] {
        let outputHeight = Int.random(in: 1...5, using: &rng)
        let source = try RandomPixels.buffer(
          width: outputWidth * 2 + offsetX + 1, height: outputHeight * 2 + offsetY + 1, format: .rgba8Premultiplied, &rng)
        var output = try PixelBuffer(width: outputWidth + 2, height: outputHeight + 1, format: .rgba8Premultiplied)
        try source.withView { input in
          try output.withMutableView { out in
            try Resampler.resample(
              input,
              from: FractionalPixelRect(
                x: Double(offsetX), y: Double(offsetY), width: Double(outputWidth * 2), height: Double(outputHeight * 2)),
              onto: out, in: FractionalPixelRect(x: 1, y: 1, width: Double(outputWidth), height: Double(outputHeight)),
              filter: .box, parallelism: .serial)
          }
        }
        source.withView { input in
          output.withView { out in
            for y in 0..<outputHeight {
              for x in 0..<outputWidth {
                for c in 0..<4 {
                  var sum = 2
                  for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    sum += Int(
                      input.rowAddress(offsetY + 2 * y + dy).load(
                        fromByteOffset: (offsetX + 2 * x + dx) * 4 + c, as: UInt8.self))
                  }
                  let result = Int(out.rowAddress(y + 1).load(fromByteOffset: (x + 1) * 4 + c, as: UInt8.self))
                  #expect(
                    result == sum >> 2,
                    "\(outputWidth)x\(outputHeight) offset (\(offsetX), \(offsetY)) at (\(x), \(y)) channel \(c)")
                }
              }
            }
          }
        }
      }
    }
  }
}
