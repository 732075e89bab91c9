/// A colour as straight (not premultiplied) components in 0...1, as `UIColor(red:green:blue:alpha:)`
/// and `CGGradientCreateWithColorComponents` take them.
public struct StraightColor: Sendable, Hashable, CustomStringConvertible {
  /// Red, 0...1.
  public var red: Double
  /// Green, 0...1.
  public var green: Double
  /// Blue, 0...1.
  public var blue: Double
  /// Opacity, 0 (transparent) ... 1 (opaque).
  public var alpha: Double

  /// A colour from straight components; gradients clamp each to 0...1 and refuse NaN.
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// The pixel a solid fill with this colour draws: each component rounded to 8 bits, then
  /// premultiplied exactly (``PremultipliedColor/init(red:green:blue:alpha:)``).
  public var premultiplied: PremultipliedColor {
    PremultipliedColor(red: red, green: green, blue: blue, alpha: alpha)
  }

  /// The components as a vector (red, green, blue, alpha).
  var components: SIMD4<Double> { SIMD4(red, green, blue, alpha) }

  /// The components clamped to 0...1.
  var clamped: StraightColor {
    func unit(_ v: Double) -> Double { min(max(v, 0), 1) }
    return StraightColor(red: unit(red), green: unit(green), blue: unit(blue), alpha: unit(alpha))
  }

  /// `straight(r, g, b, a)`.
  public var description: String { "straight(\(red), \(green), \(blue), \(alpha))" }
}
