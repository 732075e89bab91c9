import PixelOpsTestSupport
import Testing

@testable import PixelOps

@Suite("Placement: draw plans from layer models")
struct PlacementDrawPlanTests {
  // MARK: The Snowman example (Lockwood, "iOS Core Animation: Advanced Techniques", ch. 2,
  // "The Backing Image"): a @2x snowman CGImage as the contents of a 200x200-point view's layer on
  // a Retina (2x) screen. The chapter gives its figures as pictures, not numbers; the image here
  // is 312x440 pixels (156x220 points at @2x: taller than the view, so it "pokes outside of the
  // view bounds" even at the right size, as Figures 2.4 and 2.5 show).
  static let view = PointRect(x: 0, y: 0, width: 200, height: 200)
  static let snowman = PixelSize(width: 312, height: 440)

  @Test("Figure 2.2: resizeAspect scales to fit, so contentsScale changes nothing in points")
  func snowmanAspectFit() throws {
    for contentsScale in [1.0, 2.0] {
      let plan = try ContentDrawPlan(
        layer: ContentLayer(
          bounds: Self.view, contentsPixelSize: Self.snowman, contentsScale: contentsScale,
          contentsGravity: .resizeAspect))
      // min(200/312, 200/440) = 200/440 -> 141.8181... x 200, centred.
      let width = 312.0 * 200 / 440
      #expect(isClose(plan.destinationRectInPoints, rect((200 - width) / 2, 0, width, 200)))
    }
  }

  @Test("Figure 2.3: center gravity with contentsScale left at 1 shows the @2x image twice too big")
  func snowmanWrongScale() throws {
    let plan = try ContentDrawPlan(
      layer: ContentLayer(bounds: Self.view, contentsPixelSize: Self.snowman, contentsGravity: .center))
    // 312x440 px at 1 px/pt = 312x440 pt: twice the 156x220 pt it was made for, centred.
    #expect(plan.destinationRectInPoints == rect(-56, -120, 312, 440))
    // The backing store is 200x200 px: one image pixel per backing pixel, each shown as 2x2 screen
    // pixels on the Retina display ("huge and pixelated").
    #expect(plan.backingStoreSize == PixelSize(width: 200, height: 200))
    #expect(plan.destinationRect == FractionalPixelRect(x: -56, y: -120, width: 312, height: 440))
    #expect(plan.sourceRect == FractionalPixelRect(x: 0, y: 0, width: 312, height: 440))
  }

  @Test("Figure 2.4: contentsScale = image scale (2) shows it at its point size, crisp")
  func snowmanRightScale() throws {
    let plan = try ContentDrawPlan(
      layer: ContentLayer(
        bounds: Self.view, contentsPixelSize: Self.snowman, contentsScale: 2, contentsGravity: .center))
    #expect(plan.destinationRectInPoints == rect(22, -10, 156, 220))
    #expect(plan.backingStoreSize == PixelSize(width: 400, height: 400))
    // One image pixel per backing pixel again, now at 2 px/pt: no magnification.
    #expect(plan.destinationRect == FractionalPixelRect(x: 44, y: -20, width: 312, height: 440))
    // Not masked: it still pokes out above and below the bounds.
    #expect(plan.clipRect == PixelRect(x: 44, y: -20, width: 312, height: 440))
  }

  @Test("Figure 2.5: masksToBounds clips drawing to the backing store")
  func snowmanMasked() throws {
    let plan = try ContentDrawPlan(
      layer: ContentLayer(
        bounds: Self.view, contentsPixelSize: Self.snowman, contentsScale: 2, contentsGravity: .center,
        masksToBounds: true))
    #expect(plan.clipRect == PixelRect(x: 0, y: 0, width: 400, height: 400))
    #expect(plan.destinationRect == FractionalPixelRect(x: 44, y: -20, width: 312, height: 440))
  }

  // MARK: contentsRect

