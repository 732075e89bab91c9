import PixelOpsTestSupport
import Testing

@testable import PixelOps

@Suite("UIImageView final transparency")
struct ImageViewTransparencyTests {
  static func rounded(_ n: Int) -> Int { (2 * n + 255) / 510 }

  /// The rules of the UIImageView reference, pixel by pixel.
  static func expected(image: [Int], appearance: ImageViewAppearance) -> [Int] {
    let background =
      appearance.backgroundColor.map { [Int($0.red), Int($0.green), Int($0.blue), Int($0.alpha)] } ?? [0, 0, 0, 0]
    var result = (0..<4).map { image[$0] + rounded(background[$0] * (255 - image[3])) }
    if appearance.isOpaque {
      result[3] = 255
    } else {
      let a = Int((min(max(appearance.alpha, 0), 1) * 255).rounded(.toNearestOrAwayFromZero))
      result = result.map { rounded($0 * a) }
    }
    return result
  }

  static let appearances: [ImageViewAppearance] = [
    ImageViewAppearance(),
    ImageViewAppearance(alpha: 0.5),
    ImageViewAppearance(backgroundColor: PremultipliedColor(red: 1, green: 0.5, blue: 0, alpha: 1), alpha: 0.3),
    ImageViewAppearance(backgroundColor: PremultipliedColor(red: 0, green: 0.5, blue: 1, alpha: 0.4), isOpaque: false, alpha: 1),
    ImageViewAppearance(backgroundColor: .white, isOpaque: true, alpha: 0.2),
    ImageViewAppearance(backgroundColor: nil, isOpaque: true, alpha: 0.7),
  ]

  @Test("background, opacity and view alpha combine as UIKit documents", arguments: appearances)
  func followsTheDocumentedRules(_ appearance: ImageViewAppearance) throws {
    var rng = SeededGenerator(seed: 5)
    let image = try RandomPixels.buffer(width: 19, height: 7, format: .rgba8Premultiplied, &rng)
    var output = try PixelBuffer(width: 19, height: 7, format: .rgba8Premultiplied)
    try image.withView { source in
      try output.withMutableView { try ImageViewTransparency.render(source, appearance: appearance, into: $0) }
    }
    image.withView { source in
      output.withView { result in
        for y in 0..<7 {
          for x in 0..<19 {
            let pixel = CompositeReference.read(source.rowAddress(y) + x * 4)
            let actual = CompositeReference.read(result.rowAddress(y) + x * 4)
            #expect(actual == Self.expected(image: pixel, appearance: appearance), "(\(x), \(y)) of \(pixel)")
          }
        }
      }
    }
  }

  @Test("an image without alpha counts as alpha 1: the view's alpha alone sets the transparency")
  func imageWithoutAlpha() throws {
    var rng = SeededGenerator(seed: 6)
    let gray = try RandomPixels.buffer(width: 5, height: 3, format: .gray8, &rng)
    let image = try gray.converted(to: .rgba8Premultiplied)
    var output = try PixelBuffer(width: 5, height: 3, format: .rgba8Premultiplied)
    try image.withView { source in
      try output.withMutableView {
        try ImageViewTransparency.render(source, appearance: ImageViewAppearance(backgroundColor: .white, alpha: 0.4), into: $0)
      }
    }
    let alphas = Set(stride(from: 3, to: output.packedBytes().count, by: 4).map { output.packedBytes()[$0] })
    #expect(alphas == [102])  // round(0.4 * 255) = 102; the white background never shows
  }

