import PixelOpsTestSupport
import Testing

@testable import PixelOps

/// Every entry point that reads one view and writes another, given views over the same memory:
/// overlap is refused before a pixel is written; the very same pixels run in place for per-pixel
/// operations, with the result of the same call from a copy (the reference), at 1 and 4 threads.
@Suite("Overlapping views")
struct OverlappingViewTests {
  private static let four = try! Parallelism.threads(4)

  /// Expects `body` to throw `.overlappingViews(operation:)` and to leave the memory as it was.
  private static func expectRefused(
    _ operation: String, in memory: OverlapTestMemory, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws(PixelError) -> Void
  ) {
    let before = memory.bytes
    #expect(throws: PixelError.overlappingViews(operation: operation), sourceLocation: sourceLocation) { try body() }
    #expect(memory.bytes == before, "pixels were written", sourceLocation: sourceLocation)
  }

  // MARK: - Refused

  @Test("issue 11: rows 0-62 drawn onto rows 1-63 of one 64x64 buffer are refused, at any thread count")
  func rowShiftRefused() throws {
    let memory = OverlapTestMemory(width: 64, height: 64, seed: 1)
    let source = try memory.view(PixelRect(x: 0, y: 0, width: 64, height: 63)).readOnly
    let destination = try memory.view(PixelRect(x: 0, y: 1, width: 64, height: 63))
    for parallelism in [Parallelism.serial, Self.four] {
      Self.expectRefused("Compositor.draw source", in: memory) { () throws(PixelError) in
        try Compositor.draw(source, onto: destination, options: CompositeOptions(parallelism: parallelism))
      }
    }
  }

  @Test("a shift by one pixel and a .copy on 4 threads are refused")
  func pixelShiftAndCopyRefused() throws {
    let memory = OverlapTestMemory(width: 512, height: 512, seed: 2)
    let source = try memory.view(PixelRect(x: 0, y: 0, width: 511, height: 512)).readOnly
    let destination = try memory.view(PixelRect(x: 1, y: 0, width: 511, height: 512))
    Self.expectRefused("Compositor.draw source", in: memory) { () throws(PixelError) in
      try Compositor.draw(source, onto: destination)
    }
    let whole = try memory.view(PixelRect(x: 0, y: 0, width: 512, height: 512))
    Self.expectRefused("Compositor.draw source", in: memory) { () throws(PixelError) in
      try Compositor.draw(
        whole.readOnly, onto: whole, at: PixelPosition(x: 0, y: 1),
        options: CompositeOptions(blendMode: .copy, parallelism: Self.four))
    }
  }

  @Test("resampling a corner up to the whole buffer, or a view onto itself, is refused")
  func resampleRefused() throws {
    let memory = OverlapTestMemory(width: 64, height: 64, seed: 3)
    let whole = try memory.view(PixelRect(x: 0, y: 0, width: 64, height: 64))
    let corner = try memory.view(PixelRect(x: 0, y: 0, width: 16, height: 16)).readOnly
    Self.expectRefused("Resampler.resample source", in: memory) { () throws(PixelError) in
      try Resampler.resample(corner, onto: whole, filter: .lanczos3, parallelism: Self.four)
    }
    Self.expectRefused("Resampler.resample source", in: memory) { () throws(PixelError) in
      try Resampler.resample(whole.readOnly, onto: whole, filter: .nearest)
    }
  }

  @Test("scaled and trilinear draws refuse an overlapping source or mask")
  func scaledDrawsRefused() throws {
    let memory = OverlapTestMemory(width: 64, height: 64, seed: 4)
    let whole = try memory.view(PixelRect(x: 0, y: 0, width: 64, height: 64))
    let corner = try memory.view(PixelRect(x: 0, y: 0, width: 32, height: 32)).readOnly
    let everywhere = FractionalPixelRect(x: 0, y: 0, width: 64, height: 64)
    Self.expectRefused("Compositor.draw (scaled) source", in: memory) { () throws(PixelError) in
      try Compositor.draw(corner, in: everywhere, onto: whole, filter: .bilinear)
    }
    // A Gray8 mask over the destination's own bytes (the first 64 bytes of each row).
    let squareMask = try MutablePixelView(
      unsafeBaseAddress: memory.base, width: 64, height: 64, rowBytes: 256, format: .gray8
    ).readOnly
    let image = try RandomPixels.buffer(width: 128, height: 128, format: .rgba8Premultiplied, seed: 5)
    try image.withView { (source) throws(PixelError) in
      Self.expectRefused("Compositor.draw (scaled) mask", in: memory) { () throws(PixelError) in
        try Compositor.draw(source, in: everywhere, onto: whole, filter: .bilinear, options: CompositeOptions(mask: squareMask))
      }
    }
    let chain = try image.withView { (source) throws(PixelError) in try MipmapChain(source) }
    Self.expectRefused("Compositor.draw (mipmaps) mask", in: memory) { () throws(PixelError) in
      try Compositor.draw(chain, in: everywhere, onto: whole, options: CompositeOptions(mask: squareMask))
    }
  }

