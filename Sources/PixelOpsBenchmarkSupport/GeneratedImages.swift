public import PixelOps

/// The built-in inputs, generated deterministically (described in DESIGN.md).
public enum GeneratedContent: String, CaseIterable, Sendable {
  /// UI-like: 64x64 blocks cycling opaque, transparent and soft-edged partial coverage.
  case mixedUI = "mixed"
  /// Every pixel partially transparent (alpha 1...254).
  case allPartial = "partial"
  /// Every pixel opaque (alpha 255), not declared opaque.
  case allOpaque = "opaque"
  /// Photo-like smooth gradients with fine texture, opaque: for resampling.
  case photo
}

public enum GeneratedImages {
  /// An RGBA8 premultiplied image of `content`, the same bytes on every run and machine.
  public static func make(_ content: GeneratedContent, size: PixelSize) throws -> PixelBuffer {
    var image = try PixelBuffer(width: size.width, height: size.height, format: .rgba8Premultiplied)
    image.withMutableView { view in
      for y in 0..<view.height {
        let row = view.rowAddress(y)
        for x in 0..<view.width {
          let (r, g, b, a) = pixel(content, x: x, y: y, size: size)
          let premultiplied = (SIMD4<UInt32>(UInt32(r), UInt32(g), UInt32(b), 255) &* UInt32(a) &+ 127) / 255
          row.storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: premultiplied), toByteOffset: x * 4, as: SIMD4<UInt8>.self)
        }
      }
    }
    return image
  }

  private static func pixel(_ content: GeneratedContent, x: Int, y: Int, size: PixelSize) -> (UInt8, UInt8, UInt8, UInt8) {
    let r = UInt8(truncatingIfNeeded: x &* 255 / max(size.width - 1, 1))
    let g = UInt8(truncatingIfNeeded: y &* 255 / max(size.height - 1, 1))
    let b = UInt8(truncatingIfNeeded: (x ^ y) & 0xFF)
    switch content {
    case .mixedUI:
      let block = (x / 64 + y / 64 * 7) % 3
      switch block {
      case 0: return (r, g, b, 255)
      case 1: return (0, 0, 0, 0)
      default:
        // Soft edge: alpha ramps across the block, never 0 or 255.
        return (r, g, b, UInt8(1 + (x % 64 + y % 64) * 253 / 126))
      }
    case .allPartial: return (r, g, b, UInt8(1 + (x &+ y * 3) % 254))
    case .allOpaque: return (r, g, b, 255)
    case .photo:
      let texture = UInt8(truncatingIfNeeded: (x &* 7 &+ y &* 13) % 17)
      return (r &+ texture, g, UInt8(truncatingIfNeeded: (x + y) / 2 % 256), 255)
    }
  }
}
