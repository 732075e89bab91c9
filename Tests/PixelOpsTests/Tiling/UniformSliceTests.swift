import PixelOpsTestSupport
import Testing

@testable import PixelOps

/// Stretched slices whose rows are each one colour are drawn from their first column, spread
/// (``SliceUniformity``, ``SpreadRowSource``): the same pixels as resampling the whole slice,
/// which a draw told that no slice is uniform still does.
@Suite("Uniform slices")
struct UniformSliceTests {
  @Test("a slice spread from its first column equals the slice resampled in full", arguments: [1, 3])
  func spreadEqualsFullResample(threads: Int) throws {
    var rng = SeededGenerator(seed: 0x5B8EAD &+ UInt64(threads))
    let filters: [ResamplingFilter] = [.nearest, .box, .bilinear, .bicubic, .mitchell, .lanczos3]
    let modes: [BlendMode] = [.normal, .copy, .multiply, .sourceAtop]
    var spreadSlices = 0
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
      // Each slice's rows one random colour, but now and then one pixel off (not uniform).
      var image = try PixelBuffer(width: width, height: height, format: format)
      image.withMutableView { view in
        for column in 0..<3 {
          let columns = horizontal.segment(column, extent: width)
          for y in 0..<height {
            var pixel = [UInt8](repeating: 0, count: 4)
            pixel.withUnsafeMutableBytes { RandomPixels.fillPixel($0.baseAddress!, format: format, &rng) }
            for x in columns { (view.rowAddress(y) + x * 4).copyMemory(from: pixel, byteCount: 4) }
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
    #expect(spreadSlices >= 300, "only \(spreadSlices) uniform slices")
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
  }
}
