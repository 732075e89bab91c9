/// The fixed-point weight table of one axis: for each output pixel, the first source pixel it
/// reads and `taps` integer weights that sum to exactly `1 << fractionBits`.
///
/// Built from ``ResampleAxis``: the filter is evaluated in `Double` at every source sample of the
/// window `[floor(c - support + 0.5), floor(c + support + 0.5))` around the sample point `c`
/// (`support` = filter support × max(1, scale)), the weights are divided by their sum, rounded
/// to `fractionBits` bits cumulatively (each weight within one unit of its exact value, weights
/// that are not negative stay so, and the sum is exactly one, so constant colours come out
/// exactly), trimmed of zero weights at both ends, and padded to a common tap count.
///
/// Samples outside the image follow the axis' ``ExtendMode`` (a property of the source). Two
/// modes reduce to the table itself, with the same arithmetic as reading the extended pixels:
/// `clamp` folds an outside sample's weight onto the edge pixel, `transparent` drops it (it
/// would multiply a zero pixel), and `renormalize` drops it and divides the rest by their own
/// sum (Pillow's rule; where that would make a weight beyond ``largestRenormalizedWeight``, the
/// nearest edge pixel instead), so those tables read only image pixels. `repeat` and `reflect`
/// cannot fold (the window wraps to the other edge), so their tables are *open*: starts and
/// ``sourceRange`` may lie outside `0 ..< extent`, and whoever reads source rows maps the
/// positions through the mode (``isOpen``).
///
/// Immutable after construction and shared between threads through ``ResampleWeightCache``.
final class ResampleWeights: @unchecked Sendable {
  /// Output pixels.
  let count: Int
  /// Weights per output pixel (the same for every output; shorter windows are zero-padded).
  let taps: Int
  /// Weights are integers in units of `1 / (1 << fractionBits)`; 16 at most.
  let fractionBits: Int
  /// The lowest source index any output reads and one past the highest (outside the image
  /// only for open tables).
  let sourceRange: Range<Int>
  /// Whether positions outside the image appear (repeat and reflect): readers map them.
  let isOpen: Bool
  /// First source index of each output (`count` entries; `start + taps <= extent` unless open;
  /// for nearest tables of transparent axes, -1 where the output shows transparent black).
  let starts: UnsafeMutablePointer<Int32>
  /// `count * taps` weights, output by output.
  let weights: UnsafeMutablePointer<Int16>
  /// Per output, `(taps + 1) / 2` vectors `[w0, w1, w0, w1, w0, w1, w0, w1]` for taps `2j, 2j+1`
  /// (`w1 = 0` past the last tap): the operand of a 16-bit multiply-add over a pixel pair laid
  /// out `[r0, r1, g0, g1, b0, b1, a0, a1]`.
  let pairedWeights: UnsafeMutablePointer<SIMD8<Int16>>
  /// Per output, the byte offset of its first pair in a ``PixelPairRow`` whose pixel 0 is
  /// source index `sourceRange.lowerBound` and whose width is `sourceRange.count`.
  let pairOffsets: UnsafeMutablePointer<Int32>
  /// Which pairs of that pair row the outputs read (padding taps included), in runs over groups
  /// of four pixels: entry `r` is `end << 2 | parities`, the run ending before group `end`
  /// (runs in order, the last ending at the row's last group) reading the even pairs of its
  /// groups (bit 0: pairs `2g, 2g + 1` of group `g`) and/or the odd ones (bit 1: pairs
  /// `2g - 1, 2g`). The vertical pass writes only those.
  let pairRuns: UnsafeBufferPointer<Int32>
  /// Whether every output is the mean of two source pixels, starts two apart: weights
  /// `[1/2, 1/2]` exactly (``ResamplePairAverage`` applies when both axes are).
  let isPairAverage: Bool
  /// Bytes held, for the cache's budget.
  let byteCount: Int

  /// `(taps + 1) / 2`.
  var pairsPerOutput: Int { (taps &+ 1) >> 1 }

