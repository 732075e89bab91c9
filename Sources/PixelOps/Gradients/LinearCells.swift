/// The table entries (``GradientColorTable``'s layout: `floor(t n) + 1`, 0 before the start,
/// `n + 1` after the end) along a row of a linear gradient, whose parameter grows by the same
/// step from pixel to pixel: counted four pixels at a time in 16.16 fixed point (cells and 2^-16 of
/// a cell), restarted exactly from `Double` for every call (a chunk of at most
/// ``GradientRowWriter/chunkSize`` pixels: 256 steps of four), so the sum drifts by less than
/// 1/500 of a cell.
enum LinearCells {
  /// 2^16: one cell in fixed point.
  private static let one = 65_536.0
  /// Beyond this step (cells per pixel) the fixed-point step could overflow; such rows (where
  /// each pixel lies in its own stretch of the gradient) are computed pixel by pixel.
  private static let largestFixedStep = 1024.0

  /// Writes the entries of `count` pixels whose parameter, in cells (`t` times the table size),
  /// is `first + k step` for pixel `k`, into `sink`.
  static func write<Sink: GradientEntrySink>(
    first: Double, step: Double, count: Int, layout: GradientCellLayout, into sink: inout Sink
  ) {
    let n = layout.count
    // Beyond ±2^40 cells Double no longer resolves a pixel's cell; such rows (and non-finite
    // ones) go pixel by pixel, never trapping.
    guard abs(first) < 0x1p40, abs(step) < 0x1p40, abs(first + Double(count) * step) < 0x1p40 else {
      for k in 0..<count { sink.fill(farEntry(first + Double(k) * step, layout: layout), k..<k &+ 1) }
      return
    }
    switch layout.extend {
    case .repeating:
      wrapped(first: first, step: step, count: count, period: n, reflects: false, cellCount: n, into: &sink)
    case .reflecting:
      wrapped(first: first, step: step, count: count, period: 2 * n, reflects: true, cellCount: n, into: &sink)
    case .padded(let beforeStart, let afterEnd):
      let (before, after) = layout.paddedEntries(beforeStart: beforeStart, afterEnd: afterEnd)
      padded(first: first, step: step, count: count, layout: layout, before: before, after: after, into: &sink)
    }
  }

  /// The fixed-point positions of four pixels from `position` by `increment`.
  @inline(__always)
  private static func lanes(_ position: Double, _ step: Double) -> (SIMD4<Int32>, SIMD4<Int32>) {
    let start = SIMD4<Int32>(
      fixed(position), fixed(position + step), fixed(position + 2 * step), fixed(position + 3 * step))
    return (start, SIMD4(repeating: fixed(4 * step)))
  }

  /// `value` in 16.16 fixed point, rounded half away from zero, inline (no libm call). Callers
  /// keep |value| below 2^15 (the middle of a padded row stays within n + 2 + 3 x 1024 cells,
  /// a wrapped row's positions are reduced below its period, at most 2^13).
  @inline(__always)
  private static func fixed(_ value: Double) -> Int32 {
    let scaled = value * one
    return Int32(scaled < 0 ? scaled - 0.5 : scaled + 0.5)
  }

  /// Repeat (period `n` cells) or reflect (period `2n`, the second half mirrored): positions are
  /// reduced modulo the period first, and the fixed-point sum may wrap around freely (the period
  /// in fixed point, 2^(16 + log2 period) ≤ 2^29, divides 2^32).
  private static func wrapped<Sink: GradientEntrySink>(
    first: Double, step: Double, count: Int, period: Int, reflects: Bool, cellCount n: Int, into sink: inout Sink
  ) {
    let p = Double(period)
    func reduced(_ value: Double) -> Double { value - (value / p).rounded(.down) * p }
    var position = SIMD4<Int32>(
      fixed(reduced(first)), fixed(reduced(first + step)), fixed(reduced(first + 2 * step)),
      fixed(reduced(first + 3 * step)))
    let increment = SIMD4<Int32>(repeating: fixed(reduced(4 * step)))
    let wrap = SIMD4<Int32>(repeating: Int32(period - 1))
    let last = SIMD4<Int32>(repeating: Int32(n - 1))
    let half = SIMD4<Int32>(repeating: Int32(n))
    @inline(__always)
    func next() -> SIMD4<Int32> {
      var cell = (position &>> 16) & wrap
      if reflects {
        // The second half, n...2n-1, mirrored: 2n - 1 - v = (n - 1) xor (v - n).
        cell = cell.replacing(with: (cell & last) ^ last, where: cell .>= half)
      }
      position &+= increment
      return cell &+ 1
    }
    var k = 0
    while count &- k >= 4 {
      sink.take(next(), at: k)
      k &+= 4
    }
    if k < count { sink.takeLast(next(), at: k) }
  }

