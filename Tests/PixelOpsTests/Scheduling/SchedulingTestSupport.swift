import Foundation
import Synchronization

@testable import PixelOps

/// Memory that bands write to concurrently, each band its own elements.
///
/// `@unchecked Sendable`: tests only let bands touch disjoint elements (the thread
/// sanitizer run checks exactly that), and the memory outlives every call using it.
final class SharedBuffer<Element>: @unchecked Sendable {
  let pointer: UnsafeMutableBufferPointer<Element>

  init(repeating value: Element, count: Int) {
    pointer = .allocate(capacity: count)
    pointer.initialize(repeating: value)
  }

  deinit { pointer.deallocate() }

  subscript(index: Int) -> Element {
    get { pointer[index] }
    set { pointer[index] = newValue }
  }

  var array: [Element] { Array(pointer) }
}

/// A per-pixel value that depends on position and a seed only: what a row-wise kernel
/// would compute.
func testPixel(x: Int, y: Int, seed: Int) -> UInt32 {
  var value = UInt32(truncatingIfNeeded: x &* 73_856_093 ^ y &* 19_349_663 ^ seed &* 83_492_791)
  value ^= value >> 13
  value = value &* 0x5BD1_E995
  return value ^ (value >> 15)
}

/// The expected image of ``testPixel(x:y:seed:)``, computed with plain loops.
func expectedImage(width: Int, height: Int, seed: Int) -> [UInt32] {
  var pixels: [UInt32] = []
  pixels.reserveCapacity(width * height)
  for y in 0..<height {
    for x in 0..<width { pixels.append(testPixel(x: x, y: y, seed: seed)) }
  }
  return pixels
}

/// Fills rows `rows` of a `width`-wide image with ``testPixel(x:y:seed:)``.
func fillRows(_ rows: Range<Int>, of image: SharedBuffer<UInt32>, width: Int, seed: Int) {
  for y in rows {
    for x in 0..<width { image[y * width + x] = testPixel(x: x, y: y, seed: seed) }
  }
}

/// How long a scheduler test waits for other threads before it records a failure: ample for a
/// loaded 2-core CI machine under the thread sanitizer, short enough that a scheduling
/// regression fails the test instead of hanging the run.
let schedulingDeadline = Duration.seconds(20)

/// Yields the processor until `condition` holds or `limit` has passed; returns whether the
/// condition held. Callers turn `false` into a failed expectation on the test's own thread (a
/// band runs on a pool worker, where no test is current).
func spin(for limit: Duration = schedulingDeadline, until condition: () -> Bool) -> Bool {
  let deadline = ContinuousClock.now + limit
  while !condition() {
    if ContinuousClock.now >= deadline { return false }
    sched_yield()
  }
  return true
}

/// Sleeps in short steps until `condition` holds or `limit` has passed; returns whether the
/// condition held. For async tests waiting on threads and tasks they started.
func waitUntil(for limit: Duration = schedulingDeadline, _ condition: () -> Bool) async -> Bool {
  let deadline = ContinuousClock.now + limit
  while !condition() {
    if ContinuousClock.now >= deadline { return false }
    try? await Task.sleep(for: .milliseconds(5))
  }
  return true
}

/// Whether the calling thread is `thread`.
func isCurrentThread(_ thread: pthread_t) -> Bool { pthread_equal(pthread_self(), thread) != 0 }

extension Parallelism {
  /// `threads(count)` for counts the test knows are valid.
  static func testThreads(_ count: Int) -> Parallelism {
    do { return try .threads(count) } catch { fatalError("invalid test thread count \(count)") }
  }
}

/// A value behind an `NSLock`.
///
/// Not Synchronization's `Mutex`: on Linux (Swift 6.3.1) the thread sanitizer cannot see its
/// lock and reports every guarded access as a race.
///
/// `@unchecked Sendable`: `value` is only touched with `lock` held.
final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}
