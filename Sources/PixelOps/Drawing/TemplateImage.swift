/// A template image prepared for tinting: its alpha channel extracted once into an 8-bit
/// coverage mask, so every draw reads one byte per pixel instead of four.
///
/// `UIImage`'s `.alwaysTemplate` rendering mode draws only the image's alpha, in the view's
/// `tintColor`; an app draws the same template (an icon, a glyph) many times, in several tints.
/// Prepare it once and draw it with ``Compositor/drawTemplate(_:tint:onto:at:options:)-(TemplateImage,_,_,_,_)``;
/// the result is the same as drawing the original image with
/// ``Compositor/drawTemplate(_:tint:onto:at:options:)-(PixelView,_,_,_,_)``.
public struct TemplateImage: Sendable {
  /// The template's alpha as ``PixelFormat/gray8`` (255 everywhere for a format without alpha).
  public let coverage: PixelBuffer
  /// Whether the image had no alpha channel: drawn, it then tints every pixel with no coverage
  /// at all, as the image itself draws (not through ``coverage``'s 255s, which take the masked
  /// kernel's 8.8 arithmetic and make different bytes).
  let coversEveryPixel: Bool

  /// Extracts the alpha of `image`, which must have 8-bit channels.
  ///
  /// - Throws: ``PixelError/unsupportedFormat(_:operation:)`` for 16-bit formats;
  ///   ``PixelError/invalidDimensions(width:height:)`` for an empty view;
  ///   ``PixelError/allocationFailed(bytes:)``.
  public init(_ image: PixelView) throws(PixelError) {
    guard image.format.bitsPerChannel == 8 else {
      throw .unsupportedFormat(image.format, operation: TemplateImage.formatAdvice)
    }
    guard !image.isEmpty else { throw .invalidDimensions(width: image.width, height: image.height) }
    var mask = try PixelBuffer(width: image.width, height: image.height, format: .gray8)
    mask.withMutableView { output in
      for y in 0..<image.height {
        Self.extractAlpha(of: image, row: y, into: output.rowAddress(y))
      }
    }
    coverage = mask
    coversEveryPixel = image.format.alphaByteOffset == nil
  }

  /// The operation named when a template of 16-bit channels is refused, with the conversion
  /// to use.
  static let formatAdvice =
    "template image (8-bit formats only: convert with PixelConverter.convert(_:into:parallelism:) to "
    + ".rgba8Premultiplied first)"

  /// The template's size in pixels.
  public var size: PixelSize { coverage.size }

  private static func extractAlpha(of image: PixelView, row y: Int, into output: UnsafeMutableRawPointer) {
    guard let alphaOffset = image.format.alphaByteOffset else {
      output.initializeMemory(as: UInt8.self, repeating: 255, count: image.width)
      return
    }
    let input = image.rowAddress(y)
    let stride = image.format.bytesPerPixel
    for x in 0..<image.width {
      output.storeBytes(
        of: input.load(fromByteOffset: x &* stride &+ alphaOffset, as: UInt8.self), toByteOffset: x, as: UInt8.self)
    }
  }
}
