public import PixelOps

/// Compositing: source-over in its common shapes, a W3C blend mode, a solid fill and a template
/// tint, each at the run's size and as a `_tile` variant on a 480x270 tile that stays in cache.
///
/// The cases, with the pixman operation `pixman-peer` times for the same name:
/// - `over_mixed`: ``GeneratedContent/mixedUI`` over ``GeneratedContent/photo``
///   (`over_8888_8888`, `PIXMAN_OP_OVER` a8b8g8r8 onto a8b8g8r8).
/// - `over_partial`: ``GeneratedContent/allPartial`` over the photo (no opaque or transparent
///   runs to skip).
/// - `over_opaque_undeclared`: ``GeneratedContent/allOpaque``, not declared opaque: every run of
///   4 is classified and stored.
/// - `over_opaque_declared`: the same pixels after `markOpaque()`: the kernel table reduces the
///   draw to a copy (`src_8888_8888`; pixman: `PIXMAN_OP_SRC` from x8b8g8r8).
/// - `over_opacity_half`: the mixed source at opacity 0.5 (`over_8888_n_8888`).
/// - `multiply_mixed`: the mixed source with ``BlendMode/multiply`` (`PIXMAN_OP_MULTIPLY`).
/// - `fill_solid`: ``Compositor/fill(_:of:with:options:)`` of the whole destination with a
///   half-transparent colour (`over_n_8888`).
/// - `template_tint`: ``Compositor/drawTemplate(_:tint:onto:at:options:)`` of the mixed image,
///   whose alpha is the coverage (`over_n_8_8888`; pixman reads a separate a8 mask plane built
///   before timing, we read the template's alpha bytes in place).
/// - `template_tint_prepared`: the same template prepared once as a ``TemplateImage`` (its
///   alpha extracted before timing, as pixman's a8 plane is), so a draw reads 1 byte per pixel
///   of coverage (`over_n_8_8888`, the same pixman case).
///
/// Every call composites onto the same destination, as pixman's own benchmarks do: restoring
/// it between calls would add a copy to the timing. After the first call the destination holds
/// earlier results, but it stays opaque (opaque photo, and every mode here keeps opaque
/// destinations opaque) and the kernels' per-pixel work does not depend on destination values,
/// so every call costs the same. Nothing is allocated inside a timed call.
///
/// `bytesMoved` is source read + destination read + destination written: 12 bytes per pixel
/// for image sources and the template (its whole pixels are fetched), 9 for the prepared
/// template, 8 for the solid fill and the declared-opaque copy.
///
/// `--src` and `--dst` replace the generated source and destination (the `_tile` variants take
/// their top-left 480x270 pixels). Sizes may differ: the source is drawn at the origin,
/// clipped, and a case's size is the composited area. A user's source is treated as not known
/// opaque, except by `over_opaque_declared`, which declares it opaque whatever its pixels.
public enum BlendCases {
  /// The size of the cache-resident `_tile` variants.
  public static let tileSize = PixelSize(width: 480, height: 270)

  /// What one case composites.
  enum Operation {
    /// `Compositor.draw` of `content` (declared opaque when `declaredOpaque`).
    case draw(GeneratedContent, CompositeOptions, declaredOpaque: Bool)
    /// `Compositor.fill` of the whole destination with a colour.
    case fill(PremultipliedColor)
    /// `Compositor.drawTemplate` of `content` with a tint, read in place or `prepared` once as
    /// a ``TemplateImage``.
    case template(GeneratedContent, tint: PremultipliedColor, prepared: Bool)
  }

  /// The cases' names and work, in run order (computed: ``CompositeOptions`` is not `Sendable`).
  static var operations: [(name: String, operation: Operation)] {
    [
      ("over_mixed", .draw(.mixedUI, CompositeOptions(), declaredOpaque: false)),
      ("over_partial", .draw(.allPartial, CompositeOptions(), declaredOpaque: false)),
      ("over_opaque_undeclared", .draw(.allOpaque, CompositeOptions(), declaredOpaque: false)),
      ("over_opaque_declared", .draw(.allOpaque, CompositeOptions(), declaredOpaque: true)),
      ("over_opacity_half", .draw(.mixedUI, CompositeOptions(opacity: halfOpacity), declaredOpaque: false)),
      ("multiply_mixed", .draw(.mixedUI, CompositeOptions(blendMode: .multiply), declaredOpaque: false)),
      ("fill_solid", .fill(fillColor)),
      ("template_tint", .template(.mixedUI, tint: tintColor, prepared: false)),
      ("template_tint_prepared", .template(.mixedUI, tint: tintColor, prepared: true)),
    ]
  }

