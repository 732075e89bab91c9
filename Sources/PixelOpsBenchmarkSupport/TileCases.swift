public import PixelOps

/// Repeated images: a pattern fill (`UIColor(patternImage:)`) in its common shapes and a
/// nine-slice button (`resizableImage(withCapInsets:resizingMode:)`), each at the run's size and
/// as a `_tile` variant at ``BlendCases/tileSize``, onto an opaque white destination. The
/// pixman peer (`pixman-peer --kernel tile`) draws the same pixels (``opaqueTile()``,
/// ``partialTile()``, ``button()``) under the same names.
///
/// Pattern cases fill the whole `W`x`H` destination with ``Compositor/fill(_:of:scale:with:options:)-(_,_,_,PatternFill,_)``:
/// - `pattern_64`: ``opaqueTile()`` (64x64, declared opaque) repeated from phase (0, 0),
///   ``BlendMode/copy``, scale 1.
/// - `pattern_64_over`: ``partialTile()`` (64x64, every alpha 1...254) with
///   ``BlendMode/normal``.
/// - `pattern_64_phase`: the opaque tile from phase (-17.5, -33) pixels, bilinear (the
///   pattern's default), ``BlendMode/copy``.
/// - `pattern_scaled`: ``scaledTile()`` (the opaque tile at scale 2, 32x32 points) on a
///   destination at scale 3 (a 96-pixel period, bilinear), ``BlendMode/copy``.
///
/// Nine-slice cases draw ``button()`` (96x48 pixels @2x) cut by ``capInsets`` on the
/// destination at scale 2, ``BlendMode/normal``, at each of ``buttonRects(size:)``: rows
/// ``buttonPitch`` pixels apart from y = 0 (as many as fit, at least one), x = 0, each
/// `15/16 W` pixels wide (even) and 240 pixels tall (`8/9 H`, even, on a destination less
/// than 270 pixels tall). At 3840x2160: 8 rows of 3600x240 pixels (1800x120 points) at
/// y = 0, 270, ..., 1890; at the `_tile` size 480x270: one 450x240 draw (225x120 points).
/// - `nine_slice_stretch`: ``ResizingMode/stretch`` (caps as they are, edges and centre
///   scaled bilinearly).
/// - `nine_slice_tile`: ``ResizingMode/tile`` (edges and centre repeated).
/// - `nine_slice_reference`: the yardstick, an image of the drawn size already made
///   (``button(pixelSize:scale:)`` at the rows' size: the same corners, border and opaque
///   inside, its shading spread over the whole height) drawn at the same places with
///   ``Compositor/draw(_:onto:at:options:)``.
///
/// Patterns, resizable images and the stretched image are made once, before timing; the first
/// (warm-up) call prepares resampled tiles, kept with the pattern, so a timed call allocates
/// nothing. Every call draws over the previous result, which stays opaque (copy of opaque
/// tiles; source-over onto opaque pixels), so every call costs the same.
///
/// `size` is the area drawn (for nine-slice cases the rows stacked: 3600x1920 at 4K).
/// `bytesMoved` is 8 bytes per pixel drawn: the destination read and written for source-over,
/// the tile's bytes read and the destination written for copies (as for the blend family's
/// `over_opaque_declared`, so `x memcpy` is against a memcpy of the destination's bytes); 12
/// for `nine_slice_reference`, which also reads its large image.
///
/// `--src` and `--dst` are not used: the tiles are generated.
public enum TileCases {
  /// The phase of `pattern_64_phase`, in pixels (points at scale 1).
  public static let phase = PointPosition(x: -17.5, y: -33)
  /// The destination scale of `pattern_scaled` (its tile is at scale 2).
  public static let scaledDestinationScale = 3.0
  /// The destination scale of the nine-slice cases (the button's own scale).
  public static let buttonScale = 2.0
  /// The button's cap insets: top 10, left 20, bottom 10, right 20 points (20, 40, 20, 40
  /// pixels at scale 2).
  public static let capInsets = PointEdgeInsets(top: 10, left: 20, bottom: 10, right: 20)
  /// Pixels from one button row to the next.
  public static let buttonPitch = 270