  /// The most samples one output's filter window may cover before the call is refused.
  static let maximumWindow = 1 << 20
  /// The most filter evaluations (outputs × window) one table may take to build.
  static let maximumEvaluations = 1 << 26
  /// The most entries (outputs × taps) one table may hold (at most 4 MiB plain + 16 MiB paired).
  static let maximumEntries = 1 << 21
  /// With `.renormalize`, the image's samples are divided by their sum only where no weight
  /// then exceeds this, the largest that 8 fraction bits hold in `Int16`; beyond it (only a
  /// filter's nearly cancelling tail reaches the image) the output takes the nearest edge pixel.
  static let largestRenormalizedWeight = 127.0

  private init(
    count: Int, taps: Int, fractionBits: Int, sourceRange: Range<Int>, isOpen: Bool = false,
    starts: UnsafeMutablePointer<Int32>, weights: UnsafeMutablePointer<Int16>,
    pairedWeights: UnsafeMutablePointer<SIMD8<Int16>>
  ) {
    self.count = count
    self.isOpen = isOpen
    self.taps = taps
    self.fractionBits = fractionBits
    self.sourceRange = sourceRange
    self.starts = starts
    self.weights = weights
    self.pairedWeights = pairedWeights
    let offsets = UnsafeMutablePointer<Int32>.allocate(capacity: max(count, 1))
    let oddOffset = PixelPairRow.pairCapacity(width: sourceRange.count) * 16
    for i in 0..<count {
      let relative = Int(starts[i]) - sourceRange.lowerBound
      offsets[i] = Int32((relative >> 1) * 16 + (relative & 1) * oddOffset)
    }
    self.pairOffsets = offsets
    self.pairRuns = Self.pairRuns(starts: starts, count: count, taps: taps, sourceRange: sourceRange)
    let half = 1 << (fractionBits - 1)
    var pairAverage = taps == 2 && count > 0
    for i in 0..<count where pairAverage {
      pairAverage =
        Int(weights[2 * i]) == half && Int(weights[2 * i + 1]) == half && Int(starts[i]) == Int(starts[0]) + 2 * i
    }
    self.isPairAverage = pairAverage
    self.byteCount = count * (8 + taps * 2 + (taps + 1) / 2 * 16) + pairRuns.count * 4
  }

  deinit {
    starts.deallocate()
    weights.deallocate()
    pairedWeights.deallocate()
    pairOffsets.deallocate()
    pairRuns.deallocate()
  }

  /// ``pairRuns`` for these outputs.
  private static func pairRuns(
    starts: UnsafeMutablePointer<Int32>, count: Int, taps: Int, sourceRange: Range<Int>
  ) -> UnsafeBufferPointer<Int32> {
    let groups = (sourceRange.count + 3) / 4
    var parities = [UInt8](repeating: 0, count: groups)
    for i in 0..<count {
      let relative = Int(starts[i]) - sourceRange.lowerBound
      let first = relative >> 1
      for m in first..<(first + (taps + 1) / 2) {
        let (group, bit): (Int, UInt8) = relative & 1 == 0 ? (m >> 1, 1) : ((m + 1) >> 1, 2)
        if group >= 0 && group < groups { parities[group] |= bit }
      }
    }
    // Runs of one parity shorter than `shortest` groups write both: switching between loops
    // costs more than it saves.
    let shortest = 8
    var g = 0
    while g < groups {
      var end = g + 1
      while end < groups && parities[end] == parities[g] { end += 1 }
      if parities[g] != 3 && end - g < shortest {
        for k in g..<end { parities[k] = 3 }
      }
      g = end
    }
    var runs: [Int32] = []
    for g in 0..<groups where g + 1 == groups || parities[g + 1] != parities[g] {
      runs.append(Int32(g + 1) << 2 | Int32(parities[g]))
    }
    if runs.isEmpty { runs.append(3) }
    let buffer = UnsafeMutableBufferPointer<Int32>.allocate(capacity: runs.count)
    _ = buffer.initialize(from: runs)
    return UnsafeBufferPointer(buffer)
  }

