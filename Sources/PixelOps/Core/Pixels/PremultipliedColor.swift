/// A colour as one premultiplied RGBA8 pixel: the value solid fills and template tints use.
///
/// The initialisers keep each colour channel at most `alpha`. Setting a field above `alpha`
/// makes an invalid premultiplied pixel: drawing it never traps, but the result is unspecified.
public struct PremultipliedColor: Sendable, Hashable, CustomStringConvertible {
  public var red: UInt8
  public var green: UInt8
  public var blue: UInt8
  public var alpha: UInt8

  /// A colour from premultiplied bytes; colour channels above `alpha` are clamped to it.
  public init(premultipliedRed red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
    self.red = min(red, alpha)
    self.green = min(green, alpha)
    self.blue = min(blue, alpha)
    self.alpha = alpha
  }

  /// A colour from straight (unpremultiplied) components in 0...1, as `UIColor(red:green:blue:alpha:)`
  /// takes them: each is clamped to 0...1 (NaN counts as 0), scaled to 8 bits with
  /// `round(v * 255)`, then premultiplied exactly (`round(c * a / 255)`).
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    func byte(_ value: Double) -> UInt32 {
      let clamped = value.isNaN ? 0 : min(max(value, 0), 1)
      return UInt32((clamped * 255).rounded(.toNearestOrAwayFromZero))
    }
    let a = byte(alpha)
    self.init(
      premultipliedRed: UInt8(ExactDivision.div255(byte(red) * a)), green: UInt8(ExactDivision.div255(byte(green) * a)),
      blue: UInt8(ExactDivision.div255(byte(blue) * a)), alpha: UInt8(a))
  }

  public static let clear = PremultipliedColor(premultipliedRed: 0, green: 0, blue: 0, alpha: 0)
  public static let black = PremultipliedColor(premultipliedRed: 0, green: 0, blue: 0, alpha: 255)
  public static let white = PremultipliedColor(premultipliedRed: 255, green: 255, blue: 255, alpha: 255)

  /// The colour as 4 bytes R, G, B, A in memory, read as a little-endian `UInt32`.
  var pixel: UInt32 {
    UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16 | UInt32(alpha) << 24
  }

  public var description: String { "premultiplied(\(red), \(green), \(blue), \(alpha))" }
}
