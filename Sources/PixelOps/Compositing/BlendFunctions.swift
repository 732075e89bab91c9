/// The W3C blend functions `B(Cs, Cb)` grouped by how ``BlendMath`` computes them. Each
/// ``BlendMode`` maps onto exactly one case in ``BlendMath/blend(_:source:destination:)``'s
/// exhaustive switch, and every switch over these enums is exhaustive too: a new mode fails to
/// compile until it has arithmetic, instead of drawing as `normal`.

/// Separable modes whose composited result is one integer expression.
enum SimpleSeparableBlend: Sendable {
  case multiply, screen, darken, lighten, difference, exclusion
}

/// Separable modes with conditions or divisions, and the non-separable modes: computed per
/// channel (or per colour) in ``BlendMath/complexModes(_:_:_:)``.
enum ComplexBlend: Sendable {
  case overlay, hardLight, colorDodge, colorBurn, softLight
  case nonSeparable(NonSeparableBlend)
}

/// The modes that mix hue, saturation and luminosity of whole colours.
enum NonSeparableBlend: Sendable {
  case hue, saturation, color, luminosity
}
