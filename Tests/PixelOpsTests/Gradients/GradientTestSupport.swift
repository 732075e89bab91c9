import Foundation
import PixelOps
import PixelOpsTestSupport
import Testing

/// One gradient draw for the tests: what the gradient is made of (the stops as given, before
/// the library sorts or clamps them), where it is drawn, and onto what.
struct GradientCase: CustomStringConvertible {
  enum Construction: String { case stops, colorsAndLocations, evenlySpaced }

  var stops: [GradientStop]
  var interpolation: GradientInterpolation = .straight
  var construction: Construction = .stops
  var shape: GradientShape
  var extend: GradientExtend = .pad
  var dithers = false
  var scale = 1.0
  var rect: PointRect? = nil
  /// The destination view's size in pixels.
  var width: Int
  var height: Int
  /// Where the view lies in the buffer behind it (pixels).
  var offsetX = 0
  var offsetY = 0
  var format: PixelFormat = .rgba8Premultiplied

  func makeGradient() throws -> Gradient {
    switch construction {
    case .stops: return try Gradient(stops: stops, interpolation: interpolation)
    case .colorsAndLocations:
      return try Gradient(colors: stops.map(\.color), locations: stops.map(\.location), interpolation: interpolation)
    case .evenlySpaced: return try Gradient(colors: stops.map(\.color), interpolation: interpolation)
    }
  }

  /// The stops as the gradient receives them (evenly spaced ones get their spread locations).
  var effectiveStops: [GradientStop] {
    guard construction == .evenlySpaced else { return stops }
    return stops.indices.map {
      GradientStop(location: stops.count > 1 ? Double($0) / Double(stops.count - 1) : 0, color: stops[$0].color)
    }
  }

  func makeFill() throws -> GradientFill {
    GradientFill(try makeGradient(), shape: shape, extend: extend, dithers: dithers)
  }

  var reference: GradientReference {
    GradientReference(stops: effectiveStops, interpolation: interpolation, shape: shape, extend: extend, scale: scale)
  }

  /// The view pixels the draw writes: the rect's pixels (edges rounded to nearest) within the view.
  func drawnPixels() throws -> PixelRect {
    let view = PixelRect(x: 0, y: 0, width: width, height: height)
    guard let rect else { return view }
    let pixels = try rect.pixelRect(scale: scale, rounding: .nearest)
    let x0 = max(pixels.x, 0)
    let y0 = max(pixels.y, 0)
    let x1 = min(pixels.x + pixels.width, width)
    let y1 = min(pixels.y + pixels.height, height)
    return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
  }

  var description: String {
    let stopText = stops.map { s in
      "(\(s.location): \(s.color.red), \(s.color.green), \(s.color.blue), \(s.color.alpha))"
    }.joined(separator: " ")
    return
      "stops [\(stopText)] via \(construction.rawValue) \(interpolation) shape \(shape) extend \(extend) dithers \(dithers)"
      + " scale \(scale) rect \(rect.map(\.description) ?? "nil") view \(width)x\(height) at (\(offsetX), \(offsetY)) \(format)"
  }
}

/// A buffer with a view placed inside it, and the helpers to draw a ``GradientCase`` into it.
struct GradientCanvas {
  var buffer: PixelBuffer
  let viewRect: PixelRect

  /// A buffer of random premultiplied pixels (or transparent black) around a view of `width` x
  /// `height` at (`offsetX`, `offsetY`).
  init(
    width: Int, height: Int, offsetX: Int = 0, offsetY: Int = 0, format: PixelFormat, random rng: inout SeededGenerator?
  ) throws {
    let totalWidth = width + offsetX + 2
    let totalHeight = height + offsetY + 1
    if var generator = rng {
      buffer = try RandomPixels.buffer(width: totalWidth, height: totalHeight, format: format, &generator)
      rng = generator
    } else {
      buffer = try PixelBuffer(width: totalWidth, height: totalHeight, format: format)
    }
    viewRect = PixelRect(x: offsetX, y: offsetY, width: width, height: height)
  }

  init(for c: GradientCase, random rng: inout SeededGenerator?) throws {
    try self.init(
      width: c.width, height: c.height, offsetX: c.offsetX, offsetY: c.offsetY, format: c.format, random: &rng)
  }

  /// Calls `body` with the view.
  @discardableResult
  mutating func withView<R>(_ body: (MutablePixelView) throws -> R) throws -> R {
    let rect = viewRect
    return try buffer.withMutableView { whole in try body(try whole.cropped(to: rect)) }
  }

  /// Fills the view with `c`'s gradient.
  mutating func draw(_ c: GradientCase, options: CompositeOptions = CompositeOptions(blendMode: .copy)) throws {
    let fill = try c.makeFill()
    try withView { view in try Compositor.fill(c.rect, of: view, scale: c.scale, with: fill, options: options) }
  }

