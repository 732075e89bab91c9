/// What a composite call looks like to kernel selection: the blend mode and pixman-style flags
/// that describe the source, coverage and opacity.
struct CompositeRequest: Hashable, Sendable {
  var mode: BlendMode
  var flags: CompositeFlags
}

/// Facts about one call that kernels may rely on. A kernel-table entry lists the flags it
/// *requires*; it serves a request whose flags include all of them (pixman's rule).
struct CompositeFlags: OptionSet, Hashable, Sendable {
  let rawValue: UInt8

  /// The source hands out rows of pixels.
  static let imageSource = CompositeFlags(rawValue: 1 << 0)
  /// The source is one colour, passed to kernels as a parameter (unscaled: the opacity comes
  /// separately, in ``CompositeParameters/opacity``).
  static let solidSource = CompositeFlags(rawValue: 1 << 1)
  /// Every source pixel has alpha 255 (a declared-opaque image, an opaque colour).
  static let opaqueSource = CompositeFlags(rawValue: 1 << 2)
  /// Every source pixel is transparent black (a colour with alpha 0).
  static let transparentSource = CompositeFlags(rawValue: 1 << 3)
  /// No coverage: every pixel is fully covered. Every request has this flag or
  /// ``partialCoverage``.
  static let fullCoverage = CompositeFlags(rawValue: 1 << 4)
  /// Coverage bytes come with each row (a mask, an alpha channel, later rasterised spans):
  /// kernels that read them require this flag.
  static let partialCoverage = CompositeFlags(rawValue: 1 << 6)
  /// Opacity 1 (the 8-bit factor is 255).
  static let fullOpacity = CompositeFlags(rawValue: 1 << 5)
}

/// What a draw takes from its kernel-table entry: the row kernels and how the engine runs them.
/// Kept apart from the entry's name and rule, so that the draw copies two closures and no
/// string.
struct CompositeKernels: Sendable {
  let row: CompositeRowKernel
  /// The kernel only copies the source into the destination, so the engine asks the source
  /// to write its rows there directly (a resampled source resamples straight into the
  /// destination).
  let copiesSource: Bool
  /// The kernel only stores bytes (a copy, fill or clear), with no arithmetic: a row costs about
  /// what a memcpy of it does, which needs several times more bytes than arithmetic before a
  /// second thread pays (see ``RowBands/parallelBreakEvenBytes``).
  let storesOnly: Bool
  /// The same kernel reading a source's ``DitheredRow``, where the source offers one
  /// (``RowSourceCursor/ditheredRow(_:columns:)``); without it, such a source writes its
  /// dithered pixels into a row first.
  let dithered: DitheredRowKernel?
}

/// One entry of the kernel table: its kernels serve requests of `mode` (any mode when `nil`)
/// whose flags include `required`.
struct CompositeKernelEntry: Sendable {
  let name: String
  let mode: BlendMode?
  let required: CompositeFlags
  let kernels: CompositeKernels

  init(
    name: String, mode: BlendMode?, required: CompositeFlags, kernel: @escaping CompositeRowKernel,
    copiesSource: Bool = false, storesOnly: Bool = false, ditheredKernel: DitheredRowKernel? = nil
  ) {
    (self.name, self.mode, self.required) = (name, mode, required)
    kernels = CompositeKernels(row: kernel, copiesSource: copiesSource, storesOnly: storesOnly, dithered: ditheredKernel)
  }

  func serves(_ request: CompositeRequest) -> Bool {
    (mode == nil || mode == request.mode) && request.flags.isSuperset(of: required)
  }
}

/// Which kernel serves which request, as data. **Order is priority**: the first entry that
/// serves a request wins, so specialised entries stand before general ones; a test checks that
/// every entry is reachable (no earlier one shadows it). The last entry serves everything.
///
/// Requests reach the table after ``CompositeReductions`` (so `normal` with an opaque source is
/// already `copy`). With ``FastPaths`` off, every request gets the generic entry.
enum CompositeKernelTable {
  static let entries: [CompositeKernelEntry] = [
    CompositeKernelEntry(
      name: "src_8888_8888", mode: .copy, required: [.imageSource, .fullOpacity, .fullCoverage],
      kernel: SourceOverKernels.copyImage, copiesSource: true, storesOnly: true),
    CompositeKernelEntry(
      name: "src_n_8888", mode: .copy, required: [.solidSource, .fullOpacity, .fullCoverage], kernel: SourceOverKernels.fillSolid,
      storesOnly: true),
    CompositeKernelEntry(
      name: "clear_8888", mode: .clear, required: [.fullCoverage], kernel: SourceOverKernels.clear, storesOnly: true),
    CompositeKernelEntry(
      name: "over_8888_8888", mode: .normal, required: [.imageSource, .fullOpacity, .fullCoverage],
      kernel: SourceOverKernels.overImage, ditheredKernel: SourceOverKernels.overDitheredRow),
    CompositeKernelEntry(
      name: "over_8888_n_8888", mode: .normal, required: [.imageSource, .fullCoverage],
      kernel: SourceOverKernels.overImageWithOpacity),
    CompositeKernelEntry(
      name: "over_8888_8_8888", mode: .normal, required: [.imageSource, .partialCoverage], kernel: SourceOverKernels.overImageMasked),
    CompositeKernelEntry(
      name: "over_n_8888", mode: .normal, required: [.solidSource, .fullOpacity, .fullCoverage], kernel: SourceOverKernels.overSolid),
    CompositeKernelEntry(
      name: "over_n_8888_opacity", mode: .normal, required: [.solidSource, .fullCoverage],
      kernel: SourceOverKernels.overSolidWithOpacity),
    CompositeKernelEntry(
      name: "over_n_8_8888", mode: .normal, required: [.solidSource, .partialCoverage], kernel: SourceOverKernels.overSolidMasked),
    CompositeKernelEntry(
      name: "multiply_8888_8888", mode: .multiply, required: [.imageSource, .fullOpacity, .fullCoverage],
      kernel: SeparableBlendKernels.multiplyImage),
    CompositeKernelEntry(
      name: "screen_8888_8888", mode: .screen, required: [.imageSource, .fullOpacity, .fullCoverage],
      kernel: SeparableBlendKernels.screenImage),
    CompositeKernelEntry(
      name: "multiply_8888_n_8888", mode: .multiply, required: [.imageSource, .fullCoverage],
      kernel: SeparableBlendKernels.multiplyImageWithOpacity),
    CompositeKernelEntry(
      name: "screen_8888_n_8888", mode: .screen, required: [.imageSource, .fullCoverage],
      kernel: SeparableBlendKernels.screenImageWithOpacity),
    generic,
  ]

  /// The entry that serves every request, one pixel at a time through ``BlendMath``; the last
  /// of ``entries``.
  static let generic = CompositeKernelEntry(
    name: "generic", mode: nil, required: [], kernel: GenericCompositeKernel.composite)

  /// The index in ``entries`` of the first entry that serves `request` (the last entry serves
  /// every request): the definition ``CompositeKernelChoices`` is made from and checked
  /// against; draws look it up there.
  static func index(for request: CompositeRequest) -> Int {
    entries.firstIndex { $0.serves(request) } ?? entries.count - 1
  }
}