  /// The largest reduction `make` accepts for `axis`' filter, output count and extent, for the
  /// message of ``PixelError/reductionTooLarge(factor:maximum:)``: the window
  /// `ceil(2 × support × scale + 2)` may be at most ``maximumWindow``, at most
  /// ``maximumEvaluations`` over the outputs, and (unless the image is narrower) at most
  /// ``maximumEntries`` over the outputs. Whole numbers above 10, two decimals below.
  static func maximumReduction(for axis: ResampleAxis) -> Double {
    let outputs = max(axis.outputCount, 1)
    var window = min(maximumWindow, maximumEvaluations / outputs)
    let (imageEntries, overflow) = axis.extent.multipliedReportingOverflow(by: outputs)
    if axis.extend.period(extent: axis.extent) != nil || overflow || imageEntries > maximumEntries {
      window = min(window, maximumEntries / outputs)
    }
    let limit = max(0, Double(window - 2) / (2 * axis.filter.support))
    return limit >= 10 ? limit.rounded(.down) : (limit * 100).rounded(.down) / 100
  }

  /// The table for `axis`.
  ///
  /// - Throws: ``PixelError/reductionTooLarge(factor:maximum:)`` when the reduction factor is so
  ///   large that the table would exceed ``maximumWindow``, ``maximumEvaluations`` or
  ///   ``maximumEntries``; ``PixelError/invalidCoordinate(_:)`` when a repeating table's
  ///   positions lie more than ``maximumEntries`` pixels from the image.
  static func make(_ axis: ResampleAxis) throws(PixelError) -> ResampleWeights {
    if axis.filter.kind == .nearest || axis.outputCount == 0 { return makeNearest(axis) }
    let scale = axis.scale
    let filterScale = max(1, scale)
    let support = axis.filter.support * filterScale
    // An axis that maps source pixels onto destination pixels one to one (scale 1, a whole
    // offset) copies them with every filter, as Pillow skips such a pass: a filter that is not
    // interpolating (Mitchell weighs whole-pixel neighbours 1/18) would otherwise blur it.
    let offset = axis.sourceOrigin - axis.destinationOrigin
    let copies = scale == 1 && offset == offset.rounded()
    func weight(_ distance: Double) -> Double {
      copies ? (abs(distance) < 1e-9 ? 1 : 0) : axis.filter.weight(distance)
    }
    let window = (2 * support + 2).rounded(.up)
    guard window <= Double(maximumWindow), window * Double(axis.outputCount) <= Double(maximumEvaluations) else {
      throw .reductionTooLarge(factor: scale, maximum: maximumReduction(for: axis))
    }
    let extent = axis.extent
    let period = axis.extend.period(extent: extent)
    let isOpen = period != nil
    // Transparent and renormalize drop the samples outside the image; renormalize then divides
    // by the weight of the samples left instead of the whole window's.
    let drops = axis.extend.showsTransparentBlack
    let renormalizes = axis.extend == .renormalize
    let maxSpan = isOpen ? Int(window) : min(extent, Int(window))
    guard maxSpan * axis.outputCount <= maximumEntries else {
      throw .reductionTooLarge(factor: scale, maximum: maximumReduction(for: axis))
    }
    // Open tables: positions shift by whole periods so the first output samples near the image
    // (a pattern shows the same pixels one period on), keeping indices small.
    var shift = 0.0
    if let period {
      let first = axis.center(of: axis.firstOutput)
      shift = (first / Double(period)).rounded(.down) * Double(period)
      let last = axis.center(of: axis.firstOutput + axis.outputCount - 1) - shift
      guard last + support < Double(maximumEntries) else { throw .invalidCoordinate(last + shift + support) }
      guard first - shift - support > -Double(maximumEntries) else { throw .invalidCoordinate(first - support) }
    }

    // Normalised Double weights: `firsts[i]` places output i's `maxSpan`-wide row of `folded`
    // (clamped onto the image unless the table is open).
    let count = axis.outputCount
    var folded = [Double](repeating: 0, count: count * maxSpan)
    var firsts = [Int](repeating: 0, count: count)
    // Per output, the sum its quantised weights must have, in units of the table's one: 1
    // except where transparent samples were dropped.
    var kept = [Double](repeating: 1, count: count)
    var maximumWeight = 0.0
    for i in 0..<count {
      let c = axis.center(of: axis.firstOutput + i) - shift
      let low = (c - support + 0.5).rounded(.down)
      let high = (c + support + 0.5).rounded(.down)
      let row = i * maxSpan
      if isOpen {
        let lowIndex = Int(low)
        firsts[i] = lowIndex
        var total = 0.0
        for k in lowIndex..<Int(high) {
          let w = weight((Double(k) - c + 0.5) / filterScale)
          total += w
          folded[row + k - lowIndex] = w
        }
        if total == 0 {
          for j in 0..<maxSpan { folded[row + j] = 0 }
          firsts[i] = Int(c.rounded(.down))
          folded[row] = 1
        } else {
          for j in 0..<(Int(high) - lowIndex) {
            folded[row + j] /= total
            maximumWeight = max(maximumWeight, abs(folded[row + j]))
          }
        }
        continue
      }
      if drops && (high <= 0 || low >= Double(extent)) {
        // The whole window shows transparent black: no weights at all.
        firsts[i] = 0
        kept[i] = 0
        continue
      }
      if high <= 0 || low >= Double(extent) {
        // The whole window lies beyond one edge: every sample is that edge pixel.
        firsts[i] = high <= 0 ? 0 : extent - 1
        folded[row] = 1
        maximumWeight = max(maximumWeight, 1)
        continue
      }
      let lowIndex = Int(low)
      let highIndex = Int(high)
      let first = max(lowIndex, 0)
      let last = min(highIndex, extent) - 1
      firsts[i] = first
      var total = 0.0
      var inside = 0.0
      var largestInside = 0.0
      for k in lowIndex..<highIndex {
        let w = weight((Double(k) - c + 0.5) / filterScale)
        total += w
        if k < first || k > last {
          if drops { continue }
        } else {
          inside += w
          largestInside = max(largestInside, abs(w))
        }
        folded[row + min(max(k, first), last) - first] += w
      }
      if renormalizes {
        if inside == 0 {
          // No image sample carries weight: the output shows transparent black.
          for j in 0..<maxSpan { folded[row + j] = 0 }
          firsts[i] = 0
          kept[i] = 0
          continue
        }
        // Where only a cubic or Lanczos tail reaches the image, its lobes nearly cancelling,
        // dividing by their sum would blow them up past what Int16 holds (a weight of 672 from a
        // sum of 0.00025): the sample lies beyond the image's edge, so it takes the nearest
        // pixel below, as a degenerate window does.
        total = largestInside > Self.largestRenormalizedWeight * abs(inside) ? 0 : inside
      } else if drops && total != 0 {
        kept[i] = inside / total
      }
      if total == 0 {
        // Degenerate window (cannot happen for the built-in filters), or the tail above: take
        // the nearest pixel.
        for j in 0..<maxSpan { folded[row + j] = 0 }
        firsts[i] = min(max(Int(c.rounded(.down)), 0), extent - 1)
        folded[row] = 1
        maximumWeight = max(maximumWeight, 1)
      } else {
        for j in 0...(last - first) {
          folded[row + j] /= total
          maximumWeight = max(maximumWeight, abs(folded[row + j]))
        }
      }
    }

    // Fraction bits: as many as keep every weight, rounded and moved by at most one unit,
    // within Int16 (16 at most, which keeps every sum of products within Int32; see DESIGN.md).
    var fractionBits = 16
    while fractionBits > 8 && (maximumWeight * Double(1 << fractionBits)).rounded() + 2 > 32767 {
      fractionBits -= 1
    }
    let one = 1 << fractionBits

    // Quantise, fix sums, trim zeros.
    var quantised = [Int32](repeating: 0, count: count * maxSpan)
    var trimmedFirst = [Int](repeating: 0, count: count)
    var trimmedSpan = [Int](repeating: 0, count: count)
    var taps = 1
    for i in 0..<count {
      let row = i * maxSpan
      // Cumulative rounding: weight j is round(S_j) - round(S_j-1) for the running exact sum
      // S, so every weight is within one unit of its exact value, weights that are not negative
      // stay so, and the rounding errors do not pile up (rounding each weight alone and giving
      // the residue to one tap made it -0.07 in a 10000 -> 1 box: colour above alpha).
      var exactSum = 0.0
      var roundedSum = 0
      var largest = row
      for j in 0..<maxSpan {
        exactSum += folded[row + j] * Double(one)
        let next = Int(exactSum.rounded())
        quantised[row + j] = Int32(next - roundedSum)
        roundedSum = next
        if abs(folded[row + j]) > abs(folded[largest]) { largest = row + j }
      }
      // The sum must be exactly one (or, where transparent samples were dropped, the rounded
      // share of the image's samples); the floating sum can miss it by a unit, which the
      // largest weight takes.
      let target = kept[i] == 1 ? one : Int((kept[i] * Double(one)).rounded())
      quantised[largest] += Int32(target - roundedSum)
      var low = 0
      var high = maxSpan
      while low < high - 1 && quantised[row + low] == 0 { low += 1 }
      while high > low + 1 && quantised[row + high - 1] == 0 { high -= 1 }
      trimmedFirst[i] = firsts[i] + low
      trimmedSpan[i] = high - low
      taps = max(taps, high - low)
    }
    if !isOpen { taps = min(taps, extent) }

    let starts = UnsafeMutablePointer<Int32>.allocate(capacity: max(count, 1))
    let weights = UnsafeMutablePointer<Int16>.allocate(capacity: max(count * taps, 1))
    weights.initialize(repeating: 0, count: max(count * taps, 1))
    var sourceLow = Int.max
    var sourceHigh = Int.min
    for i in 0..<count {
      let start = isOpen ? trimmedFirst[i] : min(trimmedFirst[i], extent - taps)
      starts[i] = Int32(start)
      sourceLow = min(sourceLow, start)
      sourceHigh = max(sourceHigh, start + taps)
      let offset = trimmedFirst[i] - start
      for j in 0..<trimmedSpan[i] {
        // Within Int16 by the choice of fraction bits; clamping rather than trapping all the same.
        let q = quantised[i * maxSpan + (trimmedFirst[i] - firsts[i]) + j]
        assert(Int32(Int16.min)...Int32(Int16.max) ~= q, "weight \(q) beyond Int16")
        weights[i * taps + offset + j] = Int16(clamping: q)
      }
    }
    return ResampleWeights(
      count: count, taps: taps, fractionBits: fractionBits,
      sourceRange: count == 0 ? 0..<0 : sourceLow..<sourceHigh, isOpen: isOpen, starts: starts, weights: weights,
      pairedWeights: makePairs(weights, count: count, taps: taps))
  }

