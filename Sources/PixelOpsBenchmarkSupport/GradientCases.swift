public import PixelOps

/// Gradient fills, each at the run's size and as a `_tile` variant at ``BlendCases/tileSize``,
/// drawn with ``BlendMode/normal`` over an opaque white destination (the same definitions the
/// peers draw: `Benchmarks/Peers/blend2d_peer.py` and `pixman-peer --kernel gradient`). Colours
/// are straight RGBA; geometry in pixels of a `W`x`H` destination (scale 1):
/// - `linear_4stop`: ``fourStops`` from (0, 0) to (W, H).
/// - `radial_3stop`: ``threeStops``, both circles centred at (W/2, H/2), radii 0 and H/2,
///   padded after the end.
/// - `conic_4stop`: ``fourStops`` around (W/2, H/2) from angle 0.
/// - `linear_4stop_dithered`: `linear_4stop` with ordered dithering.
/// - `linear_4stop_steep`: ``fourStops`` from (0, 0) to (W/8, H): nearly vertical, so rows
///   shift far from one to the next.
/// - `radial_3stop_focal`: ``threeStops`` between two circles: radius 0 at
///   (W/2 - H/4, H/2 - H/8), radius H/2 at (W/2, H/2) (no row or column symmetry to mirror).
/// - `conic_4stop_rotated`: ``fourStops`` around (W/2, H/2) from angle π/6 (no mirroring).
/// - `conic_hard_stops`: ``stripeStops`` (16 stripes, hard edges) around (W/2, H/2) from angle
///   π/6: what CSS-style hard stops cost, every edge's pixels decided against the exact angle.
/// - `radial_hard_stops`: ``stripeStops`` as rings, both circles centred at (W/2, H/2), radii 0
///   and H/2, padded after the end (a target, or CSS `repeating-radial-gradient` stripes).
///
/// Each gradient is made once, before timing (its tables are built then, a dithered one's 8.8
/// tables by the untimed first call); a timed call is one
/// ``Compositor/fill(_:of:scale:with:options:)``, which allocates nothing. Every call draws over
/// the previous result, which stays opaque, so every call costs the same. `bytesMoved` is the
/// destination read and written (8 bytes per pixel), as for a solid fill.
public enum GradientCases {
  /// (0: 1, 0.5, 0, 1), (0.33: 0, 1, 1, 1), (0.66: 0.5, 0, 0.5, 0.5), (1: 0, 0, 1, 1).
  public static let fourStops = [
    GradientStop(location: 0, color: StraightColor(red: 1, green: 0.5, blue: 0, alpha: 1)),
    GradientStop(location: 0.33, color: StraightColor(red: 0, green: 1, blue: 1, alpha: 1)),
    GradientStop(location: 0.66, color: StraightColor(red: 0.5, green: 0, blue: 0.5, alpha: 0.5)),
    GradientStop(location: 1, color: StraightColor(red: 0, green: 0, blue: 1, alpha: 1)),
  ]
  /// ``fourStops`` without the one at 0.66.
  public static let threeStops = [fourStops[0], fourStops[1], fourStops[3]]
  /// 16 stripes of ``fourStops``' first and last colours, alternating: the first colour over
  /// `2k/16 ... (2k+1)/16`, the last over `(2k+1)/16 ... (2k+2)/16`, each edge two stops at one
  /// location (32 stops; the edges sit on table cell boundaries).
  public static let stripeStops = (0..<16).flatMap { stripe in
    let color = (stripe % 2 == 0 ? fourStops[0] : fourStops[3]).color
    return [
      GradientStop(location: Double(stripe) / 16, color: color),
      GradientStop(location: Double(stripe + 1) / 16, color: color),
    ]
  }

  static let baseNames = [
    "linear_4stop", "radial_3stop", "conic_4stop", "linear_4stop_dithered",
    "linear_4stop_steep", "radial_3stop_focal", "conic_4stop_rotated", "conic_hard_stops", "radial_hard_stops",
  ]
  static var names: [String] { baseNames + baseNames.map { $0 + "_tile" } }

  /// The fill a case draws on a `size` destination.
  public static func fill(_ name: String, size: PixelSize) throws -> GradientFill {
    let (w, h) = (Double(size.width), Double(size.height))
    let center = PointPosition(x: w / 2, y: h / 2)
    switch name {
    case "linear_4stop", "linear_4stop_dithered":
      return GradientFill(
        try Gradient(stops: fourStops), shape: .linear(start: .zero, end: PointPosition(x: w, y: h)),
        dithers: name.hasSuffix("dithered"))
    case "radial_3stop":
      return GradientFill(try Gradient(stops: threeStops), shape: .radial(center: center, radius: h / 2))
    case "conic_4stop":
      return GradientFill(try Gradient(stops: fourStops), shape: .conic(center: center, startAngle: 0))
    case "linear_4stop_steep":
      return GradientFill(try Gradient(stops: fourStops), shape: .linear(start: .zero, end: PointPosition(x: w / 8, y: h)))
    case "radial_3stop_focal":
      let focus = PointPosition(x: w / 2 - h / 4, y: h / 2 - h / 8)
      return GradientFill(
        try Gradient(stops: threeStops),
        shape: .radial(startCenter: focus, startRadius: 0, endCenter: center, endRadius: h / 2))
    case "conic_4stop_rotated":
      return GradientFill(try Gradient(stops: fourStops), shape: .conic(center: center, startAngle: Double.pi / 6))
    case "conic_hard_stops":
      return GradientFill(try Gradient(stops: stripeStops), shape: .conic(center: center, startAngle: Double.pi / 6))
    case "radial_hard_stops":
      return GradientFill(try Gradient(stops: stripeStops), shape: .radial(center: center, radius: h / 2))
    default:
      preconditionFailure("unknown gradient case \(name)")
    }
  }

  static func make(_ settings: BenchSettings) throws -> [BenchCase] {
    try settings.sizedCases(baseNames).map { selected in
      try makeCase(selected.name, fill: try fill(selected.baseName, size: selected.size), size: selected.size, settings: settings)
    }
  }

  private static func makeCase(_ name: String, fill: GradientFill, size: PixelSize, settings: BenchSettings) throws
    -> BenchCase
  {
    var white = try PixelBuffer(width: size.width, height: size.height, format: .rgba8Premultiplied)
    try white.withMutableView { view in _ = try Compositor.fill(view.bounds, of: view, with: .white) }
    let destination = Box(white)
    let options = CompositeOptions(parallelism: settings.parallelism)
    return BenchCase(
      kernel: "gradient", name: name, size: size, bytesMoved: size.width * size.height * 8,
      run: {
        try destination.value.withMutableView { output in
          _ = try Compositor.fill(of: output, with: fill, options: options)
        }
      },
      output: { destination.value })
  }
}
