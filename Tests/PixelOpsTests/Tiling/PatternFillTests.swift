import Dispatch
import PixelOpsTestSupport
import Synchronization
import Testing

@testable import PixelOps

/// Pattern fills against references written from the definition: destination pixel `i` shows
/// the tile extended by its modes at source position `(i + 0.5 - phase × scale) / ratio`.
/// Unscaled fills from whole-pixel phases must be exact copies (copy) or exact source-over
/// (normal) of `tile[(i - phase) extended]`; resampled fills within 1 of the `Double`
/// convolution of the extended tile (`ResampleReference`), whichever plan draws them.
@Suite("Pattern fill")
struct PatternFillTests {
  static let extendModes: [ExtendMode] = [.repeat, .reflect, .clamp, .transparent]

  /// The tile pixel destination pixel `(x, y)` shows for an unscaled pattern at `phase`, by
  /// each mode's definition (`nil`: transparent black).
  static func tilePixel(_ tile: PixelView, x: Int, y: Int, phase: PixelPosition, extend: ExtendModes) -> [Int] {
    guard let sx = ResampleReference.extended(x - phase.x, extent: tile.width, extend.horizontal),
      let sy = ResampleReference.extended(y - phase.y, extent: tile.height, extend.vertical)
    else { return [0, 0, 0, 0] }
    return CompositeReference.read(tile.rowAddress(sy) + sx * 4)
  }

  @Test("unscaled fills from whole-pixel phases are exact copies and exact source-over", arguments: [1, 2, 3])
  func unscaledIsExact(threads: Int) throws {
    var rng = SeededGenerator(seed: 0x7111E &+ UInt64(threads))
    for trial in 0..<60 {
      // Every third tile is 64 pixels or wider: its rows are composited one repetition at a
      // time (RepeatingRow) instead of assembled.
      let tileSize = PixelSize(
        width: trial % 3 == 0 ? .random(in: 64...90, using: &rng) : .random(in: 1...19, using: &rng),
        height: .random(in: 1...7, using: &rng))
      var tile = try RandomPixels.buffer(width: tileSize.width, height: tileSize.height, format: .rgba8Premultiplied, &rng)
      if trial % 4 == 0 { RandomPixels.makeOpaque(&tile) }
      let extend = ExtendModes(
        horizontal: Self.extendModes[trial % 4], vertical: Self.extendModes[.random(in: 0..<4, using: &rng)])
      let phase = PixelPosition(x: .random(in: -300...300, using: &rng), y: .random(in: -90...90, using: &rng))
      let size = PixelSize(width: .random(in: 1...200, using: &rng), height: .random(in: 1...12, using: &rng))
      let rect = PixelRect(
        x: .random(in: -5...size.width, using: &rng), y: .random(in: -3...size.height, using: &rng),
        width: .random(in: 0...size.width + 5, using: &rng), height: .random(in: 0...size.height + 3, using: &rng))
      let mode: BlendMode = trial % 2 == 0 ? .copy : .normal
      let before = try RandomPixels.buffer(width: size.width, height: size.height, format: .rgba8Premultiplied, &rng)
      var after = before
      let pattern = try ImagePattern(tile, extend: extend)
      try after.withMutableView { view in
        _ = try Compositor.fill(
          PointRect(x: Double(rect.x), y: Double(rect.y), width: Double(rect.width), height: Double(rect.height)),
          of: view, with: PatternFill(pattern, phase: PointPosition(x: Double(phase.x), y: Double(phase.y))),
          options: CompositeOptions(blendMode: mode, parallelism: try .threads(threads)))
      }
      try tile.withView { tileView in
        try before.withView { old in
          try after.withView { new in
            for y in 0..<size.height {
              for x in 0..<size.width {
                let was = CompositeReference.read(old.rowAddress(y) + x * 4)
                let got = CompositeReference.read(new.rowAddress(y) + x * 4)
                let inside = x >= rect.x && x < rect.x + rect.width && y >= rect.y && y < rect.y + rect.height
                guard inside else {
                  #expect(got == was, "trial \(trial): (\(x), \(y)) outside the rect changed")
                  continue
                }
                let source = Self.tilePixel(tileView, x: x, y: y, phase: phase, extend: extend)
                let expected = mode == .copy ? source : CompositeReference.sourceOver8(source: source, destination: was)
                try #require(got == expected, "trial \(trial) \(mode) \(extend) phase \(phase): (\(x), \(y))")
              }
            }
          }
        }
      }
    }
  }

