import PixelOpsTestSupport
import Testing

@testable import PixelOps

@Suite("Resampler")
struct ResamplerTests {
  /// A random geometry: source image, source rect, destination view and rect.
  struct Scenario: CustomStringConvertible {
    var sourceSize: PixelSize
    var sourceRect: FractionalPixelRect
    var destinationSize: PixelSize
    var destinationRect: FractionalPixelRect
    var filter: ResamplingFilter
    var extend = ExtendModes.clamp
    var description: String {
      "\(filter) \(sourceSize) rect \(sourceRect) -> \(destinationSize) rect \(destinationRect) extend \(extend)"
    }
  }

  static func randomScenario(_ rng: inout SeededGenerator, filter: ResamplingFilter) -> Scenario {
    func size(_ rng: inout SeededGenerator) -> Int {
      switch rng.next() % 5 {
      case 0: 1
      case 1: Int.random(in: 2...5, using: &rng)
      default: Int.random(in: 6...40, using: &rng)
      }
    }
    let sourceSize = PixelSize(width: size(&rng), height: size(&rng))
    let destinationSize = PixelSize(width: size(&rng), height: size(&rng))
    func fraction(_ rng: inout SeededGenerator) -> Double {
      rng.next() % 2 == 0 ? 0 : Double.random(in: -1...1, using: &rng).rounded(toPlaces: 3)
    }
    var sourceRect = FractionalPixelRect(size: sourceSize)
    var destinationRect = FractionalPixelRect(size: destinationSize)
    switch rng.next() % 4 {
    case 0: break
    case 1:
      // Fractional sub-rectangles, sometimes reaching outside.
      sourceRect = FractionalPixelRect(
        x: Double(sourceSize.width) * Double.random(in: -0.3...0.6, using: &rng) + fraction(&rng),
        y: Double(sourceSize.height) * Double.random(in: -0.3...0.6, using: &rng) + fraction(&rng),
        width: Double(sourceSize.width) * Double.random(in: 0.05...1.4, using: &rng) + 0.01,
        height: Double(sourceSize.height) * Double.random(in: 0.05...1.4, using: &rng) + 0.01)
      destinationRect = FractionalPixelRect(
        x: Double(destinationSize.width) * Double.random(in: -0.5...0.8, using: &rng) + fraction(&rng),
        y: Double(destinationSize.height) * Double.random(in: -0.5...0.8, using: &rng) + fraction(&rng),
        width: Double(destinationSize.width) * Double.random(in: 0.1...1.6, using: &rng),
        height: Double(destinationSize.height) * Double.random(in: 0.1...1.6, using: &rng))
    case 2:
      // Extreme ratios: a few pixels from many, many from a few.
      let sourceIsSmall = rng.next() % 2 == 0
      let small = PixelSize(width: Int.random(in: 1...3, using: &rng), height: Int.random(in: 1...3, using: &rng))
      let large = PixelSize(width: Int.random(in: 60...140, using: &rng), height: Int.random(in: 30...80, using: &rng))
      return Scenario(
        sourceSize: sourceIsSmall ? small : large, sourceRect: FractionalPixelRect(size: sourceIsSmall ? small : large),
        destinationSize: sourceIsSmall ? large : small,
        destinationRect: FractionalPixelRect(size: sourceIsSmall ? large : small), filter: filter)
    default:
      destinationRect = FractionalPixelRect(
        x: Double(Int.random(in: -3...3, using: &rng)), y: Double(Int.random(in: -3...3, using: &rng)),
        width: Double(Int.random(in: 1...40, using: &rng)), height: Double(Int.random(in: 1...40, using: &rng)))
    }
    return Scenario(
      sourceSize: sourceSize, sourceRect: sourceRect, destinationSize: destinationSize, destinationRect: destinationRect,
      filter: filter)
  }

  /// Runs `scenario` on a random source placed in padded memory, and a destination view
  /// inside guarded memory; returns the worst difference from the reference.
  static func check(
    _ scenario: Scenario, threads: Int, order: ResampleRowProducer.PassOrder? = nil, _ rng: inout SeededGenerator
  ) throws -> (maximumError: Double, untouched: Bool, outsideUnchanged: Bool) {
    let source = try RandomPixels.buffer(
      width: scenario.sourceSize.width + 3, height: scenario.sourceSize.height + 2, format: .rgba8Premultiplied, &rng)
    let before = try RandomPixels.buffer(
      width: scenario.destinationSize.width, height: scenario.destinationSize.height, format: .rgba8Premultiplied, &rng)
    let padding = Int.random(in: 0...9, using: &rng)
    let rowBytes = scenario.destinationSize.width * 4 + padding
    let memory = GuardedMemory(byteCount: rowBytes * scenario.destinationSize.height + 8)
    let destination = try MutablePixelView(
      unsafeBaseAddress: memory.bytes.baseAddress! + 3, width: scenario.destinationSize.width,
      height: scenario.destinationSize.height, rowBytes: rowBytes, format: .rgba8Premultiplied)
    try before.withView { try destination.copyPixels(from: $0) }
    var worst = 0.0
    var outsideUnchanged = true
    try source.withView { whole in
      // A cropped view: its rows have padding and do not start at the buffer's start.
      let view = try whole.cropped(
        to: PixelRect(x: 2, y: 1, width: scenario.sourceSize.width, height: scenario.sourceSize.height))
      if let order {
        let producer = try ResampleRowProducer(
          source: view, sourceRect: scenario.sourceRect, destinationSize: destination.size,
          destinationRect: scenario.destinationRect, filter: scenario.filter, extend: scenario.extend, order: order)
        try producer.writeRows(to: destination, parallelism: .threads(threads))
      } else {
        try Resampler.resample(
          view, from: scenario.sourceRect, onto: destination, in: scenario.destinationRect, filter: scenario.filter,
          extend: scenario.extend, parallelism: .threads(threads))
      }
      before.withView { old in
        for y in 0..<destination.height {
          for x in 0..<destination.width {
            let result = destination.rowAddress(y).loadUnaligned(fromByteOffset: x * 4, as: SIMD4<UInt8>.self)
            if ResampleReference.isWritten(x: x, y: y, destinationRect: scenario.destinationRect) {
              let expected = ResampleReference.pixel(
                view, sourceRect: scenario.sourceRect, destinationRect: scenario.destinationRect, filter: scenario.filter,
                x: x, y: y, extend: scenario.extend)
              for c in 0..<4 { worst = max(worst, abs(Double(result[c]) - expected[c])) }
              if result[0] > result[3] || result[1] > result[3] || result[2] > result[3] { worst = max(worst, 99) }
            } else if result != old.rowAddress(y).load(fromByteOffset: x * 4, as: SIMD4<UInt8>.self) {
              outsideUnchanged = false
            }
          }
        }
      }
    }
    return (worst, memory.untouchedOutside(destination), outsideUnchanged)
  }

