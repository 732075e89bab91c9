import Foundation
import PixelOps
import PixelOpsIO
import Testing

/// The README's tour, run as written (paths aside), so the first code a user copies works.
@Suite("README tour")
struct ReadmeTourTests {
  @Test("load a PNG, crop a view, convert, save, read back")
  func tour() throws {
    let directory = try TemporaryDirectory()
    let photoPath = TestData.path("png/pngsuite/PngSuite.png")  // 256x256 RGB

    // --- as in README.md ---
    let image = try PNG.read(contentsOf: photoPath)
    try image.withView { view in
      let face = try view.cropped(to: PixelRect(x: 40, y: 30, width: 128, height: 128))
      var bgra = try PixelBuffer(width: face.width, height: face.height, format: .bgra8Premultiplied)
      try bgra.withMutableView { try PixelConverter.convert(face, into: $0) }
      try bgra.withView { try PNG.write($0, to: directory.path("face.png")) }
    }
    // ---

    let saved = try PNG.read(contentsOf: directory.path("face.png"))
    let expected = try image.withView {
      try PixelBuffer(copying: $0.cropped(to: PixelRect(x: 40, y: 30, width: 128, height: 128)))
    }
    #expect(saved == expected)
    // The same pixels from the independent decode (pypng) in expected/: rows 30..<158, columns 40..<168.
    let reference = try TestData.expectedBytes("png__pngsuite__PngSuite.png.rgba8")
    var referenceCrop: [UInt8] = []
    for y in 30..<158 { referenceCrop += reference[(y * 256 + 40) * 4..<(y * 256 + 168) * 4] }
    #expect(saved.packedBytes() == referenceCrop)
    #expect(
      try PointRect(x: 0.5, y: 0, width: 10, height: 10).pixelRect(scale: 2) == PixelRect(x: 1, y: 0, width: 20, height: 20))
    #expect(
      try PixelBuffer(width: 200, height: 100, format: .rgba8Premultiplied, scale: 2).pointSize
        == PointSize(width: 100, height: 50))
  }

  @Test("the README's caller-memory lines: a BGRA frame filled and drawn on natively")
  func callerMemory() throws {
    let memory = UnsafeMutableRawPointer.allocate(byteCount: 7680 * 1080, alignment: 64)
    defer { memory.deallocate() }
    memory.initializeMemory(as: UInt8.self, repeating: 0, count: 7680 * 1080)
    let pointer = memory
    let logoBuffer = try PNG.read(contentsOf: TestData.path("png/pngsuite/basn6a08.png"))  // 32x32 RGBA
    try logoBuffer.withView { logo in
      // --- as in README.md ---
      let frame = try MutablePixelView(unsafeBaseAddress: pointer, width: 1920, height: 1080,
                                       rowBytes: 7680, format: .bgra8Premultiplied)
      try Compositor.fill(PixelRect(x: 0, y: 0, width: 1920, height: 80), of: frame,     // colours are given as RGBA
                          with: PremultipliedColor(red: 1, green: 0, blue: 0, alpha: 0.6))
      try Compositor.draw(logo, onto: frame, at: PixelPosition(x: 24, y: 16))            // an RGBA logo onto BGRA
      // ---
    }
    func bytes(_ x: Int, _ y: Int) -> [Int] {
      (0..<4).map { Int(pointer.load(fromByteOffset: y * 7680 + x * 4 + $0, as: UInt8.self)) }
    }
    // By hand: red at alpha round(0.6 * 255) = 153, premultiplied (153, 0, 0, 153), stored B, G, R, A.
    #expect(bytes(0, 0) == [0, 0, 153, 153])
    #expect(bytes(1919, 79) == [0, 0, 153, 153])
    #expect(bytes(0, 80) == [0, 0, 0, 0])
    // The logo over the fill, per RGBA channel s + round(d (255 - sa) / 255), then stored as BGRA.
    let logo = logoBuffer.packedBytes()
    for (x, y) in [(0, 0), (5, 7), (31, 31), (17, 20)] {
      let s = (0..<4).map { Int(logo[(y * 32 + x) * 4 + $0]) }
      let d = [153, 0, 0, 153]
      let over = (0..<4).map { s[$0] + (2 * d[$0] * (255 - s[3]) + 255) / 510 }
      #expect(bytes(24 + x, 16 + y) == [over[2], over[1], over[0], over[3]], "logo pixel (\(x), \(y))")
    }
  }

  @Test("the README's opacity lines: a watermarked opaque photo stays opaque and is written as RGB")
  func opacityKept() throws {
    let directory = try TemporaryDirectory()
    var photo = try PNG.read(contentsOf: TestData.path("png/pngsuite/basn2c08.png"))  // 32x32 RGB: known opaque
    let watermarkBuffer = try PNG.read(contentsOf: TestData.path("png/pngsuite/basn6a08.png"))  // translucent
    #expect(photo.isKnownOpaque)
    try watermarkBuffer.withView { watermark in
      // --- as in README.md ---
      try photo.draw { canvas in
        try Compositor.draw(watermark, onto: canvas, at: PixelPosition(x: 20, y: 20),
                            options: CompositeOptions(opacity: 0.6))
      }
      try photo.writePNG(to: directory.path("marked.png"))   // photo.isKnownOpaque is still true: written as RGB
      // ---
    }
    #expect(photo.isKnownOpaque)
    let written = try FileBytes.read(atPath: directory.path("marked.png"))
    #expect(written[25] == 2)  // IHDR colour type: RGB
    #expect(try PNG.read(contentsOf: directory.path("marked.png")) == photo)
  }

  @Test("the compositing lines of the README compile and draw")
  func compositing() throws {
    var canvasBuffer = try PixelBuffer(width: 64, height: 64, format: .rgba8Premultiplied)
    let iconBuffer = try PNG.read(contentsOf: TestData.path("png/pngsuite/basn6a08.png"))  // 32x32 RGBA
    try iconBuffer.withView { icon in
      try canvasBuffer.withMutableView { canvas in
        let glyph = icon
        // --- as in README.md ---
        try Compositor.draw(
          icon, onto: canvas, at: PixelPosition(x: -8, y: 20),  // clipped
          options: CompositeOptions(blendMode: .normal, opacity: 0.5))
        try Compositor.fill(
          PixelRect(x: 0, y: 0, width: 64, height: 64), of: canvas,
          with: PremultipliedColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 0.5))
        try Compositor.drawTemplate(glyph, tint: .black, onto: canvas, at: .zero)  // .alwaysTemplate
        // ---
      }
    }
    // Expected values by hand from DESIGN.md's arithmetic ("round" is half up):
    // fill colour (0.2, 0.4, 0.8, 0.5) -> bytes (51, 102, 204, 128) -> premultiplied
    // round(c * 128 / 255) = (26, 51, 102, 128); over transparent it is stored as is.
    let fill: [UInt8] = [26, 51, 102, 128]
    #expect(Self.pixel(canvasBuffer, 40, 5) == fill)  // only the fill
    #expect(Self.pixel(canvasBuffer, 0, 5) == fill)  // template glyph alpha 0 there: untouched
    // Icon pixel (31, 20), opaque (3, 255, 127, 255), at opacity round(0.5 * 255) = 128 lands on
    // (23, 40): round(s * 128 / 255) = (2, 128, 64, 128); the fill over it adds
    // round(d * 127 / 255) = (1, 64, 32, 64) to the fill colour.
    #expect(Self.pixel(canvasBuffer, 23, 40) == [27, 115, 134, 192])
    // Template (black, coverage = glyph alpha) at (31, 5), alpha 255: opaque black.
    #expect(Self.pixel(canvasBuffer, 31, 5) == [0, 0, 0, 255])
    // At (16, 5) the glyph's alpha is 131 (expected/ file): black at 131 over the fill,
    // (0, 0, 0, 131) + round(fill * 124 / 255) = (13, 25, 50, 62 + 131).
    #expect(Self.pixel(canvasBuffer, 16, 5) == [13, 25, 50, 193])
  }

  @Test("the scaling and layer lines of the README compile and draw")
  func scalingAndLayers() throws {
    let photoBuffer = try PNG.read(contentsOf: TestData.path("png/pngsuite/basn6a08.png"))  // 32x32 RGBA
    var thumbnailBuffer = try PixelBuffer(width: 12, height: 12, format: .rgba8Premultiplied)
    var canvasBuffer = try PixelBuffer(width: 64, height: 64, format: .rgba8Premultiplied)
    var backingStore: PixelBuffer?
    try photoBuffer.withView { photo in
      try thumbnailBuffer.withMutableView { thumbnail in
        try canvasBuffer.withMutableView { canvas in
          // --- as in README.md ---
          try Resampler.resample(photo, onto: thumbnail, filter: .lanczos3)  // whole image to whole view
          try Compositor.draw(
            photo, in: FractionalPixelRect(x: 8.5, y: 4, width: 40, height: 30),
            onto: canvas, filter: .bicubic, options: CompositeOptions(opacity: 0.8))  // scaled + composited, one pass

          // A UIImageView: the image aspect-fit in a 32x24 pt view on a @2x screen, over a background.
          let layer = ContentLayer.imageView(
            bounds: PointRect(x: 0, y: 0, width: 32, height: 24), image: photoBuffer,
            contentMode: .scaleAspectFit, screenScale: 2, clipsToBounds: true)
          var store = try PixelBuffer(width: 64, height: 48, format: .rgba8Premultiplied)  // bounds x screen scale
          try store.withMutableView { backing in
            try ImageViewTransparency.render(
              photo, as: layer, appearance: ImageViewAppearance(backgroundColor: .white),
              into: backing)
          }
          // ---
          backingStore = store
        }
      }
    }
    let photo = try TestData.expectedBytes("png__pngsuite__basn6a08.png.rgba8")  // independent decode

    // The thumbnail: 32 -> 12 on both axes with Lanczos3, within 1 of the convolution in Double.
    let thumbnailAxis = ConvolutionReference.Axis(scale: 32.0 / 12.0, extent: 32)
    for (x, y) in [(6, 6), (2, 9), (0, 0), (11, 11)] {
      let reference = ConvolutionReference.pixel(
        photo, x: x, y: y, xAxis: thumbnailAxis, yAxis: thumbnailAxis, filter: ConvolutionReference.lanczos3)
      #expect(Self.isClose(Self.pixel(thumbnailBuffer, x, y), reference, within: 1), "thumbnail (\(x), \(y))")
    }

    // The fused draw: pixels whose centre lies in [8.5, 48.5) x [4, 34) are drawn, bicubic, then
    // scaled by opacity round(0.8 * 255) = 204 onto transparent; nothing else is touched.
    for (x, y) in [(7, 19), (48, 19), (28, 3), (28, 34), (60, 60)] {
      #expect(Self.pixel(canvasBuffer, x, y) == [0, 0, 0, 0], "canvas (\(x), \(y)) is outside the rect")
    }
    let canvasX = ConvolutionReference.Axis(destinationOrigin: 8.5, scale: 32.0 / 40.0, extent: 32)
    let canvasY = ConvolutionReference.Axis(destinationOrigin: 4, scale: 32.0 / 30.0, extent: 32)
    for (x, y) in [(28, 19), (8, 4), (47, 33), (40, 10)] {
      let resampled = ConvolutionReference.pixel(
        photo, x: x, y: y, xAxis: canvasX, yAxis: canvasY, filter: ConvolutionReference.bicubic)
      // Within 1 before the opacity, so within 0.8 + 0.5 after it.
      #expect(
        Self.isClose(Self.pixel(canvasBuffer, x, y), resampled.map { $0 * 204 / 255 }, within: 1.3), "canvas (\(x), \(y))")
    }

    // The image view: aspect fit of a 32x32 image in 64x48 px is 48x48 at x = 8, enlarged 1.5x
    // with bilinear (the default magnification filter), over white.
    let store = try #require(backingStore)
    for (x, y) in [(3, 10), (60, 20), (63, 47)] {
      #expect(Self.pixel(store, x, y) == [255, 255, 255, 255], "background at (\(x), \(y))")
    }
    // Column 8 samples source x = 1/3, row 0 source y = 1/3: both taps of each axis clamp to
    // pixel 0, so (8, 0) is source (0, 0), transparent: white. Likewise (55, 0) and (55, 47) are
    // source (31, 0) and (31, 31), opaque, exactly.
    #expect(Self.pixel(store, 8, 0) == [255, 255, 255, 255])
    #expect(Self.pixel(store, 55, 0) == [255, 0, 8, 255])
    #expect(Self.pixel(store, 55, 47) == [0, 32, 255, 255])
    // Inside: the bilinear sample over white, d = s + (255 - sa) per colour channel, alpha 255.
    let storeX = ConvolutionReference.Axis(destinationOrigin: 8, scale: 32.0 / 48.0, extent: 32)
    let storeY = ConvolutionReference.Axis(scale: 32.0 / 48.0, extent: 32)
    for (x, y) in [(30, 20), (20, 40)] {
      let sample = ConvolutionReference.pixel(
        photo, x: x, y: y, xAxis: storeX, yAxis: storeY, filter: ConvolutionReference.bilinear)
      let overWhite = sample.prefix(3).map { $0 + 255 - sample[3] } + [255]
      #expect(Self.isClose(Self.pixel(store, x, y), overWhite, within: 1), "image view (\(x), \(y))")
    }
  }

  @Test("the README's template-through-mask, extend and scaled-mask lines")
  func masksAndExtend() throws {
    var canvasBuffer = try PixelBuffer(width: 64, height: 64, format: .rgba8Premultiplied)
    let glyphBuffer = try PNG.read(contentsOf: TestData.path("png/pngsuite/basn6a08.png"))  // 32x32 RGBA
    let fadeBuffer = try Self.gray(width: 32, height: 32) { _, _ in 128 }
    // A 24x24 tile whose column x is (10 x, 0, 0, 255); a 96x36 strip.
    var tileBuffer = try PixelBuffer(width: 24, height: 24, format: .rgba8Premultiplied)
    tileBuffer.withMutableView { view in
      for y in 0..<24 {
        for x in 0..<24 {
          view.rowAddress(y).storeBytes(of: SIMD4<UInt8>(UInt8(x * 10), 0, 0, 255), toByteOffset: x * 4, as: SIMD4<UInt8>.self)
        }
      }
    }
    var stripBuffer = try PixelBuffer(width: 96, height: 36, format: .rgba8Premultiplied)
    try glyphBuffer.withView { glyph in
      try fadeBuffer.withView { fade in
        try canvasBuffer.withMutableView { canvas in
          // --- as in README.md ---
          try Compositor.drawTemplate(
            glyph, tint: .black, onto: canvas, at: .zero,
            options: CompositeOptions(mask: fade))  // coverages multiply
          // ---
        }
      }
    }
    // Coverage is round(glyph alpha * 128 / 255): alpha 255 at (31, 5) gives 128, alpha 131 at
    // (16, 5) gives round(65.76) = 66; black at that coverage over transparent.
    #expect(Self.pixel(canvasBuffer, 31, 5) == [0, 0, 0, 128])
    #expect(Self.pixel(canvasBuffer, 16, 5) == [0, 0, 0, 66])

    try tileBuffer.withView { tile in
      try stripBuffer.withMutableView { strip in
        // --- as in README.md ---
        try Resampler.resample(
          tile, from: FractionalPixelRect(x: -3.5, y: 0, width: 64, height: 24), onto: strip,
          in: FractionalPixelRect(x: 0, y: 0, width: 96, height: 36), filter: .bilinear,
          extend: ExtendModes(.repeat))
        // ---
      }
    }
    // Strip pixel i samples tile position -3.5 + (i + 0.5) * 64 / 96: i = 4 lands on the centre
    // of column -1, which repeats column 23; i = 7 on column 1; i = 43 on column 25, i.e. 1.
    // On a pixel centre the bilinear weights are 1 and 0.
    #expect(Self.pixel(stripBuffer, 4, 10) == [230, 0, 0, 255])
    #expect(Self.pixel(stripBuffer, 7, 10) == [10, 0, 0, 255])
    #expect(Self.pixel(stripBuffer, 43, 10) == [10, 0, 0, 255])

    // A vignette that covers the right half of the 40x30 covered pixels only.
    let vignetteBuffer = try Self.gray(width: 40, height: 30) { x, _ in x < 20 ? 0 : 255 }
    let before = try PixelBuffer(width: 64, height: 64, format: .rgba8Premultiplied)
    var masked = before
    var unmasked = before
    try tileBuffer.withView { photo in
      try vignetteBuffer.withView { vignette in
        try masked.withMutableView { canvas in
          // --- as in README.md ---
          try Compositor.draw(
            photo, in: FractionalPixelRect(x: 8.5, y: 4, width: 40, height: 30), onto: canvas,
            filter: .bicubic, options: CompositeOptions(mask: vignette))
          // ---
        }
      }
      try unmasked.withMutableView { canvas in
        try Compositor.draw(photo, in: FractionalPixelRect(x: 8.5, y: 4, width: 40, height: 30), onto: canvas, filter: .bicubic)
      }
    }
    // Covered pixels are columns 8..<48 and rows 4..<34; mask column m is canvas column 8 + m.
    for y in [4, 20, 33] {
      #expect(Self.pixel(masked, 27, y) == [0, 0, 0, 0])  // mask column 19: 0, untouched
      #expect(Self.pixel(masked, 28, y) == Self.pixel(unmasked, 28, y))  // mask column 20: 255
      #expect(Self.pixel(masked, 47, y) == Self.pixel(unmasked, 47, y))
      #expect(Self.pixel(masked, 47, y) != [0, 0, 0, 0])
      #expect(Self.pixel(masked, 48, y) == [0, 0, 0, 0])  // outside the rect
    }
  }

  /// A Gray8 buffer whose pixel `(x, y)` is `value(x, y)`.
  static func gray(width: Int, height: Int, _ value: (Int, Int) -> UInt8) throws -> PixelBuffer {
    var buffer = try PixelBuffer(width: width, height: height, format: .gray8)
    buffer.withMutableView { view in
      for y in 0..<height {
        for x in 0..<width { view.rowAddress(y).storeBytes(of: value(x, y), toByteOffset: x, as: UInt8.self) }
      }
    }
    return buffer
  }

  @Test("the README's gradient lines compile and draw what they say")
  func gradients() throws {
    var canvasBuffer = try PixelBuffer(width: 64, height: 64, format: .rgba8Premultiplied)
    try canvasBuffer.withMutableView { canvas in
      _ = try Compositor.fill(canvas.bounds, of: canvas, with: .white)
      // Core Graphics' orange-to-cyan diagonal (seed 004), straight colours, interpolated as CG does.
      let gradient = try Gradient(colors: [StraightColor(red: 1, green: 0.5, blue: 0),
                                           StraightColor(red: 0, green: 1, blue: 1)])
      try Compositor.fill(of: canvas, scale: 2,                                   // the whole view, @2x
                          with: GradientFill(gradient, shape: .linear(start: .zero, end: PointPosition(x: 32, y: 32))))
    }
    // The diagonal's ends: pixel (0, 0) at t = 1/128 (0.5/64 + 0.5/64 over 2 x 0.5), near orange;
    // pixel (63, 63) near cyan.
    #expect(Self.isClose(Self.pixel(canvasBuffer, 0, 0), [253.0, 128.5, 2.0, 255], within: 1.5))
    #expect(Self.isClose(Self.pixel(canvasBuffer, 63, 63), [2.0, 253.5, 253.0, 255], within: 1.5))
    try canvasBuffer.withMutableView { canvas in
      let gradient = try Gradient(colors: [StraightColor(red: 1, green: 0.5, blue: 0),
                                           StraightColor(red: 0, green: 1, blue: 1)])
      try Compositor.fill(PointRect(x: 0, y: 0, width: 16, height: 16), of: canvas, scale: 2,
                          with: GradientFill(gradient, shape: .radial(center: PointPosition(x: 8, y: 8), radius: 8),
                                             extend: .none, dithers: true),
                          options: CompositeOptions(blendMode: .multiply, opacity: 0.5))
      // A CAGradientLayer: top to bottom by default; .radial is an ellipse on a non-square layer.
      let banner = GradientLayer(bounds: PointRect(x: 0, y: 0, width: 32, height: 8),
                                 colors: [StraightColor(red: 0, green: 0, blue: 0, alpha: 0.6),
                                          StraightColor(red: 0, green: 0, blue: 0, alpha: 0)])
      try banner.draw(onto: canvas, scale: 2)
    }
    // Outside the radial's rect and below the banner: the diagonal alone. Pixel (40, 40) at
    // t = (40.5 + 40.5) / 128: straight mix of orange and cyan.
    let t = 81.0 / 128
    #expect(Self.isClose(Self.pixel(canvasBuffer, 40, 40), [255 * (1 - t), 255 * (0.5 + 0.5 * t), 255 * t, 255], within: 1))
    // The banner's top row darkens by about 0.6 (its first colour, alpha 0.6, near the top):
    // pixel (40, 0) of the diagonal, t = 41/128, times (1 - 0.6 * (1 - 0.5/16)).
    let top = 41.0 / 128
    let keep = 1 - 0.6 * (1 - 0.5 / 16)
    let expected = [255 * (1 - top) * keep, 255 * (0.5 + 0.5 * top) * keep, 255 * top * keep, 255]
    #expect(Self.isClose(Self.pixel(canvasBuffer, 40, 0), expected, within: 1.5))
  }

  @Test("the README's pattern and resizable-image lines draw what they say")
  func patternsAndResizableImages() throws {
    let directory = try TemporaryDirectory()
    // A 64x64 tile of distinct pixels, an opaque 96x48 @2x button, and an image set holding it.
    var bricks = try PixelBuffer(width: 64, height: 64, format: .rgba8Premultiplied)
    bricks.withMutableView { view in
      for y in 0..<64 { for x in 0..<64 { view.rowAddress(y).storeBytes(of: UInt32(x * 4 | y << 10) | 0xFF00_0000, toByteOffset: x * 4, as: UInt32.self) } }
    }
    var buttonImage = try PixelBuffer(width: 96, height: 48, format: .rgba8Premultiplied, scale: 2)
    buttonImage.withMutableView { view in
      for y in 0..<48 { for x in 0..<96 { view.rowAddress(y).storeBytes(of: UInt32(x | y << 8 | (x ^ y) << 16) | 0xFF00_0000, toByteOffset: x * 4, as: UInt32.self) } }
    }
    let imageSet = directory.path("Assets.xcassets/Slider.imageset")
    try FileManager.default.createDirectory(atPath: imageSet, withIntermediateDirectories: true)
    try buttonImage.writePNG(to: imageSet + "/slider@2x.png")
    try Data(
      #"{ "images" : [ { "idiom" : "universal", "filename" : "slider@2x.png", "scale" : "2x", "resizing" : { "mode" : "3-part-horizontal", "center" : { "mode" : "tile", "width" : 8 }, "cap-insets" : { "left" : 30, "right" : 30 } } } ] }"#
        .utf8
    ).write(to: URL(fileURLWithPath: imageSet + "/Contents.json"))

    var canvasBuffer = try PixelBuffer(width: 320, height: 100, format: .rgba8Premultiplied)
    try canvasBuffer.withMutableView { canvas in
      // A @2x tile repeated over the whole @3x view from a phase in points (.repeat, .reflect, .clamp
      // or .transparent per axis); 64 pixels at @2x span 96 pixels here.
      try bricks.setScale(2)
      let pattern = try ImagePattern(bricks, extend: ExtendModes(.repeat))
      try Compositor.fill(of: canvas, scale: 3, with: PatternFill(pattern, phase: PointPosition(x: -4.5, y: 0)))
    }
    // The pattern repeats every 96 pixels across and down, and is not one colour.
    for (x, y) in [(0, 0), (10, 3), (95, 50), (150, 3)] {
      #expect(Self.pixel(canvasBuffer, x, y) == Self.pixel(canvasBuffer, x + 96, y))
    }
    #expect(Self.pixel(canvasBuffer, 10, 3) == Self.pixel(canvasBuffer, 10, 99))
    #expect(Self.pixel(canvasBuffer, 10, 3) != Self.pixel(canvasBuffer, 40, 3))
    try canvasBuffer.withMutableView { canvas in
      // A button: caps of 10 and 20 points as they are, the middle stretched (or .tile) to 150x22 points.
      let button = try ResizableImage(buttonImage, capInsets: PointEdgeInsets(top: 10, left: 20, bottom: 10, right: 20),
                                      resizingMode: .stretch)
      try Compositor.draw(button, in: PointRect(x: 4, y: 4, width: 150, height: 22), onto: canvas, scale: 2)
    }
    // 300x44 pixels from (8, 8): its corners are the image's corners.
    #expect(Self.pixel(canvasBuffer, 8, 8) == Self.pixel(buttonImage, 0, 0))
    #expect(Self.pixel(canvasBuffer, 307, 51) == Self.pixel(buttonImage, 95, 47))
    #expect(Self.pixel(canvasBuffer, 300, 10) == Self.pixel(buttonImage, 88, 2))
    // The same slicing from an asset catalog (Contents.json "resizing", in PixelOpsIO).
    let slider = try #require(try AssetCatalog.resizableImage(imageSetAt: imageSet, scale: 2))
    #expect(slider.horizontal == SliceAxis(startCap: 30, centerLength: 8, endCap: 30, mode: .tile))
    #expect(slider.vertical == .whole(48) && slider.image.scale == 2)
    try canvasBuffer.withMutableView { canvas in
      // A CALayer's contentsCenter: the middle half stretches, the border stays.
      let layerWithBorder = ContentLayer(bounds: PointRect(x: 0, y: 0, width: 80, height: 30), contentsPixelSize: buttonImage.size,
                                         contentsScale: 2, contentsImageScale: 2,
                                         contentsCenter: UnitRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5))
      try buttonImage.withView { try LayerContentsRenderer.draw($0, as: layerWithBorder, onto: canvas) }
    }
    // 160x60 backing pixels: the border (24 and 12 pixels) as it is at each corner.
    #expect(Self.pixel(canvasBuffer, 0, 0) == Self.pixel(buttonImage, 0, 0))
    #expect(Self.pixel(canvasBuffer, 159, 59) == Self.pixel(buttonImage, 95, 47))
    #expect(Self.pixel(canvasBuffer, 140, 5) == Self.pixel(buttonImage, 76, 5))
  }

  @Test("read a multi-page TIFF one page at a time, write it back as pages")
  func multiPage() throws {
    let reader = try TIFFReader(contentsOf: TestData.path("tiff/sequence-12x64x64-rgba.tif"))
    var frames: [PixelBuffer] = []
    for index in reader.pageIndices {
      frames.append(try reader.decodePage(at: index))
    }
    #expect(frames.count == 12)
    #expect(frames.allSatisfy { $0.size == PixelSize(width: 64, height: 64) })
    // Each page's pixels, against the independent decode (tifffile): pages concatenated.
    let pages = try TestData.expectedBytes("tiff__sequence-12x64x64-rgba.tif.rgba8")
    let pageBytes = 64 * 64 * 4
    #expect(pages.count == 12 * pageBytes)
    for (index, frame) in frames.enumerated() where pages.count == 12 * pageBytes {
      #expect(frame.packedBytes() == Array(pages[index * pageBytes..<(index + 1) * pageBytes]), "page \(index)")
    }

    let directory = try TemporaryDirectory()
    let framesPath = directory.path("frames.tif")
    let copyPath = directory.path("copy.tif")
    // --- as in README.md ---
    try frames.writeTIFF(to: framesPath, options: TIFFEncodingOptions(compression: .lzw))  // [PixelBuffer]
    try TIFF.write(pageCount: reader.pageCount, to: copyPath) { (index, write) throws(ImageIOError) in
      try reader.decodePage(at: index).withView(write)
    }
    // ---
    for path in [framesPath, copyPath] {
      let written = try TIFF.readAllPages(contentsOf: path)
      #expect(written.count == 12)
      for (index, page) in written.enumerated() where pages.count == 12 * pageBytes {
        #expect(page.packedBytes() == Array(pages[index * pageBytes..<(index + 1) * pageBytes]), "\(path) page \(index)")
      }
    }
  }

  @Test("the README's image-sequence lines play a TIFF and export what they drew")
  func sequencePlayback() throws {
    let directory = try TemporaryDirectory()
    let walkPath = TestData.path("tiff/sequence-12x64x64-rgba.tif")  // 12 pages of 64x64
    let renderedPath = directory.path("walk-rendered.tif")
    var drawn = 0
    // --- as in README.md (paths aside) ---
    let frames = try TIFFReader(contentsOf: walkPath).frameSequence(lookahead: 2)
    let view = AnimatedImageView(bounds: PointRect(x: 0, y: 0, width: 375, height: 667), screenScale: 2,
                                 contentMode: .scaleAspectFit,
                                 appearance: ImageViewAppearance(backgroundColor: .white))
    view.animationImages = frames
    view.animationRepeatCount = 1
    view.startAnimating(at: 0)
    for tick in 0..<frames.frameCount {
      let update = try view.display(at: Double(tick) / 30)
      if update.didDraw { view.withBackingStore { _ = $0; drawn += 1 } }
    }
    try view.writeAnimationTIFF(to: renderedPath, framesPerSecond: 30)
    // ---
    #expect(drawn == 12)
    #expect(!view.isAnimating(at: 0.4))
    // Each exported page is the page rendered alone by the single-image path: aspect-fit at
    // @2x over white (a 750x750 square at y 292 of 750x1334).
    let pages = try TIFF.readAllPages(contentsOf: walkPath)
    let rendered = try TIFF.readAllPages(contentsOf: renderedPath)
    #expect(rendered.count == 12)
    for (index, page) in pages.enumerated() where rendered.count == 12 {
      let layer = ContentLayer.imageView(
        bounds: PointRect(x: 0, y: 0, width: 375, height: 667), image: page, contentMode: .scaleAspectFit,
        screenScale: 2)
      var expected = try PixelBuffer(width: 750, height: 1334, format: .rgba8Premultiplied)
      try page.withView { image in
        try expected.withMutableView { store in
          _ = try ImageViewTransparency.render(
            image, as: layer, appearance: ImageViewAppearance(backgroundColor: .white), into: store)
        }
      }
      #expect(rendered[index].packedBytes() == expected.packedBytes(), "page \(index)")
    }
    #expect(Self.pixel(rendered[0], 10, 10) == [255, 255, 255, 255])  // the white background above the square
  }

  /// The RGBA bytes of pixel `(x, y)` of a premultiplied RGBA8 buffer.
  static func pixel(_ buffer: PixelBuffer, _ x: Int, _ y: Int) -> [UInt8] {
    buffer.withView { view in (0..<4).map { view.rowAddress(y).load(fromByteOffset: x * 4 + $0, as: UInt8.self) } }
  }

  /// Whether every channel of `actual` is within `tolerance` of `reference`.
  static func isClose(_ actual: [UInt8], _ reference: [Double], within tolerance: Double) -> Bool {
    zip(actual, reference).allSatisfy { abs(Double($0) - $1) <= tolerance }
  }
}
