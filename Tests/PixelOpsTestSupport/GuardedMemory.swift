public import PixelOps

/// Caller-owned memory with guard bytes around it: a view can be placed anywhere inside, and
/// ``untouchedOutside(_:)`` checks nothing outside the view's pixels was written.
public final class GuardedMemory {
  /// The value every byte holds until something writes it.
  public static let guardByte: UInt8 = 0xA5
  /// The whole allocation, guard bytes included.
  public let bytes: UnsafeMutableRawBufferPointer

  /// `byteCount` bytes, all ``guardByte``, byte-aligned (so views can start at any address).
  public init(byteCount: Int) {
    bytes = .allocate(byteCount: byteCount, alignment: 1)
    bytes.initializeMemory(as: UInt8.self, repeating: Self.guardByte)
  }

  deinit { bytes.deallocate() }

  /// Whether every byte outside `view`'s pixels (row padding included) still holds the guard.
  public func untouchedOutside(_ view: MutablePixelView) -> Bool {
    let base = bytes.baseAddress!
    var inside = [Bool](repeating: false, count: bytes.count)
    let rowLength = view.width * view.format.bytesPerPixel
    for y in 0..<view.height {
      let start = view.rowAddress(y) - base
      for i in start..<(start + rowLength) { inside[i] = true }
    }
    return (0..<bytes.count).allSatisfy { inside[$0] || bytes[$0] == Self.guardByte }
  }
}
