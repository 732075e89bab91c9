#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A `pthread_cond_t` that threads sleep on while holding a ``ConditionLock``.
///
/// `@unchecked Sendable`: the condition variable lives at a fixed heap address and pthreads
/// makes it safe to share (signalling needs no lock); ``waiterCount`` is only read or written
/// while the mutex of the ``ConditionLock`` it is used with is held.
final class ConditionVariable: @unchecked Sendable {
  fileprivate let condition: UnsafeMutablePointer<pthread_cond_t>
  /// Threads sleeping on this condition now. Only valid while holding the paired lock.
  fileprivate(set) var waiterCount = 0

  init() {
    condition = .allocate(capacity: 1)
    condition.initialize(to: pthread_cond_t())
    let status = pthread_cond_init(condition, nil)
    precondition(status == 0, "pthread_cond_init failed (\(status))")
  }

  deinit {
    pthread_cond_destroy(condition)
    condition.deinitialize(count: 1)
    condition.deallocate()
  }

  /// Sends `count` wake-ups, each waking one sleeping thread if any. May be called without
  /// holding the paired lock.
  func signal(count: Int = 1) {
    for _ in 0..<max(0, count) { pthread_cond_signal(condition) }
  }

  /// Wakes every thread sleeping on the condition. May be called without holding the lock.
  func broadcast() {
    pthread_cond_broadcast(condition)
  }
}

/// State guarded by a pthread mutex, with waits on ``ConditionVariable``s: the package's one
/// lock, used by every target in place of Synchronization's `Mutex`.
///
/// Two reasons not to use `Mutex`. It cannot be paired with a condition variable, which the
/// scheduler and the frame pipeline need. And on Linux (Swift 6.3.1) it locks with futex calls
/// inside the uninstrumented Synchronization library, so ThreadSanitizer cannot see it order
/// two threads' turns and reports the accesses it guards as races (the CI's sanitizer step
/// failed on one, in the tile cache). ThreadSanitizer intercepts pthread mutexes.
///
/// Like `Mutex`, the state need not be `Sendable`: it goes in and comes out as `sending`
/// values, so a non-`Sendable` state (a C library handle) stays in this region alone.
///
/// `@unchecked Sendable`: `state` is only touched between `pthread_mutex_lock` and
/// `pthread_mutex_unlock`, and crosses threads only as a `sending` value.
package final class ConditionLock<State>: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var state: State

  /// A lock guarding `initialState`.
  package init(_ initialState: sending State) {
    state = initialState
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    let status = pthread_mutex_init(mutex, nil)
    precondition(status == 0, "pthread_mutex_init failed (\(status))")
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Tries the mutex ``spinAttempts`` times before blocking on it. Every hold is a few list
  /// operations, so a thread that finds it taken usually gets it within those tries instead of
  /// sleeping in the kernel and needing a wake-up from the holder (the idea of glibc's adaptive
  /// mutexes, without their pause between tries or their adaptive count). Measured on two cores
  /// of the lent 16-core Xeon, under gVisor, where a sleep in the kernel costs more than on a
  /// plain VM: the pool's cost for an empty 2- or 8-band job went 1.6 → 0.7 µs and 3.6 → 1.7 µs
  /// (`bench --kernel scheduler`); on the 2-core guest it moved within the noise.
  private func lock() {
    for _ in 0..<Self.spinAttempts where pthread_mutex_trylock(mutex) == 0 { return }
    pthread_mutex_lock(mutex)
  }

  private static var spinAttempts: Int { 64 }

  /// Runs `body` on the state with the lock held, and rethrows what it throws.
  package func withLock<Result, Failure: Error>(
    _ body: (inout sending State) throws(Failure) -> sending Result
  ) throws(Failure) -> sending Result {
    lock()
    defer { pthread_mutex_unlock(mutex) }
    return try body(&state)
  }

  /// Takes the lock, sleeps on `condition` until `isReady` holds, then runs `body`, all
  /// without letting go of the state in between the check and `body`.
  func withLock<Result>(
    waitingOn condition: ConditionVariable,
    until isReady: (inout sending State) -> Bool,
    _ body: (inout sending State) -> sending Result
  ) -> sending Result {
    lock()
    defer { pthread_mutex_unlock(mutex) }
    while !isReady(&state) {
      condition.waiterCount += 1
      pthread_cond_wait(condition.condition, mutex)
      condition.waiterCount -= 1
    }
    return body(&state)
  }
}
