import PixelOpsTestSupport
import Testing

@testable import PixelOps

@Suite("Pixel views")
struct PixelViewTests {
  @Test("views over caller memory validate size, stride and address")
  func callerMemoryValidation() throws {
    let memory = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 16)
    defer { memory.deallocate() }
    #expect(throws: PixelError.rowBytesTooSmall(rowBytes: 15, minimum: 16)) {
      try PixelView(unsafeBaseAddress: memory, width: 4, height: 2, rowBytes: 15, format: .rgba8Premultiplied)
    }
    #expect(throws: PixelError.invalidDimensions(width: -1, height: 2)) {
      try MutablePixelView(unsafeBaseAddress: memory, width: -1, height: 2, rowBytes: 16, format: .gray8)
    }
    #expect(throws: PixelError.missingBaseAddress) {
      try PixelView(unsafeBaseAddress: nil, width: 1, height: 1, rowBytes: 4, format: .rgba8Straight)
    }
    #expect(throws: PixelError.sizeOverflow(width: Int.max / 4, height: 1, bytesPerPixel: 8)) {
      try PixelView(unsafeBaseAddress: memory, width: Int.max / 4, height: 1, rowBytes: 0, format: .rgba16Straight)
    }
    #expect(throws: PixelError.sizeOverflow(width: 1, height: Int.max / 2, bytesPerPixel: 1)) {
      try PixelView(unsafeBaseAddress: memory, width: 1, height: Int.max / 2, rowBytes: 4, format: .gray8)
    }
    let empty = try PixelView(unsafeBaseAddress: nil, width: 0, height: 5, rowBytes: 0, format: .gray8)
    #expect(empty.isEmpty)
  }

  @Test(
    "crops outside the bounds are typed errors, including overflowing rects",
    arguments: [
      PixelRect(x: -1, y: 0, width: 2, height: 2), PixelRect(x: 0, y: 0, width: 11, height: 1),
      PixelRect(x: 3, y: 7, width: 1, height: 2), PixelRect(x: 2, y: 2, width: -1, height: 1),
      PixelRect(x: Int.max, y: 0, width: Int.max, height: 1), PixelRect(x: 11, y: 0, width: 0, height: 0),
    ])
  func outOfRangeCrops(rect: PixelRect) throws {
    let buffer = try PixelBuffer(width: 10, height: 8, format: .rgba8Premultiplied)
    buffer.withView { view in
      _ = #expect(throws: PixelError.rectOutOfBounds(rect, bounds: view.bounds)) { try view.cropped(to: rect) }
    }
  }

  @Test("random crops of random caller memory read and write only inside their rectangle")
  func cropsStayInside() throws {
    var rng = SeededGenerator(seed: 99)
    for _ in 0..<300 {
      let format = PixelFormat.allCases.randomElement(using: &rng)!
      let width = Int.random(in: 1...23, using: &rng)
      let height = Int.random(in: 1...9, using: &rng)
      let rowBytes = width * format.bytesPerPixel + Int.random(in: 0...13, using: &rng)
      let memory = GuardedMemory(byteCount: rowBytes * height + 32)
      let whole = try MutablePixelView(
        unsafeBaseAddress: memory.bytes.baseAddress! + Int.random(in: 0...15, using: &rng),
        width: width, height: height, rowBytes: rowBytes, format: format)
      let x = Int.random(in: 0...width, using: &rng)
      let y = Int.random(in: 0...height, using: &rng)
      let rect = PixelRect(
        x: x, y: y, width: Int.random(in: 0...(width - x), using: &rng), height: Int.random(in: 0...(height - y), using: &rng))
      let crop = try whole.cropped(to: rect)
      #expect(crop.size == rect.size)
      let fill = try RandomPixels.buffer(width: max(rect.width, 1), height: max(rect.height, 1), format: format, &rng)
      try fill.withView { source in
        let fitted = try source.cropped(to: PixelRect(size: rect.size))
        try crop.copyPixels(from: fitted)
        #expect(crop.readOnly.packedBytes() == fitted.packedBytes())
      }
      #expect(memory.untouchedOutside(crop), "crop \(rect) of \(width)x\(height) \(format) rowBytes \(rowBytes)")
    }
  }

  @Test("copying between views of different size or format is refused")
  func copyMismatch() throws {
    var a = try PixelBuffer(width: 2, height: 2, format: .rgba8Premultiplied)
    let b = try PixelBuffer(width: 2, height: 2, format: .bgra8Premultiplied)
    let c = try PixelBuffer(width: 3, height: 2, format: .rgba8Premultiplied)
    a.withMutableView { destination in
      b.withView { source in
        _ = #expect {
          try destination.copyPixels(from: source)
        } throws: { error in
          guard case .unsupportedFormat(let format, _) = error as? PixelError else { return false }
          return format == .bgra8Premultiplied || format == .rgba8Premultiplied
        }
      }
      c.withView { source in
        _ = #expect(throws: PixelError.sizeMismatch(c.size, destination.size)) { try destination.copyPixels(from: source) }
      }
    }
  }
}
