import PixelOpsTestSupport
import Testing

@testable import PixelOps

@Suite("Placement: properties over random sizes")
struct PlacementPropertyTests {
  static let iterations = 2_000

  /// A positive value spread over seven decades, 0.001 ..< 10,000: `m x 10^e`.
  static func spread(_ rng: inout SeededGenerator) -> Double {
    let powersOfTen = [1e-3, 1e-2, 1e-1, 1, 1e1, 1e2, 1e3]
    return Double.random(in: 1..<10, using: &rng) * powersOfTen.randomElement(using: &rng)!
  }

  static func randomCase(_ rng: inout SeededGenerator) -> (image: PointSize, bounds: PointRect) {
    let image = PointSize(width: spread(&rng), height: spread(&rng))
    let bounds = PointRect(
      x: Double.random(in: -1e3...1e3, using: &rng), y: Double.random(in: -1e3...1e3, using: &rng),
      width: spread(&rng), height: spread(&rng))
    return (image, bounds)
  }

  /// A tolerance of about a thousand ulps of the largest magnitude involved.
  static func tolerance(_ values: Double...) -> Double {
    ((values.map(abs).max() ?? 0) + 1) * 1e-13
  }

  @Test("aspect fit lies inside the bounds, touches two opposite edges and keeps the aspect ratio")
  func aspectFit() {
    var rng = SeededGenerator(seed: 61)
    for _ in 0..<Self.iterations {
      let (image, b) = Self.randomCase(&rng)
      let r = ContentMode.scaleAspectFit.destinationRect(forImageSize: image, in: b)
      let tol = Self.tolerance(b.minX, b.minY, b.maxX, b.maxY)
      #expect(r.minX >= b.minX - tol && r.maxX <= b.maxX + tol && r.minY >= b.minY - tol && r.maxY <= b.maxY + tol)
      #expect((r.minX == b.minX && r.width == b.width) || (r.minY == b.minY && r.height == b.height))
      let aspect = (r.width * image.height) / (r.height * image.width)
      #expect(abs(aspect - 1) <= 1e-12 || r.width < 1e-9 || r.height < 1e-9, "\(image) in \(b) -> \(r)")
      // Centred.
      #expect(abs((r.minX + r.maxX) - (b.minX + b.maxX)) <= 2 * tol)
      #expect(abs((r.minY + r.maxY) - (b.minY + b.maxY)) <= 2 * tol)
    }
  }

  @Test("aspect fill covers the bounds, matches one axis exactly and keeps the aspect ratio")
  func aspectFill() {
    var rng = SeededGenerator(seed: 62)
    for _ in 0..<Self.iterations {
      let (image, b) = Self.randomCase(&rng)
      let r = ContentMode.scaleAspectFill.destinationRect(forImageSize: image, in: b)
      let tol = Self.tolerance(r.minX, r.minY, r.maxX, r.maxY)
      #expect(r.minX <= b.minX + tol && r.maxX >= b.maxX - tol && r.minY <= b.minY + tol && r.maxY >= b.maxY - tol)
      #expect((r.minX == b.minX && r.width == b.width) || (r.minY == b.minY && r.height == b.height))
      let aspect = (r.width * image.height) / (r.height * image.width)
      #expect(abs(aspect - 1) <= 1e-12, "\(image) in \(b) -> \(r)")
    }
  }

  @Test("scale to fill is the bounds; unscaled modes keep the size and align the named edges")
  func unscaledAndStretch() {
    var rng = SeededGenerator(seed: 63)
    for _ in 0..<Self.iterations {
      let (image, b) = Self.randomCase(&rng)
      #expect(ContentMode.scaleToFill.destinationRect(forImageSize: image, in: b) == b)
      for mode in ContentMode.allCases where mode.placement.scaling == .unscaled {
        let r = mode.destinationRect(forImageSize: image, in: b)
        #expect(r.size == image, "\(mode)")
        let tol = Self.tolerance(b.minX, b.maxX, b.minY, b.maxY, r.maxX, r.maxY)
        switch mode.placement.horizontalAlignment {
        case .left: #expect(r.minX == b.minX)
        case .right: #expect(abs(r.maxX - b.maxX) <= tol)
        case .center: #expect(abs((r.minX + r.maxX) - (b.minX + b.maxX)) <= 2 * tol)
        }
        switch mode.placement.verticalAlignment {
        case .top: #expect(r.minY == b.minY)
        case .bottom: #expect(abs(r.maxY - b.maxY) <= tol)
        case .center: #expect(abs((r.minY + r.maxY) - (b.minY + b.maxY)) <= 2 * tol)
        }
      }
    }
  }

