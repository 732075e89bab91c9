import PixelOps
import PixelOpsTestSupport
import Testing

/// What `AnimatedImageView` draws for a frame of a sequence is what the library's already
/// tested single-image path draws for that image: `ImageViewTransparency.render(_:as:...)` with
/// the layer `ContentLayer.imageView(...)` gives for the frame's own size and scale, into a fresh
/// buffer of the backing-store size — byte for byte, for every content mode, screen scale,
/// background, opacity, alpha and clipping, for frames of mixed sizes, and for sprite-sheet
/// cells (which render as the cell cut out on its own: no neighbouring cell bleeds in). Template
/// frames are checked against hand-computed tint values; reuse (the same frame twice draws once,
/// any change of view state draws again), thread counts (identical bytes) and failing frames (a
/// failed draw is never taken as "already shown") complete the rules the view promises.
@Suite("AnimatedImageView frame rendering")
struct SequenceRenderingTests {
  // MARK: - Helpers

  /// What the view's state is, for the reference render and for messages.
  struct ViewSetup: CustomStringConvertible {
    var bounds: PointRect
    var screenScale: Double
    var contentMode: ContentMode
    var clipsToBounds: Bool
    var appearance: ImageViewAppearance

    var description: String {
      "bounds \(bounds) @\(screenScale), \(contentMode), clips \(clipsToBounds), background "
        + "\(appearance.backgroundColor.map { "\($0)" } ?? "nil"), opaque \(appearance.isOpaque), alpha \(appearance.alpha)"
    }
  }

  /// A view showing `source` with one second per frame, animating from time 0.
  static func view(
    _ setup: ViewSetup, source: any ImageSequenceSource, parallelism: Parallelism = .serial,
    tintColor: PremultipliedColor? = nil
  ) -> AnimatedImageView {
    let view = AnimatedImageView(
      bounds: setup.bounds, screenScale: setup.screenScale, contentMode: setup.contentMode,
      clipsToBounds: setup.clipsToBounds, appearance: setup.appearance, parallelism: parallelism,
      clock: ManualAnimationClock())
    if let tintColor { view.tintColor = tintColor }
    view.animationImages = source
    view.animationDuration = Double(source.frameCount)
    view.startAnimating(at: 0)
    return view
  }

  /// The middle of frame `index`'s second.
  static func time(ofFrame index: Int) -> Double { Double(index) + 0.5 }

  /// The reference: `image` rendered alone by the single-image path into a fresh buffer.
  static func reference(_ image: PixelBuffer, _ setup: ViewSetup) throws -> PixelBuffer {
    let layer = ContentLayer.imageView(
      bounds: setup.bounds, imageSize: image.size, imageScale: image.scale, contentMode: setup.contentMode,
      screenScale: setup.screenScale, clipsToBounds: setup.clipsToBounds)
    let size = try ContentDrawPlan(layer: layer).backingStoreSize
    var buffer = try PixelBuffer(width: size.width, height: size.height, format: .rgba8Premultiplied)
    try buffer.withMutableView { (destination) throws(PixelError) in
      try image.withView { (source) throws(PixelError) in
        try ImageViewTransparency.render(
          source, as: layer, appearance: setup.appearance, into: destination, parallelism: .serial)
      }
    }
    return buffer
  }

  /// Records an issue unless `actual` has `expected`'s size and bytes (naming the first pixel
  /// that differs).
  static func expectSame(
    _ actual: PixelBuffer?, _ expected: PixelBuffer, _ context: @autoclosure () -> String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let actual else {
      Issue.record("no backing store: \(context())", sourceLocation: sourceLocation)
      return
    }
    guard actual.size == expected.size else {
      Issue.record("size \(actual.size), expected \(expected.size): \(context())", sourceLocation: sourceLocation)
      return
    }
    let a = actual.packedBytes()
    let e = expected.packedBytes()
    guard a != e else { return }
    let index = a.indices.first { a[$0] != e[$0] }! / 4
    let x = index % expected.width
    let y = index / expected.width
    Issue.record(
      "pixel (\(x), \(y)) is \(Array(a[index * 4..<index * 4 + 4])), expected \(Array(e[index * 4..<index * 4 + 4])): \(context())",
      sourceLocation: sourceLocation)
  }

