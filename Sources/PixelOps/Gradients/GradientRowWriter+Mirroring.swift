/// Mirrored rows (``GradientParameter/mirrorColumn(row:cellCount:largestShift:)``): the part of a row whose
/// pixels are made from their mirror images instead of computed.
extension GradientRowWriter {
  /// Writes row `y` at `columns` into `target` as ``write(_:y:columns:into:cells:)`` does
  /// (undithered), the pixels left of the mirror column made from their images; false (nothing
  /// written) where the row is not symmetric or too few pixels would be mirrored
  /// (``mirroredPart(_:y:columns:)``).
  ///
  /// With exact cells the row is written with its sentinels, copied or mirrored like any entry,
  /// and redone once at the end: a mirrored pixel whose image's cell (the mirrored entry's cell,
  /// for a conic) is not exact lies more than 1/2 cell (``GradientColorTable/edgeMargin``) less
  /// its mirror's shift and its image's rounding from any hard edge, so on its image's side.
  /// Where the mirror is exact to rounding and pixels are copied, a mirrored pixel's own
  /// parameter is its image's: the images are redone before they are copied, and only they are
  /// scanned for the sentinel.
  @inline(__always)
  func writeMirrored<Parameter: GradientParameter>(
    _ parameter: Parameter, y: Int, columns: Range<Int>, into target: UnsafeMutableRawPointer,
    cells: UnsafeMutablePointer<Int32>
  ) -> Bool {
    guard let (m, offset, mirrored) = mirroredPart(parameter, y: y, columns: columns) else { return false }
    let x0 = columns.lowerBound
    let images = mirrored.upperBound..<columns.upperBound
    let imagesTarget = target + (images.lowerBound &- x0) &* 4
    let redoesImages = Parameter.mirrorKeepsEntries && offset <= Self.roundingMirrorOffset
    writeDirectly(parameter, y: y, columns: x0..<mirrored.lowerBound, into: target, cells: cells, redoing: redoesImages)
    if Parameter.mirrorKeepsEntries {
      writeDirectly(parameter, y: y, columns: images, into: imagesTarget, cells: cells, redoing: redoesImages)
      PixelLoop.mirror32(target, (mirrored.lowerBound &- x0)..<(mirrored.upperBound &- x0), around: m &- 2 &* x0)
    } else {
      writeMirroringEntries(
        parameter, y: y, images: images, into: imagesTarget, mirrored: mirrored, around: m, cells: cells)
    }
    if gradient.table.hasExactCells && !redoesImages {
      redoExactCells(parameter, cells: nil, count: columns.count, x: x0, y: y, into: target)
    }
    return true
  }

  /// Row `y`'s mirror column `m` and its offset (``GradientParameter/mirrorColumn(row:cellCount:largestShift:)``),
  /// and the pixels of `columns` left of `m / 2` whose images `m - x` lie in `columns`; nil where
  /// the row is not symmetric, fewer than ``smallestMirroredRun`` pixels would be mirrored, or
  /// the mirror is not exact to rounding (``roundingMirrorOffset``) where the colour may jump
  /// outside exact cells (``toleratesNearbyParameters``). A mirrored pixel may lie 1/4 cell
  /// from its image (1/8 with exact cells, leaving room in the 1/2-cell margin for the image's
  /// own `Float` rounding, which grows with the parameter).
  @inline(__always)
  func mirroredPart<Parameter: GradientParameter>(
    _ parameter: Parameter, y: Int, columns: Range<Int>
  ) -> (column: Int, offset: Double, mirrored: Range<Int>)? {
    let table = gradient.table
    guard
      let (m, offset) = parameter.mirrorColumn(
        row: y, cellCount: table.cellCount,
        largestShift: table.hasExactCells ? Self.largestExactCellMirrorShift : Self.largestMirrorShift),
      offset <= Self.roundingMirrorOffset || toleratesNearbyParameters
    else { return nil }
    let first = max(columns.lowerBound, m &- columns.upperBound &+ 1)
    let end = min(columns.upperBound, (m &+ 1) >> 1)
    guard end &- first >= Self.smallestMirroredRun else { return nil }
    return (m, offset, first..<end)
  }

  /// Mirroring fewer pixels than this does not pay for splitting the row.
  static let smallestMirroredRun = 16
  /// The most a mirrored pixel's parameter may lie from its image's, in cells: where the colour
  /// changes by at most 0.8 level a cell, 1/4 cell keeps it within the table's error budget ...
  static let largestMirrorShift = 0.25
  /// ... and with exact cells 1/8, so that with the image's own rounding it stays inside the
  /// 1/2-cell margin (``GradientColorTable/edgeMargin``).
  static let largestExactCellMirrorShift = 0.125
  /// The largest mirror offset (``GradientParameter/mirrorColumn(row:cellCount:largestShift:)``,
  /// in pixels) taken as rounding: pixel `m - x` then lies within 1e-6 pixel of pixel x's mirror
  /// image, and only a pixel that close to a jump (or a hard edge) could show the other side
  /// (the reference tests accept either side within 1e-4 pixel).
  static let roundingMirrorOffset = 1e-6

  /// The pixels `images` (written at `target`, pixel `images.lowerBound` first), a chunk at a
  /// time with their entries kept, and after each chunk the pixels of `mirrored` whose images
  /// (`m - x`) it holds, from the mirrored entries (``GradientParameter/mirroredEntries(_:cellCount:)``).
  func writeMirroringEntries<Parameter: GradientParameter>(
    _ parameter: Parameter, y: Int, images: Range<Int>, into target: UnsafeMutableRawPointer, mirrored: Range<Int>,
    around m: Int, cells: UnsafeMutablePointer<Int32>
  ) {
    let table = gradient.table
    let layout = cellLayout
    let colors = table.table8(order)
    let cellCount = Int32(table.cellCount)
    // Pixel x of the row is at target + (x - images.lowerBound) * 4, mirrored ones before it.
    var x = images.lowerBound
    while x < images.upperBound {
      let count = min(Self.chunkSize, images.upperBound &- x)
      let output = target + (x &- images.lowerBound) &* 4
      var sink = GradientRecordingSink(
        first: GradientPixelSink(table: colors, output: output, count: count), second: GradientCellStore(cells: cells))
      parameter.writeEntries(row: y, from: x, count: count, layout: layout, into: &sink)
      // Mirrored pixels whose images are x ..< x + count: pixel p's image is cell m - p - x,
      // so four pixels from p are the four cells ending there, reversed.
      let low = max(mirrored.lowerBound, m &- (x &+ count) &+ 1)
      let high = min(mirrored.upperBound, m &- x &+ 1)
      var pixels = GradientPixelSink(table: colors, output: target, count: 0)
      var p = low
      while p &+ 4 <= high {
        let four = UnsafeRawPointer(cells + (m &- p &- x &- 3)).loadUnaligned(as: SIMD4<Int32>.self)
        pixels.take(
          Parameter.mirroredEntries(SIMD4(four[3], four[2], four[1], four[0]), cellCount: cellCount),
          at: p &- images.lowerBound)
        p &+= 4
      }
      while p < high {
        let entry = Parameter.mirroredEntries(SIMD4(repeating: cells[m &- p &- x]), cellCount: cellCount)[0]
        target.storeBytes(of: colors[Int(entry)], toByteOffset: (p &- images.lowerBound) &* 4, as: UInt32.self)
        p &+= 1
      }
      x &+= count
    }
  }
}
