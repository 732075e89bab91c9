/// The non-separable modes (hue, saturation, color, luminosity): the W3C pseudo-code (`Lum`,
/// `ClipColor`, `SetLum`, `Sat`, `SetSat`) on straight colours in IEEE `Double`.
extension BlendMath {
  /// A straight (unpremultiplied) RGB colour with components in 0...1, as the W3C formulas use.
  struct UnitColor {
    var red: Double
    var green: Double
    var blue: Double

    /// `p`'s colour channels divided by its alpha (`alpha > 0`, colour ≤ alpha).
    @inline(__always)
    init(unpremultiplying p: Pixel) {
      let alpha = Double(p[3])
      red = Double(p[0]) / alpha
      green = Double(p[1]) / alpha
      blue = Double(p[2]) / alpha
    }

    @inline(__always)
    init(red: Double, green: Double, blue: Double) {
      self.red = red
      self.green = green
      self.blue = blue
    }

    /// `Lum(C) = 0.3 R + 0.59 G + 0.11 B`.
    var luminosity: Double { 0.3 * red + 0.59 * green + 0.11 * blue }

    var maximum: Double { max(max(red, green), blue) }
    var minimum: Double { min(min(red, green), blue) }

    /// `Sat(C) = max(C) - min(C)`.
    var saturation: Double { maximum - minimum }

    /// `SetLum(C, l)`: every component shifted by `l - Lum(C)`, then `ClipColor`.
    @inline(__always)
    func withLuminosity(_ l: Double) -> UnitColor {
      let shift = l - luminosity
      return UnitColor(red: red + shift, green: green + shift, blue: blue + shift).clipped()
    }

    /// `ClipColor(C)`: pulls components outside 0...1 back towards `Lum(C)`, keeping the hue.
    @inline(__always)
    func clipped() -> UnitColor {
      let l = luminosity
      let n = minimum
      let x = maximum
      var c = self
      if n < 0 { c = c.mapped { l + (($0 - l) * l) / (l - n) } }
      if x > 1 { c = c.mapped { l + (($0 - l) * (1 - l)) / (x - l) } }
      return c
    }

    /// `SetSat(C, s)`: the largest component becomes `s`, the smallest 0, the middle one
    /// `(Cmid - Cmin) s / (Cmax - Cmin)`; all 0 when the components are equal.
    @inline(__always)
    func withSaturation(_ s: Double) -> UnitColor {
      let x = maximum
      let n = minimum
      guard x > n else { return UnitColor(red: 0, green: 0, blue: 0) }
      return mapped { c in c == x ? s : (c == n ? 0 : ((c - n) * s) / (x - n)) }
    }

    @inline(__always)
    private func mapped(_ f: (Double) -> Double) -> UnitColor {
      UnitColor(red: f(red), green: f(green), blue: f(blue))
    }
  }

  /// `B(Cb, Cs)` of a non-separable mode.
  @inline(__always)
  static func nonSeparableBlend(_ mode: NonSeparableBlend, source cs: UnitColor, backdrop cb: UnitColor) -> UnitColor {
    switch mode {
    case .hue: cs.withSaturation(cb.saturation).withLuminosity(cb.luminosity)
    case .saturation: cb.withSaturation(cs.saturation).withLuminosity(cb.luminosity)
    case .color: cs.withLuminosity(cb.luminosity)
    case .luminosity: cb.withLuminosity(cs.luminosity)
    }
  }

  /// Colour channels of a non-separable mode composited with source-over, rounded to nearest:
  /// `(uncovered + sa da B) / 255` for valid premultiplied `s`, `d` with `sa > 0`, `da > 0`.
  static func nonSeparable(_ mode: NonSeparableBlend, _ s: Pixel, _ d: Pixel, _ uncovered: Pixel) -> Pixel {
    let b = nonSeparableBlend(mode, source: UnitColor(unpremultiplying: s), backdrop: UnitColor(unpremultiplying: d))
    let weight = Double(s[3] &* d[3])
    return Pixel(
      roundedChannel((Double(uncovered[0]) + weight * b.red) / 255),
      roundedChannel((Double(uncovered[1]) + weight * b.green) / 255),
      roundedChannel((Double(uncovered[2]) + weight * b.blue) / 255), 0)
  }
}
