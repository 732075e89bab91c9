/// What a composite request does to destination pixels of full alpha: the rules behind every
/// draw's ``OpacityOutcome``.
///
/// With result alpha `f(as, ab)` of the mode (after opacity and coverage, which only scale
/// `as` or interpolate towards the destination, whose alpha is already full):
/// - *keeps* when `f(as, 1) = 1` for every `as`: source-over and every separable and
///   non-separable blend mode (`as + ab - as ab`), `destinationOver`, `sourceAtop` (`ab`),
///   `plusLighter`, `plusDarker` (`min(1, as + ab)`); and when the source is opaque at full
///   opacity, also `copy`, `sourceIn`, `destinationIn` and `destinationAtop` (`f(1, 1) = 1`);
/// - *makes opaque* when `f(1, ab) = 1` for every `ab`, the source is opaque at full opacity,
///   coverage is full and the area is the whole view: the first group but `sourceAtop`, plus
///   `copy` and `destinationAtop` (`as`);
/// - otherwise (`clear`, `sourceOut`, `destinationOut`, `xor`, or a translucent source under
///   the second group) pixels may lose alpha.
///
/// The integer kernels reach exactly 255 in those cases (`divide(255 * 255) = 255`);
/// `OpacityOutcomeTests` checks every claim on the pixels the kernels write.
enum OpacityRules {
  static func outcome(
    of request: CompositeRequest, area: PixelRect, destination: MutablePixelView
  ) -> OpacityOutcome {
    let flags = request.flags
    let opaqueSource = flags.contains(.opaqueSource) && flags.contains(.fullOpacity)
    let makes =
      opaqueSource && flags.contains(.fullCoverage) && area == PixelRect(size: destination.size)
    switch alpha(of: request.mode) {
    case .unionOfAlphas: return makes ? .makesOpaque(destination) : .keepsOpaque
    case .destinationAlpha: return .keepsOpaque
    case .sourceAlpha: return makes ? .makesOpaque(destination) : (opaqueSource ? .keepsOpaque : .unknown)
    case .productOfAlphas: return opaqueSource ? .keepsOpaque : .unknown
    case .mayClear: return .unknown
    }
  }

  /// The shape of a mode's result alpha `f(as, ab)`, as far as full alpha is concerned.
  private enum AlphaShape {
    /// `f(as, 1) = 1` and `f(1, ab) = 1`.
    case unionOfAlphas
    /// `f = ab`.
    case destinationAlpha
    /// `f = as`.
    case sourceAlpha
    /// `f = as ab`.
    case productOfAlphas
    /// May be below 1 even for opaque inputs.
    case mayClear
  }

  private static func alpha(of mode: BlendMode) -> AlphaShape {
    switch mode {
    case .normal, .multiply, .screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn, .softLight, .hardLight,
      .difference, .exclusion, .hue, .saturation, .color, .luminosity, .destinationOver, .plusLighter, .plusDarker:
      .unionOfAlphas
    case .sourceAtop: .destinationAlpha
    case .copy, .destinationAtop: .sourceAlpha
    case .sourceIn, .destinationIn: .productOfAlphas
    case .clear, .sourceOut, .destinationOut, .xor: .mayClear
    }
  }
}