  @Test("every filter is within 1 of the Double reference over random geometries", arguments: ResamplingFilter.allFilters)
  func matchesReference(filter: ResamplingFilter) throws {
    var rng = SeededGenerator(seed: 0x5CA1E + UInt64(ResamplingFilter.allFilters.firstIndex(of: filter)!))
    var failures: [String] = []
    for trial in 0..<150 {
      let scenario = Self.randomScenario(&rng, filter: filter)
      let threads = Int.random(in: 1...4, using: &rng)
      let (error, untouched, outside) = try Self.check(scenario, threads: threads, &rng)
      let tolerance = filter == .nearest ? 0 : 1.0
      if error > tolerance || !untouched || !outside, failures.count < 5 {
        failures.append("trial \(trial) \(scenario): error \(error), guards \(untouched), outside \(outside)")
      }
    }
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
  }

  /// Each geometry forced through both pass orders: they round at different points (and
  /// horizontal-first's vertical pass is 16-bit), and each must stay within 1 of the reference
  /// whichever order the cost model would pick. Worst errors also must not creep toward 1:
  /// both orders stay within 0.75 here.
  @Test(
    "both pass orders are within 1 of the Double reference",
    arguments: ResamplingFilter.allFilters.filter { $0 != .nearest })
  func bothOrdersMatchReference(filter: ResamplingFilter) throws {
    var rng = SeededGenerator(seed: 0x0D0E + UInt64(ResamplingFilter.allFilters.firstIndex(of: filter)!))
    var failures: [String] = []
    var worst: [ResampleRowProducer.PassOrder: Double] = [:]
    for trial in 0..<100 {
      let scenario = Self.randomScenario(&rng, filter: filter)
      let threads = Int.random(in: 1...3, using: &rng)
      for order in [ResampleRowProducer.PassOrder.horizontalFirst, .verticalFirst] {
        var orderRNG = SeededGenerator(seed: UInt64(trial) &+ 77)
        let (error, untouched, outside) = try Self.check(scenario, threads: threads, order: order, &orderRNG)
        worst[order] = max(worst[order] ?? 0, error)
        if error > 0.75 || !untouched || !outside, failures.count < 5 {
          failures.append("trial \(trial) \(order) \(scenario): error \(error), guards \(untouched), outside \(outside)")
        }
      }
    }
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    #expect(worst[.horizontalFirst] != nil && worst[.verticalFirst] != nil)
  }

  /// Sources that extend past their edges (the tiling issue's repeating images): source rects
  /// reaching well outside the image at fractional scales, each axis its own mode, through
  /// every pass order the geometry allows.
  @Test(
    "repeat, reflect, transparent and renormalize edges are within 1 of the Double reference",
    arguments: ResamplingFilter.allFilters)
  func extendModesMatchReference(filter: ResamplingFilter) throws {
    var rng = SeededGenerator(seed: 0xE7E + UInt64(ResamplingFilter.allFilters.firstIndex(of: filter)!))
    let modes: [ExtendMode] = [.repeat, .reflect, .transparent, .clamp, .renormalize]
    var failures: [String] = []
    for trial in 0..<80 {
      var scenario = Self.randomScenario(&rng, filter: filter)
      let width = Double(scenario.sourceSize.width)
      let height = Double(scenario.sourceSize.height)
      // Up to about three periods either side, at a scale that is not a whole number.
      scenario.sourceRect = FractionalPixelRect(
        x: Double.random(in: -2.5...1, using: &rng) * width, y: Double.random(in: -2.5...1, using: &rng) * height,
        width: Double.random(in: 0.3...3.7, using: &rng) * width, height: Double.random(in: 0.3...3.7, using: &rng) * height)
      scenario.extend = ExtendModes(horizontal: modes[trial % 5], vertical: modes[(trial / 5) % 5])
      let orders: [ResampleRowProducer.PassOrder?] = filter == .nearest ? [nil] : [nil, .horizontalFirst, .verticalFirst]
      for order in orders {
        var orderRNG = SeededGenerator(seed: UInt64(trial) &+ 91)
        let (error, untouched, outside) = try Self.check(
          scenario, threads: .random(in: 1...3, using: &rng), order: order, &orderRNG)
        let tolerance = filter == .nearest ? 0 : 1.0
        if error > tolerance || !untouched || !outside, failures.count < 5 {
          failures.append(
            "trial \(trial) \(order.map { "\($0)" } ?? "chosen") \(scenario): error \(error), guards \(untouched), outside \(outside)")
        }
      }
    }
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
  }
}

extension Double {
  func rounded(toPlaces places: Int) -> Double {
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    return (self * scale).rounded() / scale
  }
}
