import Foundation
import PixelOpsTestSupport
import Testing

@testable import PixelOps

/// Rows of concentric radial and conic gradients on unrotated maps are symmetric about the
/// centre's column: ``GradientRowWriter`` computes the right part and makes the left from it,
/// mirrored: radial pixels copied (``PixelLoop/mirror32(_:_:around:)``), conic entries turned
/// into the mirrored angle's (``ConicGradientParameter/mirroredEntries(_:cellCount:)``).
/// Checked: the mirror column's geometry, the copy and the entry map, and the pixels of draws
/// that take them (within 1 of the reference, the same for any thread count).
@Suite("Mirrored radial and conic rows")
struct GradientMirroredRowTests {
  @Test("mirrorColumn: pixel m - x lies within 1/4 cell of pixel x's mirror image, nil on rotated maps")
  func mirrorColumnGeometry() throws {
    var rng = SeededGenerator(seed: 0x3117)
    var (found, declined) = (0, 0)
    for trial in 0..<300 {
      let scale = [1.0, 2.0, 3.0, 0.5][trial % 4]
      var map = GradientMap(scale: scale)
      if trial % 5 == 0 { map.c = Double.random(in: -1...1, using: &rng) }  // sheared: still constant v per row
      // Centres on pixel centres and edges (half pixels at the scale), some nudged off them.
      var cx = Double(Int.random(in: -40...400, using: &rng)) / (2 * scale)
      if trial % 3 == 0 { cx += Double.random(in: -0.02...0.02, using: &rng) }
      let center = PointPosition(x: cx, y: Double.random(in: -20...80, using: &rng))
      let (r0, r1) = (Double.random(in: 0...30, using: &rng), Double.random(in: 31...400, using: &rng))
      let cells = [256, 1024, 4096][trial % 3]
      let rotated = trial % 7 == 0
      let parameter = try ConcentricGradientParameter(
        center: center, startRadius: r0, endRadius: r1,
        map: rotated ? GradientMap(a: 0.8, b: 0.6, c: -0.6, d: 0.8, tx: 0.5, ty: 0.5) : map)
      let y = Int.random(in: -30...100, using: &rng)
      guard let (m, _) = parameter.mirrorColumn(row: y, cellCount: cells, largestShift: 0.25) else {
        declined += 1
        continue
      }
      found += 1
      #expect(!rotated)
      for x in stride(from: -50, through: 450, by: 7) {
        // Parameters in cells, exact: pixel m - x against pixel x.
        let t = parameter.exactParameter(x: x, y: y)
        let mirrored = parameter.exactParameter(x: m - x, y: y)
        #expect(abs(t - mirrored) * Double(cells) <= 0.25 + 1e-9, "trial \(trial): x \(x), m \(m)")
      }
    }
    #expect(found > 120 && declined > 40, "found \(found), declined \(declined)")
  }

  @Test("conic mirrorColumn: pixel m - x shows half a turn minus pixel x's angle; nil off the half-pixel grid or rotated")
  func conicMirrorColumnGeometry() {
    var rng = SeededGenerator(seed: 0x311A)
    var (found, declined) = (0, 0)
    for trial in 0..<300 {
      let scale = [1.0, 2.0, 3.0][trial % 3]
      var cx = Double(Int.random(in: -40...400, using: &rng)) / (2 * scale)
      if trial % 4 == 0 { cx += Double.random(in: -0.02...0.02, using: &rng) }
      let center = PointPosition(x: cx, y: Double.random(in: -20...80, using: &rng))
      let startAngle = trial % 5 == 0 ? Double.random(in: 0.1...6, using: &rng) : 0
      let parameter = ConicGradientParameter(center: center, startAngle: startAngle, map: GradientMap(scale: scale))
      let y = Int.random(in: -30...100, using: &rng)
      guard let (m, _) = parameter.mirrorColumn(row: y, cellCount: 1024, largestShift: 0.25) else {
        declined += 1
        continue
      }
      found += 1
      #expect(startAngle == 0)
      for x in stride(from: -50, through: 450, by: 7) {
        let t = parameter.exactParameter(x: x, y: y)
        let mirrored = parameter.exactParameter(x: m - x, y: y)
        let difference = (t + mirrored - 0.5) - (t + mirrored - 0.5).rounded()
        #expect(abs(difference) < 1e-8, "trial \(trial): x \(x), m \(m): \(t) and \(mirrored)")
      }
    }
    #expect(found > 120 && declined > 60, "found \(found), declined \(declined)")
  }

