import CPixman
import PixelOps
import PixelOpsBenchmarkSupport

/// The convert case pixman has an equivalent for.
enum PixmanConvertCase {
  /// RGBA8 premultiplied -> BGRA8: pixman SRC from a8b8g8r8 (bytes R,G,B,A on little-endian)
  /// into a8r8g8b8 (bytes B,G,R,A).
  static func swizzle(size: PixelSize, iterations: Int) throws -> [String: Any] {
    let source = try PixmanSurface(copying: try GeneratedImages.make(.mixedUI, size: size), format: PIXMAN_a8b8g8r8)
    let destination = try PixmanSurface(zeroed: size, format: PIXMAN_a8r8g8b8)
    return PixmanMeasurement.measure(
      kernel: "convert", name: "swizzle_rgba8_bgra8", size: size, bytesMoved: size.width * size.height * 8,
      iterations: iterations
    ) {
      pixman_image_composite32(
        PIXMAN_OP_SRC, source.image, nil, destination.image, 0, 0, 0, 0, 0, 0, Int32(size.width), Int32(size.height))
    }
  }
}
