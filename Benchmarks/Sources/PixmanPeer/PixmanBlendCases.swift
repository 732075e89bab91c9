import CPixman
import Foundation
import PixelOps
import PixelOpsBenchmarkSupport

/// bench's `blend` cases as pixman composites, same names, same generated pixels, same sizes.
///
/// As in bench, every call composites onto the same destination (the generated photo at
/// first), so the destination evolves but stays opaque. Each case gets a fresh destination.
///
/// pixman reads our R, G, B, A bytes as ``pixelFormat`` (a8r8g8b8: byte 0 is its blue), its
/// native format, and solid colours are given with red and blue exchanged to match. Every
/// operation here treats the three colour channels alike, so the bytes written are those of
/// the RGBA composite; a8b8g8r8 would name our byte order but pays pixman's fetch/store
/// conversion on the general path (multiply) and lacks the SSE2 `over_n_8888` fast path in
/// pixman 0.42 (7x slower fills), which would flatter us.
enum PixmanBlendCases {
  /// How pixman reads premultiplied RGBA8 bytes (see above).
  static let pixelFormat = PIXMAN_a8r8g8b8
  /// The same without alpha: a declared-opaque source.
  static let opaquePixelFormat = PIXMAN_x8r8g8b8

  enum Source {
    /// A generated image read as a 32-bit pixman format.
    case image(GeneratedContent, pixman_format_code_t)
    case solid(PremultipliedColor)
  }

  enum Mask {
    /// A solid mask of this alpha: pixman's `over_8888_n_8888` (opacity).
    case solidAlpha(UInt8)
    /// The a8 alpha plane of a generated image, built before timing: `over_n_8_8888`.
    case alphaOf(GeneratedContent)
  }

  struct Case {
    let name: String
    let op: pixman_op_t
    let source: Source
    let mask: Mask?
    /// Bytes per pixel for the memcpy yardstick: the same as bench's case.
    let bytesPerPixel: Int
  }

  static let cases: [Case] = [
    Case(name: "over_mixed", op: PIXMAN_OP_OVER, source: .image(.mixedUI, pixelFormat), mask: nil, bytesPerPixel: 12),
    Case(
      name: "over_partial", op: PIXMAN_OP_OVER, source: .image(.allPartial, pixelFormat), mask: nil, bytesPerPixel: 12),
    Case(
      name: "over_opaque_undeclared", op: PIXMAN_OP_OVER, source: .image(.allOpaque, pixelFormat), mask: nil,
      bytesPerPixel: 12),
    // Declared opaque: the source format has no alpha, and OVER of an opaque source is SRC.
    Case(
      name: "over_opaque_declared", op: PIXMAN_OP_SRC, source: .image(.allOpaque, opaquePixelFormat), mask: nil,
      bytesPerPixel: 8),
    Case(
      name: "over_opacity_half", op: PIXMAN_OP_OVER, source: .image(.mixedUI, pixelFormat),
      mask: .solidAlpha(opacity8(BlendCases.halfOpacity)), bytesPerPixel: 12),
    Case(
      name: "multiply_mixed", op: PIXMAN_OP_MULTIPLY, source: .image(.mixedUI, pixelFormat), mask: nil,
      bytesPerPixel: 12),
    Case(name: "fill_solid", op: PIXMAN_OP_OVER, source: .solid(BlendCases.fillColor), mask: nil, bytesPerPixel: 8),
    Case(
      name: "template_tint", op: PIXMAN_OP_OVER, source: .solid(BlendCases.tintColor), mask: .alphaOf(.mixedUI),
      bytesPerPixel: 12),
    // Our prepared template reads the same a8 plane pixman reads in both template cases.
    Case(
      name: "template_tint_prepared", op: PIXMAN_OP_OVER, source: .solid(BlendCases.tintColor),
      mask: .alphaOf(.mixedUI), bytesPerPixel: 9),
  ]

  /// Every case at `size` and at ``BlendCases/tileSize``; with `outputDirectory`, each case's
  /// final destination is written there as `blend-<case>.rgba` (packed RGBA8 bytes).
  static func run(size: PixelSize, iterations: Int, outputDirectory: String?) throws -> [[String: Any]] {
    var results: [[String: Any]] = []
    for (caseSize, suffix) in [(size, ""), (BlendCases.tileSize, "_tile")] {
      let photo = try GeneratedImages.make(.photo, size: caseSize)
      for blendCase in cases {
        let name = blendCase.name + suffix
        let (result, destination) = try measure(blendCase, name: name, size: caseSize, photo: photo, iterations: iterations)
        results.append(result)
        if let outputDirectory {
          try destination.bytes.write(to: URL(fileURLWithPath: "\(outputDirectory)/blend-\(name).rgba"))
        }
      }
    }
    return results
  }

  private static func measure(
    _ blendCase: Case, name: String, size: PixelSize, photo: PixelBuffer, iterations: Int
  ) throws -> (result: [String: Any], destination: PixmanSurface) {
    let destination = try PixmanSurface(copying: photo, format: pixelFormat)
    let source: PixmanSurface
    switch blendCase.source {
    case .image(let content, let format):
      source = try PixmanSurface(copying: try GeneratedImages.make(content, size: size), format: format)
    case .solid(let color):
      source = try PixmanSurface(solid: color)
    }
    let mask: PixmanSurface?
    switch blendCase.mask {
    case nil: mask = nil
    case .solidAlpha(let alpha):
      mask = try PixmanSurface(solid: PremultipliedColor(premultipliedRed: 0, green: 0, blue: 0, alpha: alpha))
    case .alphaOf(let content): mask = try PixmanSurface(alphaOf: try GeneratedImages.make(content, size: size))
    }
    let width = Int32(size.width)
    let height = Int32(size.height)
    let result = withExtendedLifetime((source, mask, destination)) {
      PixmanMeasurement.measure(
        kernel: "blend", name: name, size: size, bytesMoved: size.width * size.height * blendCase.bytesPerPixel,
        iterations: iterations
      ) {
        pixman_image_composite32(blendCase.op, source.image, mask?.image, destination.image, 0, 0, 0, 0, 0, 0, width, height)
      }
    }
    return (result, destination)
  }

  /// `round(opacity * 255)`, as `CompositeOptions` turns opacity into its 8-bit factor.
  private static func opacity8(_ opacity: Double) -> UInt8 {
    UInt8((min(max(opacity, 0), 1) * 255).rounded(.toNearestOrAwayFromZero))
  }
}
