import Dispatch
import Foundation
import Synchronization
import Testing

@testable import PixelOps

/// The 8.8 tables (dithering's) are four fifths of a gradient's table memory: they are made when
/// a dithered fill first asks for them, once, whatever the threads asking.
@Suite("Gradient colour tables")
struct GradientColorTableTests {
  static let stops = [
    GradientStop(location: 0, color: StraightColor(red: 1, green: 0.5, blue: 0, alpha: 1)),
    GradientStop(location: 0.4, color: StraightColor(red: 0, green: 1, blue: 1, alpha: 0.5)),
    GradientStop(location: 0.4, color: StraightColor(red: 0.2, green: 0.2, blue: 0.9, alpha: 1)),
    GradientStop(location: 1, color: StraightColor(red: 0.2, green: 0.2, blue: 0.9, alpha: 1)),
  ]

  @Test("an undithered fill leaves the 8.8 tables unmade; a dithered one makes them")
  func fixedTablesAreMadeForDitheringOnly() throws {
    let gradient = try Gradient(stops: Self.stops)
    var buffer = try PixelBuffer(width: 64, height: 16, format: .rgba8Premultiplied)
    let shape = GradientShape.linear(start: .zero, end: PointPosition(x: 64, y: 16))
    try buffer.withMutableView { view in
      _ = try Compositor.fill(of: view, with: GradientFill(gradient, shape: shape))
    }
    #expect(!gradient.table.holdsFixedTables)
    try buffer.withMutableView { view in
      _ = try Compositor.fill(of: view, with: GradientFill(gradient, shape: shape, dithers: true))
    }
    #expect(gradient.table.holdsFixedTables)
  }

  @Test("threads asking at once all get one block, with each cell's 8.8 colour")
  func fixedTablesAreMadeOnce() throws {
    for _ in 0..<20 {
      let gradient = try Gradient(stops: Self.stops)
      let table = gradient.table
      // Eight threads, released together once all have started, so that several ask at once.
      let addresses = Locked<Set<UInt>>([])
      let arrived = Atomic<Int>(0)
      let done = DispatchGroup()
      for thread in 0..<8 {
        done.enter()
        Thread.detachNewThread {
          arrived.add(1, ordering: .relaxed)
          while arrived.load(ordering: .relaxed) < 8 { sched_yield() }
          let rgba = thread % 2 == 0
          let first = table.table16(rgba ? .rgba : .bgra) - (rgba ? 0 : 2 * table.cellCount)
          addresses.withLock { _ = $0.insert(UInt(bitPattern: first)) }
          done.leave()
        }
      }
      done.wait()
      #expect(addresses.withLock { $0.count } == 1)
      // The BGRA table is the RGBA one with red and blue exchanged.
      let (rgba, bgra) = (table.table16(.rgba), table.table16(.bgra))
      let swapped = (0..<2 * table.cellCount).filter { entry in
        let c = unsafeBitCast(rgba[entry], to: SIMD4<UInt16>.self)
        return unsafeBitCast(SIMD4(c.z, c.y, c.x, c.w), to: UInt64.self) != bgra[entry]
      }
      #expect(swapped.isEmpty)
      // Each entry against the colour function, independently: the cell's centre in 8.8, the
      // sentinel where the 8-bit table has it, the ends' solid bytes times 256, transparent after.
      let n = table.cellCount
      let fixed = table.table16(.rgba)
      let function = gradient.function
      var misses = 0
      for entry in 0..<2 * n {
        let expected: UInt64
        if table.table8(.rgba)[entry] == GradientColorTable.exact8 {
          expected = GradientColorTable.exact16
        } else if entry == 0 || entry == n + 1 {
          let end = function.evaluate(entry == 0 ? -1 : 2).value
          expected = GradientColorTable.pack16(GradientColorTable.rounded(end) &* 256)
        } else if entry <= n {
          let (value, isFlat) = function.evaluate((Double(entry) - 0.5) / Double(n))
          let channels = isFlat ? GradientColorTable.rounded(value) &* 256 : GradientColorTable.fixedPoint(value)
          expected = GradientColorTable.pack16(channels)
        } else {
          expected = 0
        }
        if fixed[entry] != expected { misses += 1 }
      }
      #expect(misses == 0)
    }
  }
}
