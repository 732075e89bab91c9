import PixelOpsTestSupport
import Testing

@testable import PixelOps

@Suite("View overlap test")
struct ViewOverlapTests {
  /// The bytes a strided region addresses, listed one by one: the reference.
  private static func byteSet(_ r: AddressedBytes) -> Set<Int> {
    var set = Set<Int>()
    for row in 0..<r.rows {
      for b in 0..<r.length { set.insert(r.start + row * r.stride + b) }
    }
    return set
  }

  @Test("intersects agrees with the byte sets of random strided regions (equal and different strides)")
  func matchesByteSets() {
    var rng = SeededGenerator(seed: 11)
    var overlapping = 0
    for trial in 0..<20_000 {
      func region() -> AddressedBytes {
        let length = Int.random(in: 1...12, using: &rng)
        // Half the trials share one stride, as views of one buffer do.
        let stride = trial % 2 == 0 ? 16 : length + Int.random(in: 0...20, using: &rng)
        return AddressedBytes(
          start: Int.random(in: 0..<120, using: &rng), length: length, stride: max(stride, length),
          rows: Int.random(in: 1...6, using: &rng), bytesPerPixel: 1)
      }
      let a = region()
      let b = region()
      let expected = !Self.byteSet(a).isDisjoint(with: Self.byteSet(b))
      if expected { overlapping += 1 }
      #expect(a.intersects(b) == expected, "\(a) \(b)")
      #expect(b.intersects(a) == expected, "\(b) \(a)")
    }
    #expect(overlapping > 2_000 && overlapping < 18_000)  // both outcomes well exercised
  }

  @Test("left and right halves, even and odd rows of one buffer do not overlap; shifted views do")
  func interleavedViews() throws {
    let memory = UnsafeMutableRawPointer.allocate(byteCount: 64 * 256, alignment: 64)
    defer { memory.deallocate() }
    let whole = try MutablePixelView(unsafeBaseAddress: memory, width: 64, height: 64, rowBytes: 256, format: .rgba8Premultiplied)
    let left = try whole.cropped(to: PixelRect(x: 0, y: 0, width: 32, height: 64))
    let right = try whole.cropped(to: PixelRect(x: 32, y: 0, width: 32, height: 64))
    #expect(throws: Never.self) { try ViewOverlap.requireDisjoint("t", source: left.readOnly, mask: nil, onto: right) }
    let even = try MutablePixelView(unsafeBaseAddress: memory, width: 64, height: 32, rowBytes: 512, format: .rgba8Premultiplied)
    let odd = try MutablePixelView(
      unsafeBaseAddress: memory + 256, width: 64, height: 32, rowBytes: 512, format: .rgba8Premultiplied)
    #expect(throws: Never.self) { try ViewOverlap.requireDisjoint("t", source: even.readOnly, mask: nil, onto: odd) }
    #expect(throws: PixelError.overlappingViews(operation: "t source")) {
      try ViewOverlap.requireDisjoint("t", source: even.readOnly, mask: nil, onto: whole)
    }
    // One pixel to the right: the last pixel of the left half meets the first of the shifted.
    let shifted = try whole.cropped(to: PixelRect(x: 31, y: 0, width: 32, height: 64))
    #expect(throws: PixelError.overlappingViews(operation: "t source")) {
      try ViewOverlap.requireDisjoint("t", source: left.readOnly, mask: nil, onto: shifted)
    }
    // The same view is not disjoint, but is the same pixels.
    #expect(throws: Never.self) { try ViewOverlap.requireDisjointOrSame("t", whole.readOnly, onto: whole) }
    #expect(throws: PixelError.overlappingViews(operation: "t source")) {
      try ViewOverlap.requireDisjoint("t", source: whole.readOnly, mask: nil, onto: whole)
    }
    // Same first byte but another stride is not the same pixels.
    let narrow = try MutablePixelView(unsafeBaseAddress: memory, width: 64, height: 32, rowBytes: 512, format: .rgba8Premultiplied)
    let packed = try MutablePixelView(unsafeBaseAddress: memory, width: 64, height: 32, rowBytes: 256, format: .rgba8Premultiplied)
    #expect(throws: PixelError.overlappingViews(operation: "t source")) {
      try ViewOverlap.requireDisjointOrSame("t", narrow.readOnly, onto: packed)
    }
    // Empty views overlap nothing.
    let empty = try whole.cropped(to: PixelRect(x: 3, y: 3, width: 0, height: 5))
    #expect(throws: Never.self) { try ViewOverlap.requireDisjoint("t", source: empty.readOnly, mask: nil, onto: whole) }
  }
}
