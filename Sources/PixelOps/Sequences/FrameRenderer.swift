/// Draws what an ``AnimatedImageView`` shows into its backing store, and remembers what it drew
/// so that showing the same pixels again draws nothing: the scaled frame on screen is reused,
/// as the `UIImageView` reference advises ("cache scaled versions").
///
/// What was drawn is kept by strong reference (the still image's storage, the sequence
/// source), so an identity compared later can never belong to other pixels that happened to
/// reuse an address.
struct FrameRenderer {
  /// Everything that decides the backing store's pixels besides the content itself.
  struct ViewState: Equatable {
    var bounds: PointRect
    var screenScale: Double
    var contentMode: ContentMode
    var clipsToBounds: Bool
    var appearance: ImageViewAppearance
    var tintColor: PremultipliedColor
  }

  /// What a view shows: nothing (its background), a still image, or a frame of a sequence.
  enum Content {
    case nothing
    case still(PixelBuffer)
    case frame(any ImageSequenceSource, index: Int)
  }

  /// What is in the backing store now.
  private enum Drawn {
    case nothing
    case still(PixelBuffer)
    case frame(any ImageSequenceSource, key: Int)
  }

  private(set) var backingStore: PixelBuffer?
  private var drawn: Drawn?
  private var drawnState: ViewState?
  /// The scaled template frame before tinting (backing-store sized, kept between frames).
  private var templateScratch: PixelBuffer?

  /// Draws `content` for `state` unless the backing store already shows it. Returns whether
  /// pixels were drawn.
  mutating func show(
    _ content: Content, state: ViewState, parallelism: Parallelism
  ) throws(ImageSequenceError) -> Bool {
    if drawnState == state, let drawn, Self.isShowing(drawn, content) { return false }
    drawn = nil  // a draw that fails midway leaves pixels that match nothing
    let size: PixelSize
    do throws(PixelError) {
      size = try PointRect(x: 0, y: 0, width: state.bounds.width, height: state.bounds.height)
        .standardized.pixelRect(scale: state.screenScale).size
    } catch { throw .pixels(error) }
    var store = try takeBackingStore(size: size)
    defer { backingStore = store }
    switch content {
    case .nothing:
      try Self.draw(into: &store) { (view) throws(ImageSequenceError) in
        try Self.pixels { () throws(PixelError) in
          _ = try ImageViewTransparency.render(appearance: state.appearance, into: view, parallelism: parallelism) {
            .keepsOpaque
          }
        }
      }
      drawn = .nothing
    case .still(let image):
      try image.withView { (view) throws(ImageSequenceError) in
        try draw(SequenceFrame(image: view, scale: image.scale), state, &store, parallelism)
      }
      drawn = .still(image)
    case .frame(let source, let index):
      try source.withFrame(at: index) { (frame) throws(ImageSequenceError) in
        try draw(frame, state, &store, parallelism)
      }
      drawn = .frame(source, key: source.frameKey(at: index))
    }
    drawnState = state
    return true
  }

  /// One frame, placed by the content mode, over the background, with the opacity rules.
  private mutating func draw(
    _ frame: SequenceFrame, _ state: ViewState, _ store: inout PixelBuffer, _ parallelism: Parallelism
  ) throws(ImageSequenceError) {
    let layer = ContentLayer.imageView(
      bounds: state.bounds, imageSize: frame.image.size, imageScale: frame.scale, contentMode: state.contentMode,
      screenScale: state.screenScale, clipsToBounds: state.clipsToBounds)
    guard frame.isTemplate else {
      try Self.draw(into: &store) { (view) throws(ImageSequenceError) in
        try Self.pixels { () throws(PixelError) in
          _ = try ImageViewTransparency.render(
            frame.image, as: layer, appearance: state.appearance, into: view, parallelism: parallelism)
        }
      }
      return
    }
    // A template: its scaled alpha, then the tint through it (UIImage .alwaysTemplate).
    var scratch = try takeTemplateScratch(like: store)
    defer { templateScratch = scratch }
    try Self.draw(into: &scratch) { (view) throws(ImageSequenceError) in
      try Self.pixels { () throws(PixelError) in
        let options = CompositeOptions(blendMode: .copy, parallelism: parallelism)
        _ = try Compositor.fill(view.bounds, of: view, with: .clear, options: options)
        _ = try LayerContentsRenderer.draw(frame.image, as: layer, onto: view, options: CompositeOptions(parallelism: parallelism))
      }
    }
    try scratch.withView { (template) throws(ImageSequenceError) in
      try Self.draw(into: &store) { (view) throws(ImageSequenceError) in
        try Self.pixels { () throws(PixelError) in
          _ = try ImageViewTransparency.render(appearance: state.appearance, into: view, parallelism: parallelism) {
            () throws(PixelError) -> OpacityOutcome in
            try Compositor.drawTemplate(
              template, tint: state.tintColor, onto: view, options: CompositeOptions(parallelism: parallelism))
          }
        }
      }
    }
  }

  private static func isShowing(_ drawn: Drawn, _ content: Content) -> Bool {
    switch (drawn, content) {
    case (.nothing, .nothing): true
    case (.still(let a), .still(let b)):
      a.size == b.size && a.format == b.format && a.scale == b.scale
        && a.withView { first in b.withView { first.baseAddress == $0.baseAddress } }
    case (.frame(let source, let key), .frame(let newSource, let index)):
      source === newSource && key == newSource.frameKey(at: index)
    default: false
    }
  }

  private mutating func takeBackingStore(size: PixelSize) throws(ImageSequenceError) -> PixelBuffer {
    if let store = backingStore, store.size == size {
      backingStore = nil  // unique, so drawing into it copies nothing
      return store
    }
    backingStore = nil
    do { return try PixelBuffer(width: size.width, height: size.height, format: .rgba8Premultiplied) } catch {
      throw .pixels(error)
    }
  }

  private mutating func takeTemplateScratch(like store: PixelBuffer) throws(ImageSequenceError) -> PixelBuffer {
    if let scratch = templateScratch, scratch.size == store.size {
      templateScratch = nil
      return scratch
    }
    templateScratch = nil
    do { return try PixelBuffer(width: store.width, height: store.height, format: store.format) } catch {
      throw .pixels(error)
    }
  }

  private static func draw(
    into buffer: inout PixelBuffer, _ body: (MutablePixelView) throws(ImageSequenceError) -> Void
  ) throws(ImageSequenceError) {
    try buffer.withMutableView(body)
  }

  private static func pixels(_ body: () throws(PixelError) -> Void) throws(ImageSequenceError) {
    do { try body() } catch { throw .pixels(error) }
  }
}
