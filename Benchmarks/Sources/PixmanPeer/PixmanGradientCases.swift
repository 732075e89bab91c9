import CPixman
import Foundation
import PixelOps
import PixelOpsBenchmarkSupport

/// bench's `gradient` cases as pixman gradient images composited with `PIXMAN_OP_OVER` onto a
/// whole a8r8g8b8 destination, same names, same sizes.
///
/// Each case gets a fresh destination filled with opaque white once before timing; every
/// timed call composites the gradient over the whole image onto what the earlier calls left
/// (as bench does). Stop colours are straight RGBA in 0...1, given to pixman as 16-bit
/// non-premultiplied `pixman_color_t` channels (`round(c * 65535)`), with red and blue
/// exchanged because pixman reads our RGBA bytes as a8r8g8b8 (see ``PixmanBlendCases``), so
/// the destination's bytes are the RGBA composite.
///
/// - `linear_4stop`: `pixman_image_create_linear_gradient` from (0, 0) to (W, H), 4 stops.
/// - `radial_3stop`: `pixman_image_create_radial_gradient`, both circles centred at
///   (W/2, H/2), inner radius 0, outer radius H/2; stops 0, 0.33 and 1.
/// - `conic_4stop`: `pixman_image_create_conical_gradient` about (W/2, H/2) with angle 0.
///   pixman's angle is in degrees (16.16 fixed); its parameter at a point at angle `a` from +x
///   (`atan2(dy, dx)`, so clockwise on screen with y down) is `1 - (a + angle) / 2π` wrapped
///   to (0, 1]: its stops run from +x counter-clockwise on screen. The stops are given
///   mirrored (offset `1 - t`, reversed), so the picture is the clockwise conic that Blend2D
///   (and Skia's sweep) draw with the stops as listed; the work per pixel is the same.
/// - `linear_4stop_dithered`: `linear_4stop` with the destination's dither set to
///   `PIXMAN_DITHER_GOOD` (pixman's ordered blue-noise 64x64 dither, applied when the float
///   composite is stored; it takes pixman's wide, float path).
/// - `linear_4stop_steep`: from (0, 0) to (W/8, H).
/// - `radial_3stop_focal`: inner circle radius 0 at (W/2 - H/4, H/2 - H/8), outer radius H/2
///   at (W/2, H/2).
/// - `conic_4stop_rotated`: `conic_4stop` from angle π/6 clockwise: with the mirrored stops,
///   pixman's angle -30 degrees.
/// - `conic_hard_stops`: 16 stripes of ``stops4``' first and last colours (each edge two stops
///   at one offset), as `conic_4stop_rotated` draws its stops.
/// - `radial_hard_stops`: the same stripes as rings, as `radial_3stop` draws its stops.
/// Every gradient has `PIXMAN_REPEAT_PAD`.
///
/// `bytesMoved` is the destination read and written, 8 bytes per pixel, as for `fill_solid`.
enum PixmanGradientCases {
  struct Stop {
    let offset: Double
    /// Straight red, green, blue, alpha in 0...1.
    let rgba: (Double, Double, Double, Double)
  }

  static let stops4: [Stop] = [
    Stop(offset: 0, rgba: (1, 0.5, 0, 1)),
    Stop(offset: 0.33, rgba: (0, 1, 1, 1)),
    Stop(offset: 0.66, rgba: (0.5, 0, 0.5, 0.5)),
    Stop(offset: 1, rgba: (0, 0, 1, 1)),
  ]
  static let stops3: [Stop] = [stops4[0], stops4[1], stops4[3]]
  /// ``stops4``' first colour over `2k/16 ... (2k+1)/16`, its last over the other stripes.
  static let stripeStops: [Stop] = (0..<16).flatMap { stripe in
    let rgba = (stripe % 2 == 0 ? stops4[0] : stops4[3]).rgba
    return [Stop(offset: Double(stripe) / 16, rgba: rgba), Stop(offset: Double(stripe + 1) / 16, rgba: rgba)]
  }

  enum Shape: Equatable {
    /// From (0, 0) to (W, H), or (W/8, H) when steep.
    case linear(steep: Bool)
    /// Radius 0 at the centre, or at the focal point (W/2 - H/4, H/2 - H/8); H/2 at the centre.
    case radial(focal: Bool)
    /// pixman's angle, in degrees.
    case conical(degrees: Double)
  }

  struct Case {
    let name: String
    let shape: Shape
    let stops: [Stop]
    let dithered: Bool
  }

  static let cases: [Case] = [
    Case(name: "linear_4stop", shape: .linear(steep: false), stops: stops4, dithered: false),
    Case(name: "radial_3stop", shape: .radial(focal: false), stops: stops3, dithered: false),
    Case(name: "conic_4stop", shape: .conical(degrees: 0), stops: stops4, dithered: false),
    Case(name: "linear_4stop_dithered", shape: .linear(steep: false), stops: stops4, dithered: true),
    Case(name: "linear_4stop_steep", shape: .linear(steep: true), stops: stops4, dithered: false),
    Case(name: "radial_3stop_focal", shape: .radial(focal: true), stops: stops3, dithered: false),
    Case(name: "conic_4stop_rotated", shape: .conical(degrees: -30), stops: stops4, dithered: false),
    Case(name: "conic_hard_stops", shape: .conical(degrees: -30), stops: stripeStops, dithered: false),
    Case(name: "radial_hard_stops", shape: .radial(focal: false), stops: stripeStops, dithered: false),
  ]

