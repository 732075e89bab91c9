/// How a layer's contents are sampled when drawn at another size: `CALayer`'s
/// `minificationFilter` and `magnificationFilter` (`CALayerContentsFilter`), each chosen per draw.
public enum ContentsFilter: String, Sendable, CaseIterable {
  /// Each destination pixel takes the nearest image pixel: hard pixel edges (pixel art) and
  /// aliasing on reduction (`kCAFilterNearest`).
  case nearest
  /// Linear interpolation on enlargement; on reduction the triangle filter widens with the
  /// factor, so every image pixel contributes and nothing aliases (`kCAFilterLinear`, Core
  /// Animation's default for both). A GPU samples only 4 texels here and aliases below half
  /// size; this is the better-looking, equally cheap-per-pixel choice.
  case linear
  /// Reduction from a mipmap chain, interpolating between the two nearest levels
  /// (`kCAFilterTrilinear`); on enlargement the same as ``linear``.
  case trilinear

  /// The resampling filter for one axis pair; `trilinear` draws from a ``MipmapChain``.
  var resamplingFilter: ResamplingFilter {
    switch self {
    case .nearest: .nearest
    case .linear, .trilinear: .bilinear
    }
  }
}
