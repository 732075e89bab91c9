import Synchronization

/// How many threads one call may use.
///
/// Kernels take a `Parallelism` per call; ``automatic`` follows the process-wide
/// ``defaultThreadCount``. Whatever the setting, results are bit-identical: work is split into
/// row bands whose boundaries never change what a pixel computes.
public struct Parallelism: Sendable, Hashable, CustomStringConvertible {
  /// The requested thread count, or `nil` for the process-wide default.
  public let requestedThreads: Int?
  /// Checked between row bands; once cancelled, the call stops and throws
  /// ``PixelError/cancelled``.
  public let cancellationToken: CancellationToken?

  private init(requestedThreads: Int?, cancellationToken: CancellationToken? = nil) {
    self.requestedThreads = requestedThreads
    self.cancellationToken = cancellationToken
  }

  /// The same thread setting, stopping between bands once `token` is cancelled.
  public func cancellable(by token: CancellationToken) -> Parallelism {
    Parallelism(requestedThreads: requestedThreads, cancellationToken: token)
  }

  /// Use ``defaultThreadCount`` threads.
  public static let automatic = Parallelism(requestedThreads: nil)
  /// Run inline on the calling thread.
  public static let serial = Parallelism(requestedThreads: 1)

  /// Use at most `count` threads, the calling thread included (1 runs inline on the caller).
  /// Counts above ``ThreadPool/maximumThreadCount`` use that many. Kernels may use fewer
  /// threads for work too small to be worth splitting.
  /// - Throws: ``PixelError/invalidThreadCount(_:)`` when `count < 1`.
  public static func threads(_ count: Int) throws(PixelError) -> Parallelism {
    guard count >= 1 else { throw .invalidThreadCount(count) }
    return Parallelism(requestedThreads: count)
  }

  /// The thread count this setting resolves to now.
  public var resolvedThreadCount: Int { requestedThreads ?? Parallelism.defaultThreadCount }

  private static let defaultCount = Atomic<Int>(ThreadPool.availableCores)

  /// Threads used by ``automatic``: ``ThreadPool/availableCores`` unless changed.
  /// Setting a value below 1 stores 1; 1 makes ``automatic`` calls run inline.
  public static var defaultThreadCount: Int {
    get { defaultCount.load(ordering: .relaxed) }
    set { defaultCount.store(max(1, newValue), ordering: .relaxed) }
  }

  public var description: String { requestedThreads.map { "\($0) threads" } ?? "automatic" }
}