  @Test("conic mirroredEntries: the mirrored entry's cell holds the mirrored parameter, for every cell")
  func conicMirroredEntries() {
    for n in [256, 1024, 4096] {
      for k in 0...n {
        // Parameters across cell k (the after-end entry n + 1 stands for the parameter n).
        for fraction in k == n ? [0.0] : [0.0, 0.3, 0.999] {
          let p = Double(k) + fraction
          let entry = ConicGradientParameter.mirroredEntries(SIMD4(repeating: Int32(k + 1)), cellCount: Int32(n))[0]
          #expect(entry >= 1 && entry <= Int32(n), "n \(n): cell \(k) -> entry \(entry)")
          let mirrored = Double(n) / 2 - p
          let centre = Double(entry - 1) + 0.5
          var distance = (mirrored - centre).truncatingRemainder(dividingBy: Double(n))
          if distance > Double(n) / 2 { distance -= Double(n) }
          if distance < -Double(n) / 2 { distance += Double(n) }
          #expect(abs(distance) <= 0.5 + 1e-9, "n \(n): p \(p) -> entry \(entry)")
        }
      }
    }
  }

  @Test("mirror32 copies row[center - i] into every pixel of the range, any length and alignment (also rows 2 bytes off)")
  func mirrorCopy() {
    var rng = SeededGenerator(seed: 0x3118)
    for _ in 0..<200 {
      let width = Int.random(in: 1...80, using: &rng)
      var row = (0..<width).map { _ in UInt32.random(in: 0...UInt32.max, using: &rng) }
      let original = row
      let upper = Int.random(in: 0...(width / 2), using: &rng)
      let lower = Int.random(in: 0...upper, using: &rng)
      // Sources center - i for i in lower..<upper: at or after upper, inside the row.
      let (lowest, highest) = (max(2 * upper - 1, 0), width - 1 + lower)
      guard lowest <= highest else { continue }
      let center = Int.random(in: lowest...highest, using: &rng)
      // Rows of caller memory need not be 4-byte aligned (any row bytes): every other trial runs
      // 2 bytes off, where a tail's aligned `load` trapped in debug builds.
      let offset = row.count % 2 == 0 ? 2 : 0
      var bytes = [UInt8](repeating: 0, count: width * 4 + offset)
      bytes.withUnsafeMutableBytes { memory in
        row.withUnsafeBytes { memory.baseAddress!.advanced(by: offset).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        PixelLoop.mirror32(memory.baseAddress! + offset, lower..<upper, around: center)
        row.withUnsafeMutableBytes { $0.baseAddress!.copyMemory(from: memory.baseAddress! + offset, byteCount: $0.count) }
      }
      for i in 0..<width {
        let expected = (lower..<upper).contains(i) ? original[center - i] : original[i]
        #expect(row[i] == expected, "width \(width) range \(lower)..<\(upper) center \(center): pixel \(i)")
      }
    }
  }

  @Test("radial and conic draws that mirror match the reference within 1, the same bytes on 1, 2 and 5 threads")
  func mirroredDrawsMatchTheReference() throws {
    var rng = SeededGenerator(seed: 0x3119)
    var (radialRows, conicRows, failures) = (0, 0, 0)
    for trial in 0..<60 {
      let scale = [1.0, 2.0, 3.0][trial % 3]
      let width = Int.random(in: 40...300, using: &rng)
      let height = Int.random(in: 8...60, using: &rng)
      // Centres on pixel centres and edges, mostly well inside the row (both sides long).
      let conic = trial % 2 == 1
      let halfColumns = conic ? (width / 2)...(3 * width / 2) : -20...(2 * width + 20)
      let cx = Double(Int.random(in: halfColumns, using: &rng)) / (2 * scale)
      let center = PointPosition(x: cx, y: Double.random(in: 0...Double(height) / scale, using: &rng))
      let r0 = GradientRandom.chance(0.5, &rng) ? 0 : Double.random(in: 0...20, using: &rng)
      let r1 = r0 + Double.random(in: 20...Double(width), using: &rng) / scale
      let grows = GradientRandom.chance(0.75, &rng)
      var rect: PointRect? = nil
      if GradientRandom.chance(0.4, &rng) {
        let (w, h) = (Double(width) / scale, Double(height) / scale)
        rect = PointRect(
          x: Double.random(in: -0.2 * w...0.4 * w, using: &rng), y: Double.random(in: 0...0.3 * h, using: &rng),
          width: Double.random(in: 0.3 * w...w, using: &rng), height: Double.random(in: 0.5 * h...h, using: &rng))
      }
      let count = Int.random(in: 2...4, using: &rng)
      let stops = (0..<count).map { i in
        GradientStop(location: Double(i) / Double(count - 1), color: GradientRandom.color(&rng))
      }
      let c = GradientCase(
        stops: stops, interpolation: GradientRandom.chance(0.5, &rng) ? .straight : .premultiplied,
        shape: conic
          ? .conic(center: center, startAngle: trial % 6 == 1 ? 1 : 0)
          : .radial(startCenter: center, startRadius: grows ? r0 : r1, endCenter: center, endRadius: grows ? r1 : r0),
        extend: GradientRandom.extends[trial % GradientRandom.extends.count], scale: scale, rect: rect, width: width,
        height: height, offsetX: Int.random(in: 0...3, using: &rng),
        format: GradientRandom.chance(0.5, &rng) ? .rgba8Premultiplied : .bgra8Premultiplied)
      let rows = try Self.mirroredRowCount(c)
      if conic { conicRows += rows } else { radialRows += rows }
      var random: SeededGenerator? = SeededGenerator(seed: rng.next())
      let (mismatch, threadsAgree) = try Self.drawOnSeveralThreads(c, over: GradientCanvas(for: c, random: &random))
      if let mismatch {
        Issue.record("trial \(trial): \(c): \(mismatch)")
        failures += 1
      }
      #expect(threadsAgree, "trial \(trial): threads differ: \(c)")
      if failures >= 4 { return }
    }
    #expect(radialRows > 250 && conicRows > 250, "only \(radialRows) radial and \(conicRows) conic rows were mirrored")
  }

  /// A mirrored radial pixel lies up to 1/4 cell from its image where the centre is off the
  /// half-pixel grid (1/8 with exact cells). Where the colour jumps within that, the two may lie
  /// on either side of the jump: inside the table, its exact cells send the image (and so the
  /// mirrored pixel) to be redone; a repeat's wrap or an unpadded end allow only mirrors exact to
  /// rounding. Before that rule, the repeating and unpadded ramps here drew pixels black for
  /// white beside every wrap (17 of 24 fills). Some centres on the grid at scale 2.5 give
  /// mirrors off by rounding alone (1.1e-13 pixel), which take the copy of redone images.
  @Test("radial rows mirrored about a column off the centre: pixels beside jumps take their own side")
  func offGridMirrorsKeepJumps() throws {
    let (black, white) = (StraightColor(red: 0, green: 0, blue: 0), StraightColor(red: 1, green: 1, blue: 1))
    let ramp = [GradientStop(location: 0, color: black), GradientStop(location: 1, color: white)]
    let edges = [
      GradientStop(location: 0, color: black), GradientStop(location: 0.3, color: black),
      GradientStop(location: 0.3, color: white), GradientStop(location: 0.7, color: white),
      GradientStop(location: 0.7, color: black), GradientStop(location: 1, color: black),
    ]
    let fills: [([GradientStop], GradientExtend, [Double])] = [
      (ramp, .repeating, [40, 61, 97.5]), (ramp, .none, [40, 61, 97.5]),
      (edges, .pad, [150, 240, 290]), (edges, .reflecting, [150, 240, 290]), (edges, .repeating, [150, 240]),
    ]
    // Centre nudges off the half-pixel grid (pixels), scales, formats and centre columns (at
    // 350.5 the row's left end is computed directly, not mirrored). Geometry in points.
    let variants: [(nudge: Double, scale: Double, format: PixelFormat, column: Double)] = [
      (0, 1, .rgba8Premultiplied, 300.5), (0.004, 2, .bgra8Premultiplied, 350.5), (0, 2.5, .rgba8Premultiplied, 301.5),
      (0.011, 1, .rgba8Premultiplied, 300.5), (-0.003, 2, .bgra8Premultiplied, 350.5),
      (0, 2, .bgra8Premultiplied, 350.5), (0.0015, 1, .rgba8Premultiplied, 300.5), (0, 2.5, .bgra8Premultiplied, 349),
    ]
    var failures: [String] = []
    var edgeRowsMirrored: [Double: Int] = [:]
    var roundingOffsetRows = 0
    for (stops, extend, radii) in fills {
      for (nudge, scale, format, column) in variants {
        for radius in radii {
          let center = PointPosition(x: (column + nudge) / scale, y: 10.3 / scale)
          let c = GradientCase(
            stops: stops,
            shape: .radial(startCenter: center, startRadius: 0, endCenter: center, endRadius: radius / scale),
            extend: extend, scale: scale, width: 600, height: 12, format: format)
          if stops.count == edges.count && extend != .repeating {
            let offsets = try Self.mirroredRowOffsets(c)
            edgeRowsMirrored[scale, default: 0] += offsets.count
            roundingOffsetRows += offsets.filter { $0 > 0 && $0 <= GradientRowWriter.roundingMirrorOffset }.count
          }
          var random: SeededGenerator? = nil
          var canvas = try GradientCanvas(for: c, random: &random)
          let before = canvas
          try canvas.draw(c, options: CompositeOptions(blendMode: .copy))
          if let mismatch = try GradientPropertyTests.firstMismatch(c, canvas: canvas, before: before) {
            failures.append("\(extend), nudge \(nudge), radius \(radius), \(stops.count) stops: \(mismatch)")
          }
        }
      }
    }
    #expect(
      edgeRowsMirrored.values.count == 3 && edgeRowsMirrored.values.allSatisfy { $0 > 50 },
      "rows with hard edges mirrored per scale: \(edgeRowsMirrored)")
    #expect(roundingOffsetRows > 20, "only \(roundingOffsetRows) rows with hard edges mirrored off by rounding alone")
    #expect(failures.isEmpty, "\(failures.count) fills differ, first: \(failures.prefix(3))")
  }

