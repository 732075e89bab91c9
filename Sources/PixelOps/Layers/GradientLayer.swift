#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(ucrt)
  import ucrt
#endif

/// A layer that draws a gradient over its bounds, as `CAGradientLayer` does: `colors`,
/// `locations`, `startPoint` and `endPoint` in the layer's unit coordinate space, and `type`.
///
/// The gradient (its colour tables) is rebuilt when `colors`, `locations` or `interpolation`
/// change, not on each draw: drawing allocates nothing.
public struct GradientLayer: Sendable {
  /// `CAGradientLayerType`.
  public enum Kind: Sendable, Hashable {
    /// Along the line from `startPoint` to `endPoint` (`.axial`, the default).
    ///
    /// Positions are measured in unit space, as Core Animation lays the gradient out: on a
    /// layer that is not square the bands are not perpendicular to the axis on screen.
    case axial
    /// An ellipse centred on `startPoint` whose half-width and half-height are the distances
    /// from `startPoint` to `endPoint` along x and y (`.radial`), measured in unit space and
    /// stretched with the bounds as Core Animation draws it (equal distances give an ellipse on
    /// a layer that is not square). The first colour at the centre, the last on the ellipse and
    /// beyond.
    case radial
    /// Around `startPoint`, starting in the direction of `endPoint`, the angle growing from
    /// unit space's +x towards its +y (`.conic`): clockwise on screen in
    /// ``CoordinateOrigin/topLeft`` geometry (iOS), counter-clockwise in
    /// ``CoordinateOrigin/bottomLeft`` (an unflipped macOS layer), angles measured in unit
    /// space (on a layer that is not square, Core Animation stretches them with the bounds).
    case conic
  }

  /// The layer's rectangle in the destination, in points.
  public var bounds: PointRect
  /// The colours, straight (`colors`). With none the layer draws nothing, as a
  /// `CAGradientLayer` whose `colors` is nil (its default) or empty.
  public var colors: [StraightColor] { didSet { rebuild() } }
  /// Where each colour sits in 0...1; `nil` spreads them evenly (`locations`).
  public var locations: [Double]? { didSet { rebuild() } }
  /// How colours mix; ``GradientInterpolation/straight`` as Core Animation.
  public var interpolation: GradientInterpolation { didSet { rebuild() } }
  /// Where the gradient starts, in unit space. Default (0.5, 0).
  public var startPoint: UnitPoint
  /// Where it ends, in unit space. Default (0.5, 1).
  public var endPoint: UnitPoint
  /// The gradient's shape.
  public var type: Kind
  /// Whether to dither (``GradientFill/dithers``). Default off, as Core Animation.
  public var dithers: Bool
  /// How unit space's y axis lies on screen. Default ``CoordinateOrigin/topLeft`` (iOS).
  public var coordinateOrigin: CoordinateOrigin
  /// The gradient built from `colors`, or why it could not be.
  private var gradient: Result<Gradient, PixelError>

  /// A gradient layer over `bounds` (points, in the destination) with Core Animation's
  /// defaults: top to bottom, axial, straight interpolation, no dithering, iOS geometry.
  public init(
    bounds: PointRect, colors: [StraightColor], locations: [Double]? = nil,
    startPoint: UnitPoint = UnitPoint(x: 0.5, y: 0), endPoint: UnitPoint = UnitPoint(x: 0.5, y: 1),
    type: Kind = .axial, interpolation: GradientInterpolation = .straight, dithers: Bool = false,
    coordinateOrigin: CoordinateOrigin = .topLeft
  ) {
    self.bounds = bounds
    self.colors = colors
    self.locations = locations
    self.interpolation = interpolation
    self.startPoint = startPoint
    self.endPoint = endPoint
    self.type = type
    self.dithers = dithers
    self.coordinateOrigin = coordinateOrigin
    gradient = Self.makeGradient(colors, locations, interpolation)
  }

  private mutating func rebuild() { gradient = Self.makeGradient(colors, locations, interpolation) }

  private static func makeGradient(
    _ colors: [StraightColor], _ locations: [Double]?, _ interpolation: GradientInterpolation
  ) -> Result<Gradient, PixelError> {
    Result { () throws(PixelError) in try Gradient(colors: colors, locations: locations, interpolation: interpolation) }
  }

