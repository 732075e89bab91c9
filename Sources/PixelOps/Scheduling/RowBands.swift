/// Splits a kernel's rows into bands and runs them on the ``ThreadPool``.
///
/// PLACEHOLDER (serial) until the scheduler lands: runs every row as one band on the caller.
enum RowBands {
  /// Calls `body` once per band of rows in `0 ..< rowCount`; bands partition the rows.
  /// `bytesPerRow` estimates the memory traffic of one row, to decide whether threads pay.
  ///
  /// - Throws: ``PixelError/cancelled`` when `parallelism`'s token is cancelled before all
  ///   bands ran.
  static func forEachBand(
    rowCount: Int, bytesPerRow: Int, parallelism: Parallelism, _ body: (Range<Int>) -> Void
  ) throws(PixelError) {
    if parallelism.cancellationToken?.isCancelled == true { throw .cancelled }
    if rowCount > 0 { body(0..<rowCount) }
  }
}
