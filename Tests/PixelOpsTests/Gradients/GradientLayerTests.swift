import Foundation
import PixelOps
import PixelOpsTestSupport
import Testing

/// `GradientLayer` follows `CAGradientLayer`: unit-space start and end points over the bounds,
/// `.axial`, `.radial` (an ellipse on a non-square layer) and `.conic`, `locations` nil spreading
/// the colours evenly, and the flipped geometry of `coordinateOrigin: .bottomLeft`.
@Suite("GradientLayer")
struct GradientLayerTests {
  static let red = StraightColor(red: 1, green: 0, blue: 0)
  static let green = StraightColor(red: 0, green: 1, blue: 0)
  static let blue = StraightColor(red: 0, green: 0, blue: 1)
  static let translucent = StraightColor(red: 0.9, green: 0.8, blue: 0.1, alpha: 0.4)

  /// Draws `layer` with .copy onto a transparent view of `width` x `height` pixels.
  static func render(_ layer: GradientLayer, width: Int, height: Int, scale: Double) throws -> GradientCanvas {
    var none: SeededGenerator? = nil
    var canvas = try GradientCanvas(width: width, height: height, format: .rgba8Premultiplied, random: &none)
    try canvas.withView { view in try layer.draw(onto: view, scale: scale, options: CompositeOptions(blendMode: .copy)) }
    return canvas
  }

  static func stops(_ colors: [StraightColor], _ locations: [Double]? = nil) -> [GradientStop] {
    let spots = locations ?? colors.indices.map { Double($0) / Double(max(1, colors.count - 1)) }
    return zip(spots, colors).map { GradientStop(location: $0, color: $1) }
  }

  /// Every pixel of `canvas` within `pixels` is within 1 of `reference`; returns the first miss.
  static func firstMiss(_ canvas: GradientCanvas, _ reference: GradientReference, _ pixels: PixelRect) -> String? {
    for y in pixels.y..<(pixels.y + pixels.height) {
      for x in pixels.x..<(pixels.x + pixels.width) where !reference.accepts(canvas.pixel(x, y), x: x, y: y) {
        return "pixel (\(x), \(y)): \(canvas.pixel(x, y)), expected \(reference.bytes(x: x, y: y))"
      }
    }
    return nil
  }

  static func close(_ a: SIMD4<Int>, _ b: SIMD4<Int>, _ tolerance: Int) -> Bool {
    (0..<4).allSatisfy { abs(a[$0] - b[$0]) <= tolerance }
  }

  @Test("default axial layer: top row the first colour, bottom row the last, columns identical", arguments: [1.0, 2.0])
  func defaultAxial(_ scale: Double) throws {
    let colors = [Self.red, Self.translucent, Self.blue]
    let layer = GradientLayer(bounds: PointRect(x: 0, y: 0, width: 40, height: 30), colors: colors)
    let (width, height) = (Int(40 * scale), Int(30 * scale))
    let canvas = try Self.render(layer, width: width, height: height, scale: scale)
    let reference = GradientReference(
      stops: Self.stops(colors), interpolation: .straight,
      shape: .linear(start: PointPosition(x: 20, y: 0), end: PointPosition(x: 20, y: 30)), extend: .pad, scale: scale)
    let miss = Self.firstMiss(canvas, reference, PixelRect(x: 0, y: 0, width: width, height: height))
    #expect(miss == nil, "\(miss ?? "")")
    // Half a pixel from the ends (t = 1/60 from them at 1x) the colour has moved by at most
    // 765 levels per unit t (the steepest channel, blue near the end) / 60 ≈ 12.75.
    #expect(Self.close(canvas.pixel(0, 0), SIMD4(255, 0, 0, 255), 13), "top row: \(canvas.pixel(0, 0))")
    #expect(Self.close(canvas.pixel(0, height - 1), SIMD4(0, 0, 255, 255), 13), "bottom row: \(canvas.pixel(0, height - 1))")
    // Every row is one colour (so the top and bottom rows are as their first pixels).
    let uneven = (0..<height).filter { y in (0..<width).contains { canvas.pixel($0, y) != canvas.pixel(0, y) } }
    #expect(uneven.isEmpty, "rows that are not one colour: \(uneven)")
  }

