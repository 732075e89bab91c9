import PixelOpsTestSupport
import Testing

@testable import PixelOps

/// Opacity kept by draws: every draw's ``OpacityOutcome`` against the alpha each mode's
/// formula gives (written here from the W3C / Porter-Duff tables, not from the library), the
/// claims checked on the pixels the kernels write, and ``PixelBuffer/draw(_:)`` keeping
/// ``PixelBuffer/isKnownOpaque``.
@Suite("Opacity kept by draws")
struct OpacityOutcomeTests {
  /// Modes whose result alpha is 1 when the destination's is, for any source alpha:
  /// `as + ab - as ab` (source-over and every separable and non-separable blend), `ab`
  /// (sourceAtop), `as (1 - ab) + ab` (destinationOver), `min(1, as + ab)` (plusLighter,
  /// plusDarker).
  static let keepAlways: Set<BlendMode> = [
    .normal, .multiply, .screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn, .softLight, .hardLight,
    .difference, .exclusion, .hue, .saturation, .color, .luminosity, .sourceAtop, .destinationOver, .plusLighter,
    .plusDarker,
  ]
  /// Modes whose result alpha is 1 for opaque inputs only: `as` (copy, destinationAtop),
  /// `as ab` (sourceIn, destinationIn).
  static let keepWhenSourceOpaque: Set<BlendMode> = [.copy, .destinationAtop, .sourceIn, .destinationIn]
  /// Modes that clear an opaque destination under an opaque source: 0 (clear), `as (1 - ab)`
  /// (sourceOut), `ab (1 - as)` (destinationOut), `as + ab - 2 as ab` (xor).
  static let clearing: Set<BlendMode> = [.clear, .sourceOut, .destinationOut, .xor]

  @Test("the three sets cover every mode once")
  func partition() {
    #expect(Self.keepAlways.count + Self.keepWhenSourceOpaque.count + Self.clearing.count == BlendMode.allCases.count)
    #expect(Self.keepAlways.union(Self.keepWhenSourceOpaque).union(Self.clearing) == Set(BlendMode.allCases))
  }

  @Test("an opaque photo with a translucent watermark stays known opaque (issue 11)")
  func watermark() throws {
    var rng = SeededGenerator(seed: 0x0FA0)
    var photo = try RandomPixels.buffer(width: 64, height: 48, format: .rgba8Premultiplied, &rng)
    RandomPixels.makeOpaque(&photo)
    photo.markOpaque()
    let watermark = try RandomPixels.buffer(width: 20, height: 10, format: .rgba8Premultiplied, &rng)
    try watermark.withView { mark in
      try photo.draw { canvas in
        try Compositor.draw(mark, onto: canvas, at: PixelPosition(x: 40, y: 36), options: CompositeOptions(opacity: 0.5))
      }
    }
    #expect(photo.isKnownOpaque)
    #expect(photo.withView { OpacityScan.isOpaque($0) })
    // The same draw through withMutableView clears the flag, as documented.
    try watermark.withView { mark in
      try photo.withMutableView { canvas in try Compositor.draw(mark, onto: canvas, at: PixelPosition(x: 1, y: 1)) }
    }
    #expect(!photo.isKnownOpaque)
  }

