import PixelOpsTestSupport
import Testing

@testable import PixelOps

/// Resizable images (nine-slice) against what UIKit's documentation and the issue say, pixel by
/// pixel: caps copied as they are, tiled areas repeating from their first pixel, a one-pixel
/// centre stretched into a solid area, slices meeting without seams at every size and scale.
@Suite("Resizable images")
struct ResizableImageTests {
  /// Destination pixel `x` of an axis drawn `length` pixels long at the image's own scale
  /// shows this image pixel, by the definition: start cap as it is, centre repeated from its
  /// first pixel (tile) or its one pixel (a one-pixel stretched centre), end cap as it is.
  static func imageIndex(_ x: Int, length: Int, axis: SliceAxis, extent: Int) -> Int {
    if x < axis.startCap { return x }
    if x >= length - axis.endCap { return extent - (length - x) }
    return axis.startCap + (x - axis.startCap) % axis.centerLength
  }

  static func read(_ view: PixelView, _ x: Int, _ y: Int) -> [Int] { CompositeReference.read(view.rowAddress(y) + x * 4) }

  @Test("the plan of the bench's button: 40-pixel caps at @2x, the centre in between")
  func buttonPlan() {
    let plan = NineSlicePlan(
      horizontal: SliceAxis(startCap: 40, centerLength: 16, endCap: 40, mode: .stretch),
      vertical: SliceAxis(startCap: 20, centerLength: 8, endCap: 20, mode: .stretch), imageSize: PixelSize(width: 96, height: 48),
      destination: PixelRect(x: 0, y: 270, width: 3600, height: 240), ratio: 1)
    #expect(plan.horizontal.start == .init(source: 0..<40, destination: 0..<40, resizing: nil))
    #expect(plan.horizontal.center == .init(source: 40..<56, destination: 40..<3560, resizing: .stretch))
    #expect(plan.horizontal.end == .init(source: 56..<96, destination: 3560..<3600, resizing: nil))
    #expect(plan.vertical.center == .init(source: 20..<28, destination: 290..<490, resizing: .stretch))
  }

  @Test("caps larger than the destination shrink around the split point and the centre is omitted")
  func capsLargerThanDestination() {
    let axis = NineSlicePlan.Axis(
      SliceAxis(startCap: 8, centerLength: 8, endCap: 4, mode: .tile), extent: 20, destination: 10..<16, ratio: 1)
    // 8 + 4 pixels of caps on 6 pixels: split at 6 × 8 / 12 = 4.
    #expect(axis.start == .init(source: 0..<8, destination: 10..<14, resizing: nil))
    #expect(axis.center.destination.isEmpty)
    #expect(axis.end == .init(source: 16..<20, destination: 14..<16, resizing: nil))
    // At @3x from a @2x image: caps 12 + 6 drawn pixels; 18 pixels hold them exactly.
    let exact = NineSlicePlan.Axis(
      SliceAxis(startCap: 8, centerLength: 8, endCap: 4, mode: .tile), extent: 20, destination: 0..<18, ratio: 1.5)
    #expect(exact.start.destination == 0..<12 && exact.center.destination == 12..<12 && exact.end.destination == 12..<18)
  }