  /// Draws the layer's gradient over its bounds (the pixels whose centres lie inside them) onto
  /// `destination` at `scale` pixels per point, with `options`' blend mode, opacity (the
  /// layer's `opacity`), mask (the size of the bounds in pixels) and threads. A layer with no
  /// colours, or bounds of no width or height, draws nothing and checks nothing past `scale`.
  ///
  /// - Returns: What the draw did to opaque destination pixels.
  /// - Throws: ``PixelError/invalidGradient(reason:)`` for a colour or location
  ///   that is not finite, a count of locations that is not the count of colours, an axial
  ///   gradient whose points coincide, or a radial one whose ellipse has no width or height;
  ///   the errors of ``Compositor/fill(_:of:scale:with:options:)-(_,_,_,GradientFill,_)``.
  @discardableResult
  public func draw(
    onto destination: MutablePixelView, scale: Double, options: CompositeOptions = CompositeOptions()
  ) throws(PixelError) -> OpacityOutcome {
    guard scale.isFinite, scale > 0 else { throw .invalidScale(scale) }
    guard !colors.isEmpty else { return .keepsOpaque }
    let gradient = try self.gradient.get()
    let pixels = try bounds.pixelRect(scale: scale, rounding: .nearest)
    // A layer with no area draws nothing (and has no unit space to lay a gradient out in).
    guard bounds.width != 0, bounds.height != 0 else { return .keepsOpaque }
    return try Compositor.fillGradient(
      pixels, of: destination, geometry: geometry(scale: scale), gradient: gradient, extend: .pad, dithers: dithers,
      options: options)
  }

  /// Destination pixel centres at `scale` to the layer's unit space: (0, 0) at the corner of
  /// the bounds where ``coordinateOrigin`` puts unit space's origin, (1, 1) at the opposite one
  /// (bounds of negative width or height taken as the rect they cover, as Core Graphics does).
  ///
  /// Core Animation lays every type out in this space and stretches it over the bounds, so on a
  /// layer that is not square an axial gradient's bands are not perpendicular to its axis on
  /// screen (from (0, 0) to (1, 1) the middle colour runs along the other diagonal, corner to
  /// corner), a radial one is an ellipse, and a conic one sweeps the angles of the unit square.
  func unitMap(scale: Double) -> GradientMap {
    let (width, height) = (abs(bounds.width), abs(bounds.height))
    let (left, top) = (min(bounds.minX, bounds.maxX), min(bounds.minY, bounds.maxY))
    let (a, tx) = (1 / (scale * width), (0.5 / scale - left) / width)
    let (d, ty) = (1 / (scale * height), (0.5 / scale - top) / height)
    switch coordinateOrigin {
    case .topLeft: return GradientMap(a: a, b: 0, c: 0, d: d, tx: tx, ty: ty)
    case .bottomLeft: return GradientMap(a: a, b: 0, c: 0, d: -d, tx: tx, ty: 1 - ty)
    }
  }

  /// The gradient's geometry over destination pixels at `scale` (bounds of non-zero width and
  /// height): every type laid out in unit space (``unitMap(scale:)``), padded at both ends.
  func geometry(scale: Double) throws(PixelError) -> GradientGeometry {
    let map = unitMap(scale: scale)
    let start = PointPosition(x: startPoint.x, y: startPoint.y)
    let end = PointPosition(x: endPoint.x, y: endPoint.y)
    switch type {
    case .axial:
      return try GradientShape.linear(start: start, end: end).geometry(map: map, extend: .pad)
    case .conic:
      let angle = start == end ? 0 : atan2(end.y - start.y, end.x - start.x)
      return try GradientShape.conic(center: start, startAngle: angle).geometry(map: map, extend: .pad)
    case .radial:
      let rx = abs(end.x - start.x)
      let ry = abs(end.y - start.y)
      guard rx > 0, ry > 0, rx.isFinite, ry.isFinite else {
        throw .invalidGradient(
          reason: "radial layer gradient from \(startPoint) to \(endPoint) has an ellipse with no width or height")
      }
      // Unit space on to the space where the ellipse is the unit circle about the origin.
      let circle = GradientMap(
        a: map.a / rx, b: 0, c: 0, d: map.d / ry, tx: (map.tx - start.x) / rx, ty: (map.ty - start.y) / ry)
      return try GradientShape.radial(center: .zero, radius: 1).geometry(map: circle, extend: .pad)
    }
  }
}
