/// The channel order one draw works in.
///
/// A draw works in its destination's order: every separable mode (and every Porter-Duff one)
/// treats the three colour bytes alike and finds alpha in byte 3 of both orders, so the row
/// kernels run unchanged on BGRA rows, and only a source of the other order is swapped, row by
/// row, by its row source. The non-separable modes (hue, saturation, color, luminosity) weigh
/// red, green and blue differently (`Lum = 0.3 R + 0.59 G + 0.11 B`), so onto a BGRA
/// destination they work in RGBA: ``CompositeBands`` swaps each destination row into RGBA
/// before the kernel and back after it (two passes over a row in cache, beside per-pixel
/// `Double` arithmetic), which leaves the compositing kernels free of any channel order.
struct DrawChannels: Equatable {
  /// The order sources hand their rows (and solid colours) to the kernel in.
  let working: ChannelOrder
  /// Whether destination rows are swapped into ``working`` around the kernel.
  let swapsDestination: Bool

  /// The channels of a draw under `mode` onto a destination of order `destination`.
  init(destination: ChannelOrder, mode: BlendMode) {
    if destination == .bgra && mode.distinguishesRedAndBlue {
      working = .rgba
      swapsDestination = true
    } else {
      working = destination
      swapsDestination = false
    }
  }

  /// The channels of a draw onto `destination` (whose format was checked: an unchecked
  /// format counts as RGBA).
  init(destination: MutablePixelView, mode: BlendMode) {
    self.init(destination: destination.format.drawingChannelOrder ?? .rgba, mode: mode)
  }
}

extension BlendMode {
  /// Whether the mode's arithmetic tells red from blue (the non-separable modes); all others
  /// give the same bytes for any order of the colour channels.
  var distinguishesRedAndBlue: Bool {
    switch self {
    case .hue, .saturation, .color, .luminosity: true
    case .normal, .multiply, .screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn, .softLight, .hardLight,
      .difference, .exclusion, .clear, .copy, .sourceIn, .sourceOut, .sourceAtop, .destinationOver, .destinationIn,
      .destinationOut, .destinationAtop, .xor, .plusDarker, .plusLighter:
      false
    }
  }
}
