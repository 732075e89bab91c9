#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(ucrt)
  import ucrt
#endif

/// The filter a resampling call weighs source pixels with.
///
/// On enlargement the filter interpolates between source pixels; on reduction its support
/// grows with the reduction factor, so every source pixel contributes and fine detail averages
/// out instead of aliasing (convolution resampling, as Pillow and libvips resize).
/// ``nearest`` takes one source pixel per destination pixel and never filters.
public struct ResamplingFilter: Hashable, Sendable, CustomStringConvertible {
  enum Kind: Hashable, Sendable {
    case nearest
    case box
    case triangle
    /// Mitchell–Netravali cubic with parameters B and C.
    case cubic(b: Double, c: Double)
    case lanczos3
  }

  let kind: Kind

  private init(_ kind: Kind) { self.kind = kind }

  /// The source pixel whose area holds the sample point: blocky, exact colours (pixel art).
  ///
  /// Destination pixel `x` takes source column `floor(origin + (x + 0.5 - destinationOrigin) * scale)`,
  /// clamped to the image: a sample point exactly on the boundary of two source pixels takes the
  /// right (lower) one, as Pillow's `NEAREST` does.
  public static let nearest = ResamplingFilter(.nearest)
  /// Box (area averaging): on reduction each destination pixel is the mean of the source
  /// pixels it covers; on enlargement, nearest-neighbour-like.
  public static let box = ResamplingFilter(.box)
  /// Triangle filter: bilinear interpolation on enlargement, antialiased on reduction.
  public static let bilinear = ResamplingFilter(.triangle)
  /// Catmull–Rom cubic (Mitchell–Netravali B = 0, C = 0.5; Pillow's `BICUBIC`): sharp, with
  /// small overshoot at edges.
  public static let bicubic = ResamplingFilter(.cubic(b: 0, c: 0.5))
  /// Mitchell–Netravali cubic with B = C = 1/3: softer than ``bicubic``, less ringing.
  public static let mitchell = ResamplingFilter(.cubic(b: 1.0 / 3.0, c: 1.0 / 3.0))
  /// Lanczos with three lobes (Pillow's `LANCZOS`): the sharpest, with some ringing.
  public static let lanczos3 = ResamplingFilter(.lanczos3)

  /// Every filter, in order of increasing support.
  public static let allFilters: [ResamplingFilter] = [.nearest, .box, .bilinear, .bicubic, .mitchell, .lanczos3]

  /// Half-width of the filter in source pixels at scale 1 (grows with the reduction factor).
  var support: Double {
    switch kind {
    case .nearest: 0
    case .box: 0.5
    case .triangle: 1
    case .cubic: 2
    case .lanczos3: 3
    }
  }

  /// Whether the filter has negative lobes, so results can overshoot and need clamping
  /// (colour to `0 ... alpha`).
  var canOvershoot: Bool {
    switch kind {
    case .nearest, .box, .triangle: false
    case .cubic, .lanczos3: true
    }
  }

  /// The filter's weight at distance `x` (in filter units) from the sample point.
  func weight(_ x: Double) -> Double {
    switch kind {
    case .nearest:
      return x > -0.5 && x <= 0.5 ? 1 : 0
    case .box:
      // Half-open so that adjacent source pixels never both count fully (Pillow's rule).
      return x > -0.5 && x <= 0.5 ? 1 : 0
    case .triangle:
      let a = abs(x)
      return a < 1 ? 1 - a : 0
    case .cubic(let b, let c):
      let a = abs(x)
      if a < 1 {
        return ((12 - 9 * b - 6 * c) * a * a * a + (-18 + 12 * b + 6 * c) * a * a + (6 - 2 * b)) / 6
      }
      if a < 2 {
        return ((-b - 6 * c) * a * a * a + (6 * b + 30 * c) * a * a + (-12 * b - 48 * c) * a + (8 * b + 24 * c)) / 6
      }
      return 0
    case .lanczos3:
      guard x >= -3 && x < 3 else { return 0 }
      return Self.sinc(x) * Self.sinc(x / 3)
    }
  }

  private static func sinc(_ x: Double) -> Double {
    if x == 0 { return 1 }
    let t = x * Double.pi
    return sin(t) / t
  }

  public var description: String {
    switch kind {
    case .nearest: "nearest"
    case .box: "box"
    case .triangle: "bilinear"
    case .cubic(let b, let c):
      b == 0 && c == 0.5 ? "bicubic" : (b == 1.0 / 3.0 && c == 1.0 / 3.0 ? "mitchell" : "cubic(B: \(b), C: \(c))")
    case .lanczos3: "lanczos3"
    }
  }
}
