import PixelOpsTestSupport
import Testing

@testable import PixelOps

@Suite("Compositor")
struct CompositorTests {
  @Test("source-over equals s + round(d * (255 - sa) / 255) for every (sa, d) pair")
  func sourceOverIsExact() throws {
    // Row sa holds every d; the source colour takes 0, sa / 2 and sa in turn.
    for colourChoice in 0..<3 {
      var source = try PixelBuffer(width: 256, height: 256, format: .rgba8Premultiplied)
      var destination = try PixelBuffer(width: 256, height: 256, format: .rgba8Premultiplied)
      source.withMutableView { view in
        for sa in 0..<256 {
          let s = [0, sa / 2, sa][colourChoice]
          for d in 0..<256 {
            view.rowAddress(sa).storeBytes(
              of: SIMD4<UInt8>(UInt8(s), UInt8(s), UInt8(s), UInt8(sa)), toByteOffset: d * 4, as: SIMD4<UInt8>.self)
          }
        }
      }
      destination.withMutableView { view in
        for sa in 0..<256 {
          for d in 0..<256 {
            view.rowAddress(sa).storeBytes(
              of: SIMD4<UInt8>(UInt8(d), UInt8(d / 2), 0, 255), toByteOffset: d * 4, as: SIMD4<UInt8>.self)
          }
        }
      }
      try source.withView { s in try destination.withMutableView { d in try Compositor.draw(s, onto: d) } }
      destination.withView { view in
        for sa in 0..<256 {
          let s = [0, sa / 2, sa][colourChoice]
          for d in 0..<256 {
            let result = view.rowAddress(sa).load(fromByteOffset: d * 4, as: SIMD4<UInt8>.self)
            let expected = SIMD4<UInt8>(
              UInt8(s + CompositeReference.rounded(d * (255 - sa))), UInt8(s + CompositeReference.rounded(d / 2 * (255 - sa))),
              UInt8(s), UInt8(sa + (255 - sa)))
            if result != expected {
              Issue.record("sa \(sa) s \(s) d \(d): \(result) != \(expected)")
              return
            }
          }
        }
      }
    }
  }

  struct Scenario: CustomTestStringConvertible, Sendable {
    let mode: BlendMode
    let solid: Bool
    let template: PixelFormat?
    var testDescription: String { "\(mode)\(solid ? " solid" : "")\(template.map { " template \($0)" } ?? "")" }
  }

  static let scenarios: [Scenario] =
    BlendMode.allCases.map { Scenario(mode: $0, solid: false, template: nil) }
    + [BlendMode.normal, .copy, .multiply, .clear, .xor].map { Scenario(mode: $0, solid: true, template: nil) }
    + [PixelFormat.rgba8Premultiplied, .grayAlpha8, .gray8, .rgba8Straight].map {
      Scenario(mode: .normal, solid: true, template: $0)
    }

