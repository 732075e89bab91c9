/// Colours along a line from 0 to 1, like `CGGradient`: colour stops (straight components and
/// locations) and how colours between them mix. Draw one with a ``GradientFill``.
///
/// A gradient builds its colour lookup tables once, when it is made, and every draw shares
/// them: make a gradient once and keep it (drawing allocates nothing, except that its first
/// dithered draw builds the tables dithering needs, at most 256 KB, kept from then on).
///
/// - Stops may come in any order and any count from 1 to ``maximumStopCount``: they are sorted
///   by location (stably), locations and components are clamped to 0...1. Several stops at one
///   location make a hard edge there. Before the first stop its colour shows, after the last
///   stop its colour.
/// - Colours are straight (not premultiplied). By default they mix as Core Graphics mixes
///   them (``GradientInterpolation/straight``: components interpolated, then premultiplied),
///   so a port of `CGContextDrawLinearGradient` draws what it drew on Apple systems; choose
///   ``GradientInterpolation/premultiplied`` for CSS's and pixman's mixing.
/// - Where two neighbouring stops have one colour, the gradient draws exactly the pixel a solid
///   fill of that colour draws (``StraightColor/premultiplied``): hard-stop gradients and
///   gradients of one colour equal solid fills, with or without dithering.
public final class Gradient: Sendable {
  /// The stops as drawn: sorted by location, locations and components clamped to 0...1.
  public let stops: [GradientStop]
  /// How colours between stops mix.
  public let interpolation: GradientInterpolation
  let function: GradientColorFunction
  let table: GradientColorTable

  /// The most stops a gradient takes (building its tables costs time in proportion).
  public static let maximumStopCount = 1024

  /// A gradient from colour stops.
  ///
  /// - Throws: ``PixelError/invalidGradient(reason:)`` for no stops, more than
  ///   ``maximumStopCount``, or a location or component that is NaN or infinite.
  public init(stops: [GradientStop], interpolation: GradientInterpolation = .straight) throws(PixelError) {
    guard !stops.isEmpty else { throw .invalidGradient(reason: "a gradient needs at least one colour stop") }
    guard stops.count <= Self.maximumStopCount else {
      throw .invalidGradient(reason: "\(stops.count) stops exceed the maximum of \(Self.maximumStopCount)")
    }
    for (index, stop) in stops.enumerated() {
      guard stop.location.isFinite else {
        throw .invalidGradient(reason: "stop \(index) has location \(stop.location), which is not finite")
      }
      let c = stop.color
      guard c.red.isFinite, c.green.isFinite, c.blue.isFinite, c.alpha.isFinite else {
        throw .invalidGradient(reason: "stop \(index) has colour \(c) with a component that is not finite")
      }
    }
    function = GradientColorFunction(stops: stops, interpolation: interpolation)
    self.stops = function.stops
    self.interpolation = interpolation
    table = GradientColorTable(function)
  }

  /// A gradient from colours and their locations, as `CGGradientCreateWithColorComponents`
  /// and `CAGradientLayer` take them: `locations` `nil` spreads the colours evenly from 0 to 1
  /// (one colour sits at 0).
  ///
  /// - Throws: ``PixelError/invalidGradient(reason:)`` when `locations` has another count than
  ///   `colors`, and as ``init(stops:interpolation:)``.
  public convenience init(
    colors: [StraightColor], locations: [Double]? = nil, interpolation: GradientInterpolation = .straight
  ) throws(PixelError) {
    let spots: [Double]
    if let locations {
      guard locations.count == colors.count else {
        throw .invalidGradient(reason: "\(colors.count) colours but \(locations.count) locations")
      }
      spots = locations
    } else {
      spots = colors.indices.map { colors.count > 1 ? Double($0) / Double(colors.count - 1) : 0 }
    }
    try self.init(
      stops: zip(spots, colors).map { GradientStop(location: $0, color: $1) }, interpolation: interpolation)
  }

  /// The one pixel every point of the gradient shows when all stops have the same colour.
  var solidColor: PremultipliedColor? { function.isOneColor ? stops[0].color.premultiplied : nil }

  /// Whether every colour of the gradient is opaque.
  var isOpaque: Bool { function.isOpaque }
}