  @Test("template draws (image, prepared, through a mask), fills and draws refuse overlap")
  func templatesFillsAndMasksRefused() throws {
    let memory = OverlapTestMemory(width: 64, height: 64, seed: 6)
    let whole = try memory.view(PixelRect(x: 0, y: 0, width: 64, height: 64))
    let shifted = try memory.view(PixelRect(x: 1, y: 1, width: 63, height: 63)).readOnly
    let tint = PremultipliedColor(premultipliedRed: 200, green: 10, blue: 0, alpha: 220)
    Self.expectRefused("Compositor.drawTemplate source", in: memory) { () throws(PixelError) in
      try Compositor.drawTemplate(shifted, tint: tint, onto: whole)
    }
    let mask = try MutablePixelView(unsafeBaseAddress: memory.base, width: 64, height: 64, rowBytes: 256, format: .gray8)
      .readOnly
    let separate = try RandomPixels.buffer(width: 64, height: 64, format: .rgba8Premultiplied, seed: 7)
    let options = CompositeOptions(mask: mask)
    try separate.withView { (image) throws(PixelError) in
      Self.expectRefused("Compositor.drawTemplate mask", in: memory) { () throws(PixelError) in
        try Compositor.drawTemplate(image, tint: tint, onto: whole, options: options)
      }
      let prepared = try TemplateImage(image)
      Self.expectRefused("Compositor.drawTemplate mask", in: memory) { () throws(PixelError) in
        try Compositor.drawTemplate(prepared, tint: tint, onto: whole, options: options)
      }
      Self.expectRefused("Compositor.draw mask", in: memory) { () throws(PixelError) in
        try Compositor.draw(image, onto: whole, options: options)
      }
    }
    Self.expectRefused("Compositor.fill mask", in: memory) { () throws(PixelError) in
      try Compositor.fill(whole.bounds, of: whole, with: tint, options: options)
    }
  }

  @Test("conversions and copies refuse shifted views and views of another pixel size over the same bytes")
  func conversionsRefused() throws {
    let memory = OverlapTestMemory(width: 64, height: 64, seed: 8)
    let source = try memory.view(PixelRect(x: 0, y: 0, width: 64, height: 63)).readOnly
    let below = try memory.view(PixelRect(x: 0, y: 1, width: 64, height: 63))
    let straightBelow = try memory.view(PixelRect(x: 0, y: 1, width: 64, height: 63), format: .rgba8Straight)
    Self.expectRefused("PixelConverter.convert source", in: memory) { () throws(PixelError) in
      try PixelConverter.convert(source, into: straightBelow, parallelism: Self.four)
    }
    Self.expectRefused("MutablePixelView.copyPixels source", in: memory) { () throws(PixelError) in
      try below.copyPixels(from: source)
    }
    Self.expectRefused("PixelConverter.convert source", in: memory) { () throws(PixelError) in
      try PixelConverter.convert(source, into: below)
    }
    // Gray8 written over the first bytes of the RGBA8 rows it reads: same first byte, other size.
    let gray = try MutablePixelView(unsafeBaseAddress: memory.base, width: 64, height: 63, rowBytes: 256, format: .gray8)
    Self.expectRefused("PixelConverter.convert source", in: memory) { () throws(PixelError) in
      try PixelConverter.convert(source, into: gray)
    }
  }

  @Test("layer renderers refuse an image that overlaps the surface, even the same view")
  func layersRefused() throws {
    let memory = OverlapTestMemory(width: 32, height: 32, seed: 9)
    let whole = try memory.view(PixelRect(x: 0, y: 0, width: 32, height: 32))
    let corner = try memory.view(PixelRect(x: 0, y: 0, width: 8, height: 8)).readOnly
    let layer = ContentLayer(
      bounds: PointRect(x: 0, y: 0, width: 32, height: 32), contentsPixelSize: PixelSize(width: 8, height: 8))
    Self.expectRefused("LayerContentsRenderer.draw source", in: memory) { () throws(PixelError) in
      try LayerContentsRenderer.draw(corner, as: layer, onto: whole)
    }
    Self.expectRefused("ImageViewTransparency.render source", in: memory) { () throws(PixelError) in
      try ImageViewTransparency.render(whole.readOnly, appearance: ImageViewAppearance(alpha: 0.5), into: whole)
    }
    let wholeLayer = ContentLayer(
      bounds: PointRect(x: 0, y: 0, width: 32, height: 32), contentsPixelSize: PixelSize(width: 32, height: 32))
    Self.expectRefused("ImageViewTransparency.render source", in: memory) { () throws(PixelError) in
      try ImageViewTransparency.render(whole.readOnly, as: wholeLayer, appearance: ImageViewAppearance(), into: whole)
    }
  }

