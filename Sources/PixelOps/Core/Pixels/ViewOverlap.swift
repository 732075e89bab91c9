/// The one overlap rule of every entry point that reads one view and writes another.
///
/// Kernels read and write rows in bands, on several threads, with vector loads ahead of
/// stores: a source that shares memory with its destination would be read after parts of it
/// were written, giving wrong pixels that depend on the thread count. So views must not
/// overlap, with one exception: a per-pixel operation (an unscaled composite in any mode, a
/// template draw, a conversion between formats of equal size) may read and write *the very
/// same pixels* (same first byte, same row bytes, same size and bytes per pixel), because each
/// pixel is read before it is written and never read again.
///
/// Overlap is exact, not a bounding-range test: two views overlap when some byte one of them
/// addresses (rows of `width * bytesPerPixel` bytes, `rowBytes` apart) is also addressed by
/// the other. Row padding is not addressed, so two views interleaved in one buffer (its left
/// and right halves, or its even and odd rows) do not overlap. Row bytes are never negative
/// (``PixelLayout`` refuses them), so rows always walk towards higher addresses.
enum ViewOverlap {
  /// Throws unless neither `source` nor `mask` addresses a byte `destination` addresses (whole
  /// views: for draws that may read any part of them, such as resampling).
  ///
  /// - Parameter operation: The entry point named in the error ("Resampler.resample"); the
  ///   error adds the role ("source", "mask").
  static func requireDisjoint(
    _ operation: String, source: PixelView?, mask: PixelView?, onto destination: MutablePixelView
  ) throws(PixelError) {
    guard let written = AddressedBytes(destination) else { return }
    if let source, let read = AddressedBytes(source), read.intersects(written) {
      throw .overlappingViews(operation: "\(operation) source")
    }
    if let mask, let read = AddressedBytes(mask), read.intersects(written) {
      throw .overlappingViews(operation: "\(operation) mask")
    }
  }

  /// Throws unless `source` and `destination` are disjoint or exactly the same pixels (same
  /// first byte, row bytes, size and bytes per pixel): for per-pixel operations on whole views
  /// (conversions, copies).
  static func requireDisjointOrSame(
    _ operation: String, _ source: PixelView, onto destination: MutablePixelView
  ) throws(PixelError) {
    guard let read = AddressedBytes(source), let written = AddressedBytes(destination) else { return }
    if read.isSamePixels(as: written) { return }
    if read.intersects(written) { throw .overlappingViews(operation: "\(operation) source") }
  }

  /// The check of a per-pixel draw of `image` and/or `mask` placed with their pixel (0, 0) at
  /// `origin` of `destination`: only the pixels the draw touches count (the placed rect clipped
  /// to the view). The image may be read from exactly the pixels it is drawn onto; the mask must
  /// be disjoint from what is written.
  ///
  /// - Parameter size: The placed rect's size (the image's or mask's, or a fill's rect).
  static func requirePlacedReads(
    _ operation: String, image: PixelView?, mask: PixelView?, size: PixelSize, at origin: PixelPosition,
    onto destination: MutablePixelView
  ) throws(PixelError) {
    let area = PixelRect(origin: origin, size: size).intersection(destination.bounds)
    guard !area.isEmpty, let written = AddressedBytes(destination, area: area, offset: .zero) else { return }
    if let image, let read = AddressedBytes(image, area: area, offset: origin) {
      if !read.isSamePixels(as: written) && read.intersects(written) {
        throw .overlappingViews(operation: "\(operation) source")
      }
    }
    if let mask, let read = AddressedBytes(mask, area: area, offset: origin), read.intersects(written) {
      throw .overlappingViews(operation: "\(operation) mask")
    }
  }
}

/// The bytes a view addresses: `rows` runs of `length` bytes, `stride` apart, from `start`.
/// Addresses are plain integers; a validated view's span fits in the address space.
struct AddressedBytes: Equatable {
  let start: Int
  let length: Int
  let stride: Int
  let rows: Int
  let bytesPerPixel: Int

  /// One past the last addressed byte.
  var end: Int { start &+ stride &* (rows &- 1) &+ length }

  init(start: Int, length: Int, stride: Int, rows: Int, bytesPerPixel: Int) {
    self.start = start
    self.length = length
    self.stride = stride
    self.rows = rows
    self.bytesPerPixel = bytesPerPixel
  }

