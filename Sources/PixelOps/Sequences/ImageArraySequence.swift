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
    var keys: [Int] = []
    keys.reserveCapacity(images.count)
    for (index, image) in images.enumerated() {
      let first = images[..<index].firstIndex { Self.sharesStorage($0, image) } ?? index
      keys.append(first)
    }
    self.keys = keys
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

  private static func sharesStorage(_ a: PixelBuffer, _ b: PixelBuffer) -> Bool {
    guard a.size == b.size, a.format == b.format, a.scale == b.scale else { return false }
    return a.withView { first in b.withView { second in first.baseAddress == second.baseAddress } }
  }
}
