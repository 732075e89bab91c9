import PixelOpsTestSupport
import Testing

@testable import PixelOps

/// Stretched slices whose rows are each one colour are drawn from their first column, spread,
/// and those whose rows are all alike from their first row, repeated (``ResampledLineSource``;
/// both measured by ``SliceUniformity``): the same pixels as resampling the whole slice, which a
/// draw told that no slice is uniform still does.
@Suite("Uniform slices")
struct UniformSliceTests {
  @Test("a slice spread from its first column or repeating its first row equals the slice resampled in full", arguments: [1, 3])
  func spreadEqualsFullResample(threads: Int) throws {
    var rng = SeededGenerator(seed: 0x5B8EAD &+ UInt64(threads))
    let filters: [ResamplingFilter] = [.nearest, .box, .bilinear, .bicubic, .mitchell, .lanczos3]
    let modes: [BlendMode] = [.normal, .copy, .multiply, .sourceAtop]
    var (spreadSlices, repeatedSlices) = (0, 0)
    for trial in 0..<150 {
      let format: PixelFormat = trial % 3 == 2 ? .bgra8Premultiplied : .rgba8Premultiplied
      let horizontal = SliceAxis(
        startCap: .random(in: 0...5, using: &rng), centerLength: .random(in: 1...6, using: &rng),
        endCap: .random(in: 0...5, using: &rng), mode: .stretch)
      let vertical = SliceAxis(
        startCap: .random(in: 0...5, using: &rng), centerLength: .random(in: 1...6, using: &rng),
        endCap: .random(in: 0...5, using: &rng), mode: trial % 4 == 3 ? .tile : .stretch)
      let width = horizontal.startCap + horizontal.centerLength + horizontal.endCap
      let height = vertical.startCap + vertical.centerLength + vertical.endCap
      // Each slice's rows one random colour (even trials) or its rows all alike (odd trials),
      // but now and then one pixel off.
      var image = try PixelBuffer(width: width, height: height, format: format)
      image.withMutableView { view in
        let bands =
          trial % 2 == 0
          ? (0..<3).map { horizontal.segment($0, extent: width) } : (0..<3).map { vertical.segment($0, extent: height) }
        for band in bands {
          for line in 0..<(trial % 2 == 0 ? height : width) {
            var pixel = [UInt8](repeating: 0, count: 4)
            pixel.withUnsafeMutableBytes { RandomPixels.fillPixel($0.baseAddress!, format: format, &rng) }
            for position in band {
              let (x, y) = trial % 2 == 0 ? (position, line) : (line, position)
              (view.rowAddress(y) + x * 4).copyMemory(from: pixel, byteCount: 4)
            }
          }
        }
        if Int.random(in: 0..<4, using: &rng) == 0 {
          let (x, y) = (Int.random(in: 0..<width, using: &rng), Int.random(in: 0..<height, using: &rng))
          RandomPixels.fillPixel(view.rowAddress(y) + x * 4, format: format, &rng)
        }
      }
      let destinationFormat: PixelFormat = trial % 5 == 4 ? .bgra8Premultiplied : .rgba8Premultiplied
      let destination = try RandomPixels.buffer(width: 40, height: 30, format: destinationFormat, &rng)
      let rect = PixelRect(
        x: .random(in: -6...20, using: &rng), y: .random(in: -6...15, using: &rng), width: .random(in: 1...36, using: &rng),
        height: .random(in: 1...28, using: &rng))
      let masked = Int.random(in: 0..<3, using: &rng) == 0
      let mask = masked ? try RandomPixels.buffer(width: rect.width, height: rect.height, format: .gray8, &rng) : nil
      let filter = filters[trial % filters.count]
      let ratio = [0.5, 1, 1.5, 2, 2.25, 3][Int.random(in: 0..<6, using: &rng)]
      var options = CompositeOptions(
        blendMode: modes[trial % modes.count], opacity: [1, 0.6][trial % 2], parallelism: try .threads(threads))
      var drawn: [[UInt8]] = []
      let measured = image.withView { SliceUniformity($0, horizontal: horizontal, vertical: vertical) }
      spreadSlices += (0..<9).filter { measured.hasUniformRows(row: $0 / 3, column: $0 % 3) }.count
      repeatedSlices += (0..<9).filter { measured.hasAlikeRows(row: $0 / 3, column: $0 % 3) }.count
      for uniformity in [measured, SliceUniformity()] {
        var output = destination
        try image.withView { source in
          try output.withMutableView { view in
            if let mask {
              try mask.withView { m in
                options.mask = m
                _ = try Compositor.drawSlices(
                  source, horizontal: horizontal, vertical: vertical, uniformity: uniformity, tiles: nil, in: rect,
                  ratio: ratio, filter: filter, onto: view, options: options)
              }
            } else {
              options.mask = nil
              _ = try Compositor.drawSlices(
                source, horizontal: horizontal, vertical: vertical, uniformity: uniformity, tiles: nil, in: rect,
                ratio: ratio, filter: filter, onto: view, options: options)
            }
          }
        }
        drawn.append(output.withView { $0.packedBytes() })
      }
      #expect(drawn[0] == drawn[1], "trial \(trial): \(horizontal) \(vertical) \(filter) ratio \(ratio) rect \(rect)")
    }
    #expect(spreadSlices >= 300, "only \(spreadSlices) slices of uniform rows")
    #expect(repeatedSlices >= 300, "only \(repeatedSlices) slices of rows alike")
  }