  static let patternNames = ["pattern_64", "pattern_64_over", "pattern_64_phase", "pattern_scaled"]
  static let nineSliceNames = ["nine_slice_stretch", "nine_slice_tile", "nine_slice_reference"]
  static var baseNames: [String] { patternNames + nineSliceNames }
  static var names: [String] { baseNames + baseNames.map { $0 + "_tile" } }

  /// The opaque 64x64 tile: ``GeneratedContent/photo`` at 64x64, declared opaque.
  public static func opaqueTile() throws -> PixelBuffer {
    var tile = try GeneratedImages.make(.photo, size: PixelSize(width: 64, height: 64))
    tile.markOpaque()
    return tile
  }

  /// The partially transparent 64x64 tile: ``GeneratedContent/allPartial`` at 64x64 (alpha
  /// `1 + (x + 3y) mod 254`, premultiplied).
  public static func partialTile() throws -> PixelBuffer {
    try GeneratedImages.make(.allPartial, size: PixelSize(width: 64, height: 64))
  }

  /// ``opaqueTile()`` at scale 2 (32x32 points).
  public static func scaledTile() throws -> PixelBuffer {
    var tile = try opaqueTile()
    try tile.setScale(2)
    return tile
  }

  /// The nine-slice button: 96x48 pixels at scale 2 (48x24 points).
  public static func button() throws -> PixelBuffer {
    try button(pixelSize: PixelSize(width: 96, height: 48), scale: buttonScale)
  }

  /// A rounded-rect button of `pixelSize` at `scale`, premultiplied RGBA8: corner radius 8
  /// points (at most half the shorter side), a 1-point border of (15, 61, 140), inside a
  /// vertical shading from (102, 168, 255) at the top to (31, 107, 230) at the bottom over the
  /// whole height, antialiased (alpha is the rounded rect's coverage of each pixel, from its
  /// signed distance: 255 everywhere but at the corners). Declared opaque only if it is.
  public static func button(pixelSize: PixelSize, scale: Double) throws -> PixelBuffer {
    var image = try PixelBuffer(
      width: pixelSize.width, height: pixelSize.height, format: .rgba8Premultiplied, scale: scale)
    let (width, height) = (Double(pixelSize.width), Double(pixelSize.height))
    let radius = min(8 * scale, width / 2, height / 2)
    let border = 1 * scale
    let top: SIMD3<Double> = [102, 168, 255]
    let bottom: SIMD3<Double> = [31, 107, 230]
    let edge: SIMD3<Double> = [15, 61, 140]
    image.withMutableView { view in
      for y in 0..<view.height {
        let row = view.rowAddress(y)
        let py = Double(y) + 0.5
        let fill = top + (bottom - top) * (py / height)
        for x in 0..<view.width {
          let px = Double(x) + 0.5
          // Signed distance from the pixel centre to the rounded rect (negative inside).
          let qx = abs(px - width / 2) - (width / 2 - radius)
          let qy = abs(py - height / 2) - (height / 2 - radius)
          let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
          let distance = outside + min(max(qx, qy), 0) - radius
          let coverage = min(max(0.5 - distance, 0), 1)
          let inner = min(max(0.5 - (distance + border), 0), 1)
          let color = edge + (fill - edge) * inner
          let alpha = (coverage * 255).rounded()
          let premultiplied = (color * alpha / 255).rounded(.toNearestOrAwayFromZero)
          let pixel = SIMD4<UInt8>(
            UInt8(premultiplied.x), UInt8(premultiplied.y), UInt8(premultiplied.z), UInt8(alpha))
          row.storeBytes(of: pixel, toByteOffset: x * 4, as: SIMD4<UInt8>.self)
        }
      }
    }
    image.updateOpacity()
    return image
  }

  /// Where the nine-slice cases draw on a `size` destination, in pixels (at ``buttonScale``
  /// the points are half): see the type's summary.
  public static func buttonRects(size: PixelSize) -> [PixelRect] {
    let width = max(size.width * 15 / 16 / 2 * 2, 2)
    let height = size.height >= buttonPitch ? 240 : max(size.height * 8 / 9 / 2 * 2, 2)
    let rows = max(size.height / buttonPitch, 1)
    return (0..<rows).map { PixelRect(x: 0, y: $0 * buttonPitch, width: width, height: height) }
  }

