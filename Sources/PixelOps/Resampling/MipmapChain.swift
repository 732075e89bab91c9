/// An image with its successive half-size reductions, made once and drawn from many times:
/// what trilinear minification (``ContentsFilter/trilinear``) samples.
///
/// Level 0 is a copy of the image; level `k + 1` is level `k` reduced by exactly 2 on each axis
/// with the box filter (each pixel the rounded mean of a 2x2 block, ``Resampler`` arithmetic),
/// sides rounded up, so an odd last column or row is averaged with itself (edges clamp). The
/// chain ends at a 1x1 level. Levels are immutable, so one chain may be shared by any number of
/// threads and draws.
public final class MipmapChain: Sendable {
  /// The levels, largest first; `levels[0]` is the image itself.
  public let levels: [PixelBuffer]

  /// Builds the chain of `image` (premultiplied RGBA8 or BGRA8; the levels keep its format).
  /// Costs about a third more memory than the image.
  ///
  /// - Throws: ``PixelError/unsupportedFormat(_:operation:)`` for other formats;
  ///   ``PixelError/invalidDimensions(width:height:)`` for an empty view;
  ///   ``PixelError/allocationFailed(bytes:)``; ``PixelError/cancelled``.
  public init(_ image: PixelView, parallelism: Parallelism = .automatic) throws(PixelError) {
    try ResampleValidation.requireFormat(image.format, operation: "mipmap chain")
    guard !image.isEmpty else { throw .invalidDimensions(width: image.width, height: image.height) }
    var levels = [try PixelBuffer(copying: image)]
    if image.isKnownOpaque { levels[0].markOpaque() }
    while let last = levels.last, last.width > 1 || last.height > 1 {
      let size = PixelSize(width: (last.width + 1) / 2, height: (last.height + 1) / 2)
      var next = try PixelBuffer(width: size.width, height: size.height, format: image.format)
      try last.withView { (source) throws(PixelError) in
        // An opaque level resampled over the whole next one makes it opaque (OpacityOutcome).
        try next.draw { (destination) throws(PixelError) in
          try Resampler.resample(
            source,
            from: FractionalPixelRect(x: 0, y: 0, width: Double(size.width * 2), height: Double(size.height * 2)),
            onto: destination, filter: .box, parallelism: parallelism)
        }
      }
      levels.append(next)
    }
    self.levels = levels
  }

  /// The level to read for a reduction by `factor` (source pixels per destination pixel) and
  /// the weight, in 1/256, of the next smaller level: `log2(factor)` in 1/256 steps, split
  /// into its whole and fractional parts, the whole part capped at the last level. A factor of
  /// 1 or less reads level 0 alone.
  func levels(forReduction factor: Double) -> (level: Int, nextWeight: Int) {
    guard factor > 1, factor.isFinite else { return (0, 0) }
    let steps = Self.log2In256ths(factor)
    let level = steps >> 8
    guard level < levels.count - 1 else { return (levels.count - 1, 0) }
    return (level, steps & 255)
  }

  /// `log2(x)` for `x > 1`, in 1/256 steps, rounded to nearest: the exponent plus the bits of
  /// the significand's logarithm found by repeated squaring (no libm needed, same on every
  /// platform).
  static func log2In256ths(_ x: Double) -> Int {
    var mantissa = x.significand  // in [1, 2)
    var bits = 0
    for _ in 0..<9 {
      mantissa *= mantissa
      bits <<= 1
      if mantissa >= 2 {
        mantissa /= 2
        bits |= 1
      }
    }
    return Int(x.exponent) << 8 + (bits + 1) >> 1
  }
}
