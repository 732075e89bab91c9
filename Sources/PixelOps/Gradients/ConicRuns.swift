/// The octant formula of a conic gradient's angle where it is the same for a run of pixels.
///
/// The folded `atan2` (``GradientAngle/turns(u:v:)``) comes to one of two formulas:
/// - *flat* (`|u| ≥ |v|`): `offset + atan(v / u)`, with offset 0 (u > 0, v ≥ 0), a whole turn
///   (u > 0, v < 0) or half a turn (u < 0);
/// - *steep* (`|v| > |u|`): `offset - atan(u / v)`, with offset a quarter turn (v > 0) or
///   three quarters (v < 0).
///
/// Angles are in turns; the ratio is in -1...1.
struct ConicFold: Equatable {
  /// Whether the ratio is `u / v` and its arctangent is subtracted (`|v| > |u|`).
  var isSteep: Bool
  /// The angle at ratio 0, in turns: 0, 1/4, 1/2, 3/4 or 1.
  var offsetTurns: Double

  /// The fold of the point (u, v), which must not be the origin; `vIsNegative` is the sign the
  /// per-pixel fold would see for v (it decides the start ray, where the angle jumps from a
  /// whole turn to 0).
  init(u: Double, v: Double, vIsNegative: Bool) {
    if abs(v) > abs(u) {
      (isSteep, offsetTurns) = (true, v > 0 ? 0.25 : 0.75)
    } else {
      (isSteep, offsetTurns) = (false, u < 0 ? 0.5 : (vIsNegative ? 1 : 0))
    }
  }
}

/// Splits a chunk of a conic gradient's row into runs with one ``ConicFold`` and runs near a
/// fold line, where the pixels take the per-pixel fold.
///
/// Along a row the gradient-space point moves on a line, `(u0 + k du, v0 + k dv)` at pixel `k`,
/// so the fold changes only where that line crosses `v = u`, `v = -u` or `v = 0` (at most three
/// places, since `u = 0` changes no formula). Around each crossing the pixels within the
/// `Float` lanes' rounding of it, and a pixel more, are left to the per-pixel fold: there the
/// lanes might fall on either side, and on the start ray (`v = 0`, `u > 0`) the two sides
/// differ by a whole turn. Everywhere else every pixel's lanes lie strictly on the run's side of
/// every fold line, so the run's formula gives what the per-pixel fold gives (to the
/// polynomial's rounding).
enum ConicRuns {
  /// Calls `body` for the runs of pixels `0..<count`, in order, covering them all: a range and
  /// its fold, or `nil` for pixels near a fold line. `vLanesAreNegative` is the sign of the
  /// constant `Float` v lanes when `dv` is 0 (then v never crosses 0 along the row).
  @inline(__always)
  static func forEachRun(
    u0: Double, v0: Double, du: Double, dv: Double, count: Int, vLanesAreNegative: Bool,
    _ body: (Range<Int>, ConicFold?) -> Void
  ) {
    // The lanes' rounding error, generously: Float(u0), Float(du), the product and the sum each
    // round by 2^-24 of at most |u0| + count |du|.
    let error = 0x1p-20 * (abs(u0) + abs(v0) + Double(count) * (abs(du) + abs(dv)))
    var excluded = ExcludedPixels()
    excluded.add(crossingOf: v0 - u0, dv - du, error: 2 * error, count: count)
    excluded.add(crossingOf: v0 + u0, dv + du, error: 2 * error, count: count)
    excluded.add(crossingOf: v0, dv, error: error, count: count)
    excluded.sort()

    var start = 0
    for index in 0..<excluded.count {
      let range = excluded[index]
      if range.lowerBound > start { body(start..<range.lowerBound, fold(at: start..<range.lowerBound)) }
      if range.upperBound > start {
        body(max(start, range.lowerBound)..<range.upperBound, nil)
        start = range.upperBound
      }
    }
    if start < count { body(start..<count, fold(at: start..<count)) }

    /// The fold at the middle of `range` (every pixel of a run away from the fold lines has it).
    func fold(at range: Range<Int>) -> ConicFold? {
      let k = Double(range.lowerBound + range.upperBound) / 2
      let (u, v) = (u0 + k * du, v0 + k * dv)
      guard u != 0 || v != 0 else { return nil }
      return ConicFold(u: u, v: v, vIsNegative: dv == 0 ? vLanesAreNegative : v < 0)
    }
  }

  /// Up to three ranges of pixels left to the per-pixel fold, kept without allocating.
  struct ExcludedPixels {
    private var ranges: (Range<Int>, Range<Int>, Range<Int>) = (0..<0, 0..<0, 0..<0)
    private(set) var count = 0

    subscript(index: Int) -> Range<Int> {
      switch index {
      case 0: ranges.0
      case 1: ranges.1
      default: ranges.2
      }
    }

    private mutating func set(_ index: Int, _ range: Range<Int>) {
      switch index {
      case 0: ranges.0 = range
      case 1: ranges.1 = range
      default: ranges.2 = range
      }
    }

    /// Excludes the pixels `k` of `0..<count` where `f0 + k df` is within `error` of 0, and one
    /// more on each side. A constant function crosses nowhere (its sign is the same for every
    /// pixel's lanes, or it is one of `v ± u`, whose sign only picks between two formulas that
    /// agree where it is 0).
    mutating func add(crossingOf f0: Double, _ df: Double, error: Double, count: Int) {
      guard df != 0 else { return }
      let crossing = -f0 / df
      let margin = error / abs(df) + 1
      var low = (crossing - margin).rounded(.down)
      var high = (crossing + margin).rounded(.up) + 1
      // Far outside the chunk (or not finite: then everything is excluded, which is always right).
      guard !(high <= 0), !(low >= Double(count)) else { return }
      low = low.isNaN ? 0 : max(low, 0)
      high = high.isNaN ? Double(count) : min(high, Double(count))
      set(self.count, Int(low)..<Int(high))
      self.count += 1
    }

    /// Sorts the ranges by their start and merges overlapping ones.
    mutating func sort() {
      for i in 0..<count {
        for j in (i + 1)..<count where self[j].lowerBound < self[i].lowerBound {
          let swapped = self[i]
          set(i, self[j])
          set(j, swapped)
        }
      }
      var merged = 0
      for i in 0..<count {
        if merged > 0, self[i].lowerBound <= self[merged - 1].upperBound {
          set(merged - 1, self[merged - 1].lowerBound..<max(self[merged - 1].upperBound, self[i].upperBound))
        } else {
          set(merged, self[i])
          merged += 1
        }
      }
      count = merged
    }
  }
}
