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
