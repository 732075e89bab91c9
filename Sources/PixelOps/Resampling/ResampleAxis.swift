/// One axis of a resampling call: which source coordinates map onto which destination pixels.
///
/// Destination pixel `i` (in destination view coordinates) samples source position
/// `center(i) = sourceOrigin + (i + 0.5 - destinationOrigin) * scale` in continuous source
/// coordinates, where source pixel `k` covers `[k, k + 1)`: the pixel-centre convention, so the
/// sample point in pixel-index terms is `center - 0.5`. Output pixels run from `firstOutput` for
/// `outputCount` pixels (already clipped to the destination view).
struct ResampleAxis: Hashable, Sendable {
  var filter: ResamplingFilter
  /// Source image size along this axis.
  var extent: Int
  var sourceOrigin: Double
  var sourceLength: Double
  var destinationOrigin: Double
  var destinationLength: Double
  var firstOutput: Int
  var outputCount: Int
  /// What positions outside `0 ..< extent` show.
  var extend: ExtendMode = .clamp

  /// Source pixels per destination pixel.
  var scale: Double { sourceLength / destinationLength }

  /// Every field folded into one word, handed to the hasher once. The weight cache hashes an
  /// axis on every scaled draw (twice per slice of a nine-slice image), and the synthesized
  /// conformance ran SipHash over all eleven fields: about 650 instructions a lookup, against
  /// about 150. Equal axes fold alike (a zero of either sign folds as +0, as they compare equal);
  /// a collision costs only a comparison.
  func hash(into hasher: inout Hasher) {
    var word = Self.fold(0, UInt64(truncatingIfNeeded: extent))
    switch filter.kind {
    case .nearest: word = Self.fold(word, 1)
    case .box: word = Self.fold(word, 2)
    case .triangle: word = Self.fold(word, 3)
    case .cubic(let b, let c): word = Self.fold(Self.fold(Self.fold(word, 4), bitsOf: b), bitsOf: c)
    case .lanczos3: word = Self.fold(word, 5)
    }
    word = Self.fold(Self.fold(word, bitsOf: sourceOrigin), bitsOf: sourceLength)
    word = Self.fold(Self.fold(word, bitsOf: destinationOrigin), bitsOf: destinationLength)
    word = Self.fold(word, UInt64(truncatingIfNeeded: firstOutput))
    word = Self.fold(word, UInt64(truncatingIfNeeded: outputCount))
    switch extend {
    case .clamp: word = Self.fold(word, 1)
    case .repeat: word = Self.fold(word, 2)
    case .reflect: word = Self.fold(word, 3)
    case .transparent: word = Self.fold(word, 4)
    case .renormalize: word = Self.fold(word, 5)
    }
    hasher.combine(word)
  }

  /// `word` with `value` mixed in (rotate, exclusive or, multiply by the golden ratio's odd
  /// 64-bit constant): cheap, and every bit of `value` reaches the high bits.
  private static func fold(_ word: UInt64, _ value: UInt64) -> UInt64 {
    ((word &<< 5 | word &>> 59) ^ value) &* 0x9E37_79B9_7F4A_7C15
  }

  private static func fold(_ word: UInt64, bitsOf value: Double) -> UInt64 {
    fold(word, value == 0 ? 0 : value.bitPattern)
  }

  /// The continuous source coordinate destination pixel `index` samples.
  func center(of index: Int) -> Double {
    sourceOrigin + (Double(index) + 0.5 - destinationOrigin) * scale
  }

  /// The destination pixels a `[origin, origin + length)` span writes along an axis of a view
  /// `viewExtent` pixels long: those whose centre `i + 0.5` lies in the span, clipped to the view.
  /// `origin` and `origin + length` must be validated as for ``coveredRange(origin:length:)``.
  static func outputRange(origin: Double, length: Double, viewExtent: Int) -> Range<Int> {
    coveredRange(origin: origin, length: length).clamped(to: 0..<viewExtent)
  }

  /// The pixels whose centre lies in `[origin, origin + length)`, not clipped to any view (the
  /// pixels a mask of a scaled draw covers). `origin` and `origin + length` must be finite and
  /// within ±2^52 (``ResampleValidation``).
  static func coveredRange(origin: Double, length: Double) -> Range<Int> {
    let first = Int((origin - 0.5).rounded(.up))
    let end = Int((origin + length - 0.5).rounded(.up))
    return first..<max(first, end)
  }
}