  // MARK: - Allowed

  /// Runs `draw` twice over fresh copies of the same memory: once reading the view itself
  /// (in place), once reading a copy of it; the memory must end the same.
  @discardableResult
  private static func expectSameAsFromCopy(
    width: Int, height: Int, seed: UInt64, _ label: String = "", sourceLocation: SourceLocation = #_sourceLocation,
    _ draw: (_ source: PixelView, _ memory: OverlapTestMemory) throws(PixelError) -> Void,
    source: (OverlapTestMemory) throws -> PixelView
  ) throws -> Bool {
    let memory = OverlapTestMemory(width: width, height: height, seed: seed)
    let original = memory.bytes
    let inPlace = try source(memory)
    let copy = try PixelBuffer(copying: inPlace)
    try draw(inPlace, memory)
    let inPlaceResult = memory.bytes
    memory.restore(original)
    try copy.withView { (copied) throws(PixelError) in try draw(copied, memory) }
    let fromCopy = memory.bytes
    let differing = zip(inPlaceResult, fromCopy).filter { $0 != $1 }.count
    #expect(differing == 0, "\(label): \(differing) bytes differ from the draw from a copy", sourceLocation: sourceLocation)
    return fromCopy != original
  }

  @Test("a view drawn onto itself (every mode, opacity, mask; 1 and 4 threads) equals the draw from a copy")
  func drawInPlace() throws {
    let mask = try RandomPixels.buffer(width: 67, height: 23, format: .gray8, seed: 10)
    for mode in BlendMode.allCases {
      for opacity in [1, 0.5] {
        for masked in [false, true] {
          for parallelism in [Parallelism.serial, Self.four] {
            try mask.withView { maskView in
              let options = CompositeOptions(
                blendMode: mode, opacity: opacity, mask: masked ? maskView : nil, parallelism: parallelism)
              try Self.expectSameAsFromCopy(width: 67, height: 23, seed: 11, "\(mode) \(opacity) \(masked) \(parallelism)") { (source, memory) throws(PixelError) in
                try Compositor.draw(source, onto: try memory.view(source.bounds), options: options)
              } source: { memory in try memory.view(PixelRect(x: 0, y: 0, width: 67, height: 23)).readOnly }
            }
          }
        }
      }
    }
  }

  /// The same pixels read as RGBA and written as BGRA (or back): hue, saturation, color and
  /// luminosity onto BGRA work in RGBA and swapped the destination row in place, which was the
  /// source row too, so the blend read the destination as its source.
  @Test("a view drawn onto itself in the other channel order (every mode, both orders, 1 and 4 threads) equals the draw from a copy")
  func drawInPlaceOtherChannelOrder() throws {
    for mode in BlendMode.allCases {
      for (sourceFormat, destinationFormat) in [
        (PixelFormat.rgba8Premultiplied, PixelFormat.bgra8Premultiplied), (.bgra8Premultiplied, .rgba8Premultiplied),
      ] {
        for parallelism in [Parallelism.serial, Self.four] {
          let options = CompositeOptions(blendMode: mode, opacity: 0.75, parallelism: parallelism)
          let whole = PixelRect(x: 0, y: 0, width: 67, height: 23)
          try Self.expectSameAsFromCopy(width: 67, height: 23, seed: 15, "\(mode) \(sourceFormat) onto \(destinationFormat) \(parallelism)") {
            (source, memory) throws(PixelError) in
            try Compositor.draw(source, onto: try memory.view(whole, format: destinationFormat), options: options)
          } source: { memory in try memory.view(whole, format: sourceFormat).readOnly }
        }
      }
    }
  }

