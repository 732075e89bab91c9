import PixelOpsTestSupport
import Testing

@testable import PixelOps

/// The scaled draw over a backdrop (what an image view with a background colour uses) is, by
/// definition, a `copy` fill of the whole view with the colour followed by the scaled `normal`
/// draw. Both of those are checked against references elsewhere (ScaledDrawTests,
/// KernelTableTests); here the fused path must give exactly their pixels, for opaque and
/// translucent backdrops, both channel orders of source and destination, odd widths (the
/// four-pixel loop's tail), rects partly outside the view, and any thread count.
@Suite("Scaled draw over a backdrop equals fill then draw")
struct BackdropDrawTests {
  @Test("every pixel equals the fill-then-draw result", arguments: [ResamplingFilter.nearest, .bilinear, .lanczos3])
  func matchesFillThenDraw(_ filter: ResamplingFilter) throws {
    var rng = SeededGenerator(seed: 0xBAC0_D809 &+ UInt64(ResamplingFilter.allFilters.firstIndex(of: filter)!))
    let backdrops = [
      PremultipliedColor.white, .black, .clear,
      PremultipliedColor(premultipliedRed: 200, green: 100, blue: 50, alpha: 255),
      PremultipliedColor(premultipliedRed: 60, green: 0, blue: 90, alpha: 128),
    ]
    for trial in 0..<60 {
      let sourceFormat: PixelFormat = trial % 4 == 1 ? .bgra8Premultiplied : .rgba8Premultiplied
      let destinationFormat: PixelFormat = trial % 3 == 2 ? .bgra8Premultiplied : .rgba8Premultiplied
      var source = try RandomPixels.buffer(
        width: .random(in: 1...23, using: &rng), height: .random(in: 1...9, using: &rng), format: sourceFormat, &rng)
      if trial % 3 == 0 { RandomPixels.insertUniformAlphaRuns(into: &source, maximumRun: 9, &rng) }
      let size = PixelSize(width: .random(in: 1...41, using: &rng), height: .random(in: 1...11, using: &rng))
      let destinationRect = FractionalPixelRect(
        x: .random(in: -6...Double(size.width), using: &rng), y: .random(in: -4...Double(size.height), using: &rng),
        width: .random(in: 0...Double(size.width) * 1.4, using: &rng),
        height: .random(in: 0...Double(size.height) * 1.4, using: &rng))
      let sourceRect = FractionalPixelRect(size: source.size)
      let backdrop = backdrops[trial % backdrops.count]
      let garbage = try RandomPixels.buffer(width: size.width, height: size.height, format: destinationFormat, &rng)

      var expected = garbage
      try source.withView { s in
        try expected.withMutableView { d in
          _ = try Compositor.fill(d.bounds, of: d, with: backdrop, options: CompositeOptions(blendMode: .copy))
          _ = try Compositor.draw(
            s, from: sourceRect, in: destinationRect, onto: d, filter: filter,
            options: CompositeOptions(parallelism: .serial))
        }
      }
      for threads in [1, 3] {
        var fused = garbage
        try source.withView { s in
          try fused.withMutableView { d in
            _ = try Compositor.draw(
              s, from: sourceRect, in: destinationRect, onto: d, filter: filter, overBackdrop: backdrop,
              parallelism: .threads(threads))
          }
        }
        #expect(fused == expected, "trial \(trial), \(threads) threads, backdrop \(backdrop)")
      }
    }
  }

  @Test("the in-place backdrop blend equals source-over onto the colour, for every alpha and colour byte")
  func blendIsSourceOver() {
    // Every (alpha, colour ≤ alpha) pair over three backdrops, against BlendMath's exact
    // source-over (d' = s + round(d (255 - sa) / 255)).
    let backdrops: [(UInt8, UInt8, UInt8, UInt8)] = [(255, 255, 255, 255), (200, 100, 50, 255), (60, 0, 90, 128)]
    for (br, bg, bb, ba) in backdrops {
      let packed = UInt32(br) | UInt32(bg) << 8 | UInt32(bb) << 16 | UInt32(ba) << 24
      // Every colour byte with every alpha, invalid pairs (colour above alpha) included: those
      // wrap within their byte, as the compositing kernels store them, never carrying into the
      // next channel.
      var pixels: [UInt8] = []
      for alpha in 0...255 {
        for colour in 0...255 {
          pixels += [UInt8(colour), UInt8(255 - colour), UInt8(colour / 2), UInt8(alpha)]
        }
      }
      let count = pixels.count / 4
      let original = pixels
      pixels.withUnsafeMutableBytes { raw in
        BackdropRowSource<FullImageSourceStub>.Cursor.blendOverBackdrop(raw.baseAddress!, count: count, backdrop: packed)
      }
      var mismatches = 0
      for index in 0..<count {
        let s = (0..<4).map { Int(original[index * 4 + $0]) }
        let b = [Int(br), Int(bg), Int(bb), Int(ba)]
        for channel in 0..<4 {
          let expected = (s[channel] + (b[channel] * (255 - s[3]) + 127) / 255) & 0xFF
          if Int(pixels[index * 4 + channel]) != expected { mismatches += 1 }
        }
      }
      #expect(mismatches == 0, "backdrop \(br), \(bg), \(bb), \(ba)")
    }
  }
}

extension BackdropDrawTests {
  @Test("the opacity outcome: an opaque backdrop makes the view opaque, a translucent one does not")
  func opacityOutcome() throws {
    let source = try RandomPixels.buffer(width: 9, height: 5, format: .rgba8Premultiplied, seed: 7)
    for (backdrop, opaque) in [(PremultipliedColor.white, true), (PremultipliedColor(premultipliedRed: 0, green: 0, blue: 64, alpha: 128), false)] {
      // A rect that covers some pixels and one that covers none (only the backdrop is copied).
      for rect in [FractionalPixelRect(x: 3, y: 1, width: 10, height: 3), FractionalPixelRect(x: 3, y: 1, width: 0.2, height: 0.2)] {
        var destination = try PixelBuffer(width: 16, height: 8, format: .rgba8Premultiplied)
        try destination.withMutableView { view in
          _ = try Compositor.fill(view.bounds, of: view, with: .black, options: CompositeOptions(blendMode: .copy))
        }
        destination.markOpaque()
        try source.withView { s in
          try destination.draw { view in
            try Compositor.draw(
              s, from: FractionalPixelRect(size: s.size), in: rect, onto: view, filter: .bilinear, overBackdrop: backdrop,
              parallelism: .serial)
          }
        }
        #expect(destination.isKnownOpaque == opaque, "backdrop alpha \(backdrop.alpha), rect \(rect)")
        var measured = destination
        #expect(measured.updateOpacity() == opaque)  // what the pixels say
      }
    }
  }
}

/// A row source type to name ``BackdropRowSource``'s cursor in a test; never drawn from.
private struct FullImageSourceStub: RowSource {
  var solidColor: PremultipliedColor? { nil }
  var isOpaque: Bool { false }
  var scratchByteCount: Int { 0 }
  var readsMemoryOnly: Bool { true }
  func costPerRow(width: Int) -> Int { 0 }
  func makeCursor(scratch: UnsafeMutableRawPointer?) -> Cursor { Cursor() }
  struct Cursor: RowSourceCursor {
    func row(_ y: Int, columns: Range<Int>) -> UnsafeRawPointer? { nil }
    func write(_ y: Int, columns: Range<Int>, into target: UnsafeMutableRawPointer) {}
  }
}
