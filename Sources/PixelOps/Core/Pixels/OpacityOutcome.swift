/// What a write did to the opacity of its destination: how ``PixelBuffer/isKnownOpaque``
/// survives a draw.
///
/// Every draw (``Compositor``, ``Resampler``, the layer renderers) returns one, worked out from
/// its blend mode, source, opacity and coverage before a pixel is touched (see DESIGN.md,
/// "Opacity"). Hand it back from the closure of ``PixelBuffer/draw(_:)`` and the buffer keeps
/// its opacity flag when the draw provably kept every opaque pixel opaque — an opaque photo
/// with a watermark composited over it stays opaque, and PNG's automatic format then writes it
/// as RGB.
public struct OpacityOutcome: Sendable, Equatable, CustomStringConvertible {
  enum Kind: Sendable, Equatable {
    case unknown
    case keepsOpaque
    case makesOpaque
  }

  /// The memory a ``makesOpaque`` outcome made opaque: a view's address and shape.
  struct Extent: Sendable, Equatable {
    let address: UInt
    let width: Int
    let height: Int
    let rowBytes: Int

    init(_ view: MutablePixelView) {
      address = UInt(bitPattern: view.baseAddress)
      width = view.width
      height = view.height
      rowBytes = view.rowBytes
    }
  }

  let kind: Kind
  let extent: Extent?

  init(_ kind: Kind, extent: Extent? = nil) {
    self.kind = kind
    self.extent = extent
  }

  /// Pixels may have lost alpha (`clear`, `sourceOut`, `xor`, a translucent `copy`, …, or a
  /// write PixelOps did not make): an opaque destination is no longer known to be opaque.
  public static let unknown = OpacityOutcome(.unknown)

  /// Every pixel that had full alpha still has it (source-over and every mode whose result
  /// alpha is `as + ab - as ab`, at any opacity and coverage; fills; nothing drawn): an opaque
  /// destination stays opaque.
  public static let keepsOpaque = OpacityOutcome(.keepsOpaque)

  /// Every pixel of `view` now has full alpha, whatever it had before (an opaque source
  /// copied or drawn over the whole view at full opacity and coverage), and nothing outside it
  /// changed. Also keeps an opaque destination opaque.
  static func makesOpaque(_ view: MutablePixelView) -> OpacityOutcome {
    OpacityOutcome(.makesOpaque, extent: Extent(view))
  }

  /// Whether an opaque destination is still opaque afterwards.
  public var keepsOpaqueDestinationOpaque: Bool { kind != .unknown }

  /// The outcome of this write followed by `next`.
  public func then(_ next: OpacityOutcome) -> OpacityOutcome {
    switch next.kind {
    case .unknown: .unknown
    case .keepsOpaque: self
    case .makesOpaque: next
    }
  }

  /// Whether the buffer whose whole view is `view` is opaque afterwards, given whether it was
  /// before.
  func leavesOpaque(_ view: MutablePixelView, wasOpaque: Bool) -> Bool {
    switch kind {
    case .unknown: false
    case .keepsOpaque: wasOpaque
    case .makesOpaque: wasOpaque || extent == Extent(view)
    }
  }

  public var description: String {
    switch kind {
    case .unknown: "unknown"
    case .keepsOpaque: "keepsOpaque"
    case .makesOpaque: "makesOpaque"
    }
  }
}