  @Test("radial on an 80x40 layer is an ellipse: the same colour at the same normalised radius along x and y")
  func radialEllipse() throws {
    let colors = [Self.red, Self.green, Self.blue, Self.translucent]
    // Bounds offset by half a pixel put the centre (40.5, 20.5) on a pixel centre.
    let layer = GradientLayer(
      bounds: PointRect(x: 0.5, y: 0.5, width: 80, height: 40), colors: colors, startPoint: UnitPoint(x: 0.5, y: 0.5),
      endPoint: UnitPoint(x: 1, y: 1), type: .radial)
    let canvas = try Self.render(layer, width: 82, height: 42, scale: 1)
    // Pixel (40 + k, 20) lies k / 40 from the centre along x, pixel (40, 20 + j) j / 20 along y.
    var differsFromCircle = false
    for j in 1...19 {
      for sign in [1, -1] {
        let alongX = canvas.pixel(40 + sign * 2 * j, 20)
        let alongY = canvas.pixel(40, 20 + sign * j)
        #expect(Self.close(alongX, alongY, 1), "radius \(j)/20: along x \(alongX), along y \(alongY)")
        if !Self.close(canvas.pixel(40 + sign * j, 20), alongY, 1) { differsFromCircle = true }
      }
    }
    #expect(differsFromCircle, "the gradient is a circle, not an ellipse")
    let reference = GradientReference(
      stops: Self.stops(colors).map { ($0.location, $0.color) }, premultipliedMixing: false,
      shape: .ellipse(cx: 40.5, cy: 20.5, rx: 40, ry: 20), extend: .padded(before: true, after: true), scale: 1)
    // The bounds' pixels: 1..<81 by 1..<41.
    let miss = Self.firstMiss(canvas, reference, PixelRect(x: 1, y: 1, width: 80, height: 40))
    #expect(miss == nil, "\(miss ?? "")")
    #expect(canvas.pixel(0, 0) == .zero && canvas.pixel(81, 41) == .zero, "drawn outside the bounds")
    #expect(canvas.pixel(1, 1) == SIMD4<Int>(GradientReference.solidBytes(SIMD4(0.9, 0.8, 0.1, 0.4))), "corner: the last colour")
    #expect(canvas.pixel(40, 20) == SIMD4(255, 0, 0, 255), "centre: the first colour")
  }

