#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The switch that forces every kernel family onto its generic path, as pixman's
/// `PIXMAN_DISABLE` does: set the environment variable `PIXELOPS_DISABLE_FAST_PATHS` to any
/// value but `0` before the first draw. Then compositing uses no strength reduction and only
/// the generic per-pixel kernel, and resampling only the vertical-first two-pass order (no 2x
/// pair averages, no 16-bit vertical pass). Results must not change: CI runs the compositing and
/// resampling tests once with the switch on, so every fast path is checked against the generic
/// one as well as against the references.
enum FastPaths {
  /// Whether fast paths may be chosen (read once per process).
  static let areEnabled: Bool = {
    guard let value = getenv("PIXELOPS_DISABLE_FAST_PATHS") else { return true }
    return String(cString: value) == "0"
  }()
}