  static let extremes: [Double] = [
    0, -0.0, .leastNonzeroMagnitude, 1e-300, 1e-3, 1, 7, 1e6, 1e300, .greatestFiniteMagnitude, -1, -1e300,
    -.greatestFiniteMagnitude,
  ]

  @Test("every mode gives finite, non-negative sizes for any finite input, however extreme")
  func finiteForFiniteInput() {
    var rng = SeededGenerator(seed: 64)
    for _ in 0..<Self.iterations {
      let v = (0..<6).map { _ in Self.extremes.randomElement(using: &rng)! }
      let image = PointSize(width: v[0], height: v[1])
      let bounds = PointRect(x: v[2], y: v[3], width: v[4], height: v[5])
      for mode in ContentMode.allCases {
        let r = mode.destinationRect(forImageSize: image, in: bounds)
        #expect(r.minX.isFinite && r.minY.isFinite && r.width.isFinite && r.height.isFinite, "\(mode) \(v)")
        #expect(r.width >= 0 && r.height >= 0, "\(mode) \(v)")
      }
    }
  }

  @Test("a non-finite input anywhere gives the empty rect at (0, 0)")
  func nonFinite() {
    let zero = PointRect(x: 0, y: 0, width: 0, height: 0)
    for bad in [Double.nan, .infinity, -.infinity] {
      for position in 0..<6 {
        var v: [Double] = [3, 2, 1, 1, 10, 10]
        v[position] = bad
        for mode in ContentMode.allCases {
          let r = mode.destinationRect(
            forImageSize: PointSize(width: v[0], height: v[1]), in: PointRect(x: v[2], y: v[3], width: v[4], height: v[5]))
          #expect(r == zero, "\(mode) with \(bad) at \(position)")
        }
      }
    }
  }

  @Test("a negative image size draws nothing: empty at the mode's anchor, like a zero size")
  func negativeImage() {
    let bounds = PointRect(x: 0, y: 0, width: 10, height: 10)
    for mode in ContentMode.allCases {
      let negative = mode.destinationRect(forImageSize: PointSize(width: -3, height: 4), in: bounds)
      let zero = mode.destinationRect(forImageSize: PointSize(width: 0, height: 0), in: bounds)
      #expect(negative == zero && negative.size == PointSize(width: 0, height: 0), "\(mode)")
    }
  }

  @Test("plans agree with the point-space placement for random layers")
  func plansAgree() throws {
    var rng = SeededGenerator(seed: 65)
    for _ in 0..<500 {
      let (_, bounds) = Self.randomCase(&rng)
      let pixels = PixelSize(width: Int.random(in: 1...4000, using: &rng), height: Int.random(in: 1...4000, using: &rng))
      let scale = [1.0, 2, 3, 1.5].randomElement(using: &rng)!
      let gravity = ContentsGravity.allCases.randomElement(using: &rng)!
      let origin = CoordinateOrigin.allCases.randomElement(using: &rng)!
      let unit = UnitRect(
        x: Double.random(in: -0.5...1, using: &rng), y: Double.random(in: -0.5...1, using: &rng),
        width: Double.random(in: 0.01...1.5, using: &rng), height: Double.random(in: 0.01...1.5, using: &rng))
      let masks = Bool.random(using: &rng)
      let layer = ContentLayer(
        bounds: bounds, contentsPixelSize: pixels, contentsScale: scale, contentsGravity: gravity,
        contentsRect: unit, masksToBounds: masks, coordinateOrigin: origin)
      let plan = try ContentDrawPlan(layer: layer)
      let content = PointSize(width: plan.sourceRect.width / scale, height: plan.sourceRect.height / scale)
      let placed = gravity.destinationRect(forContentSize: content, in: bounds, origin: origin)
      #expect(plan.destinationRectInPoints == placed)
      let tol = Self.tolerance(bounds.minX, bounds.minY, placed.maxX, placed.maxY) * scale * 4
      #expect(abs(plan.destinationRect.x - (placed.minX - bounds.minX) * scale) <= tol)
      #expect(abs(plan.destinationRect.y - (placed.minY - bounds.minY) * scale) <= tol)
      #expect(abs(plan.sourceRect.width - unit.width * Double(pixels.width)) <= 1e-9)
      if masks { #expect(plan.clipRect == PixelRect(size: plan.backingStoreSize)) }
      let backing = plan.backingStoreSize
      #expect(Double(backing.width) >= bounds.width * scale - 1e-6 && Double(backing.width) < bounds.width * scale + 1)
    }
  }
}
