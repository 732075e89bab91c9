/// How the parameter `t` of four pixels becomes four table entries, for each ``GradientExtend``
/// (the entry layout is ``GradientColorTable``'s: 0 before the start, `floor(t n) + 1` for
/// `t` in 0..<1, `n + 1` after the end, `n + 2` transparent). Results are finite for any input,
/// even NaN; the caller masks them into the table.
protocol GradientIndexing {
  func entries(_ t: SIMD4<Float>) -> SIMD4<Int32>
}

/// Both ends padded: before the start the first stop, after the end the last.
struct PaddedCells: GradientIndexing {
  let count: Float

  @inline(__always)
  func entries(_ t: SIMD4<Float>) -> SIMD4<Int32> {
    FloatLanes.floorToInt(FloatLanes.clamp(t * count + 1, 0, count + 1))
  }
}

/// Either end drawn or not: before the start entry `before`, after the end entry `after`
/// (the end stop's entry, or the transparent one).
struct PartlyPaddedCells: GradientIndexing {
  let count: Float
  let before: Int32, after: Int32

  @inline(__always)
  func entries(_ t: SIMD4<Float>) -> SIMD4<Int32> {
    let f = t * count
    let inside = FloatLanes.floorToInt(FloatLanes.clamp(f + 1, 0, count + 1))
    let low = inside.replacing(with: SIMD4(repeating: before), where: f .< 0)
    return low.replacing(with: SIMD4(repeating: after), where: f .> count)
  }
}

/// `t - floor(t)`: the cell wraps with the table size (a power of two).
struct RepeatingCells: GradientIndexing {
  let count: Float
  let wrap: Int32

  @inline(__always)
  func entries(_ t: SIMD4<Float>) -> SIMD4<Int32> {
    // t less its nearest integer, in -1/2...1/2, keeps Float's precision for any |t| < 2^22.
    let r = t - FloatLanes.rounded(t)
    return (FloatLanes.floorToInt(r * count) & wrap) &+ 1
  }
}

/// The gradient mirrored at each end: `|t - 2 round(t / 2)|`, in 0...1.
struct ReflectingCells: GradientIndexing {
  let count: Float

  @inline(__always)
  func entries(_ t: SIMD4<Float>) -> SIMD4<Int32> {
    let folded = FloatLanes.magnitude(t - 2 * FloatLanes.rounded(t * 0.5))
    return FloatLanes.floorToInt(FloatLanes.clamp(folded * count, 0, count - 1)) &+ 1
  }
}
