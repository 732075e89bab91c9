import PixelOpsTestSupport
import Testing

@testable import PixelOps

/// Premultiplied BGRA8 in every draw family: a draw with a BGRA source, a BGRA destination or
/// either mixed with RGBA gives exactly the RGBA draw's pixels with red and blue exchanged (the
/// RGBA draws are checked against their references elsewhere; the exchange is done here byte by
/// byte). Destinations are caller memory at random offsets and row bytes inside guard bytes.
@Suite("BGRA8 channel order")
struct ChannelOrderTests {
  /// One draw: a source view (in the order under test) onto a destination view.
  typealias Draw = (_ source: PixelView, _ destination: MutablePixelView) throws -> Void

  static let orders: [(source: PixelFormat, destination: PixelFormat)] = [
    (.bgra8Premultiplied, .bgra8Premultiplied), (.rgba8Premultiplied, .bgra8Premultiplied),
    (.bgra8Premultiplied, .rgba8Premultiplied),
  ]

  @Test("composite: every blend mode, opacity, masks, clipping, both orders and mixed", arguments: [1, 3])
  func composite(threads: Int) throws {
    var rng = SeededGenerator(seed: 0xB6_0001 &+ UInt64(threads))
    for trial in 0..<(BlendMode.allCases.count * 3) {
      let mode = BlendMode.allCases[trial % BlendMode.allCases.count]
      let source = try Self.randomImage(&rng, opaque: trial % 5 == 0)
      let origin = PixelPosition(x: .random(in: -6...20, using: &rng), y: .random(in: -6...14, using: &rng))
      let mask = Bool.random(using: &rng)
        ? try RandomPixels.buffer(width: source.width, height: source.height, format: .gray8, &rng) : nil
      let opacity = [1, 0.5, Double.random(in: 0...1, using: &rng)][trial % 3]
      try Self.check("composite \(mode) opacity \(opacity) mask \(mask != nil)", source: source, &rng) { s, d in
        try Self.withOptionalView(mask) { m in
          try Compositor.draw(
            s, onto: d, at: origin,
            options: CompositeOptions(blendMode: mode, opacity: opacity, mask: m, parallelism: .threads(threads)))
        }
      }
    }
  }

  @Test("fill and templates: the colour is given as RGBA whatever the destination's order")
  func fillAndTemplates() throws {
    var rng = SeededGenerator(seed: 0xB6_0002)
    for trial in 0..<(BlendMode.allCases.count * 2) {
      let mode = BlendMode.allCases[trial % BlendMode.allCases.count]
      let color = PremultipliedColor(
        red: .random(in: 0...1, using: &rng), green: .random(in: 0...1, using: &rng),
        blue: .random(in: 0...1, using: &rng), alpha: trial % 3 == 0 ? 1 : .random(in: 0...1, using: &rng))
      let template = try Self.randomImage(&rng, opaque: false)
      let rect = PixelRect(
        x: .random(in: -5...20, using: &rng), y: .random(in: -5...12, using: &rng), width: template.width,
        height: template.height)
      let mask = Bool.random(using: &rng)
        ? try RandomPixels.buffer(width: template.width, height: template.height, format: .gray8, &rng) : nil
      let opacity = Bool.random(using: &rng) ? 1 : Double.random(in: 0...1, using: &rng)
      let prepared = try template.withView { try TemplateImage($0) }
      try Self.withOptionalView(mask) { m in
        let options = CompositeOptions(blendMode: mode, opacity: opacity, mask: m)
        try Self.check("fill \(mode) \(color)", source: template, &rng) { _, d in
          try Compositor.fill(rect, of: d, with: color, options: options)
        }
        try Self.check("template \(mode) \(color)", source: template, &rng) { s, d in
          try Compositor.drawTemplate(s, tint: color, onto: d, at: rect.origin, options: options)
        }
        try Self.check("prepared template \(mode) \(color)", source: template, &rng) { _, d in
          try Compositor.drawTemplate(prepared, tint: color, onto: d, at: rect.origin, options: options)
        }
      }
    }
  }

