import PixelOpsTestSupport
import Testing

@testable import PixelOps

/// Layer contents drawn as the CALayer documents describe; expected pixels are derived by hand
/// from the layer's geometry.
@Suite("Layer contents rendering")
struct LayerContentsRendererTests {
  /// A `width`x`height` image with every pixel `color(x, y)`.
  static func image(width: Int, height: Int, _ color: (Int, Int) -> [UInt8]) throws -> PixelBuffer {
    var buffer = try PixelBuffer(width: width, height: height, format: .rgba8Premultiplied)
    buffer.withMutableView { view in
      for y in 0..<height {
        for x in 0..<width {
          for (c, value) in color(x, y).enumerated() {
            view.rowAddress(y).storeBytes(of: value, toByteOffset: x * 4 + c, as: UInt8.self)
          }
        }
      }
    }
    return buffer
  }

  static func pixel(_ buffer: PixelBuffer, _ x: Int, _ y: Int) -> [UInt8] {
    buffer.withView { view in (0..<4).map { view.rowAddress(y).load(fromByteOffset: x * 4 + $0, as: UInt8.self) } }
  }

  static let red: [UInt8] = [255, 0, 0, 255]
  static let green: [UInt8] = [0, 255, 0, 255]
  static let blue: [UInt8] = [0, 0, 255, 255]
  static let white: [UInt8] = [255, 255, 255, 255]
  static let clear: [UInt8] = [0, 0, 0, 0]

