import CPixman
import Foundation
import PixelOps
import PixelOpsBenchmarkSupport

/// bench's `tile` cases as pixman composites, same names, same generated pixels
/// (``TileCases/opaqueTile()``, ``TileCases/partialTile()``, ``TileCases/button()``), same sizes.
///
/// Each case gets a fresh a8r8g8b8 destination filled with opaque white once before timing;
/// every timed call composites onto what the earlier calls left (as bench does). pixman reads
/// our RGBA bytes as a8r8g8b8 (see ``PixmanBlendCases``); every operation here treats the
/// colour channels alike, so the bytes written are those of the RGBA composite.
///
/// Patterns are one `pixman_image_composite32` over the whole destination with the tile
/// image set to `PIXMAN_REPEAT_NORMAL`:
/// - `pattern_64`: `PIXMAN_OP_SRC` from the opaque tile as x8r8g8b8 (a declared-opaque
///   source, as the blend peer's `over_opaque_declared`): pixman's tiled-repeat fast path
///   calling its SSE2 `src_x888_8888` per tile.
/// - `pattern_64_over`: `PIXMAN_OP_OVER` from the partial tile as a8r8g8b8.
/// - `pattern_64_phase`: `PIXMAN_OP_SRC`, a transform translating by (17.5, 33) (destination
///   pixel centre `x + 0.5` samples the tile at `x + 18`: phase -17.5) and
///   `PIXMAN_FILTER_BILINEAR`.
/// - `pattern_scaled`: `PIXMAN_OP_SRC`, a scale transform of 2/3 (a 96-pixel period: the
///   64-pixel @2x tile on a @3x destination) and `PIXMAN_FILTER_BILINEAR`.
/// The transformed opaque tiles are x8r8g8b8 as well (the same tile given as a8r8g8b8, its
/// alpha bytes 255, timed the same).
///
/// Nine-slices composite each button as up to 9 `PIXMAN_OP_OVER` composites of sub-images of
/// the 96x48 button (views into its pixels, so filtering never reads a neighbouring slice),
/// placed as bench's `NineSlicePlan` places them at scale ratio 1: caps unscaled, with no
/// transform; for `nine_slice_stretch` the edges and centre get a scale transform (source size
/// over destination size), `PIXMAN_FILTER_BILINEAR` and `PIXMAN_REPEAT_PAD`; for
/// `nine_slice_tile` they repeat from their first pixel with `PIXMAN_REPEAT_NORMAL` and no
/// transform. `nine_slice_reference` composites the already-stretched button
/// (``TileCases/button(pixelSize:scale:)`` at the drawn size) at each place.
///
/// `bytesMoved` is bench's: 8 bytes per pixel drawn, 12 for `nine_slice_reference`.
enum PixmanTileCases {
  static let patternNames = ["pattern_64", "pattern_64_over", "pattern_64_phase", "pattern_scaled"]
  static let nineSliceNames = ["nine_slice_stretch", "nine_slice_tile", "nine_slice_reference"]

  /// Every case at `size` and as `_tile` at ``BlendCases/tileSize``; with `outputDirectory`,
  /// the final destination of each case at `size` is written there as `tile-<case>.rgba`
  /// (packed RGBA8 bytes, opaque).
  static func run(size: PixelSize, iterations: Int, outputDirectory: String?) throws -> [[String: Any]] {
    var results: [[String: Any]] = []
    for (caseSize, suffix) in [(size, ""), (BlendCases.tileSize, "_tile")] {
      for baseName in patternNames + nineSliceNames {
        let name = baseName + suffix
        let destination = try PixmanSurface(opaqueWhite: caseSize, format: PixmanBlendCases.pixelFormat)
        let result =
          patternNames.contains(baseName)
          ? try measurePattern(baseName, name: name, size: caseSize, destination: destination, iterations: iterations)
          : try measureNineSlice(baseName, name: name, size: caseSize, destination: destination, iterations: iterations)
        results.append(result)
        if let outputDirectory, suffix.isEmpty {
          try destination.bytes.write(to: URL(fileURLWithPath: "\(outputDirectory)/tile-\(name).rgba"))
        }
      }
    }
    return results
  }

