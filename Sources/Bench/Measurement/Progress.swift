import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Progress lines on stderr, once a run has lasted more than two seconds; results stay on stdout.
enum Progress {
  private static let start = ContinuousClock.now
  static let enabled = Atomic<Bool>(true)

  static func report(_ message: String) {
    guard enabled.load(ordering: .relaxed), ContinuousClock.now - start > .seconds(2) else { return }
    var line = "bench: \(message)\n"
    line.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
  }
}

/// Ctrl-C handling: the first SIGINT asks the run to stop between iterations, so partial
/// results are printed and the process exits with status 130; a second SIGINT ends it at once.
enum Interruption {
  struct Interrupted: Error {}

  private static let requested = Atomic<Bool>(false)

  static func install() {
    signal(SIGINT) { _ in
      if Interruption.requested.exchange(true, ordering: .relaxed) { _exit(130) }
    }
  }

  static var wasRequested: Bool { requested.load(ordering: .relaxed) }

  static func stopIfRequested() throws {
    if wasRequested { throw Interrupted() }
  }
}
