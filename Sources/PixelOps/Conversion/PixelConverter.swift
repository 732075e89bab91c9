/// Converts pixels between ``PixelFormat``s with exact rounding.
///
/// Rules (each exact for every input, as the tests check exhaustively or by sampling):
/// - premultiply: `c' = round(c * a / max)`; unpremultiply: `c' = min(max, round(c * max / a))`,
///   0 where `a == 0` (`max` is 255 or 65535);
/// - 16 to 8 bits: `round(v / 257)`; 8 to 16 bits: `v * 257`;
/// - to gray: Rec. 601 luma `round((19595 R + 38470 G + 7471 B) / 65536)` of the straight colour
///   (for ``PixelFormat/gray8``, which has no alpha: of the premultiplied colour, i.e. the image
///   over black); from gray: `R = G = B = L`.
/// Pairs without a direct converter go through a chain of them (`ConversionTable`) that does
/// alpha arithmetic at the higher of the two bit depths, with one exception: straight 16-bit to
/// premultiplied 8-bit reduces first and premultiplies at 8 bits, as libpng, libtiff and Pillow
/// do and as decoded files are expected to look.
public enum PixelConverter {
  /// Converts `source` into `destination`, which must have the same size.
  ///
  /// Source and destination must not overlap unless they are the same pixels: a conversion
  /// between formats of equal bytes per pixel (RGBA8 premultiplied/straight/BGRA8, or the two
  /// RGBA16) runs in place on a view given as both (same first byte and row bytes), since each
  /// pixel is read before it is written.
  ///
  /// - Throws: ``PixelError/sizeMismatch(_:_:)`` when the sizes differ,
  ///   ``PixelError/overlappingViews(operation:)`` for other overlap,
  ///   ``PixelError/cancelled`` when cancelled through `parallelism`.
  public static func convert(
    _ source: PixelView, into destination: MutablePixelView, parallelism: Parallelism = .automatic
  ) throws(PixelError) {
    guard source.size == destination.size else { throw .sizeMismatch(source.size, destination.size) }
    try ViewOverlap.requireDisjointOrSame("PixelConverter.convert", source, onto: destination)
    if source.isEmpty { return }
    if source.format == destination.format {
      try destination.copyPixels(from: source)
      return
    }
    let steps = ConversionRoute.route(from: source.format, to: destination.format).steps
    let width = source.width
    let trafficPerRow = width &* (source.format.bytesPerPixel &+ destination.format.bytesPerPixel)
    try RowBands.forEachBand(
      rowCount: source.height, bytesPerRow: trafficPerRow, parallelism: parallelism,
      work: ConversionRows(source: source, destination: destination, steps: steps))
  }

  /// Pixels per chunk of a multi-step conversion: the scratch rows (8 bytes per pixel each)
  /// stay in L1 and on the stack.
  static let chunkPixels = 256
}

/// One conversion's rows: a single direct step, or a chain through two scratch rows.
private struct ConversionRows: RowBandWork {
  let source: PixelView
  let destination: MutablePixelView
  let steps: [DirectConversion]

  func run(rows: Range<Int>) {
    if steps.count == 1 {
      let convert = steps[0].convert
      for y in rows { convert(source.rowAddress(y), destination.rowAddress(y), source.width) }
    } else {
      convertThroughScratch(rows: rows)
    }
  }

  /// Converts `rows` chunk by chunk, each step writing into the scratch row the next reads
  /// (the last writes the destination).
  private func convertThroughScratch(rows: Range<Int>) {
    let chunkPixels = PixelConverter.chunkPixels
    let scratchBytes = chunkPixels &* 8
    withUnsafeTemporaryAllocation(byteCount: scratchBytes &* 2, alignment: 64) { scratch in
      let scratchRows = (scratch.baseAddress!, scratch.baseAddress! + scratchBytes)
      for y in rows {
        var x = 0
        while x < source.width {
          let count = min(chunkPixels, source.width &- x)
          var input = UnsafeRawPointer(source.rowAddress(y) + x &* source.format.bytesPerPixel)
          for (index, step) in steps.enumerated() {
            let isLast = index == steps.count - 1
            let output =
              isLast
              ? destination.rowAddress(y) + x &* destination.format.bytesPerPixel
              : (index & 1 == 0 ? scratchRows.0 : scratchRows.1)
            step.convert(input, output, count)
            input = UnsafeRawPointer(output)
          }
          x &+= count
        }
      }
    }
  }
}

extension PixelBuffer {
  /// A copy of this buffer in `format` (this buffer itself when the format is the same).
  /// The scale is kept; opacity stays known when the source was known opaque.
  ///
  /// - Throws: ``PixelError/allocationFailed(bytes:)`` or ``PixelError/cancelled``.
  public func converted(to format: PixelFormat, parallelism: Parallelism = .automatic) throws(PixelError) -> PixelBuffer {
    if format == self.format { return self }
    var result = try PixelBuffer(width: width, height: height, format: format, scale: scale)
    try withView { source throws(PixelError) in
      try result.withMutableView { destination throws(PixelError) in
        try PixelConverter.convert(source, into: destination, parallelism: parallelism)
      }
    }
    if isKnownOpaque { result.markOpaque() }
    return result
  }
}