  @Test("a 2x2 sprite sheet: four layers, four quarters (Lockwood, Listing 2.3)")
  func spriteSheet() throws {
    let sheet = PixelSize(width: 256, height: 128)
    let quarters: [(UnitRect, FractionalPixelRect)] = [
      (UnitRect(x: 0, y: 0, width: 0.5, height: 0.5), FractionalPixelRect(x: 0, y: 0, width: 128, height: 64)),
      (UnitRect(x: 0.5, y: 0, width: 0.5, height: 0.5), FractionalPixelRect(x: 128, y: 0, width: 128, height: 64)),
      (UnitRect(x: 0, y: 0.5, width: 0.5, height: 0.5), FractionalPixelRect(x: 0, y: 64, width: 128, height: 64)),
      (
        UnitRect(x: 0.5, y: 0.5, width: 0.5, height: 0.5),
        FractionalPixelRect(x: 128, y: 64, width: 128, height: 64)
      ),
    ]
    for (unit, source) in quarters {
      // Stretched into a 100x100 layer at 2x (the book's layers use the default resize).
      let stretched = try ContentDrawPlan(
        layer: ContentLayer(
          bounds: rect(0, 0, 100, 100), contentsPixelSize: sheet, contentsScale: 2, contentsRect: unit))
      #expect(stretched.sourceRect == source)
      #expect(stretched.destinationRect == FractionalPixelRect(x: 0, y: 0, width: 200, height: 200))
      // Unscaled, the gravity places the sub-rectangle: 128x64 px = 64x32 pt at 2x, centred.
      let centred = try ContentDrawPlan(
        layer: ContentLayer(
          bounds: rect(0, 0, 100, 100), contentsPixelSize: sheet, contentsScale: 2, contentsGravity: .center,
          contentsRect: unit))
      #expect(centred.destinationRectInPoints == rect(18, 34, 64, 32))
      #expect(centred.sourceRect == source)
    }
  }

  @Test("contentsRect y follows the geometry: y-up reads from the image's bottom")
  func contentsRectFlipped() throws {
    let topHalf = UnitRect(x: 0, y: 0, width: 1, height: 0.5)
    func source(_ origin: CoordinateOrigin) throws -> FractionalPixelRect {
      try ContentDrawPlan(
        layer: ContentLayer(
          bounds: rect(0, 0, 10, 10), contentsPixelSize: PixelSize(width: 8, height: 6), contentsRect: topHalf,
          coordinateOrigin: origin)
      ).sourceRect
    }
    #expect(try source(.topLeft) == FractionalPixelRect(x: 0, y: 0, width: 8, height: 3))
    #expect(try source(.bottomLeft) == FractionalPixelRect(x: 0, y: 3, width: 8, height: 3))
  }

  @Test("contentsRect beyond 0...1 reaches past the image: edge pixels extend outward")
  func contentsRectOutside() throws {
    // The Big Nerd Ranch example: contentsRect (-0.1, -0.1, 1.2x1.2) with resizeAspect in an
    // 85x85 layer. A 100x100 image becomes 120x120 source pixels starting at (-10, -10); the
    // whole fits in 85x85, so the real image covers the middle 85/1.2 points.
    let plan = try ContentDrawPlan(
      layer: ContentLayer(
        bounds: rect(0, 0, 85, 85), contentsPixelSize: PixelSize(width: 100, height: 100),
        contentsGravity: .resizeAspect, contentsRect: UnitRect(x: -0.1, y: -0.1, width: 1.2, height: 1.2)))
    #expect(isClose(plan.sourceRect, FractionalPixelRect(x: -10, y: -10, width: 120, height: 120)))
    #expect(isClose(plan.destinationRect, FractionalPixelRect(x: 0, y: 0, width: 85, height: 85)))
    // Unscaled: the 1.2x-sized sub-rectangle is 120x120 points, centred.
    let centred = try ContentDrawPlan(
      layer: ContentLayer(
        bounds: rect(0, 0, 100, 100), contentsPixelSize: PixelSize(width: 100, height: 100),
        contentsGravity: .center, contentsRect: UnitRect(x: -0.1, y: -0.1, width: 1.2, height: 1.2)))
    #expect(isClose(centred.destinationRectInPoints, rect(-10, -10, 120, 120)))
    // A rect wholly beyond the right edge samples only the clamped edge column.
    let beyond = try ContentDrawPlan(
      layer: ContentLayer(
        bounds: rect(0, 0, 10, 10), contentsPixelSize: PixelSize(width: 4, height: 4),
        contentsRect: UnitRect(x: 1.5, y: 0, width: 0.5, height: 1)))
    #expect(beyond.sourceRect == FractionalPixelRect(x: 6, y: 0, width: 2, height: 4))
    #expect(!beyond.isEmpty)
  }