  @Test("conic starts in the direction of endPoint and goes clockwise on screen")
  func conicStartsAtEndPoint() throws {
    let colors = [Self.red, Self.green, Self.blue]
    let bounds = PointRect(x: 0, y: 0, width: 40, height: 40)
    // endPoint straight down (top-left geometry).
    let down = GradientLayer(
      bounds: bounds, colors: colors, startPoint: UnitPoint(x: 0.5, y: 0.5), endPoint: UnitPoint(x: 0.5, y: 1), type: .conic)
    let canvas = try Self.render(down, width: 40, height: 40, scale: 1)
    // Just clockwise of straight down (towards -x): the first colour; just before it: the last.
    #expect(Self.close(canvas.pixel(19, 35), SIMD4(255, 0, 0, 255), 8), "\(canvas.pixel(19, 35))")
    #expect(Self.close(canvas.pixel(20, 35), SIMD4(0, 0, 255, 255), 8), "\(canvas.pixel(20, 35))")
    // A quarter turn on (towards -x, the left): t ≈ 0.25, halfway from red to green.
    let reference = GradientReference(
      stops: Self.stops(colors), interpolation: .straight,
      shape: .conic(center: PointPosition(x: 20, y: 20), startAngle: Double.pi / 2), extend: .pad, scale: 1)
    let miss = Self.firstMiss(canvas, reference, PixelRect(x: 0, y: 0, width: 40, height: 40))
    #expect(miss == nil, "\(miss ?? "")")
    #expect(Self.close(canvas.pixel(5, 19), SIMD4(128, 128, 0, 255), 5), "left of centre, t = 0.25: \(canvas.pixel(5, 19))")

    // endPoint to the right: starts along +x.
    let right = GradientLayer(
      bounds: bounds, colors: colors, startPoint: UnitPoint(x: 0.5, y: 0.5), endPoint: UnitPoint(x: 1, y: 0.5), type: .conic)
    let rightCanvas = try Self.render(right, width: 40, height: 40, scale: 1)
    #expect(Self.close(rightCanvas.pixel(35, 20), SIMD4(255, 0, 0, 255), 8), "\(rightCanvas.pixel(35, 20))")
    #expect(Self.close(rightCanvas.pixel(35, 19), SIMD4(0, 0, 255, 255), 8), "\(rightCanvas.pixel(35, 19))")
    // Bottom-left geometry: endPoint (0.5, 1) is straight up, and the angle grows from unit
    // space's +x towards its +y, which points up: counter-clockwise on screen, as an unflipped
    // macOS layer draws it. Just left of straight up: the first colour; just right: the last.
    var flipped = down
    flipped.coordinateOrigin = .bottomLeft
    let upCanvas = try Self.render(flipped, width: 40, height: 40, scale: 1)
    #expect(
      Self.close(upCanvas.pixel(19, 4), SIMD4(255, 0, 0, 255), 8), "up, counter-clockwise side: \(upCanvas.pixel(19, 4))")
    #expect(Self.close(upCanvas.pixel(20, 4), SIMD4(0, 0, 255, 255), 8), "up, before it: \(upCanvas.pixel(20, 4))")
    // A quarter turn on is to the left of the centre in both geometries (down then left, up
    // then left), half a turn on opposite the start.
    #expect(
      Self.close(upCanvas.pixel(4, 19), canvas.pixel(4, 20), 2), "left: \(upCanvas.pixel(4, 19)) vs \(canvas.pixel(4, 20))")
  }

  @Test("coordinateOrigin .bottomLeft flips the vertical direction")
  func bottomLeftFlips() throws {
    let colors = [Self.red, Self.translucent, Self.blue]
    var layer = GradientLayer(bounds: PointRect(x: 0, y: 0, width: 40, height: 30), colors: colors)
    let topLeft = try Self.render(layer, width: 40, height: 30, scale: 1)
    layer.coordinateOrigin = .bottomLeft
    let bottomLeft = try Self.render(layer, width: 40, height: 30, scale: 1)
    #expect(Self.close(bottomLeft.pixel(3, 0), SIMD4(0, 0, 255, 255), 13), "top row: the last colour, \(bottomLeft.pixel(3, 0))")
    #expect(Self.close(bottomLeft.pixel(3, 29), SIMD4(255, 0, 0, 255), 13), "bottom row: the first colour, \(bottomLeft.pixel(3, 29))")
    var unflipped: [String] = []
    for y in 0..<30 {
      for x in 0..<40 where !Self.close(bottomLeft.pixel(x, y), topLeft.pixel(x, 29 - y), 1) {
        unflipped.append("(\(x), \(y)): \(bottomLeft.pixel(x, y)) vs \(topLeft.pixel(x, 29 - y))")
      }
    }
    #expect(unflipped.count == 0, "not the top-left drawing flipped: \(unflipped.prefix(5))")
    let reference = GradientReference(
      stops: Self.stops(colors), interpolation: .straight,
      shape: .linear(start: PointPosition(x: 20, y: 30), end: PointPosition(x: 20, y: 0)), extend: .pad, scale: 1)
    let miss = Self.firstMiss(bottomLeft, reference, PixelRect(x: 0, y: 0, width: 40, height: 30))
    #expect(miss == nil, "\(miss ?? "")")
  }

  @Test("locations nil spreads the colours evenly from 0 to 1")
  func nilLocationsAreEven() throws {
    let colors = [Self.red, Self.green, Self.translucent, Self.blue]
    let bounds = PointRect(x: 2, y: 1, width: 37, height: 23)
    var layer = GradientLayer(
      bounds: bounds, colors: colors, startPoint: UnitPoint(x: 0.1, y: 0.2), endPoint: UnitPoint(x: 0.9, y: 0.7))
    let even = try Self.render(layer, width: 90, height: 52, scale: 2)
    layer.locations = [0, 1.0 / 3, 2.0 / 3, 1]
    let explicit = try Self.render(layer, width: 90, height: 52, scale: 2)
    #expect(even.allBytes() == explicit.allBytes())
    let reference = GradientReference(
      stops: Self.stops(colors).map { ($0.location, $0.color) }, premultipliedMixing: false,
      shape: .unitSpace(
        minX: 2, minY: 1, width: 37, height: 23, flipped: false, inner: .linear(sx: 0.1, sy: 0.2, ex: 0.9, ey: 0.7)),
      extend: .padded(before: true, after: true), scale: 2)
    // The bounds' pixels at 2x: 4..<78 by 2..<48.
    let miss = Self.firstMiss(even, reference, PixelRect(x: 4, y: 2, width: 74, height: 46))
    #expect(miss == nil, "\(miss ?? "")")
    #expect(even.pixel(0, 0) == .zero && even.pixel(3, 10) == .zero && even.pixel(78, 10) == .zero, "drawn outside the bounds")
    #expect(try Gradient(colors: colors).stops.map(\.location) == [0, 1.0 / 3, 2.0 / 3, 1])
    #expect(try Gradient(colors: [Self.red]).stops.map(\.location) == [0])
  }

  @Test("layers that cannot draw throw invalidGradient")
  func invalidLayers() throws {
    var none: SeededGenerator? = nil
    var canvas = try GradientCanvas(width: 10, height: 10, format: .rgba8Premultiplied, random: &none)
    let bounds = PointRect(x: 0, y: 0, width: 10, height: 10)
    let layers = [
      GradientLayer(bounds: bounds, colors: [Self.red, Self.blue], locations: [0]),
      GradientLayer(bounds: bounds, colors: [Self.red, Self.blue], startPoint: UnitPoint(x: 0.3, y: 0.3), endPoint: UnitPoint(x: 0.3, y: 0.3)),
      GradientLayer(
        bounds: bounds, colors: [Self.red, Self.blue], startPoint: UnitPoint(x: 0.5, y: 0.5), endPoint: UnitPoint(x: 0.5, y: 1),
        type: .radial),
    ]
    for layer in layers {
      try canvas.withView { view in
        #expect(performing: { try layer.draw(onto: view, scale: 1) }, throws: { GradientErrorTests.isInvalidGradient($0) })
      }
    }
  }

  @Test("seed example: (1, 0.5, 0) to (0, 1, 1) from the top-left to the bottom-right", arguments: [1.0, 2.0])
  func seedExample(_ scale: Double) throws {
    let from = StraightColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    let to = StraightColor(red: 0, green: 1, blue: 1, alpha: 1)
    let (width, height) = (256, 192)
    let (w, h) = (Double(width) / scale, Double(height) / scale)
    let c = GradientCase(
      stops: Self.stops([from, to]), construction: .evenlySpaced,
      shape: .linear(start: .zero, end: PointPosition(x: w, y: h)), scale: scale, width: width, height: height)
    var none: SeededGenerator? = nil
    var canvas = try GradientCanvas(for: c, random: &none)
    try canvas.draw(c)
    #expect(Self.close(canvas.pixel(0, 0), SIMD4(255, 128, 0, 255), 1), "top-left \(canvas.pixel(0, 0))")
    #expect(Self.close(canvas.pixel(width - 1, height - 1), SIMD4(0, 255, 255, 255), 1), "bottom-right \(canvas.pixel(width - 1, height - 1))")
    let miss = Self.firstMiss(canvas, c.reference, PixelRect(x: 0, y: 0, width: width, height: height))
    #expect(miss == nil, "\(miss ?? "")")
    // Through a layer from unit (0, 0) to (1, 1): the same corners, but laid out in unit space
    // (the bounds are not square), so the middle colour runs along the other diagonal.
    let layer = GradientLayer(
      bounds: PointRect(x: 0, y: 0, width: w, height: h), colors: [from, to], startPoint: UnitPoint(x: 0, y: 0),
      endPoint: UnitPoint(x: 1, y: 1))
    let layered = try Self.render(layer, width: width, height: height, scale: scale)
    let unitReference = GradientReference(
      stops: Self.stops([from, to]).map { ($0.location, $0.color) }, premultipliedMixing: false,
      shape: .unitSpace(minX: 0, minY: 0, width: w, height: h, flipped: false, inner: .linear(sx: 0, sy: 0, ex: 1, ey: 1)),
      extend: .padded(before: true, after: true), scale: scale)
    let layerMiss = Self.firstMiss(layered, unitReference, PixelRect(x: 0, y: 0, width: width, height: height))
    #expect(layerMiss == nil, "layer: \(layerMiss ?? "")")
    #expect(Self.close(layered.pixel(0, 0), SIMD4(255, 128, 0, 255), 1), "layer top-left \(layered.pixel(0, 0))")
  }

  /// Core Animation lays a layer's gradient out in the unit square and stretches it over the
  /// bounds (the widely reproduced "CAGradientLayer diagonal gradient" behaviour): on a 200x100
  /// layer from (0, 0) to (1, 1) the middle colour runs from the top-right corner to the
  /// bottom-left one. In point space, perpendicular bands would give the top-right corner
  /// t = (199.5 · 200 + 0.5 · 100) / 50,000 ≈ 0.80 instead of 0.50.
  @Test(
    "axial and conic layers that are not square are laid out in unit space",
    arguments: [CoordinateOrigin.topLeft, .bottomLeft])
  func nonSquareLayersUseUnitSpace(_ origin: CoordinateOrigin) throws {
    let colors = [Self.red, Self.green, Self.blue]
    let bounds = PointRect(x: 0, y: 0, width: 200, height: 100)
    let axial = GradientLayer(
      bounds: bounds, colors: colors, startPoint: UnitPoint(x: 0, y: 0), endPoint: UnitPoint(x: 1, y: 1),
      coordinateOrigin: origin)
    let canvas = try Self.render(axial, width: 200, height: 100, scale: 1)
    // The corners off the axis (top-right and bottom-left; flipped, top-left and bottom-right):
    // t within 0.003 of 0.5, green.
    for (x, y) in origin == .bottomLeft ? [(0, 0), (199, 99)] : [(199, 0), (0, 99)] {
      #expect(Self.close(canvas.pixel(x, y), SIMD4(0, 255, 0, 255), 2), "(\(x), \(y)): \(canvas.pixel(x, y))")
    }
    let flipped = origin == .bottomLeft
    func reference(_ inner: GradientReference.Shape) -> GradientReference {
      GradientReference(
        stops: Self.stops(colors).map { ($0.location, $0.color) }, premultipliedMixing: false,
        shape: .unitSpace(minX: 0, minY: 0, width: 200, height: 100, flipped: flipped, inner: inner),
        extend: .padded(before: true, after: true), scale: 1)
    }
    let everyPixel = PixelRect(x: 0, y: 0, width: 200, height: 100)
    let axialMiss = Self.firstMiss(canvas, reference(.linear(sx: 0, sy: 0, ex: 1, ey: 1)), everyPixel)
    #expect(axialMiss == nil, "axial: \(axialMiss ?? "")")
    // Conic about the centre, starting towards (1, 0.75): the unit-space angle atan2(0.25, 0.5).
    let conic = GradientLayer(
      bounds: bounds, colors: colors, startPoint: UnitPoint(x: 0.5, y: 0.5), endPoint: UnitPoint(x: 1, y: 0.75), type: .conic,
      coordinateOrigin: origin)
    let conicCanvas = try Self.render(conic, width: 200, height: 100, scale: 1)
    let conicReference = reference(.conic(cx: 0.5, cy: 0.5, angle: atan2(0.25, 0.5)))
    let conicMiss = Self.firstMiss(conicCanvas, conicReference, everyPixel)
    #expect(conicMiss == nil, "conic: \(conicMiss ?? "")")
    // By hand: the corner pixel nearest unit (1, 1), centre (199.5, 99.5) (flipped: (199.5, 0.5)),
    // is unit (0.9975, 0.995), at atan2(0.495, 0.4975) = 0.7829 rad about the centre: t =
    // (0.7829 - 0.4636) / 2π = 0.0508, a tenth of the way from red to green: (229, 26, 0).
    let corner = flipped ? (199, 0) : (199, 99)
    #expect(
      Self.close(conicCanvas.pixel(corner.0, corner.1), SIMD4(229, 26, 0, 255), 2),
      "corner: \(conicCanvas.pixel(corner.0, corner.1))")
  }

  /// Bounds given with a negative width and height cover the same rect, as Core Graphics
  /// standardises rects: the same pixels as the positive bounds.
  @Test("a layer whose bounds have a negative width and height draws over the rect they cover")
  func negativeBoundsAreStandardized() throws {
    let colors = [Self.red, Self.translucent, Self.blue]
    for type in [GradientLayer.Kind.axial, .radial, .conic] {
      let positive = GradientLayer(
        bounds: PointRect(x: 2, y: 1, width: 12, height: 7), colors: colors, startPoint: UnitPoint(x: 0.2, y: 0.3),
        endPoint: UnitPoint(x: 0.9, y: 0.8), type: type)
      var negative = positive
      negative.bounds = PointRect(x: 14, y: 8, width: -12, height: -7)
      let expected = try Self.render(positive, width: 32, height: 20, scale: 2)
      let actual = try Self.render(negative, width: 32, height: 20, scale: 2)
      #expect(actual.allBytes() == expected.allBytes(), "\(type)")
    }
  }

  @Test("a layer with no colours, or no width or height, draws nothing and does not throw")
  func emptyLayerDrawsNothing() throws {
    for type in [GradientLayer.Kind.axial, .radial, .conic] {
      let layer = GradientLayer(bounds: PointRect(x: 1, y: 1, width: 4, height: 4), colors: [], type: type)
      let canvas = try Self.render(layer, width: 10, height: 10, scale: 2)
      #expect(canvas.allBytes().allSatisfy { $0 == 0 }, "no colours, \(type): drew")
    }
    for bounds in [PointRect(x: 3, y: 3, width: 0, height: 5), PointRect(x: 3, y: 3, width: 5, height: 0)] {
      for type in [GradientLayer.Kind.axial, .radial, .conic] {
        let layer = GradientLayer(bounds: bounds, colors: [Self.red, Self.blue], type: type)
        let canvas = try Self.render(layer, width: 10, height: 10, scale: 2)
        #expect(canvas.allBytes().allSatisfy { $0 == 0 }, "\(bounds) \(type) drew")
      }
    }
  }
}
