/// For each output channel, a table from a stored sample value (0 ... 2^bits - 1) to the
/// output level at 8 or 16 bits, with MinIsWhite inversion and ColorMap lookup folded in.
///
/// Scaling is `round(v * outMax / inMax)`, round half up, exact in integers: 16 -> 8 bits is
/// `round(v / 257)`, 4 -> 8 bits `v * 17`, 8 -> 16 bits `v * 257`. Palette entries are 16-bit:
/// 8-bit output takes the high byte (`v >> 8`, exact for writers that store `v * 256` and
/// `v * 257`), 16-bit output the entry as stored.
struct TIFFLevelTables {
  let red: [UInt16]
  let green: [UInt16]
  let blue: [UInt16]
  /// Present when the page has alpha; associated or not, alpha itself is only scaled.
  let alpha: [UInt16]?

  /// The colour map of a palette page: `2^bits` entries per channel.
  struct Colormap {
    let red: UnsafePointer<UInt16>
    let green: UnsafePointer<UInt16>
    let blue: UnsafePointer<UInt16>
  }

  init(layout: TIFFSampleLayout, outputBits: Int, colormap: Colormap?) {
    let inputMaximum = layout.maximumSample
    let outputMaximum = (1 << outputBits) - 1
    let scaled = Self.scalingTable(from: inputMaximum, to: outputMaximum)
    switch layout.colour {
    case .gray(let minIsWhite):
      let gray = minIsWhite ? Array(scaled.reversed()) : scaled
      (red, green, blue) = (gray, gray, gray)
    case .rgb:
      (red, green, blue) = (scaled, scaled, scaled)
    case .palette:
      let count = inputMaximum + 1
      let shift = outputBits == 8 ? 8 : 0
      func channel(_ entries: UnsafePointer<UInt16>?) -> [UInt16] {
        guard let entries else { return [UInt16](repeating: 0, count: count) }
        return (0..<count).map { entries[$0] >> shift }
      }
      (red, green, blue) = (channel(colormap?.red), channel(colormap?.green), channel(colormap?.blue))
    }
    alpha = layout.alpha == .none ? nil : scaled
  }

  /// `round(v * outputMaximum / inputMaximum)` for every `v` in `0 ... inputMaximum`.
  static func scalingTable(from inputMaximum: Int, to outputMaximum: Int) -> [UInt16] {
    (0...inputMaximum).map { value in
      UInt16((2 * value * outputMaximum + inputMaximum) / (2 * inputMaximum))
    }
  }
}
