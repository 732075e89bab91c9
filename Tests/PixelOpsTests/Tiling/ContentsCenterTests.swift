import PixelOpsTestSupport
import Testing

@testable import PixelOps

/// `contentsCenter` (Lockwood, *iOS Core Animation*, "contentsCenter": a border that stays as it
/// is and a centre that stretches when the gravity resizes the contents) and resizable images
/// in image views (the seed's Figure 2-6: aspect-fill with clipping shows only the stretched
/// middle). The images have a centre band of one colour across it, as a button's is, so the
/// expected pixel of every destination pixel follows from the slicing by hand.
@Suite("contentsCenter and resizable image views")
struct ContentsCenterTests {
  /// A `w`x`h` image of random pixels whose columns `center.x` and rows `center.y` are copies of
  /// the band's first column and row.
  static func bandedImage(width w: Int, height h: Int, columns: Range<Int>, rows: Range<Int>, seed: UInt64) throws -> PixelBuffer {
    var image = try RandomPixels.buffer(width: w, height: h, format: .rgba8Premultiplied, seed: seed)
    image.withMutableView { view in
      for y in 0..<h {
        for x in 0..<w {
          let sx = columns.contains(x) ? columns.lowerBound : x
          let sy = rows.contains(y) ? rows.lowerBound : y
          view.rowAddress(y).storeBytes(
            of: view.rowAddress(sy).load(fromByteOffset: sx * 4, as: UInt32.self), toByteOffset: x * 4, as: UInt32.self)
        }
      }
    }
    return image
  }

  /// Pixel `i` of `length` drawn pixels shows this image index: start cap as it is, then the
  /// band, then the end cap as it is (caps at scale 1 that fit; centre of one colour).
  static func index(_ i: Int, length: Int, startCap: Int, endCap: Int, extent: Int) -> Int {
    if i < startCap { return i }
    if i >= length - endCap { return extent - (length - i) }
    return startCap
  }

