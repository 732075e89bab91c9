/// Coverage read from one byte of each pixel of a view placed in the destination: a Gray8
/// mask, or the alpha channel of an image (a template). Rows are pointers into the view, no
/// copy.
///
/// The view's pixel (0, 0) lies at destination position `origin`; callers draw only inside the
/// placed view (the mask has the drawn rect's size).
struct ViewCoverage: CoverageSource {
  let view: PixelView
  let origin: PixelPosition
  /// Byte offset of the coverage byte inside a pixel.
  let byteOffset: Int
  /// Bytes from one pixel's coverage byte to the next's.
  let byteStride: Int

  /// A Gray8 mask placed at `origin`.
  init(mask: PixelView, at origin: PixelPosition) {
    view = mask
    self.origin = origin
    byteOffset = 0
    byteStride = mask.format.bytesPerPixel
  }

  /// The alpha bytes of `image` placed at `origin`, or `nil` when its format has no alpha (then
  /// it covers fully).
  init?(alphaOf image: PixelView, at origin: PixelPosition) {
    guard let alphaOffset = image.format.alphaByteOffset else { return nil }
    view = image
    self.origin = origin
    byteOffset = alphaOffset
    byteStride = image.format.bytesPerPixel
    // Kernels read 4-byte pixels' alpha bytes four pixels at a time from the first pixel's start.
    assert(byteStride != PixelAlphaCoverage.stride || byteOffset == PixelAlphaCoverage.alphaOffset)
  }

  var isFull: Bool { false }
  var scratchByteCount: Int { 0 }
  func costPerRow(width: Int) -> Int { width }
  func makeCursor(scratch: UnsafeMutableRawPointer?) -> Cursor { Cursor(coverage: self) }

  struct Cursor: CoverageCursor {
    let coverage: ViewCoverage

    @inline(__always)
    func row(_ y: Int, columns: Range<Int>) -> CoverageRow? {
      let c = coverage
      let address = c.view.rowAddress(y &- c.origin.y) + ((columns.lowerBound &- c.origin.x) &* c.byteStride &+ c.byteOffset)
      return CoverageRow(bytes: address, stride: c.byteStride)
    }
  }
}
