/// How the parameter of four pixels, in cells (`p = t n`), becomes four table entries, for each
/// ``GradientExtend`` (the entry layout is ``GradientColorTable``'s: 0 before the start,
/// `floor(p) + 1` for `p` in 0..<n, `n + 1` after the end, `n + 2` transparent). Results are
/// finite for any input, even NaN; the caller masks them into the table (with `2n - 1`, at most
/// 13 bits), so an indexing may leave bits above the 22nd set (``FloatLanes/nearestIntLowBits(_:)``).
protocol GradientIndexing {
  func entries(_ p: SIMD4<Float>) -> SIMD4<Int32>
}

/// Both ends padded: before the start the first stop, after the end the last. `floor(p) + 1`
/// as `round(p + 1/2 + 1/64)`, clamped to -1/4 ... n + 3/4 first (so the ends round to 0 and
/// n + 1): the same entry except within 1/64 cell below a whole number, which goes to the cell
/// above (far inside the error bound's 3/4 cell). The bias keeps `p = 0` in cell 0, not before
/// the start: at `t = 0` exactly the last of several stops at 0 shows (their hard edge's cell
/// is evaluated exactly), and halves round to even.
struct PaddedCells: GradientIndexing {
  let count: Float

  @inline(__always)
  func entries(_ p: SIMD4<Float>) -> SIMD4<Int32> {
    FloatLanes.nearestIntLowBits(FloatLanes.clamp(p + GradientCellLayout.entryBias, -0.25, count + 0.75))
  }
}

/// A parameter that always lies in 0...n (the conic angle): `floor(p) + 1` as
/// `round(p + GradientCellLayout.entryBias)` with no clamp (0 gives cell 0, n the after entry n + 1, as a floor
/// does; the caller's mask keeps any value in the table).
struct UnitRangeCells: GradientIndexing {
  @inline(__always)
  func entries(_ p: SIMD4<Float>) -> SIMD4<Int32> {
    FloatLanes.nearestIntLowBits(p + GradientCellLayout.entryBias)
  }
}

/// Either end drawn or not: before the start entry `before`, after the end entry `after`
/// (the end stop's entry, or the transparent one).
struct PartlyPaddedCells: GradientIndexing {
  let count: Float
  let before: Int32, after: Int32

  @inline(__always)
  func entries(_ f: SIMD4<Float>) -> SIMD4<Int32> {
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
  func entries(_ p: SIMD4<Float>) -> SIMD4<Int32> {
    // p less its nearest multiple of n, in -n/2...n/2 (n a power of two: exact).
    let r = p - FloatLanes.rounded(p * (1 / count)) * count
    return (FloatLanes.floorToInt(r) & wrap) &+ 1
  }
}

/// The gradient mirrored at each end: `|t - 2 round(t / 2)|`, in 0...1.
struct ReflectingCells: GradientIndexing {
  let count: Float

  @inline(__always)
  func entries(_ p: SIMD4<Float>) -> SIMD4<Int32> {
    let folded = FloatLanes.magnitude(p - 2 * count * FloatLanes.rounded(p * (0.5 / count)))
    return FloatLanes.floorToInt(FloatLanes.clamp(folded, 0, count - 1)) &+ 1
  }
}
