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
    #expect(
      try PointRect(x: 0.5, y: 0, width: 10, height: 10).pixelRect(scale: 2) == PixelRect(x: 1, y: 0, width: 20, height: 20))
    #expect(
      try PixelBuffer(width: 200, height: 100, format: .rgba8Premultiplied, scale: 2).pointSize
        == PointSize(width: 100, height: 50))
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
    #expect(canvasBuffer.packedBytes().contains { $0 != 0 })
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
    #expect(thumbnailBuffer.packedBytes().contains { $0 != 0 })
    #expect(canvasBuffer.packedBytes().contains { $0 != 0 })
    // Aspect fit of a square image in 64x48 px: 48x48 at x = 8; columns 0..<8 are background.
    let store = try #require(backingStore)
    store.withView { view in
      #expect((0..<4).map { view.rowAddress(10).load(fromByteOffset: 4 * 3 + $0, as: UInt8.self) } == [255, 255, 255, 255])
    }
  }

  @Test("read a multi-page TIFF one page at a time")
  func multiPage() throws {
    let reader = try TIFFReader(contentsOf: TestData.path("tiff/sequence-12x64x64-rgba.tif"))
    var frames: [PixelBuffer] = []
    for index in reader.pageIndices {
      frames.append(try reader.decodePage(at: index))
    }
    #expect(frames.count == 12)
    #expect(frames.allSatisfy { $0.size == PixelSize(width: 64, height: 64) })
  }
}