  @Test("the stretchable button: a one-point centre stretched to any size is solid, corners unchanged", arguments: [1.0, 2, 3])
  func stretchableButton(scale: Double) throws {
    var rng = SeededGenerator(seed: 0xB077 &+ UInt64(scale))
    // 21x15 points, caps of 10 and 7 points: one point left in the middle, as in the seed's
    // button. Its centre band is one colour across (each row of the centre column band, each
    // column of the centre row band), as a button's is.
    let s = Int(scale)
    let (w, h) = (21 * s, 15 * s)
    var image = try RandomPixels.buffer(width: w, height: h, format: .rgba8Premultiplied, &rng)
    try image.setScale(scale)
    image.withMutableView { view in
      for y in 0..<h {
        for x in 0..<w {
          let sx = x >= 10 * s && x < 11 * s ? 10 * s : x
          let sy = y >= 7 * s && y < 8 * s ? 7 * s : y
          view.rowAddress(y).storeBytes(
            of: view.rowAddress(sy).load(fromByteOffset: sx * 4, as: UInt32.self), toByteOffset: x * 4, as: UInt32.self)
        }
      }
    }
    let button = try ResizableImage(image, capInsets: PointEdgeInsets(top: 7, left: 10, bottom: 7, right: 10), resizingMode: .stretch)
    #expect(button.horizontal == SliceAxis(startCap: 10 * s, centerLength: s, endCap: 10 * s, mode: .stretch))
    for _ in 0..<12 {
      let size = PointSize(width: .random(in: 21...90, using: &rng), height: .random(in: 15...40, using: &rng))
      let rect = PointRect(
        x: Double.random(in: 0...3, using: &rng), y: Double.random(in: 0...3, using: &rng), width: size.width,
        height: size.height)
      let pixels = try rect.pixelRect(scale: scale, rounding: .nearest)
      var output = try PixelBuffer(width: pixels.maxX + 2, height: pixels.maxY + 2, format: .rgba8Premultiplied)
      try output.withMutableView { _ = try Compositor.draw(button, in: rect, onto: $0, scale: scale, options: CompositeOptions(blendMode: .copy)) }
      try image.withView { source in
        try output.withView { view in
          for y in 0..<pixels.height {
            // Caps as they are; everything between them the centre band's colour.
            let sy = y < 7 * s ? y : y >= pixels.height - 7 * s ? y - pixels.height + h : 7 * s
            func sourceX(_ x: Int) -> Int { x < 10 * s ? x : x >= pixels.width - 10 * s ? x - pixels.width + w : 10 * s }
            let wrong = (0..<pixels.width).first { x in
              view.rowAddress(pixels.y + y).load(fromByteOffset: (pixels.x + x) * 4, as: UInt32.self)
                != source.rowAddress(sy).load(fromByteOffset: sourceX(x) * 4, as: UInt32.self)
            }
            try #require(
              wrong == nil,
              "\(size) at @\(scale): (\(wrong ?? 0), \(y)) should be image pixel (\(sourceX(wrong ?? 0)), \(sy))")
          }
        }
      }
    }
  }

  @Test("tiled edges and centre repeat from their first pixel; the omitted region never shows", arguments: [false, true])
  func tiledExactly(omitsRegion: Bool) throws {
    var rng = SeededGenerator(seed: omitsRegion ? 0x0A17 : 0x711E)
    let image = try RandomPixels.buffer(width: 12, height: 9, format: .rgba8Premultiplied, &rng)
    let horizontal = SliceAxis(startCap: 3, centerLength: omitsRegion ? 2 : 5, endCap: 4, mode: .tile)
    let vertical = SliceAxis(startCap: 2, centerLength: omitsRegion ? 1 : 4, endCap: 3, mode: .tile)
    let resizable = try ResizableImage(image, horizontal: horizontal, vertical: vertical)
    for _ in 0..<20 {
      let size = PixelSize(width: .random(in: 7...60, using: &rng), height: .random(in: 5...30, using: &rng))
      var output = try RandomPixels.buffer(width: size.width, height: size.height, format: .rgba8Premultiplied, &rng)
      let before = output
      try output.withMutableView {
        _ = try Compositor.draw(
          resizable, in: PointRect(x: 0, y: 0, width: Double(size.width), height: Double(size.height)), onto: $0)
      }
      try image.withView { source in
        try before.withView { old in
          try output.withView { view in
            for y in 0..<size.height {
              for x in 0..<size.width {
                let sx = Self.imageIndex(x, length: size.width, axis: horizontal, extent: 12)
                let sy = Self.imageIndex(y, length: size.height, axis: vertical, extent: 9)
                let expected = CompositeReference.sourceOver8(source: Self.read(source, sx, sy), destination: Self.read(old, x, y))
                try #require(Self.read(view, x, y) == expected, "\(size): (\(x), \(y)) should be image pixel (\(sx), \(sy)) over")
              }
            }
          }
        }
      }
    }
  }

  static let seamScales: [Double] = [1, 2, 3, 1.5, 2.25, 0.75]

  /// An opaque @2x image whose rows are each one colour (a vertical ramp): drawn at any width,
  /// every output row must be one colour and opaque. A seam (a gap, a pixel drawn twice, a
  /// slice filtering in its neighbour or a transparent edge) breaks a row.
  @Test("no seams: every width 1...300 at scales 1, 2, 3, 1.5, 2.25 and 0.75", arguments: ResizingMode.allCases)
  func noSeamsAcrossWidths(mode: ResizingMode) throws {
    try Self.checkNoSeams(mode: mode, filter: .bilinear, scales: Self.seamScales, lengths: 1...300)
  }

  /// Filters with negative lobes take another pass order (vertical-first everywhere).
  @Test("no seams with bicubic and Lanczos either", arguments: [ResamplingFilter.bicubic, .lanczos3])
  func noSeamsWithNegativeLobes(filter: ResamplingFilter) throws {
    for mode in ResizingMode.allCases {
      try Self.checkNoSeams(mode: mode, filter: filter, scales: [1.5, 0.75], lengths: 1...60)
    }
  }

  static func checkNoSeams(
    mode: ResizingMode, filter: ResamplingFilter, scales: [Double], lengths: ClosedRange<Int>
  ) throws {
    for transposed in [false, true] {
      let w = transposed ? 16 : 24
      let h = transposed ? 24 : 16
      var image = try PixelBuffer(width: w, height: h, format: .rgba8Premultiplied, scale: 2)
      image.withMutableView { view in
        for y in 0..<h {
          for x in 0..<w {
            let v = UInt32(transposed ? 40 + x * 9 : 40 + y * 9)
            view.rowAddress(y).storeBytes(of: v | (255 - v) << 8 | (v / 2) << 16 | 255 << 24, toByteOffset: x * 4, as: UInt32.self)
          }
        }
      }
      image.markOpaque()
      // Caps of 4 and 3 points (8 and 6 pixels) across, 3 and 2 along.
      let insets =
        transposed
        ? PointEdgeInsets(top: 4, left: 3, bottom: 3, right: 2) : PointEdgeInsets(top: 3, left: 4, bottom: 2, right: 3)
      let resizable = try ResizableImage(image, capInsets: insets, resizingMode: mode)
      for scale in scales {
        for length in lengths {
          let lengthPoints = Double(length) / scale
          let rect =
            transposed
            ? PointRect(x: 0.4, y: 0.3, width: 9, height: lengthPoints)
            : PointRect(x: 0.3, y: 0.4, width: lengthPoints, height: 9)
          let pixels = try rect.pixelRect(scale: scale, rounding: .nearest)
          var output = try PixelBuffer(width: pixels.maxX + 1, height: pixels.maxY + 1, format: .rgba8Premultiplied)
          try output.withMutableView { _ = try Compositor.draw(resizable, in: rect, onto: $0, scale: scale, filter: filter) }
          try output.withView { view in
            // Plain loads and one expectation per line: this sweep runs thousands of draws, and
            // under AddressSanitizer a per-pixel expectation kept a cooperative thread busy for
            // minutes, starving the scheduler suite's tasks.
            func pixel(_ a: Int, _ b: Int) -> UInt32 {
              transposed
                ? view.rowAddress(b).load(fromByteOffset: a * 4, as: UInt32.self)
                : view.rowAddress(a).load(fromByteOffset: b * 4, as: UInt32.self)
            }
            let across = transposed ? pixels.x..<pixels.maxX : pixels.y..<pixels.maxY
            let along = transposed ? pixels.y..<pixels.maxY : pixels.x..<pixels.maxX
            for a in across {
              let first = pixel(a, along.lowerBound)
              let odd = along.first { pixel(a, $0) != first }
              guard first >> 24 != 255 || odd != nil else { continue }
              try #require(first >> 24 == 255, "\(mode) @\(scale) length \(length): transparent pixel at \(a)")
              try #require(
                odd == nil,
                "\(mode) \(filter) @\(scale) length \(length) transposed \(transposed): \(pixel(a, odd ?? 0)) at \(odd ?? 0) across \(a), \(first) at the start")
            }
          }
        }
      }
    }
  }

  /// A translucent image of one colour over transparent black: a pixel drawn by two slices
  /// would come out more opaque, a gap transparent.
  @Test("every pixel of the rect is drawn exactly once", arguments: seamScales)
  func drawnExactlyOnce(scale: Double) throws {
    var image = try PixelBuffer(width: 20, height: 14, format: .rgba8Premultiplied, scale: 2)
    let color: UInt32 = 0x80_30_50_20  // alpha 128, premultiplied
    image.withMutableView { view in
      for y in 0..<14 { for x in 0..<20 { view.rowAddress(y).storeBytes(of: color, toByteOffset: x * 4, as: UInt32.self) } }
    }
    for mode in ResizingMode.allCases {
      let resizable = try ResizableImage(image, capInsets: PointEdgeInsets(top: 2, left: 3, bottom: 2.5, right: 3), resizingMode: mode)
      for width in stride(from: 0.5, through: 70, by: 0.7) {
        let rect = PointRect(x: 1.3, y: 0.7, width: width, height: width / 3 + 1)
        let pixels = try rect.pixelRect(scale: scale, rounding: .nearest)
        var output = try PixelBuffer(width: pixels.maxX + 2, height: pixels.maxY + 2, format: .rgba8Premultiplied)
        try output.withMutableView { _ = try Compositor.draw(resizable, in: rect, onto: $0, scale: scale) }
        try output.withView { view in
          for y in 0..<view.height {
            let wrong = (0..<view.width).first { x in
              let inside = pixels.contains(PixelRect(x: x, y: y, width: 1, height: 1))
              return view.rowAddress(y).load(fromByteOffset: x * 4, as: UInt32.self) != (inside ? color : 0)
            }
            try #require(wrong == nil, "\(mode) @\(scale) width \(width): (\(wrong ?? 0), \(y))")
          }
        }
      }
    }
  }

  @Test("the same pixels at any thread count, with a mask, opacity and a BGRA image")
  func threadsMaskAndOrder() throws {
    var rng = SeededGenerator(seed: 0x9A5C)
    var image = try RandomPixels.buffer(width: 30, height: 22, format: .rgba8Premultiplied, &rng)
    try image.setScale(2)
    var bgra = try PixelBuffer(width: 30, height: 22, format: .bgra8Premultiplied, scale: 2)
    try image.withView { source in try bgra.withMutableView { try PixelConverter.convert(source, into: $0) } }
    let insets = PointEdgeInsets(top: 3, left: 4, bottom: 4, right: 3)
    let rect = PointRect(x: 2.2, y: 1, width: 97, height: 41)
    let pixels = try rect.pixelRect(scale: 3, rounding: .nearest)
    let mask = try RandomPixels.buffer(width: pixels.width, height: pixels.height, format: .gray8, &rng)
    let before = try RandomPixels.buffer(width: 320, height: 130, format: .rgba8Premultiplied, &rng)
    var results: [PixelBuffer] = []
    for (threads, source) in [(1, image), (2, image), (3, bgra), (4, image)] {
      for mode in ResizingMode.allCases {
        let resizable = try ResizableImage(source, capInsets: insets, resizingMode: mode)
        var output = before
        try mask.withView { maskView in
          try output.withMutableView {
            _ = try Compositor.draw(
              resizable, in: rect, onto: $0, scale: 3,
              options: CompositeOptions(opacity: 0.7, mask: maskView, parallelism: try .threads(threads)))
          }
        }
        results.append(output)
      }
    }
    for (index, result) in results.enumerated().dropFirst(2) { #expect(result == results[index % 2]) }
    // A mask of zeros draws nothing.
    var untouched = before
    let zeros = try PixelBuffer(width: pixels.width, height: pixels.height, format: .gray8)
    try zeros.withView { maskView in
      try untouched.withMutableView {
        _ = try Compositor.draw(
          try ResizableImage(image, capInsets: insets), in: rect, onto: $0, scale: 3, options: CompositeOptions(mask: maskView))
      }
    }
    #expect(untouched == before)
  }

  @Test("bad insets are typed errors; insets leaving no centre take one pixel from a cap")
  func badInsets() throws {
    let image = try PixelBuffer(width: 10, height: 8, format: .rgba8Premultiplied)
    for bad in [-1.0, .nan, .infinity] {
      #expect(throws: PixelError.self) { try ResizableImage(image, capInsets: PointEdgeInsets(top: bad, left: 0, bottom: 0, right: 0)) }
    }
    #expect(throws: PixelError.invalidSlicing(reason: "cap insets 6 + 5 pixels exceed the image's 10 pixels")) {
      try ResizableImage(image, capInsets: PointEdgeInsets(top: 0, left: 6, bottom: 0, right: 5))
    }
    let meeting = try ResizableImage(image, capInsets: PointEdgeInsets(top: 4, left: 0, bottom: 4, right: 10))
    #expect(meeting.vertical == SliceAxis(startCap: 3, centerLength: 1, endCap: 4, mode: .tile))
    #expect(meeting.horizontal == SliceAxis(startCap: 0, centerLength: 1, endCap: 9, mode: .tile))
    // Half the point size each side of an odd pixel size: 12.75 pt at 2x is 25.5 pixels, which
    // rounds up to 26 on both sides of 51; the caps fit in points, so they are cut to fit and
    // the middle pixel stretches.
    let odd = try PixelBuffer(width: 51, height: 51, format: .rgba8Premultiplied, scale: 2)
    let halves = try ResizableImage(odd, capInsets: PointEdgeInsets(top: 12.75, left: 12.75, bottom: 12.75, right: 12.75))
    #expect(halves.horizontal == SliceAxis(startCap: 25, centerLength: 1, endCap: 25, mode: .tile))
    #expect(halves.vertical == halves.horizontal)
    #expect(throws: PixelError.self) {
      try ResizableImage(image, horizontal: SliceAxis(startCap: 2, centerLength: 0, endCap: 2, mode: .tile), vertical: .whole(8))
    }
    #expect(throws: PixelError.self) {
      try ResizableImage(image, horizontal: SliceAxis(startCap: 2, centerLength: 7, endCap: 2, mode: .tile), vertical: .whole(8))
    }
    #expect(throws: PixelError.self) {
      try ResizableImage(image, horizontal: SliceAxis(startCap: -1, centerLength: 2, endCap: 2, mode: .tile), vertical: .whole(8))
    }
    var output = try PixelBuffer(width: 4, height: 4, format: .rgba8Premultiplied)
    try output.withMutableView { view in
      let resizable = try ResizableImage(image, capInsets: .zero)
      #expect(throws: PixelError.invalidScale(-1)) { try Compositor.draw(resizable, in: PointRect(x: 0, y: 0, width: 4, height: 4), onto: view, scale: -1) }
      #expect(throws: PixelError.self) { try Compositor.draw(resizable, in: PointRect(x: .nan, y: 0, width: 4, height: 4), onto: view) }
      // Zero insets tile the whole image; an empty rect draws nothing.
      _ = try Compositor.draw(resizable, in: PointRect(x: 1, y: 1, width: 0, height: 3), onto: view)
    }
  }
}
