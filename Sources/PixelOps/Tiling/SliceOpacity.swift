/// Which of the nine source slices of a cut image are opaque (every alpha 255), measured once:
/// an opaque slice is then drawn as a known-opaque source, so under `normal` its pixels are
/// copied (or resampled straight into the destination) instead of blended, as an opaque image's
/// are, even when the image as a whole has transparent corners.
struct SliceOpacity: Equatable, Sendable {
  private var bits: UInt16 = 0

  /// Measures the slices of `image` cut by `horizontal` and `vertical` (empty slices count as
  /// opaque).
  init(_ image: PixelView, horizontal: SliceAxis, vertical: SliceAxis) {
    SliceAxis.forEachPart(horizontal: horizontal, vertical: vertical, size: image.size) { row, column, part in
      if let slice = try? image.cropped(to: part), slice.measureOpacity() { bits |= 1 << (row * 3 + column) }
    }
  }

  /// Whether the slice in `row` and `column` (0 ... 2 each: start, centre, end) is opaque.
  func isOpaque(row: Int, column: Int) -> Bool { bits & (1 << (row * 3 + column)) != 0 }
}