  private static func measurePattern(
    _ baseName: String, name: String, size: PixelSize, destination: PixmanSurface, iterations: Int
  ) throws -> [String: Any] {
    let op: pixman_op_t
    let tile: PixmanSurface
    var transform: pixman_transform_t?
    switch baseName {
    case "pattern_64":
      op = PIXMAN_OP_SRC
      tile = try PixmanSurface(copying: try TileCases.opaqueTile(), format: PixmanBlendCases.opaquePixelFormat)
    case "pattern_64_over":
      op = PIXMAN_OP_OVER
      tile = try PixmanSurface(copying: try TileCases.partialTile(), format: PixmanBlendCases.pixelFormat)
    case "pattern_64_phase":
      op = PIXMAN_OP_SRC
      tile = try PixmanSurface(copying: try TileCases.opaqueTile(), format: PixmanBlendCases.opaquePixelFormat)
      var translate = pixman_transform_t()
      pixman_transform_init_translate(&translate, fixed(-TileCases.phase.x), fixed(-TileCases.phase.y))
      transform = translate
    case "pattern_scaled":
      op = PIXMAN_OP_SRC
      let tileImage = try TileCases.scaledTile()
      tile = try PixmanSurface(copying: tileImage, format: PixmanBlendCases.opaquePixelFormat)
      let ratio = tileImage.scale / TileCases.scaledDestinationScale
      var scale = pixman_transform_t()
      pixman_transform_init_scale(&scale, fixed(ratio), fixed(ratio))
      transform = scale
    default:
      preconditionFailure("unknown pattern case \(baseName)")
    }
    pixman_image_set_repeat(tile.image, PIXMAN_REPEAT_NORMAL)
    if var transform {
      guard pixman_image_set_transform(tile.image, &transform) != 0 else { throw PixmanError.createFailed }
      pixman_image_set_filter(tile.image, PIXMAN_FILTER_BILINEAR, nil, 0)
    }
    let width = Int32(size.width)
    let height = Int32(size.height)
    return withExtendedLifetime((tile, destination)) {
      PixmanMeasurement.measure(
        kernel: "tile", name: name, size: size, bytesMoved: size.width * size.height * 8, iterations: iterations
      ) {
        pixman_image_composite32(op, tile.image, nil, destination.image, 0, 0, 0, 0, 0, 0, width, height)
      }
    }
  }

  private static func measureNineSlice(
    _ baseName: String, name: String, size: PixelSize, destination: PixmanSurface, iterations: Int
  ) throws -> [String: Any] {
    let rects = TileCases.buttonRects(size: size)
    let drawn = PixelSize(width: rects[0].width, height: rects[0].height * rects.count)
    let pixels = drawn.width * drawn.height
    if baseName == "nine_slice_reference" {
      let stretched = try PixmanSurface(
        copying: try TileCases.button(pixelSize: rects[0].size, scale: TileCases.buttonScale),
        format: PixmanBlendCases.pixelFormat)
      return withExtendedLifetime((stretched, destination)) {
        PixmanMeasurement.measure(kernel: "tile", name: name, size: drawn, bytesMoved: pixels * 12, iterations: iterations) {
          for rect in rects {
            pixman_image_composite32(
              PIXMAN_OP_OVER, stretched.image, nil, destination.image, 0, 0, 0, 0, Int32(rect.x), Int32(rect.y),
              Int32(rect.width), Int32(rect.height))
          }
        }
      }
    }
    let slices = try NineSlices(
      button: try TileCases.button(), insets: TileCases.capInsets, scale: TileCases.buttonScale,
      tiled: baseName == "nine_slice_tile", size: rects[0].size)
    let composites = rects.flatMap { rect in
      slices.placed.map { ($0.image, Int32(rect.x + $0.x), Int32(rect.y + $0.y), Int32($0.width), Int32($0.height)) }
    }
    return withExtendedLifetime((slices, destination)) {
      PixmanMeasurement.measure(kernel: "tile", name: name, size: drawn, bytesMoved: pixels * 8, iterations: iterations) {
        for (image, x, y, width, height) in composites {
          pixman_image_composite32(PIXMAN_OP_OVER, image, nil, destination.image, 0, 0, 0, 0, x, y, width, height)
        }
      }
    }
  }

  /// `value` in pixman's 16.16 fixed point, rounded.
  static func fixed(_ value: Double) -> pixman_fixed_t {
    pixman_fixed_t((value * 65536).rounded())
  }
}

