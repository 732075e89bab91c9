/// What a gradient shows where its parameter `t` falls outside 0...1 (before its start or
/// after its end): Core Graphics' `drawsBeforeStartLocation` / `drawsAfterEndLocation`, and
/// the repeat and reflect modes of Skia, Blend2D and SVG's `spreadMethod`.
public enum GradientExtend: Sendable, Hashable {
  /// Pads with the first stop's colour before the start when `beforeStart`, with the last
  /// stop's colour after the end when `afterEnd`; draws nothing where the flag is false. Core
  /// Graphics' options. "Nothing" is a transparent source pixel, as in Skia and pixman: under
  /// ``BlendMode/normal`` and the other modes that keep the destination under a transparent
  /// source it stays as it was; under ``BlendMode/copy`` (and `sourceIn`, `destinationIn`,
  /// `destinationAtop`) it is cleared.
  case padded(beforeStart: Bool, afterEnd: Bool)
  /// The gradient again: `t - floor(t)`.
  case repeating
  /// The gradient mirrored at each end: 0 → 1 → 0 → 1 …
  case reflecting

  /// Pads both ends (`drawsBeforeStartLocation | drawsAfterEndLocation`; CSS, `CAGradientLayer`).
  public static let pad = GradientExtend.padded(beforeStart: true, afterEnd: true)
  /// Draws only between the start and the end (Core Graphics with no options).
  public static let none = GradientExtend.padded(beforeStart: false, afterEnd: false)

  /// Whether parameters above 1 are drawn (padded, repeated or reflected): where they are not, a
  /// two-circle gradient's point shows the largest parameter up to 1 whose circle passes
  /// through it (``GradientShape/radial(startCenter:startRadius:endCenter:endRadius:)``).
  var drawsAfterEnd: Bool {
    if case .padded(_, let after) = self { return after }
    return true
  }

  /// The parameter the colour function sees for `t`, or `nil` where nothing is drawn: `t`
  /// itself when padded (the colour function shows the first stop before 0 and the last after
  /// 1), folded into 0...1 when repeated or reflected.
  func extended(_ t: Double) -> Double? {
    guard !t.isNaN else { return nil }
    switch self {
    case .padded(let before, let after):
      if t < 0 { return before ? t : nil }
      if t > 1 { return after ? t : nil }
      return t
    case .repeating:
      return t - t.rounded(.down)
    case .reflecting:
      let folded = t - 2 * (t / 2).rounded(.down)
      return folded > 1 ? 2 - folded : folded
    }
  }
}