  /// Random sizes, placements (also partly or wholly outside), strides, opacities, masks,
  /// declared-opaque sources and thread counts; every destination pixel is checked against the
  /// reference, and nothing outside the destination view may change.
  @Test("every kernel path matches the reference", arguments: scenarios)
  func matchesReference(_ scenario: Scenario) throws {
    var rng = SeededGenerator(seed: UInt64(truncatingIfNeeded: scenario.testDescription.hashValue & 0x7FFF) &+ 17)
    for trial in 0..<40 {
      let width = Int.random(in: 1...(trial < 20 ? 13 : 70), using: &rng)
      let height = Int.random(in: 1...6, using: &rng)
      let destinationWidth = Int.random(in: 1...40, using: &rng)
      let destinationHeight = Int.random(in: 1...8, using: &rng)
      let origin = PixelPosition(
        x: Int.random(in: -width...destinationWidth, using: &rng), y: Int.random(in: -height...destinationHeight, using: &rng))
      // Some template trials draw an opaque tint at opacity 1 without a mask through alpha runs
      // (below): the template kernels' full path, which stores the tint.
      let storesTint = scenario.template != nil && trial % 5 == 1
      let opacity = storesTint ? 1.0 : [1.0, 0.0, 0.5, Double.random(in: 0...1, using: &rng)][trial % 4]
      // Templates take masks too: the two coverages multiply.
      let useMask = trial % 3 == 0 && !storesTint
      let opaqueSource = trial % 5 == 0

      var source = try RandomPixels.buffer(width: width, height: height, format: .rgba8Premultiplied, &rng)
      var mask = try RandomPixels.buffer(width: width, height: height, format: .gray8, &rng)
      if trial % 5 == 1 || trial % 5 == 2 {
        // Runs of opaque and of transparent pixels, at every alignment: the kernels' skipping paths.
        RandomPixels.insertUniformAlphaRuns(into: &source, maximumRun: 20, &rng)
      }
      if trial % 3 != 2 {
        // Coverage in runs of 0 and 255 (with partial rows between): the masked kernels' skipping paths.
        mask.withMutableView { view in
          for y in 0..<height where y % 2 == 0 {
            for x in 0..<width { view.rowAddress(y).storeBytes(of: [0, 255][(x / 8) % 2], toByteOffset: x, as: UInt8.self) }
          }
        }
      }
      if opaqueSource {
        source.withMutableView { view in
          for y in 0..<height {
            for x in 0..<width { view.rowAddress(y).storeBytes(of: 255, toByteOffset: x * 4 + 3, as: UInt8.self) }
          }
        }
        source.markOpaque()
      }
      var template = try scenario.template.map { try RandomPixels.buffer(width: width, height: height, format: $0, &rng) }
      if trial % 5 == 1 || trial % 5 == 2, template?.format.bytesPerPixel == 4 {
        // Alpha in runs of 255 and of 0, at every alignment: the template kernels' full and empty paths.
        RandomPixels.insertUniformAlphaRuns(into: &template!, maximumRun: 20, &rng)
      }
      let color = PremultipliedColor(
        red: .random(in: 0...1, using: &rng), green: .random(in: 0...1, using: &rng), blue: .random(in: 0...1, using: &rng),
        alpha: storesTint ? 1 : [1, 0, Double.random(in: 0...1, using: &rng)][trial % 3])
      let before = try RandomPixels.buffer(width: destinationWidth, height: destinationHeight, format: .rgba8Premultiplied, &rng)

      let padding = Int.random(in: 0...9, using: &rng)
      let rowBytes = destinationWidth * 4 + padding
      let memory = GuardedMemory(byteCount: rowBytes * destinationHeight + 8)
      let destination = try MutablePixelView(
        unsafeBaseAddress: memory.bytes.baseAddress! + 4, width: destinationWidth, height: destinationHeight,
        rowBytes: rowBytes, format: .rgba8Premultiplied)
      try before.withView { try destination.copyPixels(from: $0) }
      let parallelism = try Parallelism.threads(Int.random(in: 1...4, using: &rng))

      try mask.withView { maskView in
        let options = CompositeOptions(
          blendMode: scenario.mode, opacity: opacity, mask: useMask ? maskView : nil, parallelism: parallelism)
        if let template {
          try template.withView { view in
            if trial % 2 == 0 {
              try Compositor.drawTemplate(view, tint: color, onto: destination, at: origin, options: options)
            } else {
              // The prepared form: its alpha extracted once into a Gray8 coverage mask.
              try Compositor.drawTemplate(
                try TemplateImage(view), tint: color, onto: destination, at: origin, options: options)
            }
          }
        } else if scenario.solid {
          try Compositor.fill(
            PixelRect(origin: origin, size: PixelSize(width: width, height: height)), of: destination, with: color,
            options: options)
        } else {
          try source.withView { try Compositor.draw($0, onto: destination, at: origin, options: options) }
        }
      }

      let opacity8 = Int((min(max(opacity, 0), 1) * 255).rounded(.toNearestOrAwayFromZero))
      let context =
        "\(scenario.testDescription) trial \(trial) \(width)x\(height) at \(origin) on \(destinationWidth)x\(destinationHeight) opacity \(opacity) mask \(useMask)"
      try expectPixels(
        destination: destination, before: before,
        sourceRect: PixelRect(origin: origin, size: PixelSize(width: width, height: height)),
        context: context
      ) { x, y, d, actual in
        var sourcePixel: [Int]
        var coverage = 255
        let effectiveOpacity = opacity8
        if scenario.solid {
          sourcePixel = [Int(color.red), Int(color.green), Int(color.blue), Int(color.alpha)]
        } else {
          sourcePixel = source.withView { CompositeReference.read($0.rowAddress(y) + x * 4) }
        }
        if let template, let alphaOffset = template.format.alphaByteOffset {
          coverage = template.withView {
            Int($0.rowAddress(y).load(fromByteOffset: x * template.format.bytesPerPixel + alphaOffset, as: UInt8.self))
          }
        }
        if useMask {
          let m = mask.withView { Int($0.rowAddress(y).load(fromByteOffset: x, as: UInt8.self)) }
          coverage = CompositeReference.rounded(coverage * m)
        }
        return CompositeReference.accepts(
          actual, mode: scenario.mode, source: sourcePixel, destination: d, opacity: effectiveOpacity,
          coverage: coverage)
      }
      #expect(memory.untouchedOutside(destination), "\(context): wrote outside the destination view")
    }
  }

