import Foundation
import PixelOpsTestSupport
import Testing

@testable import PixelOps

/// Linear gradients drawn as shifted master rows (``GradientRowShifts``): the plan's geometry
/// (each row's shift within `1/(2K)` pixel, its reads inside its window's master rows), which
/// draws take it, and the pixels: within 1 of the double reference (the shift moves a parameter
/// by at most 0.45 cell, inside the table's budget), dithered block means within 0.5, and the
/// same bytes for any thread count (master rows belong to fixed windows of rows, not to bands).
@Suite("Linear gradient rows as shifted master rows")
struct GradientRowShiftsTests {
  /// A random linear draw that shifted rows usually take: 60...420 x 20...150 pixels, an axis
  /// at any angle at least 0.6 times as long as the view's diagonal, padded or reflected.
  static func shiftedCase(_ rng: inout SeededGenerator, dithers: Bool) -> GradientCase {
    var width = Int.random(in: 60...420, using: &rng)
    if width % 4 == 0 { width += Int.random(in: 1...3, using: &rng) }
    let height = Int.random(in: 20...150, using: &rng)
    let scale = [1.0, 2.0][Int.random(in: 0...1, using: &rng)]
    let (w, h) = (Double(width) / scale, Double(height) / scale)
    let diagonal = (w * w + h * h).squareRoot()
    let start = GradientRandom.point(&rng, width: w, height: h, margin: 0.3)
    let angle = Double.random(in: -Double.pi...Double.pi, using: &rng)
    let length = diagonal * Double.random(in: 0.6...2, using: &rng)
    let end = PointPosition(x: start.x + length * cos(angle), y: start.y + length * sin(angle))
    var rect: PointRect? = nil
    if GradientRandom.chance(0.3, &rng) {
      rect = PointRect(
        x: Double.random(in: -0.2 * w...0.5 * w, using: &rng), y: Double.random(in: -0.2 * h...0.5 * h, using: &rng),
        width: Double.random(in: 0.5 * w...w, using: &rng), height: Double.random(in: 0.5 * h...h, using: &rng))
    }
    return GradientCase(
      stops: wellApartStops(count: Int.random(in: 2...4, using: &rng), &rng),
      interpolation: GradientRandom.chance(0.5, &rng) ? .straight : .premultiplied,
      shape: .linear(start: start, end: end), extend: GradientRandom.chance(0.5, &rng) ? .pad : .reflecting,
      dithers: dithers, scale: scale, rect: rect, width: width, height: height,
      offsetX: Int.random(in: 0...3, using: &rng), offsetY: Int.random(in: 0...2, using: &rng),
      format: GradientRandom.chance(0.5, &rng) ? .rgba8Premultiplied : .bgra8Premultiplied)
  }

  /// `count` stops of random colours well apart, none at the ends (hard edges would make exact
  /// cells, which dithered fills keep row by row).
  static func wellApartStops(count: Int, _ rng: inout SeededGenerator) -> [GradientStop] {
    (0..<count).map { i in
      GradientStop(
        location: (Double(i) + 0.5 + Double.random(in: -0.3...0.3, using: &rng)) / Double(count),
        color: GradientRandom.color(&rng))
    }
  }

