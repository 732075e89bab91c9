/// The properties of a `UIImageView` that decide the transparency of what it shows.
public struct ImageViewAppearance: Sendable, Hashable {
  /// The view's `backgroundColor`; `nil` is no background (transparent).
  public var backgroundColor: PremultipliedColor?
  /// The view's `isOpaque`.
  public var isOpaque: Bool
  /// The view's `alpha`, 0...1 (clamped; NaN is 0).
  public var alpha: Double

  public init(backgroundColor: PremultipliedColor? = nil, isOpaque: Bool = false, alpha: Double = 1) {
    self.backgroundColor = backgroundColor
    self.isOpaque = isOpaque
    self.alpha = alpha
  }
}

/// The final pixels of an image view, following UIKit's "Determining the Final Transparency of
/// the Image" (UIImageView reference):
/// 1. the image is composited (source-over) onto the view's background colour;
/// 2. if the view is opaque, its `alpha` is ignored and the result is treated as opaque — any
///    transparency left shows black, as an opaque layer does (alpha set to 255, colour kept);
/// 3. otherwise every pixel's alpha is multiplied by the view's alpha (in premultiplied form:
///    every channel, `round(c * a / 255)` with `a = round(alpha * 255)`);
/// 4. an image without alpha (``PixelView/isKnownOpaque``, or a format without alpha converted
///    by the caller) counts as alpha 1 — which the premultiplied data already says.
public enum ImageViewTransparency {
  /// Renders `image` (premultiplied RGBA8 or BGRA8, the view's size: no scaling) into
  /// `destination` as the view would show it.
  ///
  /// `image` must not overlap `destination`, not even as the same view: the background is
  /// drawn first.
  ///
  /// - Returns: What the rendering did to the opacity of `destination` (an opaque view makes
  ///   it opaque), for ``PixelBuffer/draw(_:)``.
  /// - Throws: ``PixelError/sizeMismatch(_:_:)`` when the sizes differ;
  ///   ``PixelError/overlappingViews(operation:)``; formats as ``Compositor``.
  @discardableResult
  public static func render(
    _ image: PixelView, appearance: ImageViewAppearance, into destination: MutablePixelView,
    parallelism: Parallelism = .automatic
  ) throws(PixelError) -> OpacityOutcome {
    guard image.size == destination.size else { throw .sizeMismatch(image.size, destination.size) }
    try ViewOverlap.requireDisjoint("ImageViewTransparency.render", source: image, mask: nil, onto: destination)
    return try render(appearance: appearance, into: destination, parallelism: parallelism) {
      () throws(PixelError) -> OpacityOutcome in
      try Compositor.draw(image, onto: destination, options: CompositeOptions(parallelism: parallelism))
    }
  }

  /// Renders an image view's backing store: the background, then `image` placed by `layer`
  /// (``ContentLayer/imageView(bounds:image:contentMode:screenScale:clipsToBounds:)`` gives the
  /// layer of a `UIImageView` with a content mode) and sampled with its filters, then the
  /// opacity rules above.
  ///
  /// - Parameters:
  ///   - image: The image, premultiplied RGBA8 or BGRA8, the layer's contents size.
  ///   - layer: The view's layer.
  ///   - appearance: Background colour, `isOpaque` and `alpha`.
  ///   - backingStore: The view's pixels, ``ContentDrawPlan/backingStoreSize`` of `layer`.
  ///   - minificationFilter: How a reduced image is sampled (default linear).
  ///   - magnificationFilter: How an enlarged image is sampled (default linear).
  ///   - parallelism: Threads for the call.
  /// `image` must not overlap `backingStore`, not even as the same view.
  ///
  /// - Returns: What the rendering did to the opacity of `backingStore`, for
  ///   ``PixelBuffer/draw(_:)``.
  /// - Throws: ``PixelError/sizeMismatch(_:_:)`` when `backingStore` is not the layer's
  ///   backing-store size; ``PixelError/overlappingViews(operation:)``; the errors of ``LayerContentsRenderer/draw(_:as:onto:at:minificationFilter:magnificationFilter:mipmaps:options:)``.
  @discardableResult
  public static func render(
    _ image: PixelView, as layer: ContentLayer, appearance: ImageViewAppearance, into backingStore: MutablePixelView,
    minificationFilter: ContentsFilter = .linear, magnificationFilter: ContentsFilter = .linear,
    parallelism: Parallelism = .automatic
  ) throws(PixelError) -> OpacityOutcome {
    let expectedSize = try ContentDrawPlan(layer: layer).backingStoreSize
    guard backingStore.size == expectedSize else { throw .sizeMismatch(backingStore.size, expectedSize) }
    try ViewOverlap.requireDisjoint("ImageViewTransparency.render", source: image, mask: nil, onto: backingStore)
    if let background = appearance.backgroundColor,
      let drawn = try drawOverBackground(
        image, as: layer, background: background, appearance: appearance, into: backingStore,
        minificationFilter: minificationFilter, magnificationFilter: magnificationFilter, parallelism: parallelism)
    {
      return drawn
    }
    return try render(appearance: appearance, into: backingStore, parallelism: parallelism) {
      () throws(PixelError) -> OpacityOutcome in
      try LayerContentsRenderer.draw(
        image, as: layer, onto: backingStore, minificationFilter: minificationFilter,
        magnificationFilter: magnificationFilter, options: CompositeOptions(parallelism: parallelism))
    }
  }