  /// Conic rows mirror their entries (``ConicGradientParameter/mirroredEntries(_:cellCount:)``):
  /// where the mirrored cell is exact, the mirrored pixel shows the sentinel and is redone.
  @Test("unrotated conic fills with hard edges mirror their rows: every pixel within 1 of the reference, on 1, 2 and 5 threads")
  func conicHardEdgesMirror() throws {
    var rng = SeededGenerator(seed: 0x311B)
    var failures: [String] = []
    var mirroredRows = 0
    for trial in 0..<12 {
      // Edges on cell boundaries of the 4096-cell table, or a hair off one, or anywhere.
      let offset = [0, 0.004, -0.004, Double.random(in: 0...1, using: &rng)][trial % 4]
      let edge = (Double(Int.random(in: 300...3800, using: &rng)) + offset) / 4096
      let center = PointPosition(x: Double(Int.random(in: 200...400, using: &rng)) / 2, y: 100.5)
      let c = GradientCase(
        stops: GradientHardEdgeTests.stops(edge: edge), shape: .conic(center: center, startAngle: 0), width: 300,
        height: 200)
      mirroredRows += try Self.mirroredRowCount(c)
      var random: SeededGenerator? = nil
      let (mismatch, threadsAgree) = try Self.drawOnSeveralThreads(c, over: GradientCanvas(for: c, random: &random))
      if let mismatch { failures.append("trial \(trial), edge \(edge), centre \(center): \(mismatch)") }
      #expect(threadsAgree, "trial \(trial): threads differ")
    }
    #expect(mirroredRows > 1000, "only \(mirroredRows) rows were mirrored")
    #expect(failures.isEmpty, "\(failures.count) fills differ, first: \(failures.prefix(3))")
  }

