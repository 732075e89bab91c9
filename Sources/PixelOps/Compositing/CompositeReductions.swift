/// Operator strength reduction, as one table (pixman's `optimize_operator`): a request whose
/// flags make its mode equal to a cheaper one, or to no change at all, is rewritten before the
/// kernel table is consulted. Each rule is an identity of the exact arithmetic, and a test checks
/// every rule against the generic kernel on random pixels.
enum CompositeReductions {
  /// A rule: requests of `mode` whose flags include `required` draw as `result` (`nil`: they
  /// leave the destination unchanged, so nothing is drawn).
  struct Rule: Sendable {
    let mode: BlendMode
    let required: CompositeFlags
    let result: BlendMode?
  }

  static let rules: [Rule] = [
    // Source-over of an opaque source replaces the destination.
    Rule(mode: .normal, required: [.opaqueSource, .fullOpacity, .fullCoverage], result: .copy),
    // A transparent source leaves the destination as it is under these modes (any coverage:
    // coverage interpolates between the destination and the unchanged result).
    Rule(mode: .normal, required: [.transparentSource], result: nil),
    Rule(mode: .multiply, required: [.transparentSource], result: nil),
    Rule(mode: .screen, required: [.transparentSource], result: nil),
    Rule(mode: .sourceAtop, required: [.transparentSource], result: nil),
    Rule(mode: .destinationOver, required: [.transparentSource], result: nil),
    Rule(mode: .xor, required: [.transparentSource], result: nil),
    Rule(mode: .plusLighter, required: [.transparentSource], result: nil),
    Rule(mode: .destinationOut, required: [.transparentSource], result: nil),
    // Keeping the destination where an opaque source covers it changes nothing.
    Rule(mode: .destinationIn, required: [.opaqueSource, .fullOpacity], result: nil),
  ]

  /// The request as it should be drawn, or `nil` when it changes nothing (draws take the answer
  /// from ``CompositeKernelChoices``, which skips the rules when fast paths are off).
  static func reduce(_ request: CompositeRequest) -> CompositeRequest? {
    var reduced = request
    // Rules may chain; each rewrites to a mode no rule leads back from, so this ends.
    while let rule = rules.first(where: { $0.mode == reduced.mode && reduced.flags.isSuperset(of: $0.required) }) {
      guard let result = rule.result else { return nil }
      reduced.mode = result
    }
    return reduced
  }
}