  @Test("resampling: every filter and extend mode, fractional rects")
  func resample() throws {
    var rng = SeededGenerator(seed: 0xB6_0003)
    let filters: [ResamplingFilter] = [.nearest, .box, .bilinear, .bicubic, .mitchell, .lanczos3]
    let extends: [ExtendMode] = [.clamp, .repeat, .reflect, .transparent]
    for trial in 0..<36 {
      let source = try Self.randomImage(&rng, opaque: trial % 4 == 0)
      let filter = filters[trial % filters.count]
      let extend = ExtendModes(horizontal: extends[trial % 4], vertical: extends[(trial / 4) % 4])
      let from = Self.randomRect(&rng, around: source.size)
      let into = Self.randomRect(&rng, around: PixelSize(width: 24, height: 18))
      try Self.check("resample \(filter) \(extend)", source: source, &rng) { s, d in
        try Resampler.resample(s, from: from, onto: d, in: into, filter: filter, extend: extend)
      }
    }
  }

  @Test("scaled and trilinear draws: modes, opacity, masks")
  func scaledAndTrilinear() throws {
    var rng = SeededGenerator(seed: 0xB6_0004)
    let filters: [ResamplingFilter] = [.nearest, .bilinear, .bicubic, .lanczos3]
    for trial in 0..<(BlendMode.allCases.count * 2) {
      let mode = BlendMode.allCases[trial % BlendMode.allCases.count]
      let source = try Self.randomImage(&rng, opaque: trial % 3 == 0, maximum: PixelSize(width: 40, height: 30))
      let from = Self.randomRect(&rng, around: source.size)
      let into = Self.randomRect(&rng, around: PixelSize(width: 12, height: 9))
      let columns = ResampleAxis.coveredRange(origin: into.x, length: into.width)
      let rows = ResampleAxis.coveredRange(origin: into.y, length: into.height)
      let mask =
        Bool.random(using: &rng) && !columns.isEmpty && !rows.isEmpty
        ? try RandomPixels.buffer(width: columns.count, height: rows.count, format: .gray8, &rng) : nil
      let opacity = Bool.random(using: &rng) ? 1 : Double.random(in: 0...1, using: &rng)
      let filter = filters[trial % filters.count]
      try Self.withOptionalView(mask) { m in
        let options = CompositeOptions(blendMode: mode, opacity: opacity, mask: m)
        try Self.check("scaled \(mode) \(filter)", source: source, &rng) { s, d in
          try Compositor.draw(s, from: from, in: into, onto: d, filter: filter, options: options)
        }
        try Self.check("trilinear \(mode)", source: source, &rng) { s, d in
          let chain = try MipmapChain(s)
          #expect(chain.levels.allSatisfy { $0.format == s.format })
          try Compositor.draw(chain, from: from, in: into, onto: d, options: options)
        }
      }
    }
  }

  @Test("layers: a layer's contents and an image view render BGRA alike")
  func layers() throws {
    var rng = SeededGenerator(seed: 0xB6_0005)
    for trial in 0..<8 {
      let source = try Self.randomImage(&rng, opaque: trial % 2 == 0, maximum: PixelSize(width: 20, height: 16))
      let layer = ContentLayer.imageView(
        bounds: PointRect(x: 0, y: 0, width: 16, height: 12), image: source,
        contentMode: [.scaleAspectFit, .scaleAspectFill, .center, .scaleToFill][trial % 4], screenScale: 1,
        clipsToBounds: trial % 3 == 0)
      let filter: ContentsFilter = trial % 2 == 0 ? .trilinear : .linear
      let appearance = ImageViewAppearance(backgroundColor: .white, isOpaque: trial % 4 == 1, alpha: 0.75)
      try Self.check("layer \(trial)", source: source, destination: PixelSize(width: 16, height: 12), &rng) { s, d in
        try ImageViewTransparency.render(s, as: layer, appearance: appearance, into: d, minificationFilter: filter)
      }
    }
  }

