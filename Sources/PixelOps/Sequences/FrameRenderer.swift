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

  private(set) var backingStore: PixelBuffer?
  /// What the backing store shows now; `nil` before the first draw and after one that failed.
  private var drawn: Content?
  private var drawnState: ViewState?
  /// The scaled template frame before tinting (backing-store sized, kept between frames).
  private var templateScratch: PixelBuffer?

  /// Draws `content` for `state` unless the backing store already shows it. Returns whether
  /// pixels were drawn: none where the bounds have no pixels, which leave no backing store.
  mutating func show(
    _ content: Content, state: ViewState, parallelism: Parallelism
  ) throws(ImageSequenceError) -> Bool {
    if drawnState == state, let drawn, Self.isShowing(drawn, content) { return false }
    drawn = nil  // a draw that fails midway leaves pixels that match nothing
    let size: PixelSize
    do throws(PixelError) {
      // The backing-store size of the layer rule (bounds × scale, rounded up), with no image.
      size = try ContentDrawPlan(
        layer: ContentLayer(bounds: state.bounds, contentsPixelSize: PixelSize(width: 0, height: 0), contentsScale: state.screenScale)
      ).backingStoreSize
    } catch { throw .pixels(error) }
    guard size.width > 0, size.height > 0 else {
      // Zero-width or zero-height bounds (a view before layout): an empty backing store, so none.
      (backingStore, templateScratch, drawn, drawnState) = (nil, nil, content, state)
      return false
    }
    var store = try Self.reuse(&backingStore, size: size)
    defer { backingStore = store }
    switch content {
    case .nothing:
      try store.withMutableView { (view) throws(ImageSequenceError) in
        try Self.pixels { () throws(PixelError) in
          _ = try ImageViewTransparency.render(appearance: state.appearance, into: view, parallelism: parallelism) {
            .keepsOpaque
          }
        }
      }
    case .still(let image):
      try image.withView { (view) throws(ImageSequenceError) in
        try draw(SequenceFrame(image: view, scale: image.scale), state, &store, parallelism)
      }
    case .frame(let source, let index):
      try source.withFrame(at: index) { (frame) throws(ImageSequenceError) in
        try draw(frame, state, &store, parallelism)
      }
    }
    drawn = content
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
      try store.withMutableView { (view) throws(ImageSequenceError) in
        try Self.pixels { () throws(PixelError) in
          _ = try ImageViewTransparency.render(
            frame.image, as: layer, appearance: state.appearance, into: view, parallelism: parallelism)
        }
      }
      return
    }
    // A template: its scaled alpha, then the tint through it (UIImage .alwaysTemplate).
    var scratch = try Self.reuse(&templateScratch, size: store.size)
    defer { templateScratch = scratch }
    try scratch.withMutableView { (view) throws(ImageSequenceError) in
      try Self.pixels { () throws(PixelError) in
        let options = CompositeOptions(blendMode: .copy, parallelism: parallelism)
        _ = try Compositor.fill(view.bounds, of: view, with: .clear, options: options)
        _ = try LayerContentsRenderer.draw(frame.image, as: layer, onto: view, options: CompositeOptions(parallelism: parallelism))
      }
    }
    try scratch.withView { (template) throws(ImageSequenceError) in
      try store.withMutableView { (view) throws(ImageSequenceError) in
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

  /// Whether `drawn` shows the same pixels as `content`: the same still image's storage (both
  /// kept alive, so an equal address is the same pixels), or frames of one source with equal
  /// keys.
  private static func isShowing(_ drawn: Content, _ content: Content) -> Bool {
    switch (drawn, content) {
    case (.nothing, .nothing): true
    case (.still(let a), .still(let b)): BufferIdentity(a) == BufferIdentity(b)
    case (.frame(let source, let index), .frame(let newSource, let newIndex)):
      source === newSource && source.frameKey(at: index) == newSource.frameKey(at: newIndex)
    default: false
    }
  }

  /// `buffer` taken out of its place when it has `size` (so it is unique and drawing into it
  /// copies nothing), else a new premultiplied RGBA8 buffer of `size`.
  private static func reuse(_ buffer: inout PixelBuffer?, size: PixelSize) throws(ImageSequenceError) -> PixelBuffer {
    let kept = buffer
    buffer = nil
    if let kept, kept.size == size { return kept }
    do { return try PixelBuffer(width: size.width, height: size.height, format: .rgba8Premultiplied) } catch {
      throw .pixels(error)
    }
  }

  private static func pixels(_ body: () throws(PixelError) -> Void) throws(ImageSequenceError) {
    do { try body() } catch { throw .pixels(error) }
  }
}
