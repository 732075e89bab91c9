/// Where the nine slices of a resizable image land on the destination's pixel grid: pure
/// geometry, no pixels.
///
/// Per axis, the destination's two edges are whole pixels (the caller rounds them to the
/// nearest pixel), and so are the two cap boundaries between them: each cap keeps its drawn
/// size, `cap × ratio` rounded to the nearest pixel, measured inward from its own edge, and the
/// centre gets the pixels in between. Adjacent slices therefore share an edge exactly: every
/// destination pixel belongs to one slice, none to two (no gaps, no double-blended seams).
///
/// **Caps larger than the destination** (their drawn sizes add up to more than the axis's
/// pixels): the caps shrink in proportion around the split point `length × start / (start +
/// end)`, rounded to the nearest pixel, and the centre is omitted. Each cap is then reduced
/// with the filter (antialiased), so a button drawn smaller than its caps still shows both ends.
struct NineSlicePlan: Equatable {
  /// One slice along one axis: image pixels `source` drawn onto destination pixels
  /// `destination`.
  struct Segment: Equatable {
    var source: Range<Int>
    var destination: Range<Int>
    /// How the segment fills its pixels: `nil` for a cap (scaled onto its pixels), else the
    /// centre's mode.
    var resizing: ResizingMode?

    var isEmpty: Bool { source.isEmpty || destination.isEmpty }

    /// The segment as a pattern axis: a tiled centre repeats from its first pixel at the
    /// image's `ratio`; a cap or a stretched centre is scaled onto exactly its pixels, its
    /// source clamped at the slice's own edges (filtering never reads a neighbouring slice).
    func patternAxis(ratio: Double) -> PatternAxis {
      let origin = Double(destination.lowerBound)
      if resizing == .tile {
        return PatternAxis(extent: source.count, scale: ratio, origin: origin, extend: .repeat)
      }
      return PatternAxis(
        extent: source.count, scale: Double(destination.count) / Double(source.count), origin: origin, extend: .clamp)
    }
  }

  /// The three segments of one axis: start cap, centre, end cap.
  struct Axis: Equatable {
    var start: Segment
    var center: Segment
    var end: Segment

    /// `slice` of an image `extent` pixels long drawn onto `destination`, caps scaled by `ratio`.
    init(_ slice: SliceAxis, extent: Int, destination: Range<Int>, ratio: Double) {
      let length = destination.count
      let startCap = Self.drawnLength(slice.startCap, ratio)
      let endCap = Self.drawnLength(slice.endCap, ratio)
      let firstCenter: Int
      let lastCenter: Int
      if startCap <= length && endCap <= length - startCap {
        firstCenter = destination.lowerBound + startCap
        lastCenter = destination.upperBound - endCap
      } else {
        let capTotal = Double(slice.startCap) + Double(slice.endCap)
        let split = destination.lowerBound + Self.nearest(Double(length) * Double(slice.startCap) / capTotal)
        firstCenter = split
        lastCenter = split
      }
      start = Segment(
        source: slice.segment(0, extent: extent), destination: destination.lowerBound..<firstCenter, resizing: nil)
      center = Segment(source: slice.segment(1, extent: extent), destination: firstCenter..<lastCenter, resizing: slice.mode)
      end = Segment(
        source: slice.segment(2, extent: extent), destination: lastCenter..<destination.upperBound, resizing: nil)
    }

    /// Segment 0, 1 or 2 (start, centre, end): a switch, so iterating allocates nothing.
    subscript(index: Int) -> Segment {
      switch index {
      case 0: start
      case 1: center
      default: end
      }
    }

    /// `pixels × ratio` to the nearest whole pixel (halves up, within 1e-6 of a whole number
    /// snapped), at least 0 and at most 2^52.
    static func drawnLength(_ pixels: Int, _ ratio: Double) -> Int {
      nearest(Double(pixels) * ratio)
    }

    static func nearest(_ value: Double) -> Int {
      guard value.isFinite else { return value > 0 ? 1 << 52 : 0 }
      let snapped = PatternAxis.whole(value).map(Double.init) ?? (value + 0.5).rounded(.down)
      return Int(min(max(snapped, 0), 4_503_599_627_370_496))
    }
  }

  let horizontal: Axis
  let vertical: Axis

  /// The plan for drawing an image of `imageSize` cut by `horizontal` and `vertical` onto
  /// `destination` (whole destination pixels), `ratio` destination pixels per image pixel.
  init(horizontal: SliceAxis, vertical: SliceAxis, imageSize: PixelSize, destination: PixelRect, ratio: Double) {
    self.horizontal = Axis(
      horizontal, extent: imageSize.width, destination: destination.x..<(destination.x + destination.width), ratio: ratio)
    self.vertical = Axis(
      vertical, extent: imageSize.height, destination: destination.y..<(destination.y + destination.height), ratio: ratio)
  }
}
