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
      let cursor = rows.makeCursor(scratch: nil)
      for y in 20..<24 {
        #expect(cursor.row(y, columns: 10..<16) == UnsafeRawPointer(source.rowAddress(y - 20) + 8))
      }
    }
  }

  @Test("memory rows are the cursor's rows, for exactly the bands that lie inside the image")
  func memoryRowsAreTheCursorsRows() throws {
    var rng = SeededGenerator(seed: 0x3E3)
    var inside = 0
    for trial in 0..<1000 {
      let image = try RandomPixels.buffer(
        width: .random(in: 1...12, using: &rng), height: .random(in: 1...9, using: &rng), format: .rgba8Premultiplied,
        &rng)
      let origin = PixelPosition(x: .random(in: -6...6, using: &rng), y: .random(in: -6...6, using: &rng))
      // Rects around the placed image: inside it, across an edge or beside it.
      let (width, height) = (image.width, image.height)
      let x0 = origin.x + .random(in: -2...width, using: &rng)
      let y0 = origin.y + .random(in: -2...height, using: &rng)
      let columns = x0..<(x0 + .random(in: 1...(width + 2), using: &rng))
      let rows = y0..<(y0 + .random(in: 0...(height + 2), using: &rng))
      image.withView { source in
        let area = PixelRect(x: columns.lowerBound, y: rows.lowerBound, width: columns.count, height: rows.count)
        let placed = ImageRowSource(source, at: origin, area: area)
        let fits =
          !rows.isEmpty && PixelRect(origin: origin, size: source.size).contains(area)
        guard let memory = placed.memoryRows(rows, columns: columns) else {
          #expect(!fits, "trial \(trial): rows \(rows) x \(columns) of an image at \(origin) lie inside it")
          return
        }
        #expect(fits, "trial \(trial): rows \(rows) x \(columns) of an image at \(origin) leave it")
        inside += 1
        let cursor = placed.makeCursor(scratch: nil)
        for (k, y) in rows.enumerated() {
          #expect(cursor.row(y, columns: columns) == memory.first.map { $0 + k * memory.rowBytes }, "trial \(trial) row \(y)")
        }
      }
    }
    #expect(inside >= 40, "only \(inside) placements inside the image")
  }

  @Test("a solid colour's memory rows have no pixels, as its cursor's rows")
  func solidMemoryRows() {
    let solid = SolidColorSource(color: PremultipliedColor(premultipliedRed: 9, green: 8, blue: 7, alpha: 200))
    let memory = solid.memoryRows(3..<9, columns: -2..<5)
    #expect(memory != nil && memory?.first == nil)
    let cursor = solid.makeCursor(scratch: nil)
    #expect(cursor.row(3, columns: -2..<5) == nil)
  }
}