/// The slices of a nine-slice button drawn at one size: pixman sub-images of one copy of the
/// button's pixels (a8r8g8b8), each with its transform, filter and repeat, and where it lands
/// relative to the drawn rect's origin.
private final class NineSlices {
  struct Placed {
    let image: OpaquePointer
    let x: Int
    let y: Int
    let width: Int
    let height: Int
  }

  /// One axis: (source range, destination range, whether the segment is a centre) for start
  /// cap, centre and end cap, as `NineSlicePlan.Axis` cuts it at ratio 1.
  private typealias Segment = (source: Range<Int>, destination: Range<Int>, isCenter: Bool)

  private let bits: UnsafeMutableRawPointer
  private(set) var placed: [Placed] = []

  init(button: PixelBuffer, insets: PointEdgeInsets, scale: Double, tiled: Bool, size: PixelSize) throws {
    let rowBytes = button.width * 4
    bits = UnsafeMutableRawPointer.allocate(byteCount: rowBytes * button.height, alignment: 64)
    button.withView { view in
      for y in 0..<view.height {
        (bits + y * rowBytes).copyMemory(from: view.rowAddress(y), byteCount: rowBytes)
      }
    }
    func pixels(_ points: Double) -> Int { Int((points * scale).rounded()) }
    let columns = Self.axis(start: pixels(insets.left), end: pixels(insets.right), extent: button.width, length: size.width)
    let rows = Self.axis(start: pixels(insets.top), end: pixels(insets.bottom), extent: button.height, length: size.height)
    for row in rows where !row.source.isEmpty && !row.destination.isEmpty {
      for column in columns where !column.source.isEmpty && !column.destination.isEmpty {
        let base = bits + row.source.lowerBound * rowBytes + column.source.lowerBound * 4
        guard
          let image = pixman_image_create_bits(
            PixmanBlendCases.pixelFormat, Int32(column.source.count), Int32(row.source.count),
            base.assumingMemoryBound(to: UInt32.self), Int32(rowBytes))
        else { throw PixmanError.createFailed }
        placed.append(
          Placed(
            image: image, x: column.destination.lowerBound, y: row.destination.lowerBound,
            width: column.destination.count, height: row.destination.count))
        let tiles = tiled && (row.isCenter || column.isCenter)
        // A tiled segment repeats at ratio 1; a cap or stretched segment is scaled onto its pixels.
        let scaleX = tiled && column.isCenter ? 1 : Double(column.source.count) / Double(column.destination.count)
        let scaleY = tiled && row.isCenter ? 1 : Double(row.source.count) / Double(row.destination.count)
        if scaleX != 1 || scaleY != 1 {
          var transform = pixman_transform_t()
          pixman_transform_init_scale(&transform, PixmanTileCases.fixed(scaleX), PixmanTileCases.fixed(scaleY))
          guard pixman_image_set_transform(image, &transform) != 0 else { throw PixmanError.createFailed }
          pixman_image_set_filter(image, PIXMAN_FILTER_BILINEAR, nil, 0)
          pixman_image_set_repeat(image, tiles ? PIXMAN_REPEAT_NORMAL : PIXMAN_REPEAT_PAD)
        } else if tiles {
          pixman_image_set_repeat(image, PIXMAN_REPEAT_NORMAL)
        }
      }
    }
  }

  deinit {
    for slice in placed { pixman_image_unref(slice.image) }
    bits.deallocate()
  }

  /// Caps of `start` and `end` pixels keep their size; the centre gets the rest. Caps larger
  /// than `length` shrink in proportion around `length × start / (start + end)` and the centre
  /// is omitted (as `NineSlicePlan`). A centre of no pixels takes one from a cap (as
  /// `ResizableImage`).
  private static func axis(start: Int, end: Int, extent: Int, length: Int) -> [Segment] {
    var (start, end) = (start, end)
    if extent - start - end <= 0 {
      if start > 0 { start -= 1 } else { end -= 1 }
    }
    let firstCenter: Int
    let lastCenter: Int
    if start + end <= length {
      (firstCenter, lastCenter) = (start, length - end)
    } else {
      let split = Int((Double(length) * Double(start) / Double(start + end)).rounded(.toNearestOrAwayFromZero))
      (firstCenter, lastCenter) = (split, split)
    }
    return [
      (0..<start, 0..<firstCenter, false),
      (start..<(extent - end), firstCenter..<lastCenter, true),
      ((extent - end)..<extent, lastCenter..<length, false),
    ]
  }
}