  // MARK: Scales, origins and degenerate layers

  @Test("UIImageView: an @2x image is drawn at its point size into a bounds x screenScale store")
  func imageView() throws {
    let image = try PixelBuffer(width: 64, height: 32, format: .rgba8Premultiplied, scale: 2)
    let plan = try ContentDrawPlan(
      layer: .imageView(bounds: rect(0, 0, 100, 100), image: image, contentMode: .center, screenScale: 3))
    #expect(plan.backingStoreSize == PixelSize(width: 300, height: 300))
    #expect(plan.destinationRectInPoints == rect(34, 42, 32, 16))
    #expect(plan.destinationRect == FractionalPixelRect(x: 102, y: 126, width: 96, height: 48))
    #expect(plan.sourceRect == FractionalPixelRect(x: 0, y: 0, width: 64, height: 32))
    // The top mode lands at the visual top although UIKit sets the bottom gravity.
    let top = try ContentDrawPlan(
      layer: .imageView(bounds: rect(0, 0, 100, 100), image: image, contentMode: .top, screenScale: 3))
    #expect(top.destinationRectInPoints == rect(34, 0, 32, 16))
  }

  @Test("backing-store pixels start at the bounds origin; sides round up")
  func boundsOriginAndRounding() throws {
    let plan = try ContentDrawPlan(
      layer: ContentLayer(
        bounds: rect(10, 20, 50, 50), contentsPixelSize: PixelSize(width: 10, height: 10), contentsScale: 2,
        contentsGravity: .center))
    // Core Animation's rule: 10x10 px at contentsScale 2 is 5x5 pt, centred at (32.5, 42.5),
    // which is backing pixel ((32.5 - 10) x 2, (42.5 - 20) x 2) = (45, 45).
    #expect(plan.destinationRectInPoints == rect(32.5, 42.5, 5, 5))
    #expect(plan.destinationRect == FractionalPixelRect(x: 45, y: 45, width: 10, height: 10))
    // With the image's own scale 1 it is 10x10 pt at (30, 40): pixels (40, 40), 20x20.
    let hiDPI = try ContentDrawPlan(
      layer: ContentLayer(
        bounds: rect(10, 20, 50, 50), contentsPixelSize: PixelSize(width: 10, height: 10), contentsScale: 2,
        contentsImageScale: 1, contentsGravity: .center))
    #expect(hiDPI.destinationRect == FractionalPixelRect(x: 40, y: 40, width: 20, height: 20))
    let odd = try ContentDrawPlan(
      layer: ContentLayer(
        bounds: rect(0, 0, 100.5, 50.25), contentsPixelSize: PixelSize(width: 1, height: 1), contentsScale: 2))
    #expect(odd.backingStoreSize == PixelSize(width: 201, height: 101))
    let third = try ContentDrawPlan(
      layer: ContentLayer(
        bounds: rect(0, 0, 1.0 / 3, 1.0 / 3), contentsPixelSize: PixelSize(width: 1, height: 1), contentsScale: 3))
    #expect(third.backingStoreSize == PixelSize(width: 1, height: 1))
  }

  @Test("fractional destinations stay fractional; the unmasked clip covers them")
  func fractional() throws {
    let plan = try ContentDrawPlan(
      layer: ContentLayer(
        bounds: rect(0, 0, 10, 10), contentsPixelSize: PixelSize(width: 7, height: 7), contentsGravity: .center))
    #expect(plan.destinationRect == FractionalPixelRect(x: 1.5, y: 1.5, width: 7, height: 7))
    #expect(plan.clipRect == PixelRect(x: 1, y: 1, width: 8, height: 8))
  }