  @Test("every mode's outcome matches its alpha formula, and kept opacity holds on the pixels", arguments: [1, 2])
  func everyMode(threads: Int) throws {
    var rng = SeededGenerator(seed: 0x0FA1 &+ UInt64(threads))
    for trial in 0..<(BlendMode.allCases.count * 6) {
      let mode = BlendMode.allCases[trial % BlendMode.allCases.count]
      let opaqueSource = trial / BlendMode.allCases.count % 2 == 0
      let opacity = [1, 1, 0.5, Double.random(in: 0...1, using: &rng), 1, 0.25][trial / BlendMode.allCases.count]
      var source = try RandomPixels.buffer(
        width: .random(in: 1...30, using: &rng), height: .random(in: 1...20, using: &rng), format: .rgba8Premultiplied,
        &rng)
      if opaqueSource {
        RandomPixels.makeOpaque(&source)
        source.markOpaque()
      } else {
        // At least one translucent pixel, so clearing modes really clear something.
        source.withMutableView { $0.rowAddress(0).storeBytes(of: 0x4020_1030 as UInt32, as: UInt32.self) }
      }
      var destination = try RandomPixels.buffer(width: 24, height: 18, format: .rgba8Premultiplied, &rng)
      RandomPixels.makeOpaque(&destination)
      destination.markOpaque()
      let mask = trial % 4 == 3 ? try RandomPixels.buffer(width: source.width, height: source.height, format: .gray8, &rng) : nil
      let origin = PixelPosition(x: .random(in: -4...10, using: &rng), y: .random(in: -4...8, using: &rng))
      var outcome = OpacityOutcome.unknown
      try source.withView { s in
        try ChannelOrderTests.withOptionalView(mask) { m in
          try destination.draw { d in
            outcome = try Compositor.draw(
              s, onto: d, at: origin,
              options: CompositeOptions(blendMode: mode, opacity: opacity, mask: m, parallelism: .threads(threads)))
            return outcome
          }
        }
      }
      let fullOpacity = CompositeOptions(opacity: opacity).opacity8 == 255
      let drawsNothing = PixelRect(origin: origin, size: source.size).intersection(PixelRect(x: 0, y: 0, width: 24, height: 18)).isEmpty
      let expectedKeep =
        drawsNothing || Self.keepAlways.contains(mode) || (Self.keepWhenSourceOpaque.contains(mode) && opaqueSource && fullOpacity)
      #expect(
        outcome.keepsOpaqueDestinationOpaque == expectedKeep,
        "\(mode) opaque source \(opaqueSource) opacity \(opacity): \(outcome)")
      #expect(destination.isKnownOpaque == expectedKeep)
      let measured = destination.withView { OpacityScan.isOpaque($0) }
      if expectedKeep { #expect(measured, "\(mode): claimed opaque, but a pixel lost alpha") }
    }
  }

  @Test("modes that can clear pixels clear the flag, and really make pixels translucent")
  func clearingModes() throws {
    for mode in Self.clearing.union(Self.keepWhenSourceOpaque) {
      var destination = try PixelBuffer(width: 8, height: 8, format: .rgba8Premultiplied)
      destination.withMutableView { d in
        for y in 0..<8 { d.rowAddress(y).initializeMemory(as: UInt32.self, repeating: 0xFF20_4060, count: 8) }
      }
      destination.markOpaque()
      var source = try PixelBuffer(width: 4, height: 4, format: .rgba8Premultiplied)
      source.withMutableView { s in
        for y in 0..<4 { s.rowAddress(y).initializeMemory(as: UInt32.self, repeating: 0x8000_4000, count: 4) }
      }
      try source.withView { s in
        try destination.draw { d in try Compositor.draw(s, onto: d, options: CompositeOptions(blendMode: mode)) }
      }
      #expect(!destination.isKnownOpaque, "\(mode)")
      #expect(!destination.withView { OpacityScan.isOpaque($0) }, "\(mode) should have made a pixel translucent")
    }
  }

  @Test("fills: an opaque colour keeps (and over the whole view makes) opacity; clear does not")
  func fills() throws {
    var buffer = try PixelBuffer(width: 10, height: 6, format: .bgra8Premultiplied)
    #expect(!buffer.isKnownOpaque)
    try buffer.draw { d in try Compositor.fill(PixelRect(x: 0, y: 0, width: 4, height: 6), of: d, with: .white) }
    #expect(!buffer.isKnownOpaque)  // part of a transparent buffer: still not opaque
    try buffer.draw { d in try Compositor.fill(d.bounds, of: d, with: PremultipliedColor(red: 0.2, green: 0.3, blue: 0.9)) }
    #expect(buffer.isKnownOpaque)  // an opaque colour over everything
    try buffer.draw { d in
      try Compositor.fill(PixelRect(x: 2, y: 2, width: 3, height: 3), of: d, with: PremultipliedColor(red: 1, green: 0, blue: 0, alpha: 0.4))
    }
    #expect(buffer.isKnownOpaque)  // source-over of a translucent colour onto opaque pixels
    try buffer.draw { d in
      try Compositor.fill(PixelRect(x: 2, y: 2, width: 3, height: 3), of: d, with: .black, options: CompositeOptions(blendMode: .clear))
    }
    #expect(!buffer.isKnownOpaque)
    #expect(!buffer.withView { OpacityScan.isOpaque($0) })
  }

