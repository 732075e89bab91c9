/// Every request's kernel, chosen once: ``CompositeReductions`` and then
/// ``CompositeKernelTable`` are worked out for each blend mode and flag set on first use, so a
/// draw looks its kernel up instead of walking the rules and entries. The walk copied each
/// entry it passed (a name and two closures) and cost a quarter of a 4x4 draw's instructions.
/// The tables stay the definition: a test checks every slot against them.
enum CompositeKernelChoices {
  /// What a request draws as: the request after ``CompositeReductions`` and the table entry that
  /// serves it.
  struct Choice {
    let request: CompositeRequest
    /// The entry's index in ``CompositeKernelTable/entries``.
    let entryIndex: Int
    var kernels: CompositeKernels { CompositeKernelTable.entries[entryIndex].kernels }
  }

  /// `request` as it is drawn and its entry, or `nil` when it changes nothing. With fast paths
  /// off, the request unchanged and the generic entry.
  static func choice(for request: CompositeRequest, fastPaths: Bool = FastPaths.areEnabled) -> Choice? {
    guard fastPaths else { return Choice(request: request, entryIndex: CompositeKernelTable.entries.count &- 1) }
    assert(request.flags.rawValue >> flagBits == 0, "a flag beyond the table's \(flagBits) bits")
    let slot = slots[request.mode.ordinal &<< flagBits | Int(request.flags.rawValue & flagMask)]
    guard slot != drawsNothing else { return nil }
    return Choice(
      request: CompositeRequest(mode: BlendMode.orderedCases[Int(slot &>> 8)], flags: request.flags),
      entryIndex: Int(slot & 0xFF))
  }

  /// Bits of ``CompositeFlags`` (every flag lies below them; a test checks it).
  static let flagBits = 7
  private static var flagMask: UInt8 { UInt8(1 &<< flagBits &- 1) }
  private static let drawsNothing = UInt16.max

  /// Per mode (its ordinal) and flag set: the reduced mode's ordinal times 256 plus the index of
  /// the serving entry in ``CompositeKernelTable/entries``, or ``drawsNothing``.
  private static let slots: [UInt16] = BlendMode.orderedCases.flatMap { mode in
    (0..<(1 << flagBits)).map { flags in
      let request = CompositeRequest(mode: mode, flags: CompositeFlags(rawValue: UInt8(flags)))
      guard let reduced = CompositeReductions.reduce(request) else { return drawsNothing }
      let index = CompositeKernelTable.index(for: reduced)
      precondition(index < 256 && BlendMode.orderedCases.count < 255, "a slot holds a mode and an entry in a byte each")
      return UInt16(reduced.mode.ordinal << 8 | index)
    }
  }
}
