import PixelOpsTestSupport
import Testing

@testable import PixelOps

/// The image row source beyond its image: an area larger than the image, placed anywhere, shows
/// the image through each axis' extend mode (the tiling issue's repeating image at 1:1), and
/// rows inside the image are pointers into it.
@Suite("Image row source")
struct ImageRowSourceTests {
  @Test("positions outside the image show what the extend modes say", arguments: [1, 3])
  func extendModes(threads: Int) throws {
    var rng = SeededGenerator(seed: 0x1A6E &+ UInt64(threads))
    let modes: [ExtendMode] = [.clamp, .repeat, .reflect, .transparent, .renormalize]
    for trial in 0..<50 {
      let image = try RandomPixels.buffer(
        width: .random(in: 1...9, using: &rng), height: .random(in: 1...7, using: &rng), format: .rgba8Premultiplied,
        &rng)
      let extend = ExtendModes(horizontal: modes[trial % 5], vertical: modes[(trial / 5) % 5])
      let size = PixelSize(width: .random(in: 1...40, using: &rng), height: .random(in: 1...30, using: &rng))
      let origin = PixelPosition(x: .random(in: -25...25, using: &rng), y: .random(in: -25...25, using: &rng))
      var destination = try RandomPixels.buffer(
        width: size.width, height: size.height, format: .rgba8Premultiplied, &rng)
      let area = PixelRect(size: size)
      try image.withView { source in
        try destination.withMutableView { d in
          try CompositeEngine.composite(
            ImageRowSource(source, at: origin, extend: extend, area: area), coverage: FullCoverage(), area: area,
            onto: d, mode: .copy, opacity: 255, parallelism: .threads(threads))
        }
        destination.withView { d in
          for y in 0..<size.height {
            for x in 0..<size.width {
              var expected = [0, 0, 0, 0]
              if let sx = ResampleReference.extended(x - origin.x, extent: source.width, extend.horizontal),
                let sy = ResampleReference.extended(y - origin.y, extent: source.height, extend.vertical)
              {
                expected = CompositeReference.read(source.rowAddress(sy) + sx * 4)
              }
              let actual = CompositeReference.read(d.rowAddress(y) + x * 4)
              if actual != expected {
                Issue.record("trial \(trial) \(extend) at \(origin): (\(x), \(y)) is \(actual), expected \(expected)")
                return
              }
            }
          }
        }
      }
    }
  }

  @Test("rows inside the image are pointers into it, not copies")
  func rowsInsideArePointers() throws {
    let image = try PixelBuffer(width: 8, height: 4, format: .rgba8Premultiplied)
    image.withView { source in
      let area = PixelRect(x: 10, y: 20, width: 6, height: 4)
      let rows = ImageRowSource(source, at: PixelPosition(x: 8, y: 20), area: area)
      #expect(rows.scratchByteCount == 0)
      var cursor = rows.makeCursor(scratch: nil)
      for y in 20..<24 {
        #expect(cursor.row(y, columns: 10..<16) == UnsafeRawPointer(source.rowAddress(y - 20) + 8))
      }
    }
  }
}