  @Test("nothing to draw gives an empty plan, not an error")
  func emptyPlans() throws {
    let noImage = try ContentDrawPlan(
      layer: ContentLayer(bounds: rect(0, 0, 10, 10), contentsPixelSize: PixelSize(width: 0, height: 0)))
    #expect(noImage.isEmpty)
    #expect(noImage.clipRect.isEmpty)
    let noRect = try ContentDrawPlan(
      layer: ContentLayer(
        bounds: rect(0, 0, 10, 10), contentsPixelSize: PixelSize(width: 4, height: 4),
        contentsRect: UnitRect(x: 0, y: 0, width: 0, height: 1)))
    #expect(noRect.isEmpty)
    let noBounds = try ContentDrawPlan(
      layer: ContentLayer(
        bounds: rect(5, 5, 0, 0), contentsPixelSize: PixelSize(width: 4, height: 4), masksToBounds: true))
    #expect(noBounds.isEmpty)
    #expect(noBounds.backingStoreSize == PixelSize(width: 0, height: 0))
  }

  @Test("invalid layers are typed errors")
  func errors() {
    let image = PixelSize(width: 4, height: 4)
    #expect(throws: PixelError.invalidScale(0)) {
      try ContentDrawPlan(layer: ContentLayer(bounds: rect(0, 0, 1, 1), contentsPixelSize: image, contentsScale: 0))
    }
    #expect(throws: PixelError.invalidScale(-2)) {
      try ContentDrawPlan(
        layer: ContentLayer(bounds: rect(0, 0, 1, 1), contentsPixelSize: image, contentsImageScale: -2))
    }
    #expect(throws: PixelError.invalidScale(.infinity)) {
      try ContentDrawPlan(
        layer: ContentLayer(bounds: rect(0, 0, 1, 1), contentsPixelSize: image, contentsScale: .infinity))
    }
    #expect {
      try ContentDrawPlan(layer: ContentLayer(bounds: rect(.nan, 0, 1, 1), contentsPixelSize: image))
    } throws: { ($0 as? PixelError)?.invalidCoordinateValue?.isNaN == true }
    #expect(throws: PixelError.invalidCoordinate(.infinity)) {
      try ContentDrawPlan(
        layer: ContentLayer(
          bounds: rect(0, 0, 1, 1), contentsPixelSize: image,
          contentsRect: UnitRect(x: 0, y: 0, width: .infinity, height: 1)))
    }
    #expect(throws: PixelError.invalidDimensions(width: -1, height: 4)) {
      try ContentDrawPlan(
        layer: ContentLayer(bounds: rect(0, 0, 1, 1), contentsPixelSize: PixelSize(width: -1, height: 4)))
    }
    // A backing store beyond ±2^52 pixels (the value carried is not documented).
    #expect {
      try ContentDrawPlan(layer: ContentLayer(bounds: rect(0, 0, 1e300, 1), contentsPixelSize: image))
    } throws: { ($0 as? PixelError)?.invalidCoordinateValue != nil }
    #expect(throws: PixelError.invalidCoordinate(.infinity)) {
      try ContentDrawPlan(
        layer: ContentLayer(
          bounds: rect(0, 0, 1, 1), contentsPixelSize: image,
          contentsRect: UnitRect(x: 0, y: 0, width: .greatestFiniteMagnitude, height: 1)))
    }
  }

  @Test("aspect fill of a 1x1,000,000 image in 10x10: masked, the clip is the bounds")
  func tallAspectFill() throws {
    // max(10/1, 10/1e6) = 10 -> 10 x 1e7 points, y = (10 - 1e7) / 2 = -4,999,995.
    func plan(masks: Bool) throws -> ContentDrawPlan {
      try ContentDrawPlan(
        layer: ContentLayer(
          bounds: rect(0, 0, 10, 10), contentsPixelSize: PixelSize(width: 1, height: 1_000_000),
          contentsGravity: .resizeAspectFill, masksToBounds: masks))
    }
    let masked = try plan(masks: true)
    #expect(masked.destinationRect == FractionalPixelRect(x: 0, y: -4_999_995, width: 10, height: 10_000_000))
    #expect(masked.clipRect == PixelRect(x: 0, y: 0, width: 10, height: 10))
    #expect(try plan(masks: false).clipRect == PixelRect(x: 0, y: -4_999_995, width: 10, height: 10_000_000))
  }
}