  @Test("non-separable modes on BGRA match the double-precision reference within 1")
  func nonSeparableAgainstReference() throws {
    var rng = SeededGenerator(seed: 0xB6_0006)
    for mode in [BlendMode.hue, .saturation, .color, .luminosity] {
      let source = try RandomPixels.buffer(width: 23, height: 5, format: .rgba8Premultiplied, &rng)
      let destination = try RandomPixels.buffer(width: 23, height: 5, format: .rgba8Premultiplied, &rng)
      var bgraDestination = try Self.swapped(destination)
      let bgraSource = try Self.swapped(source)
      try bgraSource.withView { s in
        try bgraDestination.withMutableView { d in
          try Compositor.draw(s, onto: d, options: CompositeOptions(blendMode: mode))
        }
      }
      let result = try Self.swapped(bgraDestination).packedBytes()
      let s = source.packedBytes()
      let d = destination.packedBytes()
      for pixel in 0..<(23 * 5) {
        let i = pixel * 4
        let expected = BlendReference.blend(
          mode, source: SIMD4(Int32(s[i]), Int32(s[i + 1]), Int32(s[i + 2]), Int32(s[i + 3])),
          destination: SIMD4(Int32(d[i]), Int32(d[i + 1]), Int32(d[i + 2]), Int32(d[i + 3])))
        for c in 0..<4 where abs(Double(result[i + c]) - expected[c]) > 1 {
          Issue.record("\(mode) pixel \(pixel) channel \(c): \(result[i + c]), reference \(expected[c])")
        }
      }
    }
  }

