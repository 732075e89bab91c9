/// How the parameter `t` of four pixels becomes four table cells, for each ``GradientExtend``.
/// Cell `k` of `n` covers `k/n ..< (k+1)/n`; the index is `round(t n - 1/2)` (a pixel exactly on
/// a cell boundary may take either neighbour, both within the table's error bound). Cell `n`
/// is transparent (not drawn). Results are finite for any input, even NaN; the caller masks
/// them into the table.
protocol GradientIndexing {
  func cells(_ t: SIMD4<Float>) -> SIMD4<Int32>
}

/// Both ends padded: `t` clamped to 0...1.
struct PaddedCells: GradientIndexing {
  let count: Float

  @inline(__always)
  func cells(_ t: SIMD4<Float>) -> SIMD4<Int32> {
    FloatLanes.roundedToInt(FloatLanes.clamp(t * count - 0.5, 0, count - 1))
  }
}

/// Either end drawn or not: before the start cell `before`, after the end cell `after`
/// (0, the last cell, or the transparent one).
struct PartlyPaddedCells: GradientIndexing {
  let count: Float
  let before: Int32, after: Int32

  @inline(__always)
  func cells(_ t: SIMD4<Float>) -> SIMD4<Int32> {
    let f = t * count - 0.5
    let inside = FloatLanes.roundedToInt(FloatLanes.clamp(f, 0, count - 1))
    let low = FloatLanes.select(f .< -0.5, SIMD4(repeating: before), inside)
    return FloatLanes.select(f .> count - 0.5, SIMD4(repeating: after), low)
  }
}

/// `t - floor(t)`: the index wraps with the table size (a power of two).
struct RepeatingCells: GradientIndexing {
  let count: Float
  let wrap: Int32

  @inline(__always)
  func cells(_ t: SIMD4<Float>) -> SIMD4<Int32> {
    // t less its nearest integer, in -1/2...1/2, keeps Float's precision for any |t| < 2^22.
    let r = t - FloatLanes.rounded(t)
    return FloatLanes.roundedToInt(r * count - 0.5) & wrap
  }
}

/// The gradient mirrored at each end: `|t - 2 round(t / 2)|`, then padded.
struct ReflectingCells: GradientIndexing {
  let count: Float

  @inline(__always)
  func cells(_ t: SIMD4<Float>) -> SIMD4<Int32> {
    let folded = FloatLanes.magnitude(t - 2 * FloatLanes.rounded(t * 0.5))
    return FloatLanes.roundedToInt(FloatLanes.clamp(folded * count - 0.5, 0, count - 1))
  }
}