  /// `c` drawn (`copy`) over `before` on 1, 2 and 5 threads: the first pixel of the one-thread
  /// draw that is not within 1 of the reference, if any, and whether every thread count drew the
  /// same bytes.
  static func drawOnSeveralThreads(
    _ c: GradientCase, over before: GradientCanvas
  ) throws -> (mismatch: String?, threadsAgree: Bool) {
    var results: [[UInt8]] = []
    var mismatch: String? = nil
    for threads in [1, 2, 5] {
      var canvas = before
      try canvas.draw(c, options: CompositeOptions(blendMode: .copy, parallelism: try .threads(threads)))
      results.append(canvas.allBytes())
      if threads == 1 { mismatch = try GradientPropertyTests.firstMismatch(c, canvas: canvas, before: before) }
    }
    return (mismatch, results.allSatisfy { $0 == results[0] })
  }

  /// How many rows of `c`'s draw mirror (``GradientRowWriter/mirroredPart(_:y:columns:)``).
  static func mirroredRowCount(_ c: GradientCase) throws -> Int { try mirroredRowOffsets(c).count }

  /// The mirror offsets of the rows of `c`'s draw that mirror.
  static func mirroredRowOffsets(_ c: GradientCase) throws -> [Double] {
    let fill = try c.makeFill()
    let writer = GradientRowWriter(gradient: fill.gradient, extend: fill.extend, order: .rgba, dithers: false)
    let area = try c.drawnPixels()
    let columns = area.x..<(area.x + area.width)
    func offsets<Parameter: GradientParameter>(_ parameter: Parameter) -> [Double] {
      (area.y..<(area.y + area.height)).compactMap { writer.mirroredPart(parameter, y: $0, columns: columns)?.offset }
    }
    switch try fill.shape.geometry(map: GradientMap(scale: c.scale), extend: fill.extend) {
    case .concentric(let parameter): return offsets(parameter)
    case .conic(let parameter): return offsets(parameter)
    default: return []
    }
  }
}