  /// Checks every destination pixel: inside the placed rect with `accepts(x, y, before, actual)`
  /// (x, y in source coordinates), outside it unchanged.
  private func expectPixels(
    destination: MutablePixelView, before: PixelBuffer, sourceRect: PixelRect, context: String,
    accepts: (Int, Int, [Int], [Int]) throws -> Bool
  ) throws {
    try before.withView { original in
      for y in 0..<destination.height {
        for x in 0..<destination.width {
          let old = CompositeReference.read(original.rowAddress(y) + x * 4)
          let actual = CompositeReference.read(UnsafeRawPointer(destination.rowAddress(y)) + x * 4)
          let inside = x >= sourceRect.x && x < sourceRect.maxX && y >= sourceRect.y && y < sourceRect.maxY
          let right = inside ? try accepts(x - sourceRect.x, y - sourceRect.y, old, actual) : actual == old
          if !right {
            Issue.record("\(context): pixel (\(x), \(y)) is \(actual) (was \(old))")
            return
          }
        }
      }
    }
  }

  @Test("source-over of long opaque and transparent runs at every alignment (the skipping paths)")
  func sourceOverRuns() throws {
    var rng = SeededGenerator(seed: 77)
    for _ in 0..<60 {
      let width = Int.random(in: 1...70, using: &rng)
      var source = try RandomPixels.buffer(width: width, height: 2, format: .rgba8Premultiplied, &rng)
      RandomPixels.insertUniformAlphaRuns(into: &source, maximumRun: 24, &rng)
      let before = try RandomPixels.buffer(width: width, height: 2, format: .rgba8Premultiplied, &rng)
      var destination = before
      try source.withView { s in try destination.withMutableView { try Compositor.draw(s, onto: $0) } }
      source.withView { s in
        before.withView { b in
          destination.withView { d in
            for y in 0..<2 {
              for x in 0..<width {
                let expected = CompositeReference.sourceOver8(
                  source: CompositeReference.read(s.rowAddress(y) + x * 4),
                  destination: CompositeReference.read(b.rowAddress(y) + x * 4))
                #expect(CompositeReference.read(d.rowAddress(y) + x * 4) == expected, "(\(x), \(y)) of \(width)")
              }
            }
          }
        }
      }
    }
  }