  @Test("contentsRect picks each sprite of a 2x2 sheet, with no bleeding from its neighbours", arguments: ContentsFilter.allCases)
  func spriteSheet(_ filter: ContentsFilter) throws {
    let sheet = try Self.image(width: 8, height: 8) { x, y in [[Self.red, Self.green], [Self.blue, Self.white]][y / 4][x / 4] }
    let sprites: [(UnitRect, [UInt8])] = [
      (UnitRect(x: 0, y: 0, width: 0.5, height: 0.5), Self.red), (UnitRect(x: 0.5, y: 0, width: 0.5, height: 0.5), Self.green),
      (UnitRect(x: 0, y: 0.5, width: 0.5, height: 0.5), Self.blue),
      (UnitRect(x: 0.5, y: 0.5, width: 0.5, height: 0.5), Self.white),
    ]
    for (rect, color) in sprites {
      let layer = ContentLayer(
        bounds: PointRect(x: 0, y: 0, width: 4, height: 4), contentsPixelSize: sheet.size, contentsRect: rect)
      var store = try PixelBuffer(width: 4, height: 4, format: .rgba8Premultiplied)
      try sheet.withView { image in
        try store.withMutableView { surface in
          try LayerContentsRenderer.draw(
            image, as: layer, onto: surface, minificationFilter: filter, magnificationFilter: filter)
        }
      }
      for y in 0..<4 {
        for x in 0..<4 { #expect(Self.pixel(store, x, y) == color, "\(filter) sprite \(rect) (\(x), \(y))") }
      }
    }
  }

  /// The Snowman example: a @2x image on a layer left at contentsScale 1 is drawn one image
  /// pixel per backing pixel, twice its intended size; with contentsScale 2 it is right.
  @Test("contentsScale: an @2x image with center gravity, mismatched and matched")
  func contentsScale() throws {
    let image = try Self.image(width: 4, height: 4) { x, y in (x + y) % 2 == 0 ? Self.red : Self.blue }
    // contentsScale 1: 8x8 pt bounds are 8x8 px; the image is 4 pt, centred at (2, 2).
    var store = try PixelBuffer(width: 8, height: 8, format: .rgba8Premultiplied)
    let mismatched = ContentLayer(
      bounds: PointRect(x: 0, y: 0, width: 8, height: 8), contentsPixelSize: image.size, contentsGravity: .center)
    try image.withView { i in try store.withMutableView { try LayerContentsRenderer.draw(i, as: mismatched, onto: $0) } }
    for y in 0..<8 {
      for x in 0..<8 {
        let inside = (2..<6).contains(x) && (2..<6).contains(y)
        #expect(Self.pixel(store, x, y) == (inside ? ((x + y) % 2 == 0 ? Self.red : Self.blue) : Self.clear), "(\(x), \(y))")
      }
    }
    // contentsScale 2: the backing store is 16x16 px, the image 2 pt = 4 px, centred at 3 pt = 6 px.
    var sharp = try PixelBuffer(width: 16, height: 16, format: .rgba8Premultiplied)
    var matched = mismatched
    matched.contentsScale = 2
    #expect(try ContentDrawPlan(layer: matched).backingStoreSize == sharp.size)
    try image.withView { i in try sharp.withMutableView { try LayerContentsRenderer.draw(i, as: matched, onto: $0) } }
    for y in 0..<16 {
      for x in 0..<16 {
        let inside = (6..<10).contains(x) && (6..<10).contains(y)
        #expect(Self.pixel(sharp, x, y) == (inside ? ((x + y) % 2 == 0 ? Self.red : Self.blue) : Self.clear), "(\(x), \(y))")
      }
    }
  }

  @Test("masksToBounds clips overflowing contents to the bounds; without it they overflow")
  func masksToBounds() throws {
    let image = try Self.image(width: 8, height: 8) { _, _ in Self.green }
    for masks in [false, true] {
      // A 4x4 layer at (6, 6) of a 20x20 surface; the 8x8 image centred overflows by 2 px.
      let layer = ContentLayer(
        bounds: PointRect(x: 0, y: 0, width: 4, height: 4), contentsPixelSize: image.size, contentsGravity: .center,
        masksToBounds: masks)
      var surface = try PixelBuffer(width: 20, height: 20, format: .rgba8Premultiplied)
      try image.withView { i in
        try surface.withMutableView {
          try LayerContentsRenderer.draw(i, as: layer, onto: $0, at: PixelPosition(x: 6, y: 6))
        }
      }
      let drawn = masks ? 6..<10 : 4..<12
      for y in 0..<20 {
        for x in 0..<20 {
          let expected = drawn.contains(x) && drawn.contains(y) ? Self.green : Self.clear
          #expect(Self.pixel(surface, x, y) == expected, "masks \(masks) (\(x), \(y))")
        }
      }
    }
  }

  @Test("magnification uses the magnification filter, reduction the minification filter")
  func filterChoice() throws {
    let checker = try Self.image(width: 4, height: 4) { x, y in (x + y) % 2 == 0 ? Self.white : Self.clear }
    // Enlarged 2x with nearest: exact 2x2 blocks; the minification filter does not matter.
    let large = ContentLayer(bounds: PointRect(x: 0, y: 0, width: 8, height: 8), contentsPixelSize: checker.size)
    var store = try PixelBuffer(width: 8, height: 8, format: .rgba8Premultiplied)
    try checker.withView { i in
      try store.withMutableView {
        try LayerContentsRenderer.draw(i, as: large, onto: $0, minificationFilter: .linear, magnificationFilter: .nearest)
      }
    }
    for y in 0..<8 {
      for x in 0..<8 { #expect(Self.pixel(store, x, y) == ((x / 2 + y / 2) % 2 == 0 ? Self.white : Self.clear)) }
    }
    // Reduced to 2x2. Nearest: destination pixel x samples source 2x + 1, and (2x + 1) + (2y + 1)
    // is even, so every sample is white: the checker aliases to solid white. Linear: the
    // triangle widens to 2 source pixels; destination 0 is centred at 1.0 with taps at centres
    // -0.5 (clamped to pixel 0), 0.5, 1.5, 2.5 weighing 1/4, 3/4, 3/4, 1/4 (sum 2), so per axis
    // pixels 0...3 weigh [1/2, 3/8, 1/8, 0], and destination 1 mirrors that. Summing the weights
    // of white pixels ((x + y) even): 0.53125 at (0, 0) and (1, 1), 0.46875 elsewhere; times 255:
    // 135.5 -> 135 (135.47) and 119.5 -> 120 (119.53).
    let small = ContentLayer(bounds: PointRect(x: 0, y: 0, width: 2, height: 2), contentsPixelSize: checker.size)
    for filter in [ContentsFilter.linear, .nearest] {
      var reduced = try PixelBuffer(width: 2, height: 2, format: .rgba8Premultiplied)
      try checker.withView { i in
        try reduced.withMutableView {
          try LayerContentsRenderer.draw(i, as: small, onto: $0, minificationFilter: filter, magnificationFilter: .nearest)
        }
      }
      for y in 0..<2 {
        for x in 0..<2 {
          let linear = [UInt8](repeating: x == y ? 135 : 120, count: 4)
          #expect(Self.pixel(reduced, x, y) == (filter == .nearest ? Self.white : linear), "\(filter) (\(x), \(y))")
        }
      }
    }
  }

  @Test("trilinear minification draws from the mipmap chain")
  func trilinear() throws {
    var rng = SeededGenerator(seed: 99)
    let image = try RandomPixels.buffer(width: 30, height: 20, format: .rgba8Premultiplied, &rng)
    let chain = try image.withView { try MipmapChain($0) }
    let layer = ContentLayer(
      bounds: PointRect(x: 0, y: 0, width: 11, height: 7), contentsPixelSize: image.size, contentsGravity: .resizeAspect)
    var viaLayer = try PixelBuffer(width: 11, height: 7, format: .rgba8Premultiplied)
    var direct = viaLayer
    try image.withView { i in
      try viaLayer.withMutableView {
        try LayerContentsRenderer.draw(i, as: layer, onto: $0, minificationFilter: .trilinear, mipmaps: chain)
      }
    }
    let plan = try ContentDrawPlan(layer: layer)
    try direct.withMutableView { try Compositor.draw(chain, from: plan.sourceRect, in: plan.destinationRect, onto: $0) }
    #expect(viaLayer.packedBytes() == direct.packedBytes())
    // Without a chain the renderer builds one: the same pixels.
    var built = try PixelBuffer(width: 11, height: 7, format: .rgba8Premultiplied)
    try image.withView { i in
      try built.withMutableView { try LayerContentsRenderer.draw(i, as: layer, onto: $0, minificationFilter: .trilinear) }
    }
    #expect(built.packedBytes() == direct.packedBytes())
  }

  @Test("an image of the wrong size is a typed error")
  func sizeMismatch() throws {
    let image = try PixelBuffer(width: 3, height: 3, format: .rgba8Premultiplied)
    var store = try PixelBuffer(width: 4, height: 4, format: .rgba8Premultiplied)
    let layer = ContentLayer(
      bounds: PointRect(x: 0, y: 0, width: 4, height: 4), contentsPixelSize: PixelSize(width: 4, height: 4))
    _ = image.withView { i in
      store.withMutableView { s in
        #expect(throws: PixelError.sizeMismatch(PixelSize(width: 3, height: 3), PixelSize(width: 4, height: 4))) {
          try LayerContentsRenderer.draw(i, as: layer, onto: s)
        }
      }
    }
  }

  @Test("hostile geometry: extreme origins draw nothing, non-finite layers and rects are typed errors")
  func hostileGeometry() throws {
    let image = try Self.image(width: 4, height: 4) { _, _ in Self.red }
    let chain = try image.withView { try MipmapChain($0) }
    var surface = try PixelBuffer(width: 8, height: 8, format: .rgba8Premultiplied)
    let layer = ContentLayer(bounds: PointRect(x: 0, y: 0, width: 4, height: 4), contentsPixelSize: image.size)
    try image.withView { i in
      try surface.withMutableView { s in
        for origin in [PixelPosition(x: .min, y: .min), PixelPosition(x: .max, y: .max), PixelPosition(x: .min, y: 3)] {
          try LayerContentsRenderer.draw(i, as: layer, onto: s, at: origin, minificationFilter: .trilinear)
        }
        var broken = layer
        broken.bounds = PointRect(x: 0, y: 0, width: .nan, height: 4)
        #expect {
          try LayerContentsRenderer.draw(i, as: broken, onto: s)
        } throws: { ($0 as? PixelError)?.invalidCoordinateValue?.isNaN == true }
        broken = layer
        broken.contentsScale = 0
        #expect(throws: PixelError.invalidScale(0)) { try LayerContentsRenderer.draw(i, as: broken, onto: s) }
        // Non-finite, beyond ±2^52, or a destination of negative size: invalidCoordinate (the
        // value it carries is documented only for non-finite input).
        let badRects: [(FractionalPixelRect, (Double) -> Bool)] = [
          (FractionalPixelRect(x: .nan, y: 0, width: 4, height: 4), { $0.isNaN }),
          (FractionalPixelRect(x: 0, y: 0, width: .infinity, height: 4), { $0.isInfinite }),
          (FractionalPixelRect(x: 0, y: 0, width: -3, height: 4), { _ in true }),
          (FractionalPixelRect(x: 1e300, y: 0, width: 4, height: 4), { _ in true }),
        ]
        for (rect, value) in badRects {
          #expect {
            try Compositor.draw(i, in: rect, onto: s, filter: .lanczos3)
          } throws: { ($0 as? PixelError)?.invalidCoordinateValue.map(value) == true }
          #expect {
            try Compositor.draw(chain, in: rect, onto: s)
          } throws: { ($0 as? PixelError)?.invalidCoordinateValue.map(value) == true }
        }
        // A reduction to a sliver and an enormous enlargement are bounded work, not traps.
        try Compositor.draw(chain, in: FractionalPixelRect(x: 0, y: 0, width: 1e-9, height: 1e-9), onto: s)
        try Compositor.draw(i, in: FractionalPixelRect(x: -1e9, y: -1e9, width: 2e9, height: 2e9), onto: s, filter: .bicubic)
      }
    }
    #expect(surface.packedBytes().allSatisfy { $0 == 0 || $0 == 255 })
  }
}
