import PixelOps

/// Format conversions: the per-pixel arithmetic every decoder and exporter runs.
enum ConvertCases {
  static let pairs: [(name: String, from: PixelFormat, to: PixelFormat, content: GeneratedContent)] = [
    ("premultiply_rgba8", .rgba8Straight, .rgba8Premultiplied, .mixedUI),
    ("unpremultiply_rgba8", .rgba8Premultiplied, .rgba8Straight, .mixedUI),
    ("swizzle_rgba8_bgra8", .rgba8Premultiplied, .bgra8Premultiplied, .mixedUI),
    ("reduce_rgba16_premultiply", .rgba16Straight, .rgba8Premultiplied, .photo),
    ("expand_gray8", .gray8, .rgba8Premultiplied, .photo),
  ]

  static var names: [String] { pairs.map(\.name) }

  static func make(_ settings: BenchSettings) throws -> [BenchCase] {
    try pairs.filter { settings.caseName == nil || settings.caseName == $0.name }.map { pair in
      let source = try settings.sourceImage(pair.content).converted(to: pair.from)
      let destination = Box(try PixelBuffer(width: source.width, height: source.height, format: pair.to))
      let pixels = source.width * source.height
      return BenchCase(
        kernel: "convert", name: pair.name, size: source.size,
        bytesMoved: pixels * (pair.from.bytesPerPixel + pair.to.bytesPerPixel),
        run: {
          try source.withView { input in
            try destination.value.withMutableView { output in
              try PixelConverter.convert(input, into: output, parallelism: settings.parallelism)
            }
          }
        },
        output: { destination.value })
    }
  }
}

/// A mutable holder, so a case's closure can write into the same destination every iteration.
final class Box<Value> {
  var value: Value
  init(_ value: Value) { self.value = value }
}
