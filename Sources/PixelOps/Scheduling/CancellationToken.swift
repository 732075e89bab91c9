import Synchronization

/// A flag that stops long kernels between row bands. Cancel from any thread or task.
public final class CancellationToken: Sendable, Hashable {
  private let flag = Atomic<Bool>(false)

  public init() {}

  /// Asks every call using this token to stop at its next band boundary.
  public func cancel() { flag.store(true, ordering: .releasing) }

  /// Whether ``cancel()`` has been called.
  public var isCancelled: Bool { flag.load(ordering: .acquiring) }

  public static func == (lhs: CancellationToken, rhs: CancellationToken) -> Bool { lhs === rhs }
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