  /// Nearest: one tap of weight 1 at `floor(center)`, mapped into the image by the axis'
  /// extend mode (a gather reads image pixels only); -1 where it shows transparent black.
  private static func makeNearest(_ axis: ResampleAxis) -> ResampleWeights {
    let count = axis.outputCount
    let starts = UnsafeMutablePointer<Int32>.allocate(capacity: max(count, 1))
    let weights = UnsafeMutablePointer<Int16>.allocate(capacity: max(count, 1))
    var low = axis.extent
    var high = 0
    let period = axis.extend.period(extent: axis.extent).map(Double.init)
    for i in 0..<count {
      var c = axis.center(of: axis.firstOutput + i).rounded(.down)
      if let period { c -= (c / period).rounded(.down) * period }
      // Within one period for repeat and reflect; otherwise clamped to just outside the image,
      // so the conversion to Int cannot trap.
      let position = Int(period == nil ? min(max(c, -1), Double(axis.extent)) : c)
      let index = axis.extend.sourceIndex(position, extent: axis.extent) ?? -1
      starts[i] = Int32(index)
      weights[i] = 1 << 14
      if index >= 0 {
        low = min(low, index)
        high = max(high, index + 1)
      }
    }
    if low >= high { (low, high) = (0, 1) }
    return ResampleWeights(
      count: count, taps: 1, fractionBits: 14, sourceRange: count == 0 ? 0..<0 : low..<high, starts: starts,
      weights: weights, pairedWeights: makePairs(weights, count: count, taps: 1))
  }

  private static func makePairs(
    _ weights: UnsafeMutablePointer<Int16>, count: Int, taps: Int
  ) -> UnsafeMutablePointer<SIMD8<Int16>> {
    let pairs = (taps + 1) / 2
    let paired = UnsafeMutablePointer<SIMD8<Int16>>.allocate(capacity: max(count * pairs, 1))
    for i in 0..<count {
      for j in 0..<pairs {
        let w0 = weights[i * taps + 2 * j]
        let w1 = 2 * j + 1 < taps ? weights[i * taps + 2 * j + 1] : 0
        paired[i * pairs + j] = SIMD8(w0, w1, w0, w1, w0, w1, w0, w1)
      }
    }
    if count * pairs == 0 { paired.initialize(to: .zero) }
    return paired
  }
}