  /// The `fill_solid` colour: premultiplied (26, 51, 102, 128).
  public static let fillColor = PremultipliedColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 0.5)
  /// The `template_tint` tint: an opaque blue.
  public static let tintColor = PremultipliedColor(red: 0.0, green: 0.48, blue: 1.0)

  /// The `over_opacity_half` opacity (the 8-bit factor is 128).
  public static let halfOpacity = 0.5

  static var names: [String] { operations.map(\.name) + operations.map { $0.name + "_tile" } }

  static func make(_ settings: BenchSettings) throws -> [BenchCase] {
    var images = ImageCache(settings: settings)
    var cases: [BenchCase] = []
    for tile in [false, true] {
      for (baseName, operation) in operations {
        let name = tile ? baseName + "_tile" : baseName
        guard settings.caseName == nil || settings.caseName == name else { continue }
        cases.append(try makeCase(name, operation, tile: tile, images: &images, settings: settings))
      }
    }
    return cases
  }

  private static func makeCase(
    _ name: String, _ operation: Operation, tile: Bool, images: inout ImageCache, settings: BenchSettings
  ) throws -> BenchCase {
    let destination = Box(try images.destination(tile: tile).withView { view in try PixelBuffer(copying: view) })
    let parallelism = settings.parallelism
    switch operation {
    case .draw(let content, var options, let declaredOpaque):
      options.parallelism = parallelism
      var source = try images.source(content, tile: tile)
      if declaredOpaque { source.markOpaque() }
      let area = composited(source.size, destination.value.size)
      let bytesPerPixel = declaredOpaque ? 8 : 12
      return BenchCase(
        kernel: "blend", name: name, size: area, bytesMoved: area.width * area.height * bytesPerPixel,
        run: { [source, options] in
          try source.withView { input in
            try destination.value.withMutableView { output in
              _ = try Compositor.draw(input, onto: output, options: options)
            }
          }
        },
        output: { destination.value })
    case .fill(let color):
      let options = CompositeOptions(parallelism: parallelism)
      let bounds = destination.value.bounds
      return BenchCase(
        kernel: "blend", name: name, size: bounds.size, bytesMoved: bounds.width * bounds.height * 8,
        run: {
          try destination.value.withMutableView { output in
            _ = try Compositor.fill(bounds, of: output, with: color, options: options)
          }
        },
        output: { destination.value })
    case .template(let content, let tint, let prepared):
      let options = CompositeOptions(parallelism: parallelism)
      let template = try images.source(content, tile: tile)
      let preparedTemplate = try prepared ? template.withView { view throws(PixelError) in try TemplateImage(view) } : nil
      let area = composited(template.size, destination.value.size)
      return BenchCase(
        kernel: "blend", name: name, size: area, bytesMoved: area.width * area.height * (prepared ? 9 : 12),
        run: {
          try destination.value.withMutableView { output in
            if let preparedTemplate {
              try Compositor.drawTemplate(preparedTemplate, tint: tint, onto: output, options: options)
            } else {
              try template.withView { input in
                _ = try Compositor.drawTemplate(input, tint: tint, onto: output, options: options)
              }
            }
          }
        },
        output: { destination.value })
    }
  }

  /// The area a `source` drawn at the origin covers in `destination`.
  private static func composited(_ source: PixelSize, _ destination: PixelSize) -> PixelSize {
    PixelSize(width: min(source.width, destination.width), height: min(source.height, destination.height))
  }
}

/// The inputs of one run, each generated (or cropped from the user's image) once and shared by
/// the cases that read it.
private struct ImageCache {
  let settings: BenchSettings
  private var generated: [String: PixelBuffer] = [:]

  init(settings: BenchSettings) {
    self.settings = settings
  }

  /// The source for `content`: the user's `--src` (not known opaque) or the generated image.
  mutating func source(_ content: GeneratedContent, tile: Bool) throws -> PixelBuffer {
    let key = settings.source == nil ? "src-\(content.rawValue)" : "src-user"
    return try image(key: key, user: settings.source, content: content, tile: tile)
  }

  /// The destination: the user's `--dst` or the generated photo (opaque).
  mutating func destination(tile: Bool) throws -> PixelBuffer {
    try image(key: "dst", user: settings.destination, content: .photo, tile: tile)
  }

  private mutating func image(key: String, user: PixelBuffer?, content: GeneratedContent, tile: Bool) throws
    -> PixelBuffer
  {
    let fullKey = key + (tile ? "-tile" : "")
    if let cached = generated[fullKey] { return cached }
    var image: PixelBuffer
    if let user {
      image = tile ? try Self.topLeft(of: user, size: BlendCases.tileSize) : user
      if key != "dst" {
        // Forget a decoder's opacity flag: the cases decide what is declared.
        image.withMutableView { _ in }
      }
    } else {
      image = try GeneratedImages.make(content, size: tile ? BlendCases.tileSize : settings.size)
    }
    generated[fullKey] = image
    return image
  }

  private static func topLeft(of image: PixelBuffer, size: PixelSize) throws -> PixelBuffer {
    let rect = PixelRect(x: 0, y: 0, width: min(size.width, image.width), height: min(size.height, image.height))
    return try image.withView { view in try PixelBuffer(copying: try view.cropped(to: rect)) }
  }
}