  /// (tile extent, ratio) pairs: whole periods (prepared tiles), periods that are not whole
  /// (resampled straight onto the destination), reductions and the identity.
  static let scaledGeometries: [(width: Int, height: Int, ratio: Double)] = [
    (8, 6, 1.5), (6, 4, 0.5), (5, 3, 2), (9, 6, 1.0 / 3.0), (7, 5, 1.37), (10, 4, 0.8), (4, 4, 1), (3, 2, 2.5),
  ]

  @Test(
    "resampled fills are within 1 of the convolution of the extended tile",
    arguments: [ResamplingFilter.bilinear, .nearest, .bicubic, .box])
  func resampledMatchesConvolution(_ filter: ResamplingFilter) throws {
    var rng = SeededGenerator(seed: 0x5CA1 &+ UInt64(ResamplingFilter.allFilters.firstIndex(of: filter)!))
    for (trial, geometry) in (Self.scaledGeometries + Self.scaledGeometries).enumerated() {
      let tileScale = [1.0, 2, 3][trial % 3]
      var tile = try RandomPixels.buffer(
        width: geometry.width, height: geometry.height, format: .rgba8Premultiplied, &rng)
      try tile.setScale(tileScale)
      let extend = ExtendModes(
        horizontal: Self.extendModes[trial % 4], vertical: Self.extendModes[(trial / 4 + trial) % 4])
      let scale = tileScale * geometry.ratio
      // Fractional and negative phases, in points. Nearest and box pick one pixel by `floor`, so
      // a sample exactly on a pixel boundary may go either way by rounding; those filters get
      // phases whose samples stay off the boundaries.
      let offBoundary = filter == .nearest || filter == .box ? 0.0137 : 0
      let phase = PointPosition(
        x: Double.random(in: -40...40, using: &rng).rounded() / 4 + offBoundary,
        y: Double.random(in: -20...20, using: &rng).rounded() / 3 + offBoundary)
      let size = PixelSize(width: .random(in: 20...60, using: &rng), height: .random(in: 5...14, using: &rng))
      var output = try PixelBuffer(width: size.width, height: size.height, format: .rgba8Premultiplied)
      try output.withMutableView { view in
        _ = try Compositor.fill(
          of: view, scale: scale, with: PatternFill(try ImagePattern(tile, extend: extend, filter: filter), phase: phase),
          options: CompositeOptions(blendMode: .copy))
      }
      let ratio = geometry.ratio
      // Destination pixel i samples (i + 0.5 - phase × scale) / ratio: a destination rect of
      // 1000 pixels at 0 over a source rect of 1000 / ratio pixels starting at -phase × scale / ratio.
      let sourceRect = FractionalPixelRect(
        x: -phase.x * scale / ratio, y: -phase.y * scale / ratio, width: 1000 / ratio, height: 1000 / ratio)
      let destinationRect = FractionalPixelRect(x: 0, y: 0, width: 1000, height: 1000)
      try tile.withView { tileView in
        try output.withView { view in
          for y in 0..<size.height {
            for x in 0..<size.width {
              let expected = ResampleReference.pixel(
                tileView, sourceRect: sourceRect, destinationRect: destinationRect, filter: filter, x: x, y: y,
                extend: extend)
              let got = CompositeReference.read(view.rowAddress(y) + x * 4)
              let off = (0..<4).map { abs(Double(got[$0]) - expected[$0]) }.max()!
              try #require(
                off <= 1.0 + 1e-9,
                "trial \(trial) ratio \(ratio) \(extend) phase \(phase): (\(x), \(y)) got \(got) expected \(expected)")
            }
          }
        }
      }
    }
  }

  @Test("the plan: unscaled, a prepared tile for whole periods, resampled otherwise")
  func planChoice() {
    let area = PixelRect(x: 0, y: 0, width: 100, height: 100)
    func axis(_ extent: Int, _ scale: Double, _ origin: Double, _ extend: ExtendMode = .repeat) -> PatternAxis {
      PatternAxis(extent: extent, scale: scale, origin: origin, extend: extend)
    }
    #expect(
      PatternPlan(horizontal: axis(64, 1, -3), vertical: axis(64, 1, 5), filter: .bilinear, area: area)
        == .unscaled(at: PixelPosition(x: -3, y: 5)))
    // 64 pixels at @2x on @3x: a 96-pixel period, from phase 0.
    #expect(
      PatternPlan(horizontal: axis(64, 1.5, 0), vertical: axis(64, 1.5, 0), filter: .bilinear, area: area)
        == .prepared(
          horizontal: .init(origin: 0, length: 96, sourceStart: 0, tileExtend: .repeat),
          vertical: .init(origin: 0, length: 96, sourceStart: 0, tileExtend: .repeat)))
    // Phase -17.5: the period starts at pixel -18, half a pixel before the tile.
    #expect(
      PatternPlan(horizontal: axis(64, 1, -17.5), vertical: axis(64, 1, -33), filter: .bilinear, area: area)
        == .prepared(
          horizontal: .init(origin: -18, length: 64, sourceStart: -0.5, tileExtend: .repeat),
          vertical: .init(origin: -33, length: 64, sourceStart: 0, tileExtend: .repeat)))
    // Reflect: two periods, the image and its mirror.
    #expect(
      PatternPlan(horizontal: axis(10, 1, 0, .reflect), vertical: axis(10, 1, 0), filter: .bilinear, area: area)
        == .prepared(
          horizontal: .init(origin: 0, length: 20, sourceStart: 0, tileExtend: .repeat),
          vertical: .init(origin: 0, length: 10, sourceStart: 0, tileExtend: .repeat)))
    // A period of 64 × 1.37 = 87.68 pixels does not repeat on the grid.
    #expect(PatternPlan(horizontal: axis(64, 1.37, 0), vertical: axis(64, 1, 0), filter: .bilinear, area: area) == .resampled)
    // Clamped on both axes: nothing repeats, so nothing is worth preparing.
    #expect(
      PatternPlan(horizontal: axis(64, 2, 0, .clamp), vertical: axis(64, 2, 0, .clamp), filter: .bilinear, area: area)
        == .resampled)
    // Clamped along one axis: the image's span plus the filter's reach (1 × 2 pixels + 1).
    #expect(
      PatternPlan(horizontal: axis(8, 2, 0.25, .clamp), vertical: axis(8, 1, 0), filter: .bilinear, area: area)
        == .prepared(
          horizontal: .init(origin: -3, length: 17 + 6, sourceStart: -3.25 / 2, tileExtend: .clamp),
          vertical: .init(origin: 0, length: 8, sourceStart: 0, tileExtend: .repeat)))
  }

  /// At the destination's scale from a whole phase a pattern is its tile's pixels repeated,
  /// whatever the filter. A reflected one goes through a prepared tile, which was resampled at
  /// scale 1: Mitchell (B = C = 1/3) weighs whole-pixel neighbours 1/18 and blurred a 2x1 tile
  /// [0, 255] to [14, 241, 241, 14].
  @Test("a reflected pattern at scale 1 from a whole phase is its pixels mirrored, with every filter", arguments: [
    ResamplingFilter.mitchell, .bilinear, .bicubic, .lanczos3, .box, .nearest,
  ])
  func reflectedUnscaledIsExact(_ filter: ResamplingFilter) throws {
    var tile = try PixelBuffer(width: 2, height: 1, format: .rgba8Premultiplied)
    tile.withMutableView { view in
      view.rowAddress(0).storeBytes(of: UInt32(0xFF00_0000), as: UInt32.self)
      view.rowAddress(0).storeBytes(of: UInt32.max, toByteOffset: 4, as: UInt32.self)
    }
    var output = try PixelBuffer(width: 9, height: 2, format: .rgba8Premultiplied)
    try output.withMutableView { view in
      let pattern = try ImagePattern(tile, extend: ExtendModes(horizontal: .reflect, vertical: .repeat), filter: filter)
      _ = try Compositor.fill(
        of: view, with: PatternFill(pattern, phase: PointPosition(x: 3, y: 0)), options: CompositeOptions(blendMode: .copy))
    }
    // Phase 3: pixel x shows tile position x - 3 of the reflected period [0, 255, 255, 0].
    let expected: [UInt8] = (0..<9).map { x in [0, 255, 255, 0][((x - 3) % 4 + 4) % 4] }
    let red = stride(from: 0, to: 36, by: 4).map { output.packedBytes()[$0] }
    #expect(red == expected, "\(filter)")
  }

  /// A prepared tile may be as large as the area; sixteen area-sized tiles of a 4K fill at
  /// changing sub-pixel phases would stay as long as the pattern. The cache keeps at most
  /// ``PreparedTileCache/maximumBytes``, and a tile over it on its own is used but not kept.
  @Test("the prepared-tile cache stays within its byte budget")
  func tileCacheByteBudget() throws {
    let cache = PreparedTileCache()
    func key(_ phase: Double) -> PreparedTileCache.Key {
      let axis = PatternAxis(extent: 64, scale: 1.5, origin: phase, extend: .repeat)
      let prepared = PatternAxis.Prepared(origin: 0, length: 96, sourceStart: 0, tileExtend: .repeat)
      return .init(
        part: PixelRect(x: 0, y: 0, width: 64, height: 64), horizontal: .init(axis, prepared),
        vertical: .init(axis, prepared), filter: .bilinear)
    }
    let side = 2048  // 16 MiB a tile
    for phase in 0..<10 {
      _ = try cache.tile(for: key(Double(phase) / 16)) { () throws(PixelError) in
        try PixelBuffer(width: side, height: side, format: .rgba8Premultiplied)
      }
    }
    #expect(cache.count == PreparedTileCache.maximumBytes / (side * side * 4))
    var made = 0
    _ = try cache.tile(for: key(0.9)) { () throws(PixelError) in
      made += 1
      return try PixelBuffer(width: 4200, height: 4200, format: .rgba8Premultiplied)  // 70.6 MB
    }
    _ = try cache.tile(for: key(0.9)) { () throws(PixelError) in
      made += 1
      return try PixelBuffer(width: 4200, height: 4200, format: .rgba8Premultiplied)
    }
    #expect(made == 2, "a tile over the budget was kept")
  }

  @Test("the same pixels for any thread count and band split")
  func threadCountsAgree() throws {
    var tile = try RandomPixels.buffer(width: 13, height: 9, format: .rgba8Premultiplied, seed: 0xBA5D)
    try tile.setScale(2)
    var results: [PixelBuffer] = []
    for threads in [1, 2, 3, 5] {
      var output = try RandomPixels.buffer(width: 301, height: 157, format: .rgba8Premultiplied, seed: 0xDE57)
      try output.withMutableView { view in
        let fill = PatternFill(
          try ImagePattern(tile, extend: ExtendModes(horizontal: .reflect, vertical: .repeat)),
          phase: PointPosition(x: -3.3, y: 7.25))
        _ = try Compositor.fill(of: view, scale: 3, with: fill, options: CompositeOptions(parallelism: try .threads(threads)))
      }
      results.append(output)
    }
    for result in results.dropFirst() { #expect(result == results[0]) }
  }

  @Test("a prepared tile is made once and reused; another sub-pixel phase makes another")
  func preparedTilesAreCached() throws {
    var tile = try RandomPixels.buffer(width: 16, height: 16, format: .rgba8Premultiplied, seed: 0xCAC4E)
    try tile.setScale(2)
    let pattern = try ImagePattern(tile)
    var output = try PixelBuffer(width: 200, height: 100, format: .rgba8Premultiplied)
    try output.withMutableView { view in
      for _ in 0..<3 { _ = try Compositor.fill(of: view, scale: 3, with: PatternFill(pattern)) }
      #expect(pattern.tiles.count == 1)
      // A whole-pixel shift (1/3 point at @3x) is the same tile, moved.
      _ = try Compositor.fill(of: view, scale: 3, with: PatternFill(pattern, phase: PointPosition(x: 1.0 / 3, y: 0)))
      #expect(pattern.tiles.count == 1)
      _ = try Compositor.fill(of: view, scale: 3, with: PatternFill(pattern, phase: PointPosition(x: 0.25, y: 0)))
      #expect(pattern.tiles.count == 2)
    }
  }

  @Test("one pattern filled from several threads at once prepares and shares its tiles safely")
  func concurrentFills() throws {
    var tile = try RandomPixels.buffer(width: 12, height: 10, format: .rgba8Premultiplied, seed: 0xC0C0)
    try tile.setScale(2)
    let pattern = try ImagePattern(tile)
    let phases = (0..<8).map { PointPosition(x: Double($0) * 0.3, y: -Double($0) * 0.7) }
    @Sendable func fill(_ phase: PointPosition) throws -> PixelBuffer {
      var output = try PixelBuffer(width: 90, height: 40, format: .rgba8Premultiplied)
      try output.withMutableView { _ = try Compositor.fill(of: $0, scale: 3, with: PatternFill(pattern, phase: phase), options: CompositeOptions(parallelism: .serial)) }
      return output
    }
    let serial = try phases.map { try fill($0) }
    // `Locked` (a pthread lock, which ThreadSanitizer sees; Synchronization's `Mutex` it does not
    // on Linux, and it reported this dictionary's writes as a race once in CI).
    let results = Locked<[Int: PixelBuffer]>([:])
    DispatchQueue.concurrentPerform(iterations: 32) { index in
      let output = try? fill(phases[index % phases.count])
      results.withLock { $0[index] = output }
    }
    let concurrent = results.withLock { $0 }
    for index in 0..<32 { #expect(concurrent[index] == serial[index % phases.count]) }
  }

  @Test("a BGRA tile onto an RGBA view gives the RGBA tile's pixels, swapped")
  func channelOrders() throws {
    let rgba = try RandomPixels.buffer(width: 7, height: 5, format: .rgba8Premultiplied, seed: 0x0BDE5)
    var bgra = try PixelBuffer(width: 7, height: 5, format: .bgra8Premultiplied)
    try rgba.withView { source in try bgra.withMutableView { try PixelConverter.convert(source, into: $0) } }
    for phase in [PointPosition(x: 2, y: -1), PointPosition(x: 0.5, y: 1.25)] {
      var fromRGBA = try PixelBuffer(width: 40, height: 12, format: .rgba8Premultiplied)
      var fromBGRA = fromRGBA
      try fromRGBA.withMutableView { _ = try Compositor.fill(of: $0, with: PatternFill(try ImagePattern(rgba), phase: phase)) }
      try fromBGRA.withMutableView { _ = try Compositor.fill(of: $0, with: PatternFill(try ImagePattern(bgra), phase: phase)) }
      #expect(fromRGBA == fromBGRA)
    }
  }

  @Test("opacity and a mask weigh the pattern as for any source", arguments: [5, 70])
  func opacityAndMask(tileWidth: Int) throws {
    var rng = SeededGenerator(seed: 0x0DAC &+ UInt64(tileWidth))
    let tile = try RandomPixels.buffer(width: tileWidth, height: 3, format: .rgba8Premultiplied, &rng)
    let before = try RandomPixels.buffer(width: 200, height: 9, format: .rgba8Premultiplied, &rng)
    let mask = try RandomPixels.buffer(width: 190, height: 6, format: .gray8, &rng)
    for mode in [BlendMode.normal, .multiply, .sourceIn] {
      var after = before
      try mask.withView { maskView in
        try after.withMutableView { view in
          _ = try Compositor.fill(
            PointRect(x: 4, y: 2, width: 190, height: 6), of: view,
            with: PatternFill(try ImagePattern(tile), phase: PointPosition(x: 1, y: 1)),
            options: CompositeOptions(blendMode: mode, opacity: 0.6, mask: maskView))
        }
      }
      tile.withView { tileView in
        mask.withView { maskView in
          before.withView { old in
            after.withView { new in
              for y in 2..<8 {
                for x in 4..<194 {
                  let source = Self.tilePixel(tileView, x: x, y: y, phase: PixelPosition(x: 1, y: 1), extend: ExtendModes(.repeat))
                  let coverage = Int(maskView.rowAddress(y - 2).load(fromByteOffset: x - 4, as: UInt8.self))
                  #expect(
                    CompositeReference.accepts(
                      CompositeReference.read(new.rowAddress(y) + x * 4), mode: mode, source: source,
                      destination: CompositeReference.read(old.rowAddress(y) + x * 4), opacity: 153, coverage: coverage),
                    "\(mode) (\(x), \(y))")
                }
              }
            }
          }
        }
      }
    }
  }

  @Test("bad geometry is a typed error")
  func badInput() throws {
    let tile = try PixelBuffer(width: 4, height: 4, format: .rgba8Premultiplied)
    var output = try PixelBuffer(width: 8, height: 8, format: .rgba8Premultiplied)
    try output.withMutableView { view in
      let pattern = try ImagePattern(tile)
      #expect(throws: PixelError.invalidScale(0)) { try Compositor.fill(of: view, scale: 0, with: PatternFill(pattern)) }
      #expect(throws: PixelError.invalidCoordinate(.infinity)) {
        try Compositor.fill(of: view, with: PatternFill(pattern, phase: PointPosition(x: .infinity, y: 0)))
      }
      #expect(throws: PixelError.invalidCoordinate(1e300)) {
        try Compositor.fill(of: view, with: PatternFill(pattern, phase: PointPosition(x: 0, y: 1e300)))
      }
    }
    // A phase far away but representable draws the same as a nearby one a whole number of
    // periods from it.
    let pattern = try ImagePattern(try RandomPixels.buffer(width: 4, height: 4, format: .rgba8Premultiplied, seed: 3))
    var far = try PixelBuffer(width: 8, height: 8, format: .rgba8Premultiplied)
    var near = far
    try far.withMutableView { _ = try Compositor.fill(of: $0, with: PatternFill(pattern, phase: PointPosition(x: 4e12 + 1, y: -4e12))) }
    try near.withMutableView { _ = try Compositor.fill(of: $0, with: PatternFill(pattern, phase: PointPosition(x: 1, y: 0))) }
    #expect(far == near)
    let gray = try PixelBuffer(width: 2, height: 2, format: .gray8)
    #expect(throws: PixelError.self) { try ImagePattern(gray) }
  }
}