  /// Pad (or not) beyond each end: pixels well before the start or after the end take `before`
  /// or `after` wholesale; the rest are counted in fixed point and clamped.
  private static func padded<Sink: GradientEntrySink>(
    first: Double, step: Double, count: Int, layout: GradientCellLayout, before: Int32, after: Int32,
    into sink: inout Sink
  ) {
    let n = layout.count
    let nD = Double(n)
    if step == 0 {
      // A row across a vertical axis: one entry.
      return sink.fill(entry(first, layout: layout, before: before, after: after), 0..<count)
    }
    if abs(step) > largestFixedStep {
      for k in 0..<count { sink.fill(entry(first + Double(k) * step, layout: layout, before: before, after: after), k..<k &+ 1) }
      return
    }
    // The pixels whose position lies within [-2, n + 2] cells (in 16.16 without overflow).
    let a = (-2 - first) / step
    let b = (nD + 2 - first) / step
    let low = max(0, min(Double(count), min(a, b).rounded(.up)))
    let high = max(low, min(Double(count), max(a, b).rounded(.down) + 1))
    let middle = Int(low)..<Int(high)
    // Outside it, a whole side lies before the start or after the end.
    let (head, tail) = step > 0 ? (before, after) : (after, before)
    if !middle.isEmpty {
      // Positions one cell ahead (16.16), so that a shift gives floor(t n) + 1 directly.
      var (position, increment) = lanes(first + Double(middle.lowerBound) * step + 1, step)
      let zero = SIMD4<Int32>(repeating: 0)
      let one = SIMD4<Int32>(repeating: 1 << 16)
      let afterEnd = SIMD4<Int32>(repeating: layout.afterEntry)
      let end = SIMD4<Int32>(repeating: Int32(n + 1) << 16)
      let padsBoth = before == GradientCellLayout.beforeEntry && after == layout.afterEntry
      // Groups wholly inside [0.01, n - 0.01] cells (a margin far above the sum's drift) need
      // no clamping: their cells are 1...n as they are.
      let c = (0.01 - first) / step
      let d = (nD - 0.01 - first) / step
      let innerLow = Int(max(Double(middle.lowerBound), min(c, d).rounded(.up)))
      let innerHigh = Int(max(Double(innerLow), min(Double(middle.upperBound), max(c, d).rounded(.down) + 1)))
      // Groups run from the middle's first pixel; the inner ones, wholly inside, unclamped.
      var k = middle.lowerBound
      while k < middle.upperBound {
        if k >= innerLow {
          while innerHigh &- k >= 8 {
            sink.take(position &>> 16, at: k)
            sink.take((position &+ increment) &>> 16, at: k &+ 4)
            position &+= increment &+ increment
            k &+= 8
          }
          if innerHigh &- k >= 4 {
            sink.take(position &>> 16, at: k)
            position &+= increment
            k &+= 4
          }
          if k >= middle.upperBound { break }
        }
        // floor(t n) + 1, clamped to the before and after entries.
        var cell = position &>> 16
        cell = cell.replacing(with: zero, where: cell .< zero)
        cell = cell.replacing(with: afterEnd, where: cell .> afterEnd)
        if !padsBoth {
          cell = cell.replacing(with: SIMD4(repeating: before), where: position .< one)
          cell = cell.replacing(with: SIMD4(repeating: after), where: position .> end)
        }
        if count &- k >= 4 { sink.take(cell, at: k) } else { sink.takeLast(cell, at: k) }
        position &+= increment
        k &+= 4
      }
    }
    // After the middle, whose last group may reach up to 3 pixels past it.
    sink.fill(head, 0..<middle.lowerBound)
    sink.fill(tail, middle.upperBound..<count)
  }

  /// The entry of a position (in cells) far out or not finite (NaN: not drawn).
  private static func farEntry(_ position: Double, layout: GradientCellLayout) -> Int32 {
    guard let t = layout.extend.extended(position / Double(layout.count)) else { return layout.transparentEntry }
    return entry(t * Double(layout.count), layout: layout, before: GradientCellLayout.beforeEntry, after: layout.afterEntry)
  }

  /// The entry of one position (in cells), for rows computed pixel by pixel.
  private static func entry(_ position: Double, layout: GradientCellLayout, before: Int32, after: Int32) -> Int32 {
    guard !position.isNaN else { return layout.transparentEntry }
    if position < 0 { return before }
    if position > Double(layout.count) { return after }
    return Int32(min(position, Double(layout.count))) + 1
  }
}