  /// A 10x6 pt view at screen scale 2 showing a 4x4 @1x image with `scaleAspectFit`: the image
  /// becomes 6x6 pt at (2, 0), i.e. pixels 4..<16 x 0..<12 of the 20x12 backing store, each
  /// image pixel a 3x3 block with nearest magnification. Every pixel then follows the rules
  /// above, the background showing where there is no image.
  @Test("content mode placement and the transparency rules together", arguments: appearances)
  func placedImage(_ appearance: ImageViewAppearance) throws {
    var rng = SeededGenerator(seed: 8)
    let image = try RandomPixels.buffer(width: 4, height: 4, format: .rgba8Premultiplied, &rng)
    let layer = ContentLayer.imageView(
      bounds: PointRect(x: 0, y: 0, width: 10, height: 6), image: image, contentMode: .scaleAspectFit, screenScale: 2,
      clipsToBounds: false)
    var output = try PixelBuffer(width: 20, height: 12, format: .rgba8Premultiplied)
    try image.withView { source in
      try output.withMutableView {
        try ImageViewTransparency.render(
          source, as: layer, appearance: appearance, into: $0, magnificationFilter: .nearest, parallelism: .serial)
      }
    }
    image.withView { source in
      output.withView { result in
        for y in 0..<12 {
          for x in 0..<20 {
            let covered = (4..<16).contains(x)
            let imagePixel =
              covered
              ? (0..<4).map { Int(source.rowAddress(y / 3).load(fromByteOffset: (x - 4) / 3 * 4 + $0, as: UInt8.self)) }
              : [0, 0, 0, 0]
            let actual = (0..<4).map { Int(result.rowAddress(y).load(fromByteOffset: x * 4 + $0, as: UInt8.self)) }
            #expect(actual == Self.expected(image: imagePixel, appearance: appearance), "(\(x), \(y))")
          }
        }
      }
    }
    var wrongSize = try PixelBuffer(width: 10, height: 6, format: .rgba8Premultiplied)
    _ = image.withView { source in
      wrongSize.withMutableView { store in
        #expect(throws: PixelError.sizeMismatch(PixelSize(width: 10, height: 6), PixelSize(width: 20, height: 12))) {
          try ImageViewTransparency.render(source, as: layer, appearance: appearance, into: store)
        }
      }
    }
  }

  /// A layer whose `contentsCenter` slices its contents keeps its fixed border with a
  /// background colour too: the background path must not fall back to a plain scaled draw
  /// (which smeared the border, the whole image stretched). With a background, every pixel is
  /// the sliced drawing without one, composited onto the colour.
  @Test("contentsCenter slices the contents with a background colour as without one")
  func slicedContentsOverBackground() throws {
    let image = try ContentsCenterTests.bandedImage(width: 12, height: 10, columns: 3..<9, rows: 3..<7, seed: 0xBAC6)
    let layer = ContentLayer(
      bounds: PointRect(x: 0, y: 0, width: 40, height: 10), contentsPixelSize: image.size, contentsGravity: .resize,
      contentsCenter: UnitRect(x: 0.25, y: 0.3, width: 0.5, height: 0.4), masksToBounds: true)
    let size = try ContentDrawPlan(layer: layer).backingStoreSize
    let withBackground = ImageViewAppearance(
      backgroundColor: PremultipliedColor(red: 0, green: 0.5, blue: 1, alpha: 1), isOpaque: false, alpha: 1)
    func render(_ appearance: ImageViewAppearance) throws -> PixelBuffer {
      var output = try PixelBuffer(width: size.width, height: size.height, format: .rgba8Premultiplied)
      try image.withView { source in
        try output.withMutableView {
          try ImageViewTransparency.render(
            source, as: layer, appearance: appearance, into: $0, magnificationFilter: .nearest, parallelism: .serial)
        }
      }
      return output
    }
    let plain = try render(ImageViewAppearance())
    let backed = try render(withBackground)
    var misses: [String] = []
    plain.withView { without in
      backed.withView { with in
        for y in 0..<size.height {
          for x in 0..<size.width {
            let drawn = CompositeReference.read(without.rowAddress(y) + x * 4)
            let actual = CompositeReference.read(with.rowAddress(y) + x * 4)
            let expected = Self.expected(image: drawn, appearance: withBackground)
            if actual != expected { misses.append("(\(x), \(y)): \(actual), expected \(expected)") }
          }
        }
      }
    }
    #expect(misses.count == 0, "pixels differ, first \(misses.prefix(3))")
  }
}