  @Test("in place at a size that splits into 4 threads' bands, and with the source placed at an offset")
  func drawInPlaceThreaded() throws {
    for mode in [BlendMode.normal, .copy, .multiply, .hue] {
      let options = CompositeOptions(blendMode: mode, opacity: 0.5, parallelism: Self.four)
      let changed = try Self.expectSameAsFromCopy(width: 512, height: 512, seed: 12) { (source, memory) throws(PixelError) in
        try Compositor.draw(source, onto: try memory.view(source.bounds), options: options)
      } source: { memory in try memory.view(PixelRect(x: 0, y: 0, width: 512, height: 512)).readOnly }
      #expect(changed, "\(mode) at opacity 0.5 changes the pixels")
    }
    // Rows 1-63 drawn at (0, 1) of the whole buffer land on the pixels they are read from.
    try Self.expectSameAsFromCopy(width: 64, height: 64, seed: 13) { (source, memory) throws(PixelError) in
      let whole = try memory.view(PixelRect(x: 0, y: 0, width: 64, height: 64))
      try Compositor.draw(source, onto: whole, at: PixelPosition(x: 0, y: 1), options: CompositeOptions(blendMode: .screen))
    } source: { memory in try memory.view(PixelRect(x: 0, y: 1, width: 64, height: 63)).readOnly }
  }

  @Test("the left half of a buffer drawn onto its right half touches no common pixel: allowed")
  func interleavedHalves() throws {
    try Self.expectSameAsFromCopy(width: 512, height: 512, seed: 14) { (source, memory) throws(PixelError) in
      let right = try memory.view(PixelRect(x: 256, y: 0, width: 256, height: 512))
      try Compositor.draw(source, onto: right, options: CompositeOptions(blendMode: .overlay, parallelism: Self.four))
    } source: { memory in try memory.view(PixelRect(x: 0, y: 0, width: 256, height: 512)).readOnly }
  }

  @Test("a template tinted in place equals the template drawn from a copy")
  func templateInPlace() throws {
    let tint = PremultipliedColor(premultipliedRed: 30, green: 120, blue: 200, alpha: 230)
    let mask = try RandomPixels.buffer(width: 67, height: 23, format: .gray8, seed: 15)
    for mode in [BlendMode.normal, .copy, .multiply, .color] {
      for parallelism in [Parallelism.serial, Self.four] {
        for masked in [false, true] {
          try mask.withView { maskView in
            let options = CompositeOptions(blendMode: mode, mask: masked ? maskView : nil, parallelism: parallelism)
            try Self.expectSameAsFromCopy(width: 67, height: 23, seed: 16) { (source, memory) throws(PixelError) in
              try Compositor.drawTemplate(source, tint: tint, onto: try memory.view(source.bounds), options: options)
            } source: { memory in try memory.view(PixelRect(x: 0, y: 0, width: 67, height: 23)).readOnly }
          }
        }
      }
    }
  }

  @Test("conversions in place between formats of equal pixel size equal conversions from a copy, 1 and 4 threads")
  func conversionInPlace() throws {
    let groups: [[PixelFormat]] = [
      [.rgba8Premultiplied, .rgba8Straight, .bgra8Premultiplied], [.rgba16Premultiplied, .rgba16Straight],
    ]
    for group in groups {
      for from in group {
        for to in group where to != from {
          for parallelism in [Parallelism.serial, Self.four] {
            let width = 600
            let height = 300  // 1.4 MB of traffic at 4 bytes per pixel: 4 threads' bands
            let input = try RandomPixels.buffer(width: width, height: height, format: from, seed: 17)
            let bytesPerPixel = from.bytesPerPixel
            let memory = UnsafeMutableRawPointer.allocate(byteCount: width * height * bytesPerPixel, alignment: 64)
            defer { memory.deallocate() }
            let rowBytes = width * bytesPerPixel
            let readView = try PixelView(
              unsafeBaseAddress: memory, width: width, height: height, rowBytes: rowBytes, format: from)
            let writeView = try MutablePixelView(
              unsafeBaseAddress: memory, width: width, height: height, rowBytes: rowBytes, format: to)
            try input.withView { (view) throws(PixelError) in
              try MutablePixelView(
                unsafeBaseAddress: memory, width: width, height: height, rowBytes: rowBytes, format: from
              ).copyPixels(from: view)
            }
            try PixelConverter.convert(readView, into: writeView, parallelism: parallelism)
            var expected = try PixelBuffer(width: width, height: height, format: to)
            try input.withView { (view) throws(PixelError) in
              try expected.withMutableView { (out) throws(PixelError) in
                try PixelConverter.convert(view, into: out, parallelism: .serial)
              }
            }
            #expect(writeView.readOnly.packedBytes() == expected.withView { $0.packedBytes() }, "\(from) -> \(to)")
          }
        }
      }
    }
  }

  @Test("copying a view onto itself changes nothing")
  func copyOntoItself() throws {
    let memory = OverlapTestMemory(width: 16, height: 16, seed: 18)
    let before = memory.bytes
    let whole = try memory.view(PixelRect(x: 0, y: 0, width: 16, height: 16))
    try whole.copyPixels(from: whole.readOnly)
    try PixelConverter.convert(whole.readOnly, into: whole)
    #expect(memory.bytes == before)
  }
}