  /// The background and the image in one pass (``Compositor``'s scaled draw over a
  /// backdrop): the image's pixels are written once instead of filled, read and written again.
  /// The same pixels as filling and then drawing; `nil` for trilinear minification and for a
  /// layer whose `contentsCenter` slices its contents, which take the general path.
  private static func drawOverBackground(
    _ image: PixelView, as layer: ContentLayer, background: PremultipliedColor, appearance: ImageViewAppearance,
    into backingStore: MutablePixelView, minificationFilter: ContentsFilter, magnificationFilter: ContentsFilter,
    parallelism: Parallelism
  ) throws(PixelError) -> OpacityOutcome? {
    guard image.size == layer.contentsPixelSize else { throw .sizeMismatch(image.size, layer.contentsPixelSize) }
    let plan = try ContentDrawPlan(layer: layer)
    let filter = plan.samplingFilter(minification: minificationFilter, magnification: magnificationFilter)
    if filter == .trilinear && plan.reducesContents { return nil }
    if try ContentDrawPlan.centerSlicing(of: layer) != nil { return nil }
    return try render(appearance: appearance, into: backingStore, parallelism: parallelism, fillsBackground: false) {
      () throws(PixelError) -> OpacityOutcome in
      guard !plan.isEmpty else {
        return try Compositor.fill(
          backingStore.bounds, of: backingStore, with: background,
          options: CompositeOptions(blendMode: .copy, parallelism: parallelism))
      }
      return try Compositor.draw(
        image, from: plan.sourceRect, in: plan.destinationRect, onto: backingStore, filter: filter.resamplingFilter,
        overBackdrop: background, parallelism: parallelism)
    }
  }

  /// Background (unless `drawContents` draws it), then `drawContents`, then the view's opacity
  /// rules (also the template frames of ``AnimatedImageView``).
  static func render(
    appearance: ImageViewAppearance, into destination: MutablePixelView, parallelism: Parallelism,
    fillsBackground: Bool = true, drawContents: () throws(PixelError) -> OpacityOutcome
  ) throws(PixelError) -> OpacityOutcome {
    let everything = destination.bounds
    var outcome = OpacityOutcome.keepsOpaque
    if fillsBackground {
      outcome = try Compositor.fill(
        everything, of: destination, with: appearance.backgroundColor ?? .clear,
        options: CompositeOptions(blendMode: .copy, parallelism: parallelism))
    }
    outcome = outcome.then(try drawContents())
    if appearance.isOpaque {
      // Black behind what is left transparent: d + black * (1 - da) keeps colour, alpha 255.
      outcome = try outcome.then(Compositor.fill(
        everything, of: destination, with: .black,
        options: CompositeOptions(blendMode: .destinationOver, parallelism: parallelism)))
    } else {
      let factor = CompositeOptions(opacity: appearance.alpha).opacity8
      if factor != 255 {
        // destinationIn with a colour of alpha a: every channel times a / 255.
        let alphaColor = PremultipliedColor(premultipliedRed: 0, green: 0, blue: 0, alpha: UInt8(factor))
        outcome = try outcome.then(Compositor.fill(
          everything, of: destination, with: alphaColor,
          options: CompositeOptions(blendMode: .destinationIn, parallelism: parallelism)))
      }
    }
    return outcome
  }
}
