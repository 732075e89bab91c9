#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A place per thread for one ``BandScratch`` buffer, read and written without a lock: the
/// buffer a thread's last band used waits there for its next band.
///
/// The slot is made on a thread's first band (one small allocation per thread, once) and freed
/// with the buffer it holds when the thread exits (a `pthread_key_t` destructor). Pool workers
/// never exit, so theirs live as long as the process.
enum ThreadScratchSlot {
  typealias Slot = UnsafeMutablePointer<BandScratch.Buffer?>

  #if canImport(Glibc) || canImport(Darwin)
    /// The key, made on first use; `nil` when the system has no key left (then no thread has a
    /// slot, and every band goes through the shared pool).
    private static let key: pthread_key_t? = {
      var key = pthread_key_t()
      #if canImport(Glibc)
        let status = pthread_key_create(&key) { raw in if let raw { ThreadScratchSlot.release(raw) } }
      #else
        let status = pthread_key_create(&key) { raw in ThreadScratchSlot.release(raw) }
      #endif
      return status == 0 ? key : nil
    }()

    /// The calling thread's slot, made on first use; `nil` when it cannot be had.
    static func current() -> Slot? {
      guard let key else { return nil }
      if let raw = pthread_getspecific(key) { return raw.assumingMemoryBound(to: BandScratch.Buffer?.self) }
      let slot = Slot.allocate(capacity: 1)
      slot.initialize(to: nil)
      guard pthread_setspecific(key, slot) == 0 else {
        slot.deallocate()
        return nil
      }
      return slot
    }

    /// The destructor: frees an exiting thread's buffer and its slot.
    private static func release(_ raw: UnsafeMutableRawPointer) {
      let slot = raw.assumingMemoryBound(to: BandScratch.Buffer?.self)
      if let buffer = slot.pointee { AlignedMemory.deallocate(buffer.base) }
      slot.deinitialize(count: 1)
      slot.deallocate()
    }
  #else
    static func current() -> Slot? { nil }
  #endif
}