  @Test("uniform rows are measured per slice; one pixel off, or an empty slice, is not uniform")
  func measured() throws {
    var image = try PixelBuffer(width: 5, height: 3, format: .rgba8Premultiplied)
    image.withMutableView { view in
      for y in 0..<3 {
        for x in 0..<5 { view.rowAddress(y).storeBytes(of: UInt32(y) << 8 | 0xFF00_0000, toByteOffset: x * 4, as: UInt32.self) }
      }
      view.rowAddress(1).storeBytes(of: 0xFFFF_FFFF, toByteOffset: 4 * 4, as: UInt32.self)
    }
    let horizontal = SliceAxis(startCap: 2, centerLength: 2, endCap: 1, mode: .stretch)
    let vertical = SliceAxis(startCap: 1, centerLength: 1, endCap: 1, mode: .stretch)
    let uniformity = image.withView { SliceUniformity($0, horizontal: horizontal, vertical: vertical) }
    for row in 0..<3 {
      for column in 0..<3 {
        // Column 2 is one pixel wide, so its rows are uniform even where the pixel differs.
        #expect(uniformity.hasUniformRows(row: row, column: column), "row \(row) column \(column)")
      }
    }
    let wide = SliceAxis(startCap: 1, centerLength: 4, endCap: 0, mode: .stretch)
    let measured = image.withView { SliceUniformity($0, horizontal: wide, vertical: vertical) }
    #expect(measured.hasUniformRows(row: 0, column: 1) && measured.hasUniformRows(row: 2, column: 1))
    #expect(!measured.hasUniformRows(row: 1, column: 1), "the odd pixel at (4, 1)")
    #expect(!measured.hasUniformRows(row: 1, column: 2), "an empty end cap")
    // Rows alike: rows 0 and 2 differ in colour, so no slice taller than a row has them, but
    // every slice one row tall does; the odd pixel breaks none of the one-row slices.
    #expect((0..<3).allSatisfy { uniformity.hasAlikeRows(row: 1, column: $0) })
    let tall = SliceAxis(startCap: 0, centerLength: 2, endCap: 1, mode: .stretch)
    let alike = image.withView { SliceUniformity($0, horizontal: horizontal, vertical: tall) }
    #expect(!alike.hasAlikeRows(row: 1, column: 0), "rows 0 and 1 differ")
    var striped = try PixelBuffer(width: 4, height: 5, format: .rgba8Premultiplied)
    striped.withMutableView { view in
      for y in 0..<5 {
        for x in 0..<4 { view.rowAddress(y).storeBytes(of: UInt32(x * 40) | 0xFF00_0000, toByteOffset: x * 4, as: UInt32.self) }
      }
    }
    let stripes = striped.withView {
      SliceUniformity(
        $0, horizontal: SliceAxis(startCap: 1, centerLength: 2, endCap: 1, mode: .stretch),
        vertical: SliceAxis(startCap: 1, centerLength: 3, endCap: 1, mode: .stretch))
    }
    #expect((0..<9).allSatisfy { stripes.hasAlikeRows(row: $0 / 3, column: $0 % 3) })
    #expect(!stripes.hasUniformRows(row: 1, column: 1), "columns of different colours")
  }
}