  @Test("resampling an opaque source over the whole view makes it known opaque; over a part it keeps")
  func resampling() throws {
    var rng = SeededGenerator(seed: 0x0FA2)
    var photo = try RandomPixels.buffer(width: 40, height: 30, format: .rgba8Premultiplied, &rng)
    RandomPixels.makeOpaque(&photo)
    photo.markOpaque()
    var thumbnail = try PixelBuffer(width: 13, height: 9, format: .rgba8Premultiplied)
    try photo.withView { p in try thumbnail.draw { t in try Resampler.resample(p, onto: t, filter: .lanczos3) } }
    #expect(thumbnail.isKnownOpaque)
    #expect(thumbnail.withView { OpacityScan.isOpaque($0) })
    // Onto a crop of a fresh buffer: the rest stays transparent.
    var partial = try PixelBuffer(width: 13, height: 9, format: .rgba8Premultiplied)
    try photo.withView { p in
      try partial.draw { t in try Resampler.resample(p, onto: t.cropped(to: PixelRect(x: 0, y: 0, width: 5, height: 5))) }
    }
    #expect(!partial.isKnownOpaque)
    // Transparent extend can show transparent black: not kept.
    try photo.withView { p in
      try thumbnail.draw { t in
        try Resampler.resample(
          p, from: FractionalPixelRect(x: -10, y: 0, width: 40, height: 30), onto: t, extend: ExtendModes(.transparent))
      }
    }
    #expect(!thumbnail.isKnownOpaque)
    // A mipmap chain of an opaque image is opaque at every level (built with draw(_:)).
    let chain = try photo.withView { try MipmapChain($0) }
    #expect(chain.levels.allSatisfy { $0.isKnownOpaque })
  }

  @Test("an opaque image view makes its backing store opaque")
  func imageView() throws {
    var rng = SeededGenerator(seed: 0x0FA3)
    let image = try RandomPixels.buffer(width: 8, height: 6, format: .rgba8Premultiplied, &rng)
    var store = try PixelBuffer(width: 8, height: 6, format: .rgba8Premultiplied)
    try image.withView { i in
      try store.draw { d in try ImageViewTransparency.render(i, appearance: ImageViewAppearance(isOpaque: true), into: d) }
    }
    #expect(store.isKnownOpaque)
    try image.withView { i in
      try store.draw { d in try ImageViewTransparency.render(i, appearance: ImageViewAppearance(alpha: 0.5), into: d) }
    }
    #expect(!store.isKnownOpaque)
  }

  @Test("outcomes combine in order")
  func combining() throws {
    var buffer = try PixelBuffer(width: 4, height: 4, format: .rgba8Premultiplied)
    try buffer.draw { d in
      let first = try Compositor.fill(d.bounds, of: d, with: .black, options: CompositeOptions(blendMode: .copy))
      let second = try Compositor.fill(d.bounds, of: d, with: .white, options: CompositeOptions(opacity: 0.5))
      return first.then(second)
    }
    #expect(buffer.isKnownOpaque)
    buffer.draw { _ in OpacityOutcome.keepsOpaque.then(.unknown) }
    #expect(!buffer.isKnownOpaque)
    #expect(OpacityOutcome.unknown.then(.keepsOpaque) == .unknown)
  }
}
