#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the process has used of the machine's memory.
public enum ProcessMemory {
  /// The most resident memory the process has held so far, in KiB (`getrusage`'s `ru_maxrss`:
  /// KiB on Linux, bytes on Apple platforms).
  public static var peakResidentKiB: Int {
    var usage = rusage()
    #if canImport(Glibc)
      let status = getrusage(RUSAGE_SELF.rawValue, &usage)  // an enum in Glibc's header, an Int32 elsewhere
    #else
      let status = getrusage(RUSAGE_SELF, &usage)
    #endif
    guard status == 0 else { return 0 }
    #if canImport(Darwin)
      return Int(usage.ru_maxrss) / 1024
    #else
      return Int(usage.ru_maxrss)
    #endif
  }
}