  /// What source-over of `c` onto `before` must give: its `.copy` pixels composited over
  /// `before` in plain integer arithmetic (the exact kernel's rounding).
  static func sourceOverOfCopy(_ c: GradientCase, onto before: GradientCanvas) throws -> GradientCanvas {
    var copied = before
    try copied.draw(c, options: CompositeOptions(blendMode: .copy))
    let drawn = try c.drawnPixels()
    var expected = before
    try expected.withView { view in
      for y in drawn.y..<(drawn.y + drawn.height) {
        for x in drawn.x..<(drawn.x + drawn.width) {
          let (s, d) = (copied.pixel(x, y), before.pixel(x, y))
          let over = s &+ (d &* (255 - s.w) &+ 127) / 255
          let stored = view.format == .bgra8Premultiplied ? SIMD4(over.z, over.y, over.x, over.w) : over
          view.rowAddress(y).storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: stored), toByteOffset: x * 4, as: SIMD4<UInt8>.self)
        }
      }
    }
    return expected
  }

  /// The plan a draw of `c` makes, if any (the drawn pixels as the row source sees them).
  static func plan(_ c: GradientCase) throws -> GradientRowShifts? {
    let fill = try c.makeFill()
    guard case .linear(let parameter) = try fill.shape.geometry(map: GradientMap(scale: c.scale), extend: fill.extend) else { return nil }
    let area = try c.drawnPixels()
    guard area.width > 0, area.height > 0 else { return nil }
    let writer = GradientRowWriter(gradient: fill.gradient, extend: fill.extend, order: .rgba, dithers: c.dithers)
    return writer.rowShifts(parameter, columns: area.x..<(area.x + area.width), rows: area.y..<(area.y + area.height))
  }

  @Test("every row's shift is within 1/(2K) pixel of the exact one, K keeps that within 0.45 cell, reads stay in the window")
  func placementsAndWindows() {
    var rng = SeededGenerator(seed: 0x5117)
    var (plans, cachingPlans) = (0, 0)
    for _ in 0..<400 {
      let step = Double.random(in: -9...9, using: &rng)
      let ratio = Double.random(in: -70...70, using: &rng) / (GradientRandom.chance(0.5, &rng) ? 1 : 100)
      let x0 = Int.random(in: -50...500, using: &rng)
      let y0 = Int.random(in: -300...3000, using: &rng)
      let columns = x0..<(x0 + Int.random(in: 1...2000, using: &rng))
      let rows = y0..<(y0 + (GradientRandom.chance(0.3, &rng) ? Int.random(in: 256...1500, using: &rng) : Int.random(in: 1...300, using: &rng)))
      guard
        let plan = GradientRowShifts(
          origin: Double.random(in: -500...500, using: &rng), alongRow: step, alongColumn: step * ratio,
          columns: columns, rows: rows, cachingDitheredRows: GradientRandom.chance(0.5, &rng))
      else { continue }
      if plan.cachesDitheredRows { cachingPlans += 1 }
      if plan.cachesDitheredRows {
        #expect(plan.windowRows == 1 << GradientRowShifts.ditheredWindowRowBits)
      } else {
        // From 128 to 1024 rows; longer than 128 only where the rows of a window shift apart by
        // at most the width and the window is still shorter than the rows drawn; as long as that
        // allows (a window of twice the rows would break it, or is at the longest).
        let width = Double(columns.count)
        let spread = { (rows: Int) in Double(rows - 1) * abs(ratio) }
        #expect((128...1024).contains(plan.windowRows) && plan.windowRows.nonzeroBitCount == 1)
        if plan.windowRows > 128 {
          #expect(spread(plan.windowRows) <= width && plan.windowRows / 2 < rows.count)
        }
        if plan.windowRows < 1024 && plan.windowRows < rows.count {
          let longerSpread: Double = spread(2 * plan.windowRows)
          let longerMasterBytes: Double = Double(plan.phaseCount) * (width + longerSpread.rounded(.up) + 2) * 8
          #expect(longerSpread > width || longerMasterBytes > Double(1 << 20))
        }
      }
      if plan.cachesDitheredRows {
        #expect(plan.phaseCount <= GradientRowShifts.maximumCachedPhases && plan.ditheredRowSlots * 4 <= min(plan.windowRows, rows.count))
      }
      plans += 1
      let k = Double(plan.phaseCount)
      #expect(abs(step) / (2 * k) <= 0.45 && plan.phaseCount <= GradientRowShifts.maximumPhases)
      for y in rows {
        let (phase, offset) = plan.placement(ofRow: y)
        let shift = Double(offset) + Double(phase) / k
        #expect(abs(shift - ratio * Double(y)) <= 0.5 / k + 1e-9, "row \(y): \(shift) for \(ratio * Double(y))")
        // Same parameters: the master's at x + offset is the row's at x, within the rounding.
        let master = plan.parameter(at: columns.lowerBound + offset, phase: phase)
        let exact = plan.origin + step * Double(columns.lowerBound) + step * ratio * Double(y)
        #expect(abs(master - exact) <= 0.45 + 1e-6)
        let window = plan.window(ofRow: y)
        #expect(window.index == Int((Double(y) / Double(plan.windowRows)).rounded(.down)))
        let slot = plan.ditheredRowSlot(phase: phase, row: y, offset: offset)
        #expect(slot == phase * 64 + (y & 7) * 8 + (offset & 7) && slot < plan.ditheredRowSlots)
        #expect(window.positions.lowerBound <= columns.lowerBound + offset)
        #expect(columns.upperBound + offset <= window.positions.upperBound)
        #expect(window.positions.count <= plan.capacity)
      }
    }
    #expect(plans > 150, "only \(plans) of 400 random rows took a plan")
    #expect(cachingPlans >= 3, "only \(cachingPlans) plans cached dithered rows")
  }

  @Test("no plan where a colour could jump within a shift's rounding, a step is too steep, or rows are too few")
  func declinedDraws() throws {
    let ramp = [
      GradientStop(location: 0.1, color: StraightColor(red: 1, green: 0, blue: 0)),
      GradientStop(location: 0.9, color: StraightColor(red: 0, green: 0, blue: 1, alpha: 0.5)),
    ]
    let axis = GradientShape.linear(start: PointPosition(x: 0, y: 0), end: PointPosition(x: 400, y: 150))
    let taken = GradientCase(stops: ramp, shape: axis, width: 400, height: 100)
    #expect(try Self.plan(taken) != nil)
    for extend in [GradientExtend.repeating, .none, .padded(beforeStart: true, afterEnd: false)] {
      var c = taken
      c.extend = extend
      #expect(try Self.plan(c) == nil, "\(extend)")
    }
    var hardEnd = taken
    hardEnd.stops = [GradientStop(location: 0, color: StraightColor(red: 0, green: 1, blue: 0))] + ramp
    hardEnd.stops[1].location = 0
    #expect(try Self.plan(hardEnd) == nil, "two stops of different colours at 0")
    var hardMiddle = taken
    hardMiddle.stops.insert(GradientStop(location: 0.5, color: StraightColor(red: 1, green: 1, blue: 1)), at: 1)
    hardMiddle.stops.insert(GradientStop(location: 0.5, color: StraightColor(red: 0, green: 0, blue: 0)), at: 2)
    #expect(try Self.plan(hardMiddle) != nil, "a hard edge: its exact cells are redone in the copied rows")
    hardMiddle.dithers = true
    #expect(try Self.plan(hardMiddle) == nil, "a hard edge, dithered (cells evaluated exactly)")
    // An edge within a cell of an end: a parameter shifted past the end takes the end's entry.
    for edge in [0.2 / 4096, 1 - 0.2 / 4096] {
      var hardNearEnd = taken
      hardNearEnd.stops = [
        GradientStop(location: 0, color: StraightColor(red: 1, green: 0, blue: 0)),
        GradientStop(location: edge, color: StraightColor(red: 1, green: 0, blue: 0)),
        GradientStop(location: edge, color: StraightColor(red: 0, green: 0, blue: 1)),
        GradientStop(location: 1, color: StraightColor(red: 0, green: 0, blue: 1)),
      ]
      #expect(try Self.plan(hardNearEnd) == nil, "a hard edge \(edge) from an end")
    }
    var steep = taken
    steep.shape = .linear(start: PointPosition(x: 0, y: 0), end: PointPosition(x: 4, y: 1.5))
    #expect(try Self.plan(steep) == nil, "a step of many cells per pixel")
    var flat = taken
    flat.shape = .linear(start: PointPosition(x: 0, y: 0), end: PointPosition(x: 400, y: 0))
    #expect(try Self.plan(flat) == nil, "rows all alike take the repeated row")
    var oneRow = taken
    oneRow.height = 1
    #expect(try Self.plan(oneRow) == nil, "one row: its master would cost what the row does")
  }

  @Test("pixels are within 1 of the reference (dithered: 2, block means 0.5), the same for 1, 2, 3 and 6 threads")
  func matchesReferenceOnAnyThreadCount() throws {
    var rng = SeededGenerator(seed: 0x5118)
    var (taken, failures, blocks) = (0, 0, 0)
    for trial in 0..<48 {
      let dithers = trial % 3 == 2
      let c = Self.shiftedCase(&rng, dithers: dithers)
      if try Self.plan(c) != nil { taken += 1 }
      var random: SeededGenerator? = SeededGenerator(seed: rng.next())
      let before = try GradientCanvas(for: c, random: &random)
      var results: [[UInt8]] = []
      for threads in [1, 2, 3, 6] {
        var canvas = before
        try canvas.draw(c, options: CompositeOptions(blendMode: .copy, parallelism: try .threads(threads)))
        results.append(canvas.allBytes())
        guard threads == 1 else { continue }
        if let mismatch = try GradientPropertyTests.firstMismatch(
          c, canvas: canvas, before: before, tolerance: dithers ? 2 : 1)
        {
          Issue.record("trial \(trial): \(c): \(mismatch)")
          failures += 1
        }
        guard dithers, c.rect == nil else { continue }
        for (x, y) in GradientDitherTests.blocks(width: c.width, height: c.height, x0: 0, y0: 0) {
          guard let error = GradientDitherTests.blockError(canvas, c.reference, x0: x, y0: y, skippingJumps: true)
          else { continue }
          blocks += 1
          #expect(error <= 0.5, "trial \(trial): block at (\(x), \(y)) off by \(error): \(c)")
        }
      }
      for (index, threads) in [2, 3, 6].enumerated() {
        #expect(results[index + 1] == results[0], "trial \(trial): \(threads) threads differ from 1: \(c)")
      }
      if failures >= 4 { return }
    }
    #expect(taken >= 36, "only \(taken) of 48 draws took shifted rows")
    #expect(blocks > 300, "only \(blocks) dithered blocks were checked")
  }

  /// Hard edges: rows are copies of master rows whose exact cells' pixels are redone from their
  /// own parameters; a pixel whose shifted parameter lands within 0.45 cell of an edge must be in
  /// an exact cell (``GradientColorTable/edgeMargin``), so edges anywhere, on cell boundaries and
  /// a hair from them.
  @Test("hard-stop rows (copied and redone) are within 1 of the reference, copy and source-over, on any thread count")
  func hardEdgesMatchReferenceOnAnyThreadCount() throws {
    var rng = SeededGenerator(seed: 0x511E)
    var (taken, failures) = (0, 0)
    for trial in 0..<32 {
      var c = Self.shiftedCase(&rng, dithers: false)
      // Two to four runs of one colour with hard edges between them (and now and then a ramp):
      // edges anywhere, on cell boundaries, 0.3 or 0.45 cell from one, and 0.05-0.45 cell from
      // an end (those draws take no shifted rows, and must still be right).
      let edges = (0..<Int.random(in: 1...3, using: &rng)).map { _ in
        switch Int.random(in: 0...3, using: &rng) {
        case 0: return Double.random(in: 0.05...0.95, using: &rng)
        case 1: return Double(Int.random(in: 20...4000, using: &rng)) / 4096
        case 2: return (Double(Int.random(in: 20...4000, using: &rng)) + [0.3, -0.3, 0.45, -0.45][trial % 4]) / 4096
        default:
          let inside = Double.random(in: 0.05...0.45, using: &rng) / 4096
          return GradientRandom.chance(0.5, &rng) ? inside : 1 - inside
        }
      }.sorted()
      /// A colour at least 32 levels from `other` in some channel, so that a pixel on the wrong
      /// side of an edge shows.
      func distinct(from other: StraightColor?) -> StraightColor {
        while true {
          let color = GradientRandom.color(&rng)
          guard let other else { return color }
          let (a, b) = (color.premultiplied, other.premultiplied)
          let channels = [(a.red, b.red), (a.green, b.green), (a.blue, b.blue), (a.alpha, b.alpha)]
          if channels.contains(where: { abs(Int($0.0) - Int($0.1)) >= 32 }) { return color }
        }
      }
      var stops: [GradientStop] = []
      var color = distinct(from: nil)
      stops.append(GradientStop(location: 0, color: color))
      for edge in edges {
        stops.append(GradientStop(location: edge, color: color))
        color = distinct(from: color)
        stops.append(GradientStop(location: edge, color: color))
      }
      if GradientRandom.chance(0.3, &rng) { color = GradientRandom.color(&rng) }
      stops.append(GradientStop(location: 1, color: color))
      c.stops = stops
      if try Self.plan(c) != nil { taken += 1 }
      var random: SeededGenerator? = SeededGenerator(seed: rng.next())
      let before = try GradientCanvas(for: c, random: &random)
      // Copy (rows written into the destination) against the reference; source-over (rows the
      // kernel reads) against the copy composited by hand.
      let expected = try Self.sourceOverOfCopy(c, onto: before).allBytes()
      for threads in [1, 2, 3] {
        var canvas = before
        try canvas.draw(c, options: CompositeOptions(blendMode: .copy, parallelism: try .threads(threads)))
        if let mismatch = try GradientPropertyTests.firstMismatch(c, canvas: canvas, before: before, tolerance: 1) {
          Issue.record("trial \(trial), \(threads) threads: \(c): \(mismatch)")
          failures += 1
        }
        canvas = before
        try canvas.draw(c, options: CompositeOptions(blendMode: .normal, parallelism: try .threads(threads)))
        #expect(canvas.allBytes() == expected, "trial \(trial), \(threads) threads: source-over differs: \(c)")
      }
      if failures >= 4 { return }
    }
    // Hard edges take 4096 cells: short axes step too many cells per pixel for 16 phases; edges
    // near an end take no shifted rows.
    #expect(taken >= 9, "only \(taken) of 32 draws took shifted rows")
  }

  @Test("dithered rows drawn with source-over (read by the kernel from the master planes) are source-over of the copied rows, on any thread count")
  func ditheredSourceOverMatchesCopiedRows() throws {
    var rng = SeededGenerator(seed: 0x511B)
    var fused = 0
    for trial in 0..<24 {
      let c = Self.shiftedCase(&rng, dithers: true)
      if try Self.plan(c) != nil, !(try c.makeFill().gradient.isOpaque) { fused += 1 }
      var random: SeededGenerator? = SeededGenerator(seed: rng.next())
      let before = try GradientCanvas(for: c, random: &random)
      let expected = try Self.sourceOverOfCopy(c, onto: before)
      for threads in [1, 2, 3] {
        var canvas = before
        try canvas.draw(c, options: CompositeOptions(blendMode: .normal, parallelism: try .threads(threads)))
        let (got, want) = (canvas.allBytes(), expected.allBytes())
        let first = got.indices.first { got[$0] != want[$0] }
        #expect(first == nil, "trial \(trial), \(threads) threads: byte \(first ?? 0) differs: \(c)")
      }
    }
    #expect(fused >= 12, "only \(fused) of 24 draws read translucent dithered master rows")
  }

  /// A dithered linear draw whose plan caches its dithered rows: 120...200 x 520...700 pixels
  /// (at least 4 rows per cached row at one phase), an axis within 0.3 radians of horizontal
  /// (rows that shift little, so that the cached rows are short) 1.2 to 2 times the diagonal (few
  /// phases), 2 or 3 stops well apart, padded or reflected.
  static func cachedCase(_ rng: inout SeededGenerator) -> GradientCase {
    let (width, height) = (Int.random(in: 120...200, using: &rng), Int.random(in: 520...700, using: &rng))
    let diagonal = Double(width * width + height * height).squareRoot()
    let start = GradientRandom.point(&rng, width: Double(width), height: Double(height), margin: 0.2)
    let angle = Double.random(in: -0.3...0.3, using: &rng) + (GradientRandom.chance(0.5, &rng) ? Double.pi : 0)
    let length = diagonal * Double.random(in: 1.2...2, using: &rng)
    return GradientCase(
      stops: wellApartStops(count: Int.random(in: 2...3, using: &rng), &rng), interpolation: .straight,
      shape: .linear(start: start, end: PointPosition(x: start.x + length * cos(angle), y: start.y + length * sin(angle))),
      extend: GradientRandom.chance(0.5, &rng) ? .pad : .reflecting, dithers: true, scale: 1, rect: nil,
      width: width, height: height, offsetX: Int.random(in: 0...3, using: &rng), offsetY: 0,
      format: GradientRandom.chance(0.5, &rng) ? .rgba8Premultiplied : .bgra8Premultiplied)
  }

  /// A band's cursor trusts the master rows in its scratch only when ``BandScratch`` says the
  /// buffer's last user was a band of the same draw: another draw can overwrite them and leave
  /// the state in front of them as it was.
  @Test("a cursor whose scratch is not kept makes its master rows again, whatever the scratch holds")
  func unkeptScratchRemakesMasterRows() throws {
    var rng = SeededGenerator(seed: 0x511D)
    let c = Self.rampCase(width: 300, height: 40, length: 900, angle: 0.3, &rng)
    let fill = try c.makeFill()
    guard case .linear(let parameter) = try fill.shape.geometry(map: GradientMap(scale: c.scale), extend: fill.extend)
    else { throw CancellationError() }
    let area = PixelRect(x: 0, y: 0, width: c.width, height: c.height)
    let writer = GradientRowWriter(gradient: fill.gradient, extend: fill.extend, order: .rgba, dithers: false)
    let source = GradientRowSource(parameter: parameter, writer: writer, area: area, isOpaque: true)
    let shifts = try #require(source.shifts)
    let scratch = UnsafeMutableRawPointer.allocate(byteCount: source.scratchByteCount, alignment: 64)
    defer { scratch.deallocate() }
    let columns = 0..<c.width
    func rows(_ cursor: GradientRowSource<LinearGradientParameter>.Cursor) -> [[UInt8]] {
      (0..<c.height).map { y in
        Array(UnsafeRawBufferPointer(start: cursor.row(y, columns: columns), count: c.width * 4))
      }
    }
    let made = rows(source.makeCursor(scratch: scratch, isKept: false))
    // Another draw's rows over the masters, the state before them left alone.
    let masters = scratch + source.masterOffset
    masters.initializeMemory(as: UInt8.self, repeating: 0xAB, count: shifts.phaseCount * source.masterByteCount(shifts))
    #expect(rows(source.makeCursor(scratch: scratch, isKept: true)) != made)  // trusted: the overwritten bytes show
    #expect(rows(source.makeCursor(scratch: scratch, isKept: false)) == made)
  }

  /// Cached and uncached rows read masters of different windows (1024 rows, 128 rows), whose
  /// fixed-point sums start at different positions: a pixel may differ by the 8.8 value's last
  /// bit, so by 1 after dithering, rarely. Within one plan, every thread count gives the same bytes.
  @Test("cached dithered rows are the rows they replace (within 1, rarely), the same for 1, 2 and 3 threads, near the reference")
  func cachedDitheredRowsMatchUncached() throws {
    var rng = SeededGenerator(seed: 0x511C)
    var (cached, blocks) = (0, 0)
    for trial in 0..<10 {
      let c = Self.cachedCase(&rng)
      let fill = try c.makeFill()
      guard case .linear(let parameter) = try fill.shape.geometry(map: GradientMap(scale: c.scale), extend: fill.extend) else {
        Issue.record("trial \(trial): not a linear parameter")
        continue
      }
      let area = try c.drawnPixels()
      var random: SeededGenerator? = SeededGenerator(seed: rng.next())
      let before = try GradientCanvas(for: c, random: &random)
      for mode in [BlendMode.copy, .normal] {
        var results: [[UInt8]] = []
        for (caches, threads) in [(false, 1), (true, 1), (true, 2), (true, 3)] {
          var canvas = before
          try canvas.withView { view in
            let order: ChannelOrder = view.format == .bgra8Premultiplied ? .bgra : .rgba
            var writer = GradientRowWriter(gradient: fill.gradient, extend: fill.extend, order: order, dithers: true)
            writer.cachesDitheredRows = caches
            let source = GradientRowSource(parameter: parameter, writer: writer, area: area, isOpaque: false)
            #expect(source.shifts != nil, "trial \(trial): no shifted rows: \(c)")
            if !caches { #expect(source.shifts?.cachesDitheredRows == false, "trial \(trial): cached although told not to") }
            if caches, threads == 1, mode == .copy, source.shifts?.cachesDitheredRows == true { cached += 1 }
            try CompositeEngine.composite(
              source, coverage: FullCoverage(), area: area, onto: view, mode: mode, opacity: 255,
              parallelism: try .threads(threads))
          }
          results.append(canvas.allBytes())
          guard mode == .copy, caches, threads == 1 else { continue }
          if let mismatch = try GradientPropertyTests.firstMismatch(c, canvas: canvas, before: before, tolerance: 2) {
            Issue.record("trial \(trial): \(c): \(mismatch)")
          }
          for (x, y) in GradientDitherTests.blocks(width: c.width, height: c.height, x0: 0, y0: 0) {
            guard let error = GradientDitherTests.blockError(canvas, c.reference, x0: x, y0: y, skippingJumps: true)
            else { continue }
            blocks += 1
            #expect(error <= 0.5, "trial \(trial): block at (\(x), \(y)) off by \(error): \(c)")
          }
        }
        let (cachedBytes, uncachedBytes) = (results[1], results[0])
        let differing = cachedBytes.indices.filter { cachedBytes[$0] != uncachedBytes[$0] }
        let largest = differing.map { abs(Int(cachedBytes[$0]) - Int(uncachedBytes[$0])) }.max() ?? 0
        #expect(largest <= 1 && differing.count * 200 <= cachedBytes.count,
          "trial \(trial) \(mode): \(differing.count) of \(cachedBytes.count) bytes differ, by up to \(largest): \(c)")
        for (index, threads) in [2, 3].enumerated() {
          let (got, want) = (results[index + 2], results[1])
          let first = got.indices.first { got[$0] != want[$0] }
          #expect(first == nil, "trial \(trial) \(mode): \(threads) threads differ from 1 at byte \(first ?? 0): \(c)")
        }
      }
    }
    #expect(cached >= 8, "only \(cached) of 10 draws cached their dithered rows")
    #expect(blocks > 500, "only \(blocks) dithered blocks were checked")
  }

  /// A one-level ramp (every channel 100 to 101 levels, opaque) along an axis of `length`
  /// pixels at `angle`: its 8.8 values change by at most one unit per cell, so the table, a
  /// shift's rounding and the sums keep each pixel's value within 2 units of the exact one, and
  /// the Bayer model decides every carry away from a boundary.
  static func rampCase(
    width: Int, height: Int, length: Double, angle: Double, _ rng: inout SeededGenerator
  ) -> GradientCase {
    let start = PointPosition(x: Double.random(in: -0.2...0.5, using: &rng) * Double(width), y: Double(height) / 2)
    let level = { (v: Double) in StraightColor(red: v / 255, green: v / 255, blue: v / 255) }
    return GradientCase(
      stops: [GradientStop(location: 0, color: level(100)), GradientStop(location: 1, color: level(101))],
      shape: .linear(start: start, end: PointPosition(x: start.x + length * cos(angle), y: start.y + length * sin(angle))),
      extend: .pad, dithers: true, width: width, height: height, offsetX: Int.random(in: 0...3, using: &rng),
      offsetY: Int.random(in: 0...2, using: &rng),
      format: GradientRandom.chance(0.5, &rng) ? .rgba8Premultiplied : .bgra8Premultiplied)
  }

  /// Carries decided by the model: channel `floor(v + d / 256)` for the exact value `v` and the
  /// threshold `d = 4 b + 2` of the textbook Bayer matrix at view pixel (x mod 8, y mod 8),
  /// wherever `256 v + d` is more than 2 units from a whole level. A column or row phase off by
  /// any amount moves carries within every 8x8 block, which the block means cannot see.
  @Test("dithered shifted rows carry where the Bayer matrix at the view's pixel says (one-level ramps; cached, across windows, and not)")
  func ditheredShiftedRowsFollowTheBayerMatrix() throws {
    var rng = SeededGenerator(seed: 0x511D)
    var (checked, cachedDraws, twoPhaseCached, uncachedDraws) = (0, 0, 0, 0)
    for trial in 0..<10 {
      let tall = trial >= 4
      let flip = GradientRandom.chance(0.5, &rng) ? Double.pi : 0
      let c =
        tall
        ? Self.rampCase(
          width: Int.random(in: 150...250, using: &rng), height: Int.random(in: 1100...1200, using: &rng),
          length: trial % 2 == 0 ? Double.random(in: 620...900, using: &rng) : Double.random(in: 160...270, using: &rng),
          angle: flip + Double.random(in: -0.12...0.12, using: &rng), &rng)
        : Self.rampCase(
          width: Int.random(in: 60...200, using: &rng), height: Int.random(in: 40...150, using: &rng),
          length: Double.random(in: 300...900, using: &rng), angle: Double.random(in: -Double.pi...Double.pi, using: &rng), &rng)
      guard let plan = try Self.plan(c) else {
        Issue.record("trial \(trial): no shifted rows: \(c)")
        continue
      }
      if plan.cachesDitheredRows {
        cachedDraws += 1
        if plan.phaseCount > 1 { twoPhaseCached += 1 }
      } else {
        uncachedDraws += 1
      }
      var random: SeededGenerator? = nil
      var canvas = try GradientCanvas(for: c, random: &random)
      try canvas.draw(c)
      let reference = c.reference
      var failures = 0
      for y in 0..<c.height {
        for x in 0..<c.width {
          let exact = reference.value(x: x, y: y)
          let d = Double(4 * GradientDitherLookupTests.bayer[y % 8][x % 8] + 2)
          let sums = exact * 256 + d
          let distance = (sums - (sums / 256).rounded(.toNearestOrAwayFromZero) * 256).min()
          guard abs(distance) > 2, abs((sums - (sums / 256).rounded(.toNearestOrAwayFromZero) * 256).max()) > 2 else {
            continue
          }
          let expected = SIMD4<Int>((sums / 256).rounded(.down))
          checked += 1
          if canvas.pixel(x, y) != expected {
            failures += 1
            if failures <= 3 { Issue.record("trial \(trial) pixel (\(x), \(y)): \(canvas.pixel(x, y)) != \(expected) (exact \(exact)): \(c)") }
          }
        }
      }
      #expect(failures == 0, "trial \(trial): \(failures) pixels off the Bayer model, cached: \(plan.cachesDitheredRows)")
    }
    #expect(cachedDraws >= 4 && twoPhaseCached >= 1 && uncachedDraws >= 3, "cached \(cachedDraws) (\(twoPhaseCached) of 2 phases), uncached \(uncachedDraws)")
    #expect(checked > 500_000, "only \(checked) pixels decided")
  }

  @Test("the planes of dithered master rows give back every 8.8 table entry, in both byte orders")
  func planesRebuildTheFixedPointTable() throws {
    var rng = SeededGenerator(seed: 0x511A)
    for _ in 0..<20 {
      let gradient = try Gradient(stops: GradientRandom.stops(&rng, count: Int.random(in: 2...5, using: &rng)))
      let table = gradient.table
      for order in [ChannelOrder.rgba, .bgra] {
        let fixed = table.table16(order)
        let (whole, fraction) = table.planes8(order)
        for entry in 0..<2 * table.cellCount {
          let w = unsafeBitCast(whole[entry], to: SIMD4<UInt8>.self)
          let f = unsafeBitCast(fraction[entry] ^ 0x8080_8080, to: SIMD4<UInt8>.self)
          let rebuilt = SIMD4<UInt16>(truncatingIfNeeded: w) &<< 8 | SIMD4<UInt16>(truncatingIfNeeded: f)
          #expect(rebuilt == unsafeBitCast(fixed[entry], to: SIMD4<UInt16>.self), "entry \(entry) of \(order)")
        }
      }
    }
  }

  @Test("each draw's master-row key differs from every earlier one and is never 0")
  func masterRowKeysAreDistinct() {
    var seen = Set<UInt64>()
    for _ in 0..<100_000 { seen.insert(MasterRowKeys.next()) }
    #expect(seen.count == 100_000 && !seen.contains(0), "\(100_000 - seen.count) keys repeated")
  }
}
