/// How a source is combined with the destination: every mode of Core Graphics' `CGBlendMode`.
///
/// Pixels are premultiplied. In the formulas, `s`/`d` are source/destination colour channels
/// and `sa`/`da` their alphas, all in 0...1; DESIGN.md gives each mode's 8-bit arithmetic and its
/// tolerance. The separable and non-separable modes follow the W3C *Compositing and Blending
/// Level 1* formulas composited with source-over, as Core Graphics does.
public enum BlendMode: Sendable, Hashable, CaseIterable {
  /// Source over destination: `s + d (1 - sa)` (`CGBlendMode.normal`).
  case normal
  /// `s d + s (1 - da) + d (1 - sa)`.
  case multiply
  /// `s + d - s d`.
  case screen
  /// Hard light with source and destination swapped.
  case overlay
  /// `min(s da, d sa) + s (1 - da) + d (1 - sa)`.
  case darken
  /// `max(s da, d sa) + s (1 - da) + d (1 - sa)`.
  case lighten
  /// Brightens the destination to reflect the source (W3C `color-dodge`).
  case colorDodge
  /// Darkens the destination to reflect the source (W3C `color-burn`).
  case colorBurn
  /// Soft light (W3C `soft-light`).
  case softLight
  /// Multiply or screen, depending on the source (W3C `hard-light`).
  case hardLight
  /// `s + d - 2 min(s da, d sa)`.
  case difference
  /// `s + d - 2 s d`.
  case exclusion
  /// The source's hue with the destination's saturation and luminosity (W3C `hue`).
  case hue
  /// The source's saturation with the destination's hue and luminosity.
  case saturation
  /// The source's hue and saturation with the destination's luminosity.
  case color
  /// The source's luminosity with the destination's hue and saturation.
  case luminosity
  /// `0`: the covered area becomes transparent.
  case clear
  /// `s`: the source replaces the destination.
  case copy
  /// `s da`.
  case sourceIn
  /// `s (1 - da)`.
  case sourceOut
  /// `s da + d (1 - sa)`.
  case sourceAtop
  /// `s (1 - da) + d`.
  case destinationOver
  /// `d sa`.
  case destinationIn
  /// `d (1 - sa)`.
  case destinationOut
  /// `s (1 - da) + d sa`.
  case destinationAtop
  /// `s (1 - da) + d (1 - sa)`.
  case xor
  /// Apple's `max(0, 1 - ((1 - d) + (1 - s)))`, in premultiplied form: alpha
  /// `ra = min(1, sa + da)`, colour `max(0, ra - ((sa - s) + (da - d)))` (so a transparent source
  /// leaves the destination unchanged).
  case plusDarker
  /// `min(1, s + d)`: saturating addition.
  case plusLighter
}

extension BlendMode {
  /// Every mode in declaration order, made once (`allCases` builds its array on every use).
  static let orderedCases = allCases

  /// The mode's index in ``allCases``, for tables with an entry per mode.
  var ordinal: Int {
    switch self {
    case .normal: 0
    case .multiply: 1
    case .screen: 2
    case .overlay: 3
    case .darken: 4
    case .lighten: 5
    case .colorDodge: 6
    case .colorBurn: 7
    case .softLight: 8
    case .hardLight: 9
    case .difference: 10
    case .exclusion: 11
    case .hue: 12
    case .saturation: 13
    case .color: 14
    case .luminosity: 15
    case .clear: 16
    case .copy: 17
    case .sourceIn: 18
    case .sourceOut: 19
    case .sourceAtop: 20
    case .destinationOver: 21
    case .destinationIn: 22
    case .destinationOut: 23
    case .destinationAtop: 24
    case .xor: 25
    case .plusDarker: 26
    case .plusLighter: 27
    }
  }
}
