/// No coverage: every pixel is drawn fully. Kernels for it skip coverage altogether.
struct FullCoverage: CoverageSource {
  var isFull: Bool { true }
  var scratchByteCount: Int { 0 }
  func costPerRow(width: Int) -> Int { 0 }
  func makeCursor(scratch: UnsafeMutableRawPointer?) -> Cursor { Cursor() }

  struct Cursor: CoverageCursor {
    @inline(__always)
    func row(_ y: Int, columns: Range<Int>) -> CoverageRow? { nil }
  }
}
