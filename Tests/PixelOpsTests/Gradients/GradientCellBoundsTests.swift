import Testing

@testable import PixelOps

/// The cell producers write four entries at a time from any index: never more than 3 past the
/// count they were asked for (the row writer's scratch holds a chunk plus 3), and every entry
/// they write lies inside the table (below 2n).
@Suite("Gradient cell producers stay inside their buffer and the table")
struct GradientCellBoundsTests {
  static let sentinel: Int32 = 0x7EAD_BEEF

  /// Runs `write` on a buffer of `count + 3` entries followed by 16 guard entries.
  func check(count: Int, cellCount n: Int, _ write: (UnsafeMutablePointer<Int32>) -> Void) -> (overrun: Bool, outOfTable: Bool) {
    let buffer = UnsafeMutablePointer<Int32>.allocate(capacity: count + 3 + 16)
    defer { buffer.deallocate() }
    buffer.initialize(repeating: Self.sentinel, count: count + 3 + 16)
    write(buffer)
    let overrun = (count + 3..<count + 3 + 16).contains { buffer[$0] != Self.sentinel }
    let outOfTable = (0..<count).contains { buffer[$0] < 0 || buffer[$0] >= Int32(2 * n) }
    return (overrun, outOfTable)
  }

  /// The entries of any shape's row.
  func writeCells(
    _ geometry: GradientGeometry, row y: Int, from x: Int, count: Int, layout: GradientCellLayout,
    into cells: UnsafeMutablePointer<Int32>
  ) {
    switch geometry {
    case .linear(let p): p.writeCells(row: y, from: x, count: count, layout: layout, into: cells)
    case .concentric(let p): p.writeCells(row: y, from: x, count: count, layout: layout, into: cells)
    case .twoCircle(let p): p.writeCells(row: y, from: x, count: count, layout: layout, into: cells)
    case .focal(let p): p.writeCells(row: y, from: x, count: count, layout: layout, into: cells)
    case .conic(let p): p.writeCells(row: y, from: x, count: count, layout: layout, into: cells)
    }
  }

  @Test("the row writer's cell scratch holds a chunk plus the 3 entries a last group may add")
  func scratchHoldsAChunkPlusThree() {
    #expect(GradientRowWriter.cellScratchByteCount >= (GradientRowWriter.chunkSize + 3) * 4)
  }

  @Test("linear rows, every extend and phase: at most count + 3 entries, all inside the table")
  func linearStaysInBounds() {
    let n = 256
    let extends: [GradientExtend] = [.pad, .none, .padded(beforeStart: true, afterEnd: false), .repeating, .reflecting]
    var failures: [String] = []
    for extend in extends {
      for count in [1, 2, 3, 5, 255, 256] {
        // Starts before, inside and after the axis, rising and falling, so the middle span
        // (where positions are counted) begins and ends at every alignment.
        for first in stride(from: -300.0, through: 600, by: 37.25) {
          for step in [-3.5, -1.0, -0.01, 0.0, 0.013, 1.0, 2.75, 5000] {
            let layout = GradientCellLayout(count: n, extend: extend)
            let result = check(count: count, cellCount: n) {
              var store = GradientCellStore(cells: $0)
              LinearCells.write(first: first, step: step, count: count, layout: layout, into: &store)
            }
            if result.overrun || result.outOfTable {
              failures.append("\(extend) count \(count) first \(first) step \(step): \(result)")
            }
          }
        }
      }
    }
    #expect(failures.isEmpty, "\(failures.prefix(5))")
  }

  @Test("stepped rows (radial, conic), every extend: at most count + 3 entries, all inside the table")
  func steppedStaysInBounds() throws {
    let n = 256
    let map = GradientMap(scale: 1)
    let shapes: [GradientShape] = [
      .radial(center: PointPosition(x: 3, y: 2), radius: 9),
      .radial(startCenter: PointPosition(x: 0, y: 0), startRadius: 2, endCenter: PointPosition(x: 30, y: 5), endRadius: 1),
      .conic(center: PointPosition(x: 4, y: 4), startAngle: 1),
    ]
    var failures: [String] = []
    for shape in shapes {
      for extend in [GradientExtend.pad, .none, .repeating, .reflecting] {
        let geometry = try shape.geometry(map: map, extend: extend)
        for count in [1, 3, 4, 7, 256] {
          for x in [-40, 0, 3, 17] {
            let layout = GradientCellLayout(count: n, extend: extend)
            let result = check(count: count, cellCount: n) { cells in
              writeCells(geometry, row: 5, from: x, count: count, layout: layout, into: cells)
            }
            if result.overrun || result.outOfTable { failures.append("\(shape) \(extend) count \(count) x \(x): \(result)") }
          }
        }
      }
    }
    #expect(failures.isEmpty, "\(failures.prefix(5))")
  }

  @Test("conic runs and radial rows at extreme coordinates and scales: no trap, entries inside the table")
  func extremeGeometryStaysInBounds() throws {
    let n = 1024
    var failures: [String] = []
    for scale in [1e-30, 1e-6, 1.0, 1e6, 1e30] {
      for c in [-1e30, -1e9, 0.5, 1e9, 1e30] {
        let shapes: [GradientShape] = [
          .conic(center: PointPosition(x: c, y: 0.5), startAngle: 0),
          .conic(center: PointPosition(x: 3, y: c), startAngle: 0.3),
          .radial(center: PointPosition(x: c, y: c), radius: 7),
          .radial(startCenter: PointPosition(x: c, y: 1), startRadius: 1e20, endCenter: PointPosition(x: c, y: 1), endRadius: 3e20),
        ]
        for shape in shapes {
          guard let geometry = try? shape.geometry(map: GradientMap(scale: scale), extend: .pad) else { continue }
          let layout = GradientCellLayout(count: n, extend: .pad)
          for x in [-2000, 0, 1_000_000] {
            let result = check(count: 300, cellCount: n) { cells in
              writeCells(geometry, row: 7, from: x, count: 300, layout: layout, into: cells)
            }
            if result.overrun || result.outOfTable { failures.append("\(shape) scale \(scale) x \(x): \(result)") }
          }
        }
      }
    }
    #expect(failures.isEmpty, "\(failures.prefix(5))")
  }
}
