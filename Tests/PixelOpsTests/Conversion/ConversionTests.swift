import PixelOpsTestSupport
import Testing

@testable import PixelOps

@Suite("Pixel format conversions")
struct ConversionTests {
  static let pairs: [(PixelFormat, PixelFormat)] = PixelFormat.allCases.flatMap { from in
    PixelFormat.allCases.map { (from, $0) }
  }

  /// Converts a random image of `from` placed at a random offset inside caller memory with
  /// random row padding, into a cropped destination view, and checks every pixel against the
  /// reference applied along the route, and that no byte outside the destination changed.
  @Test(
    "every pair matches the scalar reference over random sizes, strides, offsets and threads",
    arguments: pairs.map { PairCase(from: $0.0, to: $0.1) })
  func everyPairMatchesReference(_ pair: PairCase) throws {
    var rng = SeededGenerator(seed: UInt64(pair.from.hashValue & 0xFFFF) ^ 0x5EED)
    let route = ConversionRoute.route(from: pair.from, to: pair.to).steps
    for trial in 0..<24 {
      // Widths cover 0...2 vectors + tail, and beyond one 256-pixel scratch chunk.
      let width = trial == 0 ? 1 : (trial < 20 ? Int.random(in: 1...13, using: &rng) : Int.random(in: 250...530, using: &rng))
      let height = Int.random(in: 1...5, using: &rng)
      let source = try RandomPixels.buffer(width: width, height: height, format: pair.from, &rng)
      let padding = Int.random(in: 0...9, using: &rng)
      let offsetX = Int.random(in: 0...3, using: &rng)
      let offsetY = Int.random(in: 0...2, using: &rng)
      let bpp = pair.to.bytesPerPixel
      let rowBytes = (width + offsetX) * bpp + padding
      let memory = GuardedMemory(byteCount: rowBytes * (height + offsetY + 1) + 7)
      let outer = try MutablePixelView(
        unsafeBaseAddress: memory.bytes.baseAddress! + 3, width: width + offsetX, height: height + offsetY,
        rowBytes: rowBytes, format: pair.to)
      let destination = try outer.cropped(to: PixelRect(x: offsetX, y: offsetY, width: width, height: height))
      let threads = Int.random(in: 1...4, using: &rng)
      try source.withView { view in
        try PixelConverter.convert(view, into: destination, parallelism: .threads(threads))
        for y in 0..<height {
          for x in 0..<width {
            let input = ConversionReference.read(view.rowAddress(y) + x * pair.from.bytesPerPixel, pair.from)
            let expected =
              pair.from == pair.to
              ? input
              : route.reduce(input) { pixel, step in
                ConversionReference.direct(pixel, from: step.from, to: step.to)!
              }
            let actual = ConversionReference.read(destination.rowAddress(y) + x * bpp, pair.to)
            #expect(actual == expected, "\(pair) at (\(x), \(y)) of \(width)x\(height): input \(input)")
            if actual != expected { return }
          }
        }
      }
      #expect(memory.untouchedOutside(destination), "\(pair) wrote outside its view")
    }
  }

  @Test(
    "runs of opaque and transparent pixels (the skipping fast paths) match the reference at every alignment",
    arguments: [(PixelFormat.rgba8Straight, PixelFormat.rgba8Premultiplied), (.rgba8Premultiplied, .rgba8Straight)])
  func uniformAlphaRuns(from: PixelFormat, to: PixelFormat) throws {
    var rng = SeededGenerator(seed: 21)
    for _ in 0..<60 {
      let width = Int.random(in: 1...70, using: &rng)
      var source = try RandomPixels.buffer(width: width, height: 1, format: from, &rng)
      RandomPixels.insertUniformAlphaRuns(into: &source, maximumRun: 9, &rng)
      let converted = try source.converted(to: to)
      source.withView { input in
        converted.withView { output in
          for x in 0..<width {
            let pixel = ConversionReference.read(input.rowAddress(0) + x * 4, from)
            let expected = ConversionReference.direct(pixel, from: from, to: to)
            #expect(ConversionReference.read(output.rowAddress(0) + x * 4, to) == expected, "x \(x) of \(width): \(pixel)")
          }
        }
      }
    }
  }

  @Test("every pair has a route, and exactly one cheapest chain of direct rows")
  func routesAreUniqueCheapestChains() {
    for (from, to) in Self.pairs where from != to {
      var chains: [(cost: Int, steps: [DirectConversion])] = []
      func explore(_ format: PixelFormat, _ visited: Set<PixelFormat>, _ steps: [DirectConversion]) {
        if format == to {
          chains.append((steps.reduce(0) { $0 + $1.cost }, steps))
          return
        }
        for row in ConversionTable.rows where row.from == format && !visited.contains(row.to) {
          explore(row.to, visited.union([row.to]), steps + [row])
        }
      }
      explore(from, [from], [])
      let cheapest = chains.map(\.cost).min()
      #expect(cheapest != nil, "no route \(from) -> \(to)")
      let winners = chains.filter { $0.cost == cheapest }
      #expect(winners.count == 1, "\(from) -> \(to) has \(winners.count) cheapest chains")
      let chosen = ConversionRoute.route(from: from, to: to).steps
      #expect(chosen.map(\.to) == winners.first?.steps.map(\.to))
    }
  }