  /// Buffer pixel (x, y) as red, green, blue, alpha, whatever the byte order.
  func pixel(bufferX x: Int, bufferY y: Int) -> SIMD4<Int> {
    buffer.withView { view in
      let p = view.rowAddress(y).load(fromByteOffset: x * 4, as: SIMD4<UInt8>.self)
      let rgba = view.format == .bgra8Premultiplied ? SIMD4(p.z, p.y, p.x, p.w) : p
      return SIMD4<Int>(truncatingIfNeeded: rgba)
    }
  }

  /// View pixel (x, y) as red, green, blue, alpha.
  func pixel(_ x: Int, _ y: Int) -> SIMD4<Int> { pixel(bufferX: x + viewRect.x, bufferY: y + viewRect.y) }

  /// The view's pixels, rows top to bottom, as red, green, blue, alpha.
  func viewPixels() -> [SIMD4<Int>] {
    var pixels: [SIMD4<Int>] = []
    pixels.reserveCapacity(viewRect.width * viewRect.height)
    for y in 0..<viewRect.height {
      for x in 0..<viewRect.width { pixels.append(pixel(x, y)) }
    }
    return pixels
  }

  /// The whole buffer's bytes.
  func allBytes() -> [UInt8] { buffer.withView { $0.packedBytes() } }
}