  /// Every case at `size` and as `_tile` at ``BlendCases/tileSize``; with `outputDirectory`,
  /// the final destination of each case at `size` is written there as
  /// `gradient-<case>.rgba` (packed RGBA8 bytes, opaque).
  static func run(size: PixelSize, iterations: Int, outputDirectory: String?) throws -> [[String: Any]] {
    var results: [[String: Any]] = []
    for (caseSize, suffix) in [(size, ""), (BlendCases.tileSize, "_tile")] {
      for gradientCase in cases {
        let name = gradientCase.name + suffix
        let (result, destination) = try measure(gradientCase, name: name, size: caseSize, iterations: iterations)
        results.append(result)
        if let outputDirectory, suffix.isEmpty {
          try destination.bytes.write(to: URL(fileURLWithPath: "\(outputDirectory)/gradient-\(name).rgba"))
        }
      }
    }
    return results
  }

  private static func measure(
    _ gradientCase: Case, name: String, size: PixelSize, iterations: Int
  ) throws -> (result: [String: Any], destination: PixmanSurface) {
    let destination = try PixmanSurface(opaqueWhite: size, format: PixmanBlendCases.pixelFormat)
    if gradientCase.dithered {
      pixman_image_set_dither(destination.image, PIXMAN_DITHER_GOOD)
    }
    let gradient = try makeGradient(gradientCase, size: size)
    let width = Int32(size.width)
    let height = Int32(size.height)
    var result = withExtendedLifetime((gradient, destination)) {
      PixmanMeasurement.measure(
        kernel: "gradient", name: name, size: size, bytesMoved: size.width * size.height * 8, iterations: iterations
      ) {
        pixman_image_composite32(
          PIXMAN_OP_OVER, gradient.image, nil, destination.image, 0, 0, 0, 0, 0, 0, width, height)
      }
    }
    if gradientCase.dithered {
      result["note"] = "pixman PIXMAN_DITHER_GOOD (ordered blue-noise 64x64) on the destination"
    }
    return (result, destination)
  }

  private static func makeGradient(_ gradientCase: Case, size: PixelSize) throws -> PixmanSurface {
    // pixman's conic runs counter-clockwise on screen: mirror the stops for a clockwise one.
    let mirrored: Bool
    if case .conical = gradientCase.shape { mirrored = true } else { mirrored = false }
    let stops = (mirrored ? gradientCase.stops.reversed() : gradientCase.stops).map { stop in
      pixman_gradient_stop_t(x: fixed(mirrored ? 1 - stop.offset : stop.offset), color: pixmanColor(stop.rgba))
    }
    let width = Double(size.width)
    let height = Double(size.height)
    let image: OpaquePointer? = stops.withUnsafeBufferPointer { stops in
      let count = Int32(stops.count)
      switch gradientCase.shape {
      case .linear(let steep):
        var start = pixman_point_fixed_t(x: 0, y: 0)
        var end = pixman_point_fixed_t(x: fixed(steep ? width / 8 : width), y: fixed(height))
        return pixman_image_create_linear_gradient(&start, &end, stops.baseAddress, count)
      case .radial(let focal):
        var outer = pixman_point_fixed_t(x: fixed(width / 2), y: fixed(height / 2))
        var inner =
          focal ? pixman_point_fixed_t(x: fixed(width / 2 - height / 4), y: fixed(height / 2 - height / 8)) : outer
        return pixman_image_create_radial_gradient(
          &inner, &outer, fixed(0), fixed(height / 2), stops.baseAddress, count)
      case .conical(let degrees):
        var centre = pixman_point_fixed_t(x: fixed(width / 2), y: fixed(height / 2))
        return pixman_image_create_conical_gradient(&centre, fixed(degrees), stops.baseAddress, count)
      }
    }
    guard let image else { throw PixmanError.createFailed }
    pixman_image_set_repeat(image, PIXMAN_REPEAT_PAD)
    return PixmanSurface(owning: image)
  }

  /// `value` in pixman's 16.16 fixed point, rounded.
  private static func fixed(_ value: Double) -> pixman_fixed_t {
    pixman_fixed_t((value * 65536).rounded())
  }

  /// Straight 0...1 RGBA as pixman's 16-bit colour, red and blue exchanged (see above).
  private static func pixmanColor(_ rgba: (Double, Double, Double, Double)) -> pixman_color_t {
    func channel(_ value: Double) -> UInt16 { UInt16((min(max(value, 0), 1) * 65535).rounded()) }
    return pixman_color_t(red: channel(rgba.2), green: channel(rgba.1), blue: channel(rgba.0), alpha: channel(rgba.3))
  }
}