  /// The pattern a case fills with, and the destination scale it fills at.
  public static func patternFill(_ name: String) throws -> (fill: PatternFill, scale: Double) {
    switch name {
    case "pattern_64": (PatternFill(try ImagePattern(try opaqueTile())), 1)
    case "pattern_64_over": (PatternFill(try ImagePattern(try partialTile())), 1)
    case "pattern_64_phase": (PatternFill(try ImagePattern(try opaqueTile()), phase: phase), 1)
    case "pattern_scaled": (PatternFill(try ImagePattern(try scaledTile())), scaledDestinationScale)
    default: preconditionFailure("unknown pattern case \(name)")
    }
  }

  static func make(_ settings: BenchSettings) throws -> [BenchCase] {
    try settings.sizedCases(baseNames).map { selected in
      patternNames.contains(selected.baseName)
        ? try patternCase(selected.name, baseName: selected.baseName, size: selected.size, settings: settings)
        : try nineSliceCase(selected.name, baseName: selected.baseName, size: selected.size, settings: settings)
    }
  }

  private static func whiteDestination(_ size: PixelSize) throws -> Box<PixelBuffer> {
    var white = try PixelBuffer(width: size.width, height: size.height, format: .rgba8Premultiplied)
    try white.withMutableView { view in _ = try Compositor.fill(view.bounds, of: view, with: .white) }
    white.markOpaque()
    return Box(white)
  }

  private static func patternCase(_ name: String, baseName: String, size: PixelSize, settings: BenchSettings) throws
    -> BenchCase
  {
    let destination = try whiteDestination(size)
    let (fill, scale) = try patternFill(baseName)
    let blendMode: BlendMode = baseName == "pattern_64_over" ? .normal : .copy
    let options = CompositeOptions(blendMode: blendMode, parallelism: settings.parallelism)
    return BenchCase(
      kernel: "tile", name: name, size: size, bytesMoved: size.width * size.height * 8,
      run: {
        try destination.value.withMutableView { output in
          _ = try Compositor.fill(of: output, scale: scale, with: fill, options: options)
        }
      },
      output: { destination.value })
  }

  private static func nineSliceCase(_ name: String, baseName: String, size: PixelSize, settings: BenchSettings) throws
    -> BenchCase
  {
    let destination = try whiteDestination(size)
    let options = CompositeOptions(parallelism: settings.parallelism)
    let rects = buttonRects(size: size)
    let drawn = PixelSize(width: rects[0].width, height: rects[0].height * rects.count)
    let pixels = drawn.width * drawn.height
    if baseName == "nine_slice_reference" {
      let stretched = try button(pixelSize: rects[0].size, scale: buttonScale)
      let origins = rects.map(\.origin)
      return BenchCase(
        kernel: "tile", name: name, size: drawn, bytesMoved: pixels * 12,
        run: {
          try stretched.withView { input in
            try destination.value.withMutableView { output in
              for origin in origins {
                _ = try Compositor.draw(input, onto: output, at: origin, options: options)
              }
            }
          }
        },
        output: { destination.value })
    }
    let mode: ResizingMode = baseName == "nine_slice_stretch" ? .stretch : .tile
    let image = try ResizableImage(try button(), capInsets: capInsets, resizingMode: mode)
    let pointRects = rects.map { rect in
      PointRect(
        x: Double(rect.x) / buttonScale, y: Double(rect.y) / buttonScale, width: Double(rect.width) / buttonScale,
        height: Double(rect.height) / buttonScale)
    }
    return BenchCase(
      kernel: "tile", name: name, size: drawn, bytesMoved: pixels * 8,
      run: {
        try destination.value.withMutableView { output in
          for rect in pointRects {
            _ = try Compositor.draw(image, in: rect, onto: output, scale: buttonScale, options: options)
          }
        }
      },
      output: { destination.value })
  }
}
