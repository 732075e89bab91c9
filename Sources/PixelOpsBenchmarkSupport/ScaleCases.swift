public import PixelOps

/// Resampling (`Resampler.resample`), every filter on three geometries of the issue:
///
/// - `<filter>_4k_to_1080p`: the `--size` source (default 3840x2160) to half its size.
/// - `<filter>_4k_to_1000x563`: to `1000/3840` x `563/2160` of it (a non-integer factor, 3.84).
/// - `<filter>_540p_to_4k`: the top-left quarter-size crop of the source (960x540) enlarged
///   four times, back to the `--size`.
///
/// The source is ``GeneratedContent/photo`` (or `--src`); the peers (`Benchmarks/Peers`) read
/// the same pixels from `photo.png` written by `bench --save-inputs` and crop the same quarter.
/// A case's size is its destination size; `bytesMoved` is source read plus destination
/// written. Weight tables come from the cache after the warm-up call, as in an app that redraws.
public enum ScaleCases {
  /// The filters, by the names the cases and the peers use.
  public static let filters: [(name: String, filter: ResamplingFilter)] = [
    ("nearest", .nearest), ("box", .box), ("bilinear", .bilinear), ("bicubic", .bicubic), ("mitchell", .mitchell),
    ("lanczos3", .lanczos3),
  ]

  /// The geometries: a name, and source and destination sizes for a `--size` of `size`.
  public static let geometries: [(name: String, sizes: @Sendable (PixelSize) -> (source: PixelSize, destination: PixelSize))] = [
    ("4k_to_1080p", { size in (size, PixelSize(width: max(1, size.width / 2), height: max(1, size.height / 2))) }),
    (
      "4k_to_1000x563",
      { size in
        (
          size,
          PixelSize(
            width: max(1, (size.width * 1000 + 1920) / 3840), height: max(1, (size.height * 563 + 1080) / 2160))
        )
      }
    ),
    (
      "540p_to_4k",
      { size in (PixelSize(width: max(1, size.width / 4), height: max(1, size.height / 4)), size) }
    ),
  ]

  static var names: [String] {
    geometries.flatMap { geometry in filters.map { "\($0.name)_\(geometry.name)" } } + FusedDrawCases.names
  }

  static func make(_ settings: BenchSettings) throws -> [BenchCase] {
    let image = try settings.sourceImage(.photo)
    var cases: [BenchCase] = []
    for geometry in geometries {
      for (filterName, filter) in filters {
        let name = "\(filterName)_\(geometry.name)"
        guard settings.caseName == nil || settings.caseName == name else { continue }
        let sizes = geometry.sizes(image.size)
        let source =
          sizes.source == image.size
          ? image
          : try image.withView { view in
            try PixelBuffer(copying: try view.cropped(to: PixelRect(size: sizes.source)))
          }
        let destination = Box(
          try PixelBuffer(width: sizes.destination.width, height: sizes.destination.height, format: .rgba8Premultiplied))
        let parallelism = settings.parallelism
        let moved = (sizes.source.width * sizes.source.height + sizes.destination.width * sizes.destination.height) * 4
        cases.append(
          BenchCase(
            kernel: "scale", name: name, size: sizes.destination, bytesMoved: moved,
            run: {
              try source.withView { input in
                try destination.value.withMutableView { output in
                  try Resampler.resample(input, onto: output, filter: filter, parallelism: parallelism)
                }
              }
            },
            output: { destination.value }))
      }
    }
    return cases + (try FusedDrawCases.make(settings))
  }
}
