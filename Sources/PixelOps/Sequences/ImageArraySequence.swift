/// A sequence of images held in memory: `UIImageView.animationImages`.
///
/// The same image may appear several times; those frames share a key
/// (``ImageSequenceSource/frameKey(at:)``), so a view that shows one of them and steps to
/// another draws nothing. Images may differ in size and scale: each is placed by the view's
/// content mode on its own, as UIKit scales each image of a sequence separately.
public final class ImageArraySequence: ImageSequenceSource, Sendable {
  /// The frames, in order.
  public let images: [PixelBuffer]
  /// Whether every frame draws as a template (tinted by the view).
  public let isTemplate: Bool
  private let keys: [Int]

  /// A sequence of `images`, each drawn at its own ``PixelBuffer/scale``.
  ///
  /// - Throws: ``ImageSequenceError/emptySequence`` when `images` is empty.
  public init(_ images: [PixelBuffer], isTemplate: Bool = false) throws(ImageSequenceError) {
    guard !images.isEmpty else { throw .emptySequence }
    self.images = images
    self.isTemplate = isTemplate
    // Frames share a key when they share storage (the same buffer appended twice): the
    // array keeps every buffer alive, so an address is never reused for other pixels.
    self.keys = firstOccurrenceKeys(images.map(BufferIdentity.init))
  }

  public var frameCount: Int { images.count }

  public func frameKey(at index: Int) -> Int { keys.indices.contains(index) ? keys[index] : index }

  public func withFrame<Result>(
    at index: Int, _ body: (SequenceFrame) throws(ImageSequenceError) -> Result
  ) throws(ImageSequenceError) -> Result {
    try checkFrameIndex(index)
    let image = images[index]
    return try image.withView { (view) throws(ImageSequenceError) -> Result in
      try body(SequenceFrame(image: view, scale: image.scale, isTemplate: isTemplate))
    }
  }
}

/// What makes two buffers the same pixels: one storage, seen with the same size, format and
/// scale. Sound only while both buffers are alive (an address can be reused after a free), so
/// whoever compares keeps the buffers.
struct BufferIdentity: Hashable {
  let address: UInt
  let size: PixelSize
  let format: PixelFormat
  let scale: Double

  init(_ image: PixelBuffer) {
    address = image.withView { UInt(bitPattern: $0.baseAddress) }
    size = image.size
    format = image.format
    scale = image.scale
  }
}