  @Test("straight 16-bit to premultiplied 8-bit reduces first, then premultiplies at 8 bits")
  func sixteenBitStraightReducesFirst() throws {
    // 16-bit (c, a) whose two orders differ: reduce-first gives round(round(c/257)*round(a/257)/255).
    let pixel: [UInt16] = [40000, 1234, 65535, 30000]
    let result = try convertOnePixel(
      pixel.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }, from: .rgba16Straight, to: .rgba8Premultiplied)
    let reduced = pixel.map { UInt64(roundedQuotient(UInt64($0), 257)) }
    let expected = [0, 1, 2].map { UInt8(roundedQuotient(reduced[$0] * reduced[3], 255)) } + [UInt8(reduced[3])]
    #expect(result == expected)
  }

  @Test("8-bit to 16-bit conversions do their alpha arithmetic at 16 bits")
  func widenThenConvertAlpha() throws {
    // Premultiplied 8-bit to straight 16-bit: exactly round(c * 65535 / a).
    let straight16 = try convertOnePixel([10, 20, 30, 77], from: .rgba8Premultiplied, to: .rgba16Straight)
    let channels = (0..<4).map { UInt64(straight16[$0 * 2]) | UInt64(straight16[$0 * 2 + 1]) << 8 }
    #expect(channels == [10, 20, 30].map { roundedQuotient($0 * 65535, 77) } + [77 * 257])
  }

  @Test("round trips that must be exact")
  func exactRoundTrips() throws {
    var rng = SeededGenerator(seed: 7)
    let premultiplied = try RandomPixels.buffer(width: 67, height: 9, format: .rgba8Premultiplied, &rng)
    for via in [PixelFormat.rgba8Straight, .bgra8Premultiplied, .rgba16Premultiplied, .rgba16Straight] {
      #expect(try premultiplied.converted(to: via).converted(to: .rgba8Premultiplied) == premultiplied, "via \(via)")
    }
    let gray = try RandomPixels.buffer(width: 33, height: 5, format: .gray8, &rng)
    for via in PixelFormat.allCases {
      #expect(try gray.converted(to: via).converted(to: .gray8) == gray, "gray via \(via)")
    }
    let straight16 = try RandomPixels.buffer(width: 19, height: 3, format: .rgba16Straight, &rng)
    var opaque16 = straight16
    opaque16.withMutableView { view in
      for y in 0..<view.height {
        for x in 0..<view.width { view.rowAddress(y).storeBytes(of: UInt16.max, toByteOffset: x * 8 + 6, as: UInt16.self) }
      }
    }
    #expect(try opaque16.converted(to: .rgba16Premultiplied).converted(to: .rgba16Straight) == opaque16)
  }

  @Test("results do not depend on the thread count")
  func threadCountInvariance() throws {
    var rng = SeededGenerator(seed: 11)
    let source = try RandomPixels.buffer(width: 301, height: 97, format: .rgba16Straight, &rng)
    let serial = try source.converted(to: .grayAlpha8, parallelism: .serial)
    for threads in 2...8 {
      #expect(try source.converted(to: .grayAlpha8, parallelism: .threads(threads)) == serial)
    }
  }

  @Test("size mismatch and cancellation are typed errors")
  func errors() throws {
    let small = try PixelBuffer(width: 2, height: 2, format: .rgba8Premultiplied)
    var large = try PixelBuffer(width: 3, height: 2, format: .rgba8Straight)
    let largeSize = large.size
    let token = CancellationToken()
    token.cancel()
    try small.withView { source in
      try large.withMutableView { destination in
        #expect(throws: PixelError.sizeMismatch(small.size, largeSize)) {
          try PixelConverter.convert(source, into: destination)
        }
        let fitting = try destination.cropped(to: PixelRect(x: 1, y: 0, width: 2, height: 2))
        #expect(throws: PixelError.cancelled) {
          try PixelConverter.convert(source, into: fitting, parallelism: .automatic.cancellable(by: token))
        }
      }
    }
  }

  private func convertOnePixel(_ bytes: [UInt8], from: PixelFormat, to: PixelFormat) throws -> [UInt8] {
    var source = try PixelBuffer(width: 1, height: 1, format: from)
    source.withMutableView { view in
      for (i, byte) in bytes.enumerated() { view.rowAddress(0).storeBytes(of: byte, toByteOffset: i, as: UInt8.self) }
    }
    return try source.converted(to: to).packedBytes()
  }
}

struct PairCase: CustomTestStringConvertible, Sendable {
  let from: PixelFormat
  let to: PixelFormat
  var testDescription: String { "\(from) -> \(to)" }
}