  /// A random premultiplied image at `scale`.
  static func randomImage(width: Int, height: Int, scale: Double, _ rng: inout SeededGenerator) throws -> PixelBuffer {
    var image = try RandomPixels.buffer(width: width, height: height, format: .rgba8Premultiplied, &rng)
    try image.setScale(scale)
    return image
  }

  /// A solid image of premultiplied `rgba`.
  static func solid(_ rgba: [UInt8], width: Int, height: Int, scale: Double = 1) throws -> PixelBuffer {
    try SequenceFixtures.solid(color(rgba), size: PixelSize(width: width, height: height), scale: scale)
  }

  static func color(_ rgba: [UInt8]) -> PremultipliedColor {
    PremultipliedColor(premultipliedRed: rgba[0], green: rgba[1], blue: rgba[2], alpha: rgba[3])
  }

  static func bytes(_ color: PremultipliedColor) -> [UInt8] { [color.red, color.green, color.blue, color.alpha] }

  /// `a * b / 255`, rounded half up (integers only).
  static func mul255(_ a: Int, _ b: Int) -> Int { (2 * a * b + 255) / 510 }

  static let translucent = PremultipliedColor(premultipliedRed: 30, green: 60, blue: 90, alpha: 128)

  // MARK: - Random frames against the single-image path

  @Test("frame k of an image array renders byte for byte as that image through the single-image path")
  func randomFramesMatchSingleImagePath() throws {
    var rng = SeededGenerator(seed: 0x5EC_0E4C_E)
    let imageSizes = [(7, 5), (13, 9), (33, 4), (1, 1), (4, 6), (16, 16), (2, 11)]
    let imageScales: [Double] = [1, 2, 3]
    let boundsChoices = [
      PointRect(x: 0, y: 0, width: 10, height: 7), PointRect(x: 0, y: 0, width: 13, height: 9),
      PointRect(x: 0, y: 0, width: 5, height: 5), PointRect(x: 3, y: -2, width: 10, height: 7),
    ]
    let screenScales: [Double] = [1, 2, 1.5]
    let backgrounds: [PremultipliedColor?] = [nil, .white, Self.translucent]
    let alphas: [Double] = [1, 0.5]
    let modes = ContentMode.allCases
    var renders = 0
    for caseIndex in 0..<(modes.count * 18) {
      let frames = try (0..<3).map { _ in
        let (width, height) = imageSizes.randomElement(using: &rng)!
        return try Self.randomImage(
          width: width, height: height, scale: imageScales.randomElement(using: &rng)!, &rng)
      }
      let setup = ViewSetup(
        bounds: boundsChoices.randomElement(using: &rng)!, screenScale: screenScales.randomElement(using: &rng)!,
        contentMode: modes[caseIndex % modes.count], clipsToBounds: Bool.random(using: &rng),
        appearance: ImageViewAppearance(
          backgroundColor: backgrounds.randomElement(using: &rng)!, isOpaque: Bool.random(using: &rng),
          alpha: alphas.randomElement(using: &rng)!))
      let view = Self.view(setup, source: try ImageArraySequence(frames))
      let k = Int.random(in: 0..<3, using: &rng)
      let update = try view.display(at: Self.time(ofFrame: k))
      #expect(update.shown == .frame(k))
      #expect(update.didDraw)
      let image = frames[k]
      Self.expectSame(
        view.backingStore, try Self.reference(image, setup),
        "case \(caseIndex): frame \(k) of \(image.width)x\(image.height)@\(image.scale), \(setup)")
      renders += 1
    }
    #expect(renders == 216)
  }