  @Test("contentsCenter with every gravity: border as it is, centre stretched", arguments: ContentsGravity.allCases)
  func everyGravity(_ gravity: ContentsGravity) throws {
    // 12x10 pixels; contentsCenter (0.25, 0.3, 0.5, 0.4): columns 3..<9 and rows 3..<7 stretch.
    let image = try Self.bandedImage(width: 12, height: 10, columns: 3..<9, rows: 3..<7, seed: 0xCE47E5)
    for bounds in [PointRect(x: 0, y: 0, width: 30, height: 20), PointRect(x: 0, y: 0, width: 9, height: 7)] {
      let layer = ContentLayer(
        bounds: bounds, contentsPixelSize: image.size, contentsGravity: gravity,
        contentsCenter: UnitRect(x: 0.25, y: 0.3, width: 0.5, height: 0.4), masksToBounds: true)
      let plan = try ContentDrawPlan(layer: layer)
      var surface = try PixelBuffer(width: plan.backingStoreSize.width, height: plan.backingStoreSize.height, format: .rgba8Premultiplied)
      try image.withView { source in
        try surface.withMutableView { _ = try LayerContentsRenderer.draw(source, as: layer, onto: $0, options: CompositeOptions(blendMode: .copy)) }
      }
      // The pixels whose centres lie in the gravity's rect.
      let columns = Int((plan.destinationRect.x - 0.5).rounded(.up))..<Int((plan.destinationRect.maxX - 0.5).rounded(.up))
      let rows = Int((plan.destinationRect.y - 0.5).rounded(.up))..<Int((plan.destinationRect.maxY - 0.5).rounded(.up))
      try image.withView { source in
        try surface.withView { view in
          for y in 0..<view.height {
            for x in 0..<view.width {
              let got = CompositeReference.read(view.rowAddress(y) + x * 4)
              guard columns.contains(x) && rows.contains(y) else {
                try #require(got == [0, 0, 0, 0], "\(gravity) \(bounds): (\(x), \(y)) outside the rect")
                continue
              }
              let caps = columns.count >= 6 && rows.count >= 6
              guard caps else { continue }  // shrunken caps are checked in ResizableImageTests
              let sx = Self.index(x - columns.lowerBound, length: columns.count, startCap: 3, endCap: 3, extent: 12)
              let sy = Self.index(y - rows.lowerBound, length: rows.count, startCap: 3, endCap: 3, extent: 10)
              try #require(
                got == CompositeReference.read(source.rowAddress(sy) + sx * 4),
                "\(gravity) \(bounds): (\(x), \(y)) should show image pixel (\(sx), \(sy))")
            }
          }
        }
      }
    }
  }

  @Test("the slicing of contentsCenter in pixels: rounding, flipped geometry, zero size, the default")
  func slicing() throws {
    func slicing(_ center: UnitRect, _ origin: CoordinateOrigin = .topLeft, rect: UnitRect = .full) throws
      -> ContentDrawPlan.CenterSlicing?
    {
      try ContentDrawPlan.centerSlicing(
        of: ContentLayer(
          bounds: PointRect(x: 0, y: 0, width: 50, height: 50), contentsPixelSize: PixelSize(width: 40, height: 20),
          contentsRect: rect, contentsCenter: center, coordinateOrigin: origin))
    }
    #expect(try slicing(.full) == nil)
    #expect(try slicing(UnitRect(x: -0.5, y: 0, width: 2, height: 1)) == nil)
    let quarter = try #require(try slicing(UnitRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)))
    #expect(quarter.part == PixelRect(x: 0, y: 0, width: 40, height: 20))
    #expect(quarter.horizontal == SliceAxis(startCap: 10, centerLength: 20, endCap: 10, mode: .stretch))
    #expect(quarter.vertical == SliceAxis(startCap: 5, centerLength: 10, endCap: 5, mode: .stretch))
    // y measured from the bottom in unflipped (macOS) geometry: 0.1 ..< 0.3 from the bottom is
    // rows 14 ..< 18 from the top.
    let flipped = try #require(try slicing(UnitRect(x: 0, y: 0.1, width: 1, height: 0.2), .bottomLeft))
    #expect(flipped.vertical == SliceAxis(startCap: 14, centerLength: 4, endCap: 2, mode: .stretch))
    // (0.5, 0.5, 0, 0): the middle pixel row and column stretch.
    let middle = try #require(try slicing(UnitRect(x: 0.5, y: 0.5, width: 0, height: 0)))
    #expect(middle.horizontal == SliceAxis(startCap: 20, centerLength: 1, endCap: 19, mode: .stretch))
    #expect(middle.vertical == SliceAxis(startCap: 10, centerLength: 1, endCap: 9, mode: .stretch))
    // At the end: the last pixel.
    let end = try #require(try slicing(UnitRect(x: 1, y: 0, width: 0, height: 1)))
    #expect(end.horizontal == SliceAxis(startCap: 39, centerLength: 1, endCap: 0, mode: .stretch))
    // Within the part contentsRect shows: its right half, 20 pixels.
    let half = try #require(try slicing(UnitRect(x: 0.25, y: 0, width: 0.5, height: 1), rect: UnitRect(x: 0.5, y: 0, width: 0.5, height: 1)))
    #expect(half.part == PixelRect(x: 20, y: 0, width: 20, height: 20))
    #expect(half.horizontal == SliceAxis(startCap: 5, centerLength: 10, endCap: 5, mode: .stretch))
    #expect(throws: PixelError.invalidCoordinate(.infinity)) { try slicing(UnitRect(x: 0, y: 0, width: .infinity, height: 1)) }
  }

  /// Figure 2-6: a resizable image (caps of almost half the image, a 2-point centre) in an
  /// aspect-fill image view that clips: the rect is taller than the view, so the caps' top and
  /// bottom rows fall outside it and the view shows mostly the stretched middle.
  @Test("aspect-fill with clipping shows the stretched middle of a resizable image (Figure 2-6)")
  func aspectFillWithClipping() throws {
    // 20x20 points @2x, caps of 9 points: the middle 2 points (4 pixels, one colour) stretch.
    var image = try Self.bandedImage(width: 40, height: 40, columns: 18..<22, rows: 18..<22, seed: 0xF126)
    try image.setScale(2)
    let resizable = try ResizableImage(image, capInsets: PointEdgeInsets(top: 9, left: 9, bottom: 9, right: 9), resizingMode: .stretch)
    let layer = ContentLayer.imageView(
      bounds: PointRect(x: 0, y: 0, width: 40, height: 30), image: image, contentMode: .scaleAspectFill, screenScale: 2,
      clipsToBounds: true)
    var surface = try PixelBuffer(width: 80, height: 60, format: .rgba8Premultiplied)
    try surface.withMutableView { _ = try LayerContentsRenderer.draw(resizable, as: layer, onto: $0, options: CompositeOptions(blendMode: .copy)) }
    // Aspect fill of 20x20 in 40x30 points: 40x40 points at y = -5, i.e. 80x80 pixels from
    // row -10; the caps are 18 pixels.
    try image.withView { source in
      try surface.withView { view in
        for y in 0..<60 {
          for x in 0..<80 {
            let sx = Self.index(x, length: 80, startCap: 18, endCap: 18, extent: 40)
            let sy = Self.index(y + 10, length: 80, startCap: 18, endCap: 18, extent: 40)
            try #require(
              CompositeReference.read(view.rowAddress(y) + x * 4) == CompositeReference.read(source.rowAddress(sy) + sx * 4),
              "(\(x), \(y)) should show image pixel (\(sx), \(sy))")
          }
        }
      }
    }
    // Centre mode draws the image at its own size: every pixel as it is.
    let centered = ContentLayer.imageView(
      bounds: PointRect(x: 0, y: 0, width: 40, height: 30), image: image, contentMode: .center, screenScale: 2)
    var plain = try PixelBuffer(width: 80, height: 60, format: .rgba8Premultiplied)
    try plain.withMutableView { _ = try LayerContentsRenderer.draw(resizable, as: centered, onto: $0) }
    image.withView { source in
      plain.withView { view in
        for y in 0..<40 {
          for x in 0..<40 {
            #expect(
              CompositeReference.read(view.rowAddress(y + 10) + (x + 20) * 4) == CompositeReference.read(source.rowAddress(y) + x * 4))
          }
        }
      }
    }
  }
}