  @Test("formats and mask sizes are checked")
  func validation() throws {
    let straight = try PixelBuffer(width: 2, height: 2, format: .rgba8Straight)
    let mask = try PixelBuffer(width: 3, height: 2, format: .gray8)
    var destination = try PixelBuffer(width: 4, height: 4, format: .rgba8Premultiplied)
    let source = try PixelBuffer(width: 2, height: 2, format: .rgba8Premultiplied)
    destination.withMutableView { d in
      straight.withView { s in
        _ = #expect(throws: PixelError.refusedDrawingFormat(.rgba8Straight, operation: "draw source")) {
          try Compositor.draw(s, onto: d)
        }
      }
      source.withView { s in
        mask.withView { m in
          _ = #expect(throws: PixelError.sizeMismatch(PixelSize(width: 3, height: 2), PixelSize(width: 2, height: 2))) {
            try Compositor.draw(s, onto: d, options: CompositeOptions(mask: m))
          }
        }
      }
      #expect(throws: PixelError.invalidDimensions(width: -1, height: 2)) {
        try Compositor.fill(PixelRect(x: 0, y: 0, width: -1, height: 2), of: d, with: .black)
      }
    }
  }

  @Test("a prepared template holds the image's alpha; bad templates are typed errors")
  func templateImagePreparation() throws {
    var rng = SeededGenerator(seed: 41)
    let image = try RandomPixels.buffer(width: 7, height: 3, format: .grayAlpha8, &rng)
    let template = try image.withView { try TemplateImage($0) }
    #expect(template.size == image.size)
    image.withView { original in
      template.coverage.withView { coverage in
        for y in 0..<3 {
          for x in 0..<7 {
            #expect(
              coverage.rowAddress(y).load(fromByteOffset: x, as: UInt8.self)
                == original.rowAddress(y).load(fromByteOffset: x * 2 + 1, as: UInt8.self))
          }
        }
      }
    }
    let gray = try RandomPixels.buffer(width: 5, height: 2, format: .gray8, &rng)
    let opaque = try gray.withView { try TemplateImage($0) }
    #expect(opaque.coverage.packedBytes() == [UInt8](repeating: 255, count: 10))
    let deep = try PixelBuffer(width: 2, height: 2, format: .rgba16Premultiplied)
    _ = deep.withView { view in
      #expect(throws: PixelError.unsupportedFormat(.rgba16Premultiplied, operation: "template image (8-bit formats only: convert with PixelConverter.convert(_:into:parallelism:) to .rgba8Premultiplied first)")) {
        try TemplateImage(view)
      }
    }
    _ = gray.withView { view in
      #expect(throws: PixelError.invalidDimensions(width: 0, height: 2)) {
        try TemplateImage(try view.cropped(to: PixelRect(x: 1, y: 0, width: 0, height: 2)))
      }
    }
  }

  /// The prepared form promises the view's result. A format without alpha gave the view no
  /// coverage (the exact unmasked kernel) but the prepared one a mask of 255s (the 8.8 masked
  /// kernel): black over grey 128 gave 127 one way and 128 the other, and an opaque tint made
  /// the destination opaque one way (`makesOpaque`) and only kept it the other.
  @Test("a prepared template draws the bytes and outcome of the view it was made from, also without alpha")
  func preparedTemplateMatchesItsView() throws {
    var rng = SeededGenerator(seed: 43)
    for trial in 0..<120 {
      let format = [PixelFormat.gray8, .rgba8Premultiplied, .grayAlpha8, .bgra8Premultiplied].randomElement(using: &rng)!
      let (width, height) = (Int.random(in: 1...37, using: &rng), Int.random(in: 1...9, using: &rng))
      let image = try RandomPixels.buffer(width: width, height: height, format: format, &rng)
      let tint = PremultipliedColor(
        red: .random(in: 0...1, using: &rng), green: .random(in: 0...1, using: &rng), blue: .random(in: 0...1, using: &rng),
        alpha: Bool.random(using: &rng) ? 1 : .random(in: 0...1, using: &rng)
      )
      let before = try RandomPixels.buffer(width: width + 3, height: height + 2, format: .rgba8Premultiplied, &rng)
      let mask = try RandomPixels.buffer(width: width, height: height, format: .gray8, &rng)
      let mode = [BlendMode.normal, .multiply, .copy].randomElement(using: &rng)!
      let opacity = [1, 0.6].randomElement(using: &rng)!
      let options = { (masked: Bool, view: PixelView) in
        CompositeOptions(blendMode: mode, opacity: opacity, mask: masked ? view : nil)
      }
      for masked in [false, true] {
        var fromView = before
        var fromPrepared = before
        let origin = PixelPosition(x: trial % 4, y: trial % 3)
        let (viewOutcome, preparedOutcome) = try image.withView { view in
          try mask.withView { maskView in
            let viewOutcome = try fromView.withMutableView { destination in
              try Compositor.drawTemplate(view, tint: tint, onto: destination, at: origin, options: options(masked, maskView))
            }
            let prepared = try TemplateImage(view)
            let preparedOutcome = try fromPrepared.withMutableView { destination in
              try Compositor.drawTemplate(prepared, tint: tint, onto: destination, at: origin, options: options(masked, maskView))
            }
            return (viewOutcome, preparedOutcome)
          }
        }
        #expect(fromView.packedBytes() == fromPrepared.packedBytes(), "trial \(trial) \(format) \(mode) masked \(masked)")
        #expect(viewOutcome.description == preparedOutcome.description, "trial \(trial) \(format) \(mode) masked \(masked)")
      }
    }
    // Every tint alpha over every opaque grey, through a Gray8 template (no alpha channel).
    let template = try PixelBuffer(width: 256, height: 1, format: .gray8)
    var greys = try PixelBuffer(width: 256, height: 1, format: .rgba8Premultiplied)
    greys.withMutableView { view in
      for d in 0..<256 { view.rowAddress(0).storeBytes(of: SIMD4<UInt8>(UInt8(d), UInt8(d), UInt8(d), 255), toByteOffset: d * 4, as: SIMD4<UInt8>.self) }
    }
    let prepared = try template.withView { try TemplateImage($0) }
    for alpha in 0...255 {
      let tint = PremultipliedColor(premultipliedRed: UInt8(alpha / 3), green: 0, blue: UInt8(alpha), alpha: UInt8(alpha))
      var (fromView, fromPrepared) = (greys, greys)
      let viewOutcome = try template.withView { view in
        try fromView.withMutableView { try Compositor.drawTemplate(view, tint: tint, onto: $0) }
      }
      let preparedOutcome = try fromPrepared.withMutableView { try Compositor.drawTemplate(prepared, tint: tint, onto: $0) }
      #expect(fromView.packedBytes() == fromPrepared.packedBytes(), "tint alpha \(alpha)")
      #expect(viewOutcome.description == preparedOutcome.description, "tint alpha \(alpha)")
    }
  }
}
