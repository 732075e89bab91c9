public import PixelOpsIO
public import PixelOps

/// Decode limits for fuzzing: far below the defaults, so that a header claiming a huge image
/// is refused (the path under test) rather than decoded for seconds, and libFuzzer's 2 GB
/// memory limit is never reached by a legitimate decode. 1 Mpx, 64 MiB, 64 pages.
public let fuzzLimits = DecodingLimits(
  maximumPixelCount: 1 << 20, maximumPageCount: 64, maximumByteCount: 1 << 26)

/// The pixel formats a run decodes to, chosen from the input's length so that every file of
/// the seed corpus stays a valid file and mutations still reach every format.
public func fuzzFormat(for byteCount: Int) -> PixelFormat {
  let formats = PixelFormat.allCases
  return formats[byteCount % formats.count]
}
