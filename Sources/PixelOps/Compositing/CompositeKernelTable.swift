/// What a composite call looks like to kernel selection: the pixman-style flags.
struct CompositeRequest: Equatable, Sendable {
  enum SourceKind: Equatable, Sendable {
    case image
    case solid
  }

  var mode: BlendMode
  var source: SourceKind
  /// The image source is known opaque, or the solid colour (opacity applied) has alpha 255.
  var sourceIsOpaque: Bool
  /// The solid colour (opacity applied) is fully transparent.
  var sourceIsTransparent: Bool
  /// A coverage mask is present.
  var hasCoverage: Bool
  /// Opacity is 1 (the factor is 255).
  var hasFullOpacity: Bool
}

/// One row of the table: the kernel serves every request matching all of its conditions.
struct CompositeKernelEntry: Sendable {
  let name: String
  let matches: @Sendable (CompositeRequest) -> Bool
  let kernel: CompositeRowKernel
  /// The kernel only copies the source into the destination, so a caller that produces the
  /// source itself (a scaled draw) may write it into the destination directly.
  var copiesSource = false
  /// The kernel only stores bytes (a copy, fill or clear), with no arithmetic: a row costs about
  /// what a memcpy of it does, which needs several times more bytes than arithmetic before a
  /// second thread pays (see ``RowBands/parallelBreakEvenBytes``).
  var storesOnly = false
}

/// Which kernel serves which request, as data. **Order is priority**: the first matching row
/// wins, so specialised rows stand before general ones, and a test checks that every row is
/// reachable (no earlier row shadows it). The last row matches everything.
enum CompositeKernelTable {
  static let rows: [CompositeKernelEntry] = [
    // Operator strength reduction (pixman's optimize_operator): an opaque source drawn with
    // `normal` is a copy; `copy` and `clear` at full coverage need no arithmetic.
    CompositeKernelEntry(
      name: "src_8888_8888",
      matches: {
        $0.source == .image && $0.hasFullOpacity && !$0.hasCoverage
          && ($0.mode == .copy || ($0.mode == .normal && $0.sourceIsOpaque))
      },
      kernel: SourceOverKernels.copyImage, copiesSource: true, storesOnly: true),
    CompositeKernelEntry(
      name: "src_n_8888",
      matches: { $0.source == .solid && !$0.hasCoverage && ($0.mode == .copy || ($0.mode == .normal && $0.sourceIsOpaque)) },
      kernel: SourceOverKernels.fillSolid, storesOnly: true),
    CompositeKernelEntry(
      name: "clear_8888", matches: { $0.mode == .clear && !$0.hasCoverage }, kernel: SourceOverKernels.clear,
      storesOnly: true),
    CompositeKernelEntry(
      name: "over_transparent_n", matches: { $0.mode == .normal && $0.source == .solid && $0.sourceIsTransparent },
      kernel: { _, _ in }),
    CompositeKernelEntry(
      name: "over_8888_8888",
      matches: { $0.mode == .normal && $0.source == .image && $0.hasFullOpacity && !$0.hasCoverage },
      kernel: SourceOverKernels.overImage),
    CompositeKernelEntry(
      name: "over_8888_n_8888",
      matches: { $0.mode == .normal && $0.source == .image && !$0.hasCoverage },
      kernel: SourceOverKernels.overImageWithOpacity),
    CompositeKernelEntry(
      name: "over_8888_8_8888", matches: { $0.mode == .normal && $0.source == .image && $0.hasCoverage },
      kernel: SourceOverKernels.overImageMasked),
    CompositeKernelEntry(
      name: "over_n_8888", matches: { $0.mode == .normal && $0.source == .solid && !$0.hasCoverage },
      kernel: SourceOverKernels.overSolid),
    CompositeKernelEntry(
      name: "over_n_8_8888", matches: { $0.mode == .normal && $0.source == .solid && $0.hasCoverage },
      kernel: SourceOverKernels.overSolidMasked),
    CompositeKernelEntry(
      name: "multiply_8888_8888", matches: { $0.mode == .multiply && $0.source == .image && !$0.hasCoverage },
      kernel: SeparableBlendKernels.multiplyImage),
    CompositeKernelEntry(
      name: "screen_8888_8888", matches: { $0.mode == .screen && $0.source == .image && !$0.hasCoverage },
      kernel: SeparableBlendKernels.screenImage),
    CompositeKernelEntry(name: "generic", matches: { _ in true }, kernel: GenericCompositeKernel.composite),
  ]

  /// The first row that matches `request`.
  static func row(for request: CompositeRequest) -> CompositeKernelEntry {
    rows.first { $0.matches(request) }!
  }
}