  @Test("other formats are refused with the conversion to use")
  func refusals() throws {
    let straight = try PixelBuffer(width: 4, height: 4, format: .rgba8Straight)
    let wide = try PixelBuffer(width: 4, height: 4, format: .rgba16Premultiplied)
    var rgba = try PixelBuffer(width: 4, height: 4, format: .rgba8Premultiplied)
    var gray = try PixelBuffer(width: 4, height: 4, format: .gray8)
    let rect = FractionalPixelRect(x: 0, y: 0, width: 4, height: 4)
    straight.withView { s in
      rgba.withMutableView { d in
        #expect(throws: PixelError.refusedDrawingFormat(.rgba8Straight, operation: "draw source")) {
          try Compositor.draw(s, onto: d)
        }
        #expect(throws: PixelError.refusedDrawingFormat(.rgba8Straight, operation: "draw source")) {
          try Compositor.draw(s, in: rect, onto: d, filter: .bilinear)
        }
        #expect(throws: PixelError.refusedDrawingFormat(.rgba8Straight, operation: "resampling")) {
          try Resampler.resample(s, onto: d)
        }
        #expect(throws: PixelError.refusedDrawingFormat(.rgba8Straight, operation: "mipmap chain")) {
          try MipmapChain(s)
        }
      }
    }
    wide.withView { s in
      gray.withMutableView { d in
        #expect(throws: PixelError.refusedDrawingFormat(.gray8, operation: "fill destination")) {
          try Compositor.fill(PixelRect(x: 0, y: 0, width: 2, height: 2), of: d, with: .black)
        }
        #expect(throws: PixelError.refusedDrawingFormat(.gray8, operation: "template destination")) {
          try Compositor.drawTemplate(s, tint: .black, onto: d)
        }
        #expect(throws: PixelError.refusedDrawingFormat(.gray8, operation: "resampling")) {
          try Resampler.resample(s.assumingOpaque(), onto: d)
        }
      }
    }
    #expect(
      PixelError.refusedDrawingFormat(.rgba8Straight, operation: "draw source").description
        == "draw source (premultiplied RGBA8 or BGRA8 only: convert with PixelConverter.convert(_:into:parallelism:)"
        + " to .rgba8Premultiplied or .bgra8Premultiplied first) does not take RGBA8 straight")
  }

  // MARK: - The property

  /// Runs `draw` RGBA onto RGBA, then in each other order pair onto guarded caller memory, and
  /// requires the RGBA result with red and blue exchanged wherever the destination is BGRA.
  static func check(
    _ label: String, source: PixelBuffer, destination size: PixelSize? = nil, _ rng: inout SeededGenerator,
    _ draw: Draw
  ) throws {
    let destinationSize =
      size ?? PixelSize(width: .random(in: 1...26, using: &rng), height: .random(in: 1...20, using: &rng))
    let start = try RandomPixels.buffer(
      width: destinationSize.width, height: destinationSize.height, format: .rgba8Premultiplied, &rng)
    var expected = start
    try source.withView { s in try expected.withMutableView { d in try draw(s, d) } }
    let expectedBytes = expected.packedBytes()
    for (sourceFormat, destinationFormat) in orders {
      let ordered = sourceFormat == .bgra8Premultiplied ? try swapped(source) : source
      let rowBytes = destinationSize.width * 4 + .random(in: 0...9, using: &rng)
      let offset = Int.random(in: 0...7, using: &rng)
      let memory = GuardedMemory(byteCount: offset + rowBytes * destinationSize.height + 16)
      let destination = try MutablePixelView(
        unsafeBaseAddress: memory.bytes.baseAddress! + offset, width: destinationSize.width,
        height: destinationSize.height, rowBytes: rowBytes, format: destinationFormat)
      let startBytes = start.packedBytes()
      let swapsDestination = destinationFormat == .bgra8Premultiplied
      for y in 0..<destinationSize.height {
        for x in 0..<destinationSize.width {
          for c in 0..<4 {
            let channel = swapsDestination && c != 1 && c != 3 ? 2 - c : c
            destination.rowAddress(y).storeBytes(
              of: startBytes[(y * destinationSize.width + x) * 4 + channel], toByteOffset: x * 4 + c, as: UInt8.self)
          }
        }
      }
      try ordered.withView { s in try draw(s, destination) }
      #expect(memory.untouchedOutside(destination), "\(label): \(sourceFormat) onto \(destinationFormat) wrote outside")
      for y in 0..<destinationSize.height {
        for x in 0..<destinationSize.width {
          let pixel = (y * destinationSize.width + x) * 4
          let got = (0..<4).map { c in
            let channel = swapsDestination && c != 1 && c != 3 ? 2 - c : c
            return destination.rowAddress(y).load(fromByteOffset: x * 4 + channel, as: UInt8.self)
          }
          let want = Array(expectedBytes[pixel..<(pixel + 4)])
          if got != want {
            Issue.record("\(label): \(sourceFormat) onto \(destinationFormat) at (\(x), \(y)): \(got), RGBA gave \(want)")
            return
          }
        }
      }
    }
  }

  /// `buffer` (RGBA8 or BGRA8 premultiplied) in the other order, red and blue exchanged byte by
  /// byte; the opacity flag is kept.
  static func swapped(_ buffer: PixelBuffer) throws -> PixelBuffer {
    let other: PixelFormat = buffer.format == .rgba8Premultiplied ? .bgra8Premultiplied : .rgba8Premultiplied
    var result = try PixelBuffer(width: buffer.width, height: buffer.height, format: other)
    buffer.withView { s in
      result.withMutableView { d in
        for y in 0..<s.height {
          for x in 0..<s.width {
            for (from, to) in [(0, 2), (1, 1), (2, 0), (3, 3)] {
              d.rowAddress(y).storeBytes(
                of: s.rowAddress(y).load(fromByteOffset: x * 4 + from, as: UInt8.self), toByteOffset: x * 4 + to,
                as: UInt8.self)
            }
          }
        }
      }
    }
    if buffer.isKnownOpaque { result.markOpaque() }
    return result
  }

  static func randomImage(
    _ rng: inout SeededGenerator, opaque: Bool, maximum: PixelSize = PixelSize(width: 19, height: 13)
  ) throws -> PixelBuffer {
    var image = try RandomPixels.buffer(
      width: .random(in: 1...maximum.width, using: &rng), height: .random(in: 1...maximum.height, using: &rng),
      format: .rgba8Premultiplied, &rng)
    RandomPixels.insertUniformAlphaRuns(into: &image, maximumRun: 9, &rng)
    if opaque {
      RandomPixels.makeOpaque(&image)
      image.markOpaque()
    }
    return image
  }

  static func randomRect(_ rng: inout SeededGenerator, around size: PixelSize) -> FractionalPixelRect {
    FractionalPixelRect(
      x: Double.random(in: -3...Double(size.width) / 2, using: &rng),
      y: Double.random(in: -3...Double(size.height) / 2, using: &rng),
      width: Double.random(in: 0.5...Double(size.width) * 1.5, using: &rng),
      height: Double.random(in: 0.5...Double(size.height) * 1.5, using: &rng))
  }

  static func withOptionalView(_ buffer: PixelBuffer?, _ body: (PixelView?) throws -> Void) throws {
    guard let buffer else { return try body(nil) }
    try buffer.withView { try body($0) }
  }
}