/// Random gradients, shapes and placements for property tests.
enum GradientRandom {
  enum ShapeKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case linear, concentric, twoCircle, conic
    var testDescription: String { rawValue }
  }

  static let extends: [GradientExtend] = [
    .pad, .none, .padded(beforeStart: true, afterEnd: false), .padded(beforeStart: false, afterEnd: true),
    .repeating, .reflecting,
  ]

  static func unit(_ rng: inout SeededGenerator) -> Double { Double.random(in: 0...1, using: &rng) }

  static func chance(_ p: Double, _ rng: inout SeededGenerator) -> Bool { unit(&rng) < p }

  static func color(_ rng: inout SeededGenerator) -> StraightColor {
    func component() -> Double {
      if chance(0.05, &rng) { return Double.random(in: -0.2...1.2, using: &rng) }  // clamped
      if chance(0.1, &rng) { return [0.0, 1.0][Int.random(in: 0...1, using: &rng)] }
      return unit(&rng)
    }
    let alpha: Double
    switch Int.random(in: 0..<20, using: &rng) {
    case 0..<8: alpha = 1
    case 8..<11: alpha = 0
    case 11: alpha = 1.1  // clamped to 1
    default: alpha = unit(&rng)
    }
    return StraightColor(red: component(), green: component(), blue: component(), alpha: alpha)
  }

  /// 1...6 stops: random colours (opaque, transparent, partial; some repeating the previous
  /// stop's colour), random locations (some duplicated, some exactly 0 or 1, some outside 0...1).
  static func stops(_ rng: inout SeededGenerator, count: Int? = nil) -> [GradientStop] {
    let n = count ?? Int.random(in: 1...6, using: &rng)
    var stops: [GradientStop] = []
    for _ in 0..<n {
      let location: Double
      if let previous = stops.last, chance(0.2, &rng) {
        location = previous.location
      } else if chance(0.1, &rng) {
        location = [0.0, 1.0][Int.random(in: 0...1, using: &rng)]
      } else if chance(0.1, &rng) {
        location = Double.random(in: -0.3...1.3, using: &rng)
      } else {
        location = unit(&rng)
      }
      let stopColor: StraightColor
      if let previous = stops.last, chance(0.2, &rng) {
        stopColor = previous.color  // a flat stretch
      } else {
        stopColor = color(&rng)
      }
      stops.append(GradientStop(location: location, color: stopColor))
    }
    return stops
  }

  static func point(_ rng: inout SeededGenerator, width: Double, height: Double, margin: Double) -> PointPosition {
    PointPosition(
      x: Double.random(in: -margin * width...(1 + margin) * width, using: &rng),
      y: Double.random(in: -margin * height...(1 + margin) * height, using: &rng))
  }

  /// A random shape over a view of `width` x `height` points. With `longRange`, `t` reaches
  /// roughly ±20 over the view (for repeat and reflect).
  static func shape(
    _ kind: ShapeKind, _ rng: inout SeededGenerator, width: Double, height: Double, longRange: Bool
  ) -> GradientShape {
    let diagonal = (width * width + height * height).squareRoot()
    switch kind {
    case .linear:
      let start = point(&rng, width: width, height: height, margin: 0.5)
      var angle = Double.random(in: -Double.pi...Double.pi, using: &rng)
      if chance(0.25, &rng) {
        // Steep or nearly flat axes.
        angle = Double(Int.random(in: 0...3, using: &rng)) * Double.pi / 2 + Double.random(in: -1e-3...1e-3, using: &rng)
      }
      let length: Double
      if longRange {
        length = diagonal / Double.random(in: 1...20, using: &rng)
      } else if chance(0.3, &rng) {
        length = Double.random(in: 0.2...3, using: &rng)  // short axis
      } else {
        length = diagonal * Double.random(in: 0.1...1.5, using: &rng)
      }
      let end = PointPosition(x: start.x + length * cos(angle), y: start.y + length * sin(angle))
      return .linear(start: start, end: end)
    case .concentric:
      let center = point(&rng, width: width, height: height, margin: 0.3)
      let r0 = chance(0.35, &rng) ? 0 : Double.random(in: 0...diagonal / 2, using: &rng)
      let delta =
        longRange
        ? diagonal / Double.random(in: 1...20, using: &rng) : Double.random(in: 0.3...diagonal, using: &rng)
      // Growing or shrinking circles (a shrinking one may not go below radius 0).
      let r1 = chance(0.3, &rng) && r0 > delta ? r0 - delta : r0 + delta
      return chance(0.5, &rng) && r0 == 0
        ? .radial(center: center, radius: r1)
        : .radial(startCenter: center, startRadius: r0, endCenter: center, endRadius: r1)
    case .twoCircle:
      let c0 = point(&rng, width: width, height: height, margin: 0.3)
      var c1 = point(&rng, width: width, height: height, margin: 0.3)
      if c1 == c0 { c1.x += 1 }
      let r0: Double
      switch Int.random(in: 0..<4, using: &rng) {
      case 0: r0 = 0
      default: r0 = Double.random(in: 0...diagonal / 2, using: &rng) / (longRange ? 10 : 1)
      }
      let r1: Double
      switch Int.random(in: 0..<5, using: &rng) {
      case 0: r1 = r0  // equal radii: a cylinder
      case 1: r1 = 0
      case 2:
        // The start circle wholly outside the end circle: a cone, not drawn beside it.
        let distance = ((c1.x - c0.x) * (c1.x - c0.x) + (c1.y - c0.y) * (c1.y - c0.y)).squareRoot()
        r1 = max(0, Double.random(in: 0...max(0, distance - r0), using: &rng) * 0.9)
      default: r1 = Double.random(in: 0...diagonal, using: &rng) / (longRange ? 10 : 1)
      }
      return .radial(startCenter: c0, startRadius: r0, endCenter: c1, endRadius: r1)
    case .conic:
      let center = point(&rng, width: width, height: height, margin: 0.2)
      let angle = chance(0.3, &rng) ? 0 : Double.random(in: -10...10, using: &rng)
      return .conic(center: center, startAngle: angle)
    }
  }

  /// A random draw of `kind`: 1...70 x 1...20 pixels (widths mostly not multiples of 4),
  /// scale 1, 2 or 3, a random sub-rect (or none), view offset and byte order.
  static func gradientCase(_ kind: ShapeKind, _ rng: inout SeededGenerator, dithers: Bool = false) -> GradientCase {
    var width = Int.random(in: 1...70, using: &rng)
    if width % 4 == 0 && chance(0.75, &rng) { width += 1 }
    let height = Int.random(in: 1...20, using: &rng)
    let scale = [1.0, 2.0, 3.0][Int.random(in: 0...2, using: &rng)]
    let extend = extends[Int.random(in: 0..<extends.count, using: &rng)]
    let longRange = (extend == .repeating || extend == .reflecting) && chance(0.7, &rng)
    let (w, h) = (Double(width) / scale, Double(height) / scale)
    var rect: PointRect? = nil
    if chance(0.6, &rng) {
      rect = PointRect(
        x: Double.random(in: -0.3 * w...w, using: &rng), y: Double.random(in: -0.3 * h...h, using: &rng),
        width: Double.random(in: 0...1.2 * w, using: &rng), height: Double.random(in: 0...1.2 * h, using: &rng))
    }
    let construction: GradientCase.Construction = [.stops, .stops, .colorsAndLocations, .evenlySpaced][
      Int.random(in: 0...3, using: &rng)]
    return GradientCase(
      stops: stops(&rng), interpolation: chance(0.5, &rng) ? .straight : .premultiplied, construction: construction,
      shape: shape(kind, &rng, width: w, height: h, longRange: longRange), extend: extend, dithers: dithers,
      scale: scale, rect: rect, width: width, height: height, offsetX: Int.random(in: 0...3, using: &rng),
      offsetY: Int.random(in: 0...2, using: &rng),
      format: chance(0.5, &rng) ? .rgba8Premultiplied : .bgra8Premultiplied)
  }
}

/// A shape kind, dithered or not: the arguments of the suites that run every shape both ways.
struct GradientScenario: CustomTestStringConvertible, Sendable {
  let kind: GradientRandom.ShapeKind
  let dithers: Bool
  var testDescription: String { "\(kind)\(dithers ? " dithered" : "")" }

  static let all = GradientRandom.ShapeKind.allCases.flatMap { k in
    [false, true].map { GradientScenario(kind: k, dithers: $0) }
  }
}
