#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few operating-system thread calls the scheduler needs, without Foundation.
enum PlatformThreads {
  /// Cores this process may run on: the CPU affinity mask on Linux, else the online cores.
  static func availableCores() -> Int {
    #if canImport(Glibc)
      if let affinityCount = affinityCoreCount() { return affinityCount }
    #endif
    return max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
  }

  #if canImport(Glibc)
    private typealias GetAffinity = @convention(c) (pid_t, Int, UnsafeMutableRawPointer?) -> Int32

    /// `CPU_COUNT` of `sched_getaffinity`. The Glibc module hides GNU extensions, so the
    /// function is looked up at run time; `nil` when it is missing or fails.
    private static func affinityCoreCount() -> Int? {
      guard let symbol = dlsym(nil, "sched_getaffinity") else { return nil }
      let getAffinity = unsafeBitCast(symbol, to: GetAffinity.self)
      var set = cpu_set_t()
      let status = withUnsafeMutableBytes(of: &set) { getAffinity(0, $0.count, $0.baseAddress) }
      guard status == 0 else { return nil }
      let count = withUnsafeBytes(of: &set) { $0.reduce(0) { $0 + $1.nonzeroBitCount } }
      return count > 0 ? count : nil
    }
  #endif

  /// A number that tells the calling thread apart from the other threads alive now (its
  /// `pthread_t`); a thread that has exited may leave its number to a new one.
  static func currentThreadKey() -> UInt {
    #if canImport(Darwin)
      UInt(bitPattern: pthread_self())
    #else
      UInt(pthread_self())
    #endif
  }

  /// Lets another thread run on this processor (a short pause while polling).
  static func yieldProcessor() {
    _ = sched_yield()
  }

  /// Owns what a new thread runs, across `pthread_create`'s untyped argument.
  private final class Entry: Sendable {
    let name: String
    let body: @Sendable () -> Void
    init(name: String, body: @escaping @Sendable () -> Void) {
      self.name = name
      self.body = body
    }
  }

  /// Starts a detached thread running `body`. Returns `false` when the system refused.
  static func startDetachedThread(name: String, _ body: @escaping @Sendable () -> Void) -> Bool {
    let argument = Unmanaged.passRetained(Entry(name: name, body: body)).toOpaque()
    #if canImport(Glibc)
      var thread = pthread_t()
      let status = pthread_create(
        &thread, nil,
        { raw in
          PlatformThreads.runEntry(raw!)
          return nil
        }, argument)
    #elseif canImport(Darwin)
      var thread: pthread_t?
      let status = pthread_create(
        &thread, nil,
        { raw in
          PlatformThreads.runEntry(raw)
          return nil
        }, argument)
    #endif
    guard status == 0 else {
      Unmanaged<Entry>.fromOpaque(argument).release()
      return false
    }
    #if canImport(Glibc)
      pthread_detach(thread)
    #elseif canImport(Darwin)
      if let thread { pthread_detach(thread) }
    #endif
    return true
  }

  private static func runEntry(_ raw: UnsafeMutableRawPointer) {
    let entry = Unmanaged<Entry>.fromOpaque(raw).takeRetainedValue()
    nameCurrentThread(entry.name)
    entry.body()
  }

  #if canImport(Glibc)
    private typealias SetName = @convention(c) (pthread_t, UnsafePointer<CChar>) -> Int32
  #endif

  /// Names the calling thread for debuggers and profilers (best effort; Linux keeps 15 bytes).
  private static func nameCurrentThread(_ name: String) {
    #if canImport(Glibc)
      guard let symbol = dlsym(nil, "pthread_setname_np") else { return }
      let setName = unsafeBitCast(symbol, to: SetName.self)
      _ = setName(pthread_self(), String(decoding: name.utf8.prefix(15), as: UTF8.self))
    #elseif canImport(Darwin)
      _ = pthread_setname_np(name)
    #endif
  }
}