  /// The bytes of `rect` (in destination coordinates, shifted by `-offset` into the view and
  /// clipped to it) of a view, or `nil` when that is empty.
  private init?(
    base: UnsafeRawPointer?, size: PixelSize, rowBytes: Int, bytesPerPixel: Int, rect: PixelRect
  ) {
    let clipped = rect.intersection(PixelRect(size: size))
    guard !clipped.isEmpty, let base else { return nil }
    let first = Int(bitPattern: base) &+ clipped.y &* rowBytes &+ clipped.x &* bytesPerPixel
    self.init(
      start: first, length: clipped.width &* bytesPerPixel, stride: rowBytes, rows: clipped.height,
      bytesPerPixel: bytesPerPixel)
  }

  init?(_ view: PixelView, area: PixelRect? = nil, offset: PixelPosition = .zero) {
    self.init(
      base: view.baseAddress, size: view.size, rowBytes: view.rowBytes, bytesPerPixel: view.format.bytesPerPixel,
      rect: Self.shifted(area ?? view.bounds, by: offset))
  }

  init?(_ view: MutablePixelView, area: PixelRect? = nil, offset: PixelPosition = .zero) {
    self.init(
      base: view.baseAddress.map { UnsafeRawPointer($0) }, size: view.size, rowBytes: view.rowBytes,
      bytesPerPixel: view.format.bytesPerPixel, rect: Self.shifted(area ?? view.bounds, by: offset))
  }

  /// `rect` moved by `-offset`; callers pass rects inside a view placed at `offset`, so no
  /// overflow, but the subtraction saturates anyway.
  private static func shifted(_ rect: PixelRect, by offset: PixelPosition) -> PixelRect {
    rect.offsetBy(dx: 0 &- offset.x.clampedAwayFromMin, dy: 0 &- offset.y.clampedAwayFromMin)
  }

  /// Whether both address the same pixels in the same order: a per-pixel operation may read
  /// and write them in place. One row needs no common stride.
  func isSamePixels(as other: AddressedBytes) -> Bool {
    start == other.start && length == other.length && rows == other.rows && bytesPerPixel == other.bytesPerPixel
      && (stride == other.stride || rows == 1)
  }

  /// Whether some byte lies in a row of both.
  func intersects(_ other: AddressedBytes) -> Bool {
    guard start < other.end, other.start < end else { return false }
    if stride == other.stride { return Self.sameStrideIntersect(self, other) }
    // Different strides: walk the rows of the one with fewer, limited to the other's span.
    let (few, many) = rows <= other.rows ? (self, other) : (other, self)
    for i in 0..<few.rows {
      let rowStart = few.start &+ i &* few.stride
      if rowStart >= many.end { break }
      if rowStart &+ few.length <= many.start { continue }
      if many.rowIntersecting(rowStart, length: few.length) { return true }
    }
    return false
  }

  /// Whether one of this view's rows meets `[rowStart, rowStart + length)`: row `k` starts at
  /// `start + k * stride` and meets it when `rowStart - self.length < start + k * stride <
  /// rowStart + length`.
  private func rowIntersecting(_ rowStart: Int, length: Int) -> Bool {
    let low = Self.ceilDiv(rowStart &- self.length &+ 1 &- start, stride)
    let high = Self.floorDiv(rowStart &+ length &- 1 &- start, stride)
    return max(low, 0) <= min(high, rows &- 1)
  }

  /// Equal strides `r`: row `i` of `a` meets row `k` of `b` when
  /// `-b.length < (b.start - a.start) + (k - i) r < a.length`; `m = k - i` ranges over
  /// `-(a.rows - 1) ... b.rows - 1`, so one range test decides.
  private static func sameStrideIntersect(_ a: AddressedBytes, _ b: AddressedBytes) -> Bool {
    let delta = b.start &- a.start
    let low = ceilDiv(1 &- b.length &- delta, a.stride)
    let high = floorDiv(a.length &- 1 &- delta, a.stride)
    return max(low, 1 &- a.rows) <= min(high, b.rows &- 1)
  }

  /// `floor(a / b)` for `b > 0`.
  private static func floorDiv(_ a: Int, _ b: Int) -> Int {
    let q = a / b
    return (a % b != 0 && a < 0) ? q &- 1 : q
  }

  /// `ceil(a / b)` for `b > 0`.
  private static func ceilDiv(_ a: Int, _ b: Int) -> Int {
    let q = a / b
    return (a % b != 0 && a > 0) ? q &+ 1 : q
  }
}

extension Int {
  /// `self`, or `Int.min + 1` for `Int.min`, so that its negation cannot overflow.
  fileprivate var clampedAwayFromMin: Int { self == .min ? .min + 1 : self }
}