  @Test("frames of mixed sizes and scales are each placed by the content mode on their own")
  func mixedSizesEachPlacedSeparately() throws {
    var rng = SeededGenerator(seed: 77)
    // An 8x8 pt square view at @2 (16x16 pixels), aspect-fit, no background.
    let setup = ViewSetup(
      bounds: PointRect(x: 0, y: 0, width: 8, height: 8), screenScale: 2, contentMode: .scaleAspectFit,
      clipsToBounds: false, appearance: ImageViewAppearance())
    let red: [UInt8] = [255, 0, 0, 255]
    let green: [UInt8] = [0, 255, 0, 255]
    let frames = [
      try Self.solid(red, width: 2, height: 4),  // tall: 4x8 pt, centred at x 2..6
      try Self.solid(green, width: 8, height: 4),  // wide: 8x4 pt, centred at y 2..6
      try Self.randomImage(width: 6, height: 6, scale: 3, &rng),
      try Self.randomImage(width: 5, height: 3, scale: 2, &rng),
      try Self.randomImage(width: 7, height: 13, scale: 1, &rng),
    ]
    let view = Self.view(setup, source: try ImageArraySequence(frames))
    var stores: [PixelBuffer] = []
    for (k, image) in frames.enumerated() {
      try view.display(at: Self.time(ofFrame: k))
      Self.expectSame(view.backingStore, try Self.reference(image, setup), "frame \(k)")
      stores.append(try #require(view.backingStore))
    }
    // By hand: the tall red frame covers pixel columns 4..<12, the wide green one rows 4..<12.
    let clear: [UInt8] = [0, 0, 0, 0]
    for (k, color) in [(0, red), (1, green)] {
      let bytes = stores[k].packedBytes()
      for y in 0..<16 {
        for x in 0..<16 {
          let along = k == 0 ? x : y
          let expected = (4..<12).contains(along) ? color : clear
          let pixel = Array(bytes[(y * 16 + x) * 4..<(y * 16 + x) * 4 + 4])
          if pixel != expected {
            Issue.record("frame \(k) pixel (\(x), \(y)) is \(pixel), expected \(expected)")
            return
          }
        }
      }
    }
  }

  // MARK: - Sprite sheets

  @Test(
    "a sprite-sheet frame renders as its cell copied out and rendered alone",
    arguments: [
      (ContentMode.scaleToFill, 2.0), (.scaleAspectFit, 1.5), (.scaleAspectFill, 3.0), (.center, 2.0),
      (.bottomRight, 1.0),
    ])
  func spriteFramesMatchCroppedCells(mode: ContentMode, screenScale: Double) throws {
    var rng = SeededGenerator(seed: 0x5_9417E)
    // A 3x2 grid of 5x4-pixel cells at scale 2.
    let sheet = try Self.randomImage(width: 15, height: 8, scale: 2, &rng)
    let sequence = try SpriteSheetSequence(sheet: sheet, columns: 3, rows: 2)
    for appearance in [ImageViewAppearance(), ImageViewAppearance(backgroundColor: Self.translucent, alpha: 0.5)] {
      for clips in [false, true] {
        let setup = ViewSetup(
          bounds: PointRect(x: 0, y: 0, width: 13, height: 9), screenScale: screenScale, contentMode: mode,
          clipsToBounds: clips, appearance: appearance)
        let view = Self.view(setup, source: sequence)
        for k in 0..<6 {
          let cell = PixelRect(x: (k % 3) * 5, y: (k / 3) * 4, width: 5, height: 4)
          let alone = try sheet.withView { (view) throws(PixelError) in
            try PixelBuffer(copying: view.cropped(to: cell), scale: sheet.scale)
          }
          try view.display(at: Self.time(ofFrame: k))
          Self.expectSame(view.backingStore, try Self.reference(alone, setup), "cell \(k), \(setup)")
        }
      }
    }
  }

  @Test(
    "an upscaled sprite frame shows only its own cell's colour: nothing bleeds across cell edges",
    arguments: [
      (ContentMode.scaleToFill, 2.0, PointRect(x: 0, y: 0, width: 20, height: 16)),
      (.scaleAspectFit, 1.5, PointRect(x: 0, y: 0, width: 13, height: 9)),
      (.scaleAspectFill, 3.0, PointRect(x: 0, y: 0, width: 7, height: 11)),
    ])
  func noBleedingAcrossCells(mode: ContentMode, screenScale: Double, bounds: PointRect) throws {
    // Six pure colours (each channel 0 or 255, no two alike), one per 3x3-pixel cell of a 3x2
    // grid: any blend with another cell's colour puts a wrong value in some channel.
    let palette: [[UInt8]] = [
      [255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255], [255, 255, 0, 255], [0, 255, 255, 255],
      [255, 0, 255, 255],
    ]
    var sheet = try PixelBuffer(width: 9, height: 6, format: .rgba8Premultiplied)
    try sheet.withMutableView { (view) throws(PixelError) in
      for k in 0..<6 {
        try Compositor.fill(
          PixelRect(x: (k % 3) * 3, y: (k / 3) * 3, width: 3, height: 3), of: view, with: Self.color(palette[k]),
          options: CompositeOptions(blendMode: .copy))
      }
    }
    let sequence = try SpriteSheetSequence(sheet: sheet, columns: 3, rows: 2)
    let setup = ViewSetup(
      bounds: bounds, screenScale: screenScale, contentMode: mode, clipsToBounds: true,
      appearance: ImageViewAppearance())
    let view = Self.view(setup, source: sequence)
    for k in 0..<6 {
      try view.display(at: Self.time(ofFrame: k))
      let store = try #require(view.backingStore)
      let cell = try Self.solid(palette[k], width: 3, height: 3)
      Self.expectSame(store, try Self.reference(cell, setup), "cell \(k)")
      // Every pixel is the cell's colour at the pixel's own coverage: channels that are 0 in
      // the colour stay 0, channels that are 255 equal alpha.
      let bytes = store.packedBytes()
      var covered = 0
      for pixel in stride(from: 0, to: bytes.count, by: 4) {
        let alpha = bytes[pixel + 3]
        if alpha == 255 { covered += 1 }
        for channel in 0..<3 {
          let expected = palette[k][channel] == 0 ? 0 : alpha
          if bytes[pixel + channel] != expected {
            Issue.record(
              "cell \(k): pixel \(pixel / 4) is \(Array(bytes[pixel..<pixel + 4])), not colour \(palette[k]) at alpha \(alpha)")
            return
          }
        }
      }
      #expect(covered > 0, "cell \(k) drew nothing opaque")
      if mode == .scaleToFill {
        #expect(store.withView { SequenceFixtures.isSolid($0, Self.color(palette[k])) }, "cell \(k) fills the view")
      }
    }
  }

  // MARK: - Templates

  @Test("an opaque template frame fills its placed rect with the tint, premultiplied")
  func opaqueTemplateFillsWithTint() throws {
    // An 8x6 pt view at @1; a 4x2 template, centred: pixels x 2..<6, y 2..<4.
    let template = try Self.solid([90, 40, 10, 255], width: 4, height: 2)
    let tints = [
      PremultipliedColor(premultipliedRed: 10, green: 200, blue: 30, alpha: 255),
      PremultipliedColor(premultipliedRed: 50, green: 20, blue: 10, alpha: 128),
    ]
    for tint in tints {
      let setup = ViewSetup(
        bounds: PointRect(x: 0, y: 0, width: 8, height: 6), screenScale: 1, contentMode: .center, clipsToBounds: false,
        appearance: ImageViewAppearance())
      let view = Self.view(setup, source: try ImageArraySequence([template], isTemplate: true), tintColor: tint)
      try view.display(at: 0.5)
      let store = try #require(view.backingStore)
      #expect(store.size == PixelSize(width: 8, height: 6))
      let bytes = store.packedBytes()
      for y in 0..<6 {
        for x in 0..<8 {
          let inside = (2..<6).contains(x) && (2..<4).contains(y)
          let expected = inside ? Self.bytes(tint) : [0, 0, 0, 0]
          #expect(Array(bytes[(y * 8 + x) * 4..<(y * 8 + x) * 4 + 4]) == expected, "tint \(tint), pixel (\(x), \(y))")
        }
      }
    }
  }

  @Test(
    "a half-alpha template gives the tint at half coverage, source-over the background",
    arguments: [false, true])
  func halfAlphaTemplateOverBackground(resampled: Bool) throws {
    let tint = PremultipliedColor(premultipliedRed: 0, green: 122, blue: 255, alpha: 255)
    let background: [UInt8] = [200, 100, 50, 255]
    // The template's colour channels are ignored; only its alpha (128) counts.
    let template = try Self.solid([100, 60, 20, 128], width: 4, height: 3)
    // Not resampled: 4x3 pt at @1, scale-to-fill, one image pixel per backing pixel.
    // Resampled: the same 4x3 pixels stretched over 9x7 pt at @2 (18x14 pixels).
    let setup = ViewSetup(
      bounds: resampled ? PointRect(x: 0, y: 0, width: 9, height: 7) : PointRect(x: 0, y: 0, width: 4, height: 3),
      screenScale: resampled ? 2 : 1, contentMode: .scaleToFill, clipsToBounds: false,
      appearance: ImageViewAppearance(backgroundColor: Self.color(background)))
    let view = Self.view(setup, source: try ImageArraySequence([template], isTemplate: true), tintColor: tint)
    try view.display(at: 0.5)
    let store = try #require(view.backingStore)
    // By hand: s = tint × 128 / 255, then d' = s + d × (255 − sa) / 255, each rounded half up.
    let coverage = 128
    let source = Self.bytes(tint).map { Self.mul255(Int($0), coverage) }
    #expect(source == [0, 61, 128, 128])
    let expected = (0..<4).map { source[$0] + Self.mul255(Int(background[$0]), 255 - source[3]) }
    #expect(expected == [100, 111, 153, 255])
    let bytes = store.packedBytes()
    for pixel in stride(from: 0, to: bytes.count, by: 4) {
      let actual = (0..<4).map { Int(bytes[pixel + $0]) }
      // The coverage path is documented within 1/2 + 6/256 of exact (Compositing.md), so the
      // hand rounding may differ by one.
      let close = zip(actual, expected).allSatisfy { abs($0 - $1) <= 1 }
      if !close {
        Issue.record("pixel \(pixel / 4) is \(actual), expected \(expected) (±1)")
        return
      }
    }
  }

  @Test("the default tint colour is system blue (0, 122, 255)")
  func defaultTintIsSystemBlue() throws {
    let view = AnimatedImageView(
      bounds: PointRect(x: 0, y: 0, width: 3, height: 2), screenScale: 2, clock: ManualAnimationClock())
    #expect(view.tintColor == PremultipliedColor(premultipliedRed: 0, green: 122, blue: 255, alpha: 255))
    view.animationImages = try ImageArraySequence(
      [try Self.solid([255, 255, 255, 255], width: 3, height: 2)], isTemplate: true)
    view.startAnimating(at: 0)
    try view.display(at: 0)
    let store = try #require(view.backingStore)
    #expect(store.size == PixelSize(width: 6, height: 4))
    #expect(store.withView { SequenceFixtures.isSolid($0, Self.color([0, 122, 255, 255])) })
  }

  // MARK: - Reuse

  /// Zero bounds are an image view's state before layout (`UIImageView(image: nil)` is
  /// `CGRect.zero`): its backing store, bounds x scale, is empty. Display threw
  /// `invalidDimensions(0, 0)` making a buffer of no pixels, on every tick.
  @Test("a view with zero width or height displays nothing, without a backing store, then draws once it has a size")
  func zeroBoundsDrawNothing() throws {
    var rng = SeededGenerator(seed: 13)
    let a = try Self.randomImage(width: 7, height: 5, scale: 1, &rng)
    let b = try Self.randomImage(width: 7, height: 5, scale: 1, &rng)
    for bounds in [PointRect(x: 0, y: 0, width: 0, height: 0), PointRect(x: 3, y: 1, width: 10, height: 0)] {
      let setup = ViewSetup(
        bounds: bounds, screenScale: 2, contentMode: .scaleToFill, clipsToBounds: false,
        appearance: ImageViewAppearance(backgroundColor: Self.translucent))
      let view = Self.view(setup, source: try ImageArraySequence([a, b]))
      for frame in 0..<2 {
        let update = try view.display(at: Self.time(ofFrame: frame))
        #expect(update.shown == .frame(frame))
        #expect(!update.didDraw)
        #expect(view.backingStore == nil)
      }
      view.stopAnimating()
      #expect(try !view.display(at: 5).didDraw)
      view.bounds = PointRect(x: 0, y: 0, width: 10, height: 7)
      view.startAnimating(at: 0)
      #expect(try view.display(at: Self.time(ofFrame: 1)).didDraw)
      var sized = setup
      sized.bounds = view.bounds
      Self.expectSame(view.backingStore, try Self.reference(b, sized), "frame 1 once sized")
    }
  }

  @Test("the same frame key shown twice draws once, and the pixels stay the same")
  func sameKeyDrawsOnce() throws {
    var rng = SeededGenerator(seed: 12)
    let a = try Self.randomImage(width: 7, height: 5, scale: 1, &rng)
    let b = try Self.randomImage(width: 13, height: 9, scale: 2, &rng)
    let setup = ViewSetup(
      bounds: PointRect(x: 0, y: 0, width: 10, height: 7), screenScale: 2, contentMode: .scaleAspectFit,
      clipsToBounds: false, appearance: ImageViewAppearance(backgroundColor: Self.translucent))
    let view = Self.view(setup, source: try ImageArraySequence([a, b, a]))
    let first = try view.display(at: Self.time(ofFrame: 0))
    #expect(first.didDraw)
    let drawn = try #require(view.backingStore)
    Self.expectSame(drawn, try Self.reference(a, setup), "frame 0")
    let again = try view.display(at: Self.time(ofFrame: 0) + 0.1)
    #expect(again.shown == .frame(0))
    #expect(!again.didDraw)
    Self.expectSame(view.backingStore, drawn, "frame 0 shown again")
    // Frame 2 is the same buffer as frame 0: the same key, nothing to draw.
    let sameKey = try view.display(at: Self.time(ofFrame: 2))
    #expect(sameKey.shown == .frame(2))
    #expect(!sameKey.didDraw)
    Self.expectSame(view.backingStore, drawn, "frame 2 (frame 0's buffer)")
    let other = try view.display(at: Self.time(ofFrame: 1))
    #expect(other.didDraw)
    Self.expectSame(view.backingStore, try Self.reference(b, setup), "frame 1")
  }

  @Test(
    "changing bounds, scale, content mode, clipping or appearance redraws the same frame for the new state",
    arguments: 0..<6)
  func stateChangeRedraws(change: Int) throws {
    var rng = SeededGenerator(seed: 40 + UInt64(change))
    let image = try Self.randomImage(width: 13, height: 9, scale: 2, &rng)
    // 13x9 pixels @2 are 6.5x4.5 pt: the 5x3 pt view of changes 2 and 3 shows it overflowing,
    // where its alignment (and clipping, if anything) matter.
    let overflows = change == 2 || change == 3
    var setup = ViewSetup(
      bounds: PointRect(x: 0, y: 0, width: overflows ? 5 : 10, height: overflows ? 3 : 7), screenScale: 2,
      contentMode: overflows ? .center : .scaleAspectFit, clipsToBounds: false,
      appearance: ImageViewAppearance(backgroundColor: .white))
    let view = Self.view(setup, source: try ImageArraySequence([image]))
    #expect(try view.display(at: 0.5).didDraw)
    Self.expectSame(view.backingStore, try Self.reference(image, setup), "before")
    switch change {
    case 0: setup.bounds = PointRect(x: 0, y: 0, width: 13, height: 9)
    case 1: setup.screenScale = 1.5
    case 2: setup.contentMode = .topRight
    case 3: setup.clipsToBounds = true
    case 4: setup.appearance = ImageViewAppearance(backgroundColor: Self.translucent, alpha: 0.5)
    default: setup.appearance = ImageViewAppearance(backgroundColor: nil, isOpaque: true)
    }
    let before = try #require(view.backingStore)
    view.bounds = setup.bounds
    view.screenScale = setup.screenScale
    view.contentMode = setup.contentMode
    view.clipsToBounds = setup.clipsToBounds
    view.appearance = setup.appearance
    let update = try view.display(at: 0.6)
    #expect(update.shown == .frame(0))
    #expect(update.didDraw, "change \(change)")
    let expected = try Self.reference(image, setup)
    Self.expectSame(view.backingStore, expected, "after change \(change): \(setup)")
    // Clipping cannot show in a backing store of the bounds' size; every other change does.
    if change != 3 {
      #expect(before.packedBytes() != expected.packedBytes() || before.size != expected.size, "the change shows")
    }
    #expect(try !view.display(at: 0.7).didDraw)
  }

  @Test("changing the tint colour redraws a template frame in the new tint")
  func tintChangeRedraws() throws {
    let setup = ViewSetup(
      bounds: PointRect(x: 0, y: 0, width: 5, height: 4), screenScale: 2, contentMode: .scaleToFill,
      clipsToBounds: false, appearance: ImageViewAppearance())
    let template = try Self.solid([0, 0, 0, 255], width: 5, height: 4)
    let first = Self.color([10, 20, 30, 255])
    let second = Self.color([200, 100, 0, 255])
    let view = Self.view(setup, source: try ImageArraySequence([template], isTemplate: true), tintColor: first)
    #expect(try view.display(at: 0.5).didDraw)
    #expect(try #require(view.backingStore).withView { SequenceFixtures.isSolid($0, first) })
    #expect(try !view.display(at: 0.6).didDraw)
    view.tintColor = second
    #expect(try view.display(at: 0.7).didDraw)
    #expect(try #require(view.backingStore).withView { SequenceFixtures.isSolid($0, second) })
  }

  // MARK: - Threads

  @Test("serial and threaded draws give identical bytes", arguments: [false, true])
  func parallelismDoesNotChangeBytes(template: Bool) throws {
    var rng = SeededGenerator(seed: 300)
    let images = [
      try Self.randomImage(width: 97, height: 61, scale: 1, &rng),
      try Self.randomImage(width: 33, height: 70, scale: 3, &rng),
    ]
    let setup = ViewSetup(
      bounds: PointRect(x: 0, y: 0, width: 300, height: 200), screenScale: 2, contentMode: .scaleAspectFit,
      clipsToBounds: true, appearance: ImageViewAppearance(backgroundColor: Self.translucent, alpha: 0.5))
    let source = try ImageArraySequence(images, isTemplate: template)
    var results: [[PixelBuffer]] = []
    let parallelisms = try [Parallelism.serial, .threads(2), .threads(4)]
    for parallelism in parallelisms {
      let view = Self.view(setup, source: source, parallelism: parallelism)
      results.append(
        try (0..<2).map { k in
          try view.display(at: Self.time(ofFrame: k))
          return try #require(view.backingStore)
        })
    }
    for k in 0..<2 {
      if !template { Self.expectSame(results[0][k], try Self.reference(images[k], setup), "serial, frame \(k)") }
      Self.expectSame(results[1][k], results[0][k], "2 threads vs serial, frame \(k)")
      Self.expectSame(results[2][k], results[0][k], "4 threads vs serial, frame \(k)")
    }
  }

  // MARK: - Failing frames

  @Test("a frame that fails throws at every display of it; good frames around it still draw", arguments: [0, 2])
  func failedFrameIsNeverShown(lookahead: Int) throws {
    let decoder = RecordingDecoder(frameCount: 4, failing: [2])
    let source = try PrefetchingImageSequence(decoder: decoder, lookahead: lookahead)
    let setup = ViewSetup(
      bounds: PointRect(x: 0, y: 0, width: 8, height: 6), screenScale: 1, contentMode: .scaleToFill,
      clipsToBounds: false, appearance: ImageViewAppearance())
    let view = Self.view(setup, source: source)
    defer { view.stopAnimating() }

    func expectFails(sourceLocation: SourceLocation = #_sourceLocation) {
      #expect(sourceLocation: sourceLocation) {
        try view.display(at: Self.time(ofFrame: 2))
      } throws: { error in
        guard case ImageSequenceError.frameFailed(index: 2, let reason) = error else { return false }
        return (reason as? RecordingDecoder.Failure) == RecordingDecoder.Failure(index: 2)
      }
    }
    func expectShows(_ k: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
      let update = try view.display(at: Self.time(ofFrame: k))
      #expect(update.shown == .frame(k), sourceLocation: sourceLocation)
      #expect(update.didDraw, "frame \(k) after a failure", sourceLocation: sourceLocation)
      let store = try #require(view.backingStore, sourceLocation: sourceLocation)
      #expect(
        store.withView { SequenceFixtures.isSolid($0, SequenceFixtures.color(of: k)) }, "frame \(k)",
        sourceLocation: sourceLocation)
    }

    try expectShows(1)
    expectFails()
    try expectShows(1)  // the same frame as before the failure, drawn again
    expectFails()
    expectFails()  // a failed draw is not "already shown"
    try expectShows(3)
    try expectShows(0)
    expectFails()
  }
}
