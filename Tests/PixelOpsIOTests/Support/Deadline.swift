import Foundation
import PixelOps

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a call that might block forever on its own thread, so a test can fail instead of
/// hanging.
enum Deadline {
  enum Outcome: Sendable, CustomStringConvertible {
    case returned
    case threw(any Error)
    case timedOut

    var description: String {
      switch self {
      case .returned: "returned"
      case .threw(let error): "threw \(error)"
      case .timedOut: "timed out"
      }
    }
  }

  /// Runs `body` on a new thread and waits at most `seconds` for it. When it is still
  /// running and `fifo` is given, the FIFO is opened for writing and closed, which ends a
  /// read blocked on it (the thread then finishes on its own).
  static func run(
    seconds: Double, unblockingFIFO fifo: String?, _ body: @escaping @Sendable () throws -> Void
  ) -> Outcome {
    let result = ConditionLock<Outcome?>(nil)
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      let outcome: Outcome
      do {
        try body()
        outcome = .returned
      } catch {
        outcome = .threw(error)
      }
      result.withLock { $0 = outcome }
      done.signal()
    }
    if done.wait(timeout: .now() + seconds) == .success {
      return result.withLock { $0 } ?? .timedOut
    }
    if let fifo {
      let descriptor = open(fifo, O_WRONLY | O_NONBLOCK)
      if descriptor >= 0 { close(descriptor) }
      _ = done.wait(timeout: .now() + 5)
    }
    return .timedOut
  }
}
