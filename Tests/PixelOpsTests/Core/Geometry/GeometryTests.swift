import PixelOpsTestSupport
import Testing

@testable import PixelOps

@Suite("Geometry in points and pixels")
struct GeometryTests {
  @Test("outward rounding covers every touched pixel (CGRectIntegral)")
  func outward() throws {
    let rect = PointRect(x: 0.3, y: 1.25, width: 10.5, height: 0.5)
    #expect(try rect.pixelRect(scale: 2) == PixelRect(x: 0, y: 2, width: 22, height: 2))
    #expect(try rect.pixelRect(scale: 1) == PixelRect(x: 0, y: 1, width: 11, height: 1))
  }

  @Test("inward rounding keeps only whole pixels; nearest rounds halves up")
  func inwardAndNearest() throws {
    let rect = PointRect(x: 0.3, y: 0.25, width: 2.5, height: 1.5)
    #expect(try rect.pixelRect(scale: 2, rounding: .inward) == PixelRect(x: 1, y: 1, width: 4, height: 2))
    #expect(try rect.pixelRect(scale: 2, rounding: .nearest) == PixelRect(x: 1, y: 1, width: 5, height: 3))
    // Adjacent rects stay adjacent under .nearest.
    let left = try PointRect(x: 0, y: 0, width: 1.0 / 3, height: 1).pixelRect(scale: 2, rounding: .nearest)
    let right = try PointRect(x: 1.0 / 3, y: 0, width: 1.0 / 3, height: 1).pixelRect(scale: 2, rounding: .nearest)
    #expect(left.maxX == right.x)
  }

  @Test("edges within 1e-6 pixel of a whole number snap to it (1/3 pt at @3x is pixel 1)")
  func snapping() throws {
    let third = 1.0 / 3.0
    let rect = PointRect(x: third, y: third, width: third, height: 2 * third)
    #expect(try rect.pixelRect(scale: 3) == PixelRect(x: 1, y: 1, width: 1, height: 2))
  }

  @Test("negative sizes are standardised; non-finite values and scales are errors")
  func standardiseAndReject() throws {
    #expect(try PointRect(x: 10, y: 10, width: -4, height: -2).pixelRect(scale: 1) == PixelRect(x: 6, y: 8, width: 4, height: 2))
    #expect(throws: PixelError.invalidScale(0)) { try PointRect(x: 0, y: 0, width: 1, height: 1).pixelRect(scale: 0) }
    #expect {
      try PointRect(x: .nan, y: 0, width: 1, height: 1).pixelRect(scale: 1)
    } throws: { ($0 as? PixelError)?.invalidCoordinateValue?.isNaN == true }
    // A NaN size: min and max of a NaN and a number give the number, which hid it (0.5, NaN
    // wide was pixel 0 outward, nothing nearest).
    for rule in [PixelRounding.outward, .inward, .nearest] {
      for rect in [PointRect(x: 0.5, y: 0.5, width: .nan, height: 1), PointRect(x: 0.5, y: 0.5, width: 1, height: .nan)] {
        #expect {
          try rect.pixelRect(scale: 1, rounding: rule)
        } throws: { ($0 as? PixelError)?.invalidCoordinateValue?.isNaN == true }
      }
    }
    #expect(throws: PixelError.invalidCoordinate(.infinity)) {
      try PointRect(x: 0, y: 0, width: .infinity, height: 1).pixelRect(scale: 1, rounding: .nearest)
    }
    // Beyond ±2^52 pixels: both edges are 1e300 (+ 1 is lost in the rounding of 1e300).
    #expect(throws: PixelError.invalidCoordinate(1e300)) {
      try PointRect(x: 1e300, y: 0, width: 1, height: 1).pixelRect(scale: 1)
    }
  }

  @Test("point sizes follow UIImage: pixels divided by scale")
  func pointSize() {
    #expect(PointSize(pixels: PixelSize(width: 200, height: 100), scale: 2) == PointSize(width: 100, height: 50))
  }

  @Test("insets in pixels round to nearest")
  func insets() throws {
    let insets = PointEdgeInsets(top: 1.5, left: 2, bottom: 0.25, right: 1.0 / 3)
    #expect(try insets.pixelInsets(scale: 3) == PixelEdgeInsets(top: 5, left: 6, bottom: 1, right: 1))
  }

  @Test("intersection clips and never overflows")
  func intersection() {
    let bounds = PixelRect(x: 0, y: 0, width: 10, height: 10)
    #expect(bounds.intersection(PixelRect(x: -5, y: 8, width: 7, height: 7)) == PixelRect(x: 0, y: 8, width: 2, height: 2))
    #expect(bounds.intersection(PixelRect(x: 20, y: 0, width: 1, height: 1)).isEmpty)
    #expect(bounds.intersection(PixelRect(x: Int.max - 1, y: 0, width: Int.max, height: 1)).isEmpty)
    #expect(!bounds.contains(PixelRect(x: Int.max, y: 0, width: 1, height: 1)))
  }
}
