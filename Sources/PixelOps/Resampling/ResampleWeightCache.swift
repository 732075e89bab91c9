/// Weight tables kept between calls, keyed by their whole geometry (``ResampleAxis``).
///
/// Redrawing the same image at the same size (a scrolling list, an animation frame) finds its
/// tables here and builds nothing. The cache holds at most ``maximumEntries`` tables and
/// ``maximumBytes`` bytes, dropping the least recently used; a table larger than the budget is
/// used once and not kept. Lookups take a lock briefly (a pthread mutex, `ConditionLock`, which
/// ThreadSanitizer sees: it does not see inside Synchronization's `Mutex` on Linux and reported
/// races here that were none); tables are immutable and shared.
enum ResampleWeightCache {
  static let maximumEntries = 32
  static let maximumBytes = 8 << 20

  private struct Entry {
    var table: ResampleWeights
    var lastUse: UInt64
  }

  private struct State: Sendable {
    var entries: [ResampleAxis: Entry] = [:]
    var clock: UInt64 = 0
    var bytes = 0
  }

  private static let state = ConditionLock(State())

  /// The table for `axis`, from the cache or built (and then cached).
  static func table(for axis: ResampleAxis) throws(PixelError) -> ResampleWeights {
    let cached: ResampleWeights? = state.withLock { state in
      state.clock &+= 1
      guard var entry = state.entries[axis] else { return nil }
      entry.lastUse = state.clock
      state.entries[axis] = entry
      return entry.table
    }
    if let cached { return cached }
    let table = try ResampleWeights.make(axis)
    guard table.byteCount <= maximumBytes else { return table }
    state.withLock { state in
      if state.entries[axis] != nil { return }
      while state.entries.count >= maximumEntries || state.bytes + table.byteCount > maximumBytes,
        let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })
      {
        state.bytes -= oldest.value.table.byteCount
        state.entries[oldest.key] = nil
      }
      state.clock &+= 1
      state.entries[axis] = Entry(table: table, lastUse: state.clock)
      state.bytes += table.byteCount
    }
    return table
  }

  /// Drops every cached table (tests use it to measure cold calls).
  static func removeAll() {
    state.withLock { state in
      state.entries.removeAll()
      state.bytes = 0
    }
  }

  /// Tables and bytes held now.
  static var usage: (entries: Int, bytes: Int) {
    state.withLock { ($0.entries.count, $0.bytes) }
  }
}
