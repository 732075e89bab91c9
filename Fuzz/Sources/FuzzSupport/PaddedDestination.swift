public import PixelOps

/// Caller-owned memory for a decode-into call: rows padded by a few bytes, with a known byte
/// pattern in the padding and after the last row, so a decoder that writes outside the view
/// (which the decoders promise never to do) is caught even where AddressSanitizer cannot see
/// it (the bytes are inside one allocation).
public final class PaddedDestination {
  public let view: MutablePixelView
  private let memory: UnsafeMutableRawBufferPointer
  private let packedRowBytes: Int
  private static let padding = 7
  private static let sentinel: UInt8 = 0xA5

  /// Memory for a `size` image in `format`; `nil` when `size` holds more than
  /// `maximumPixelCount` pixels (the fuzz targets stay within their decode limits).
  public init?(size: PixelSize, format: PixelFormat, maximumPixelCount: Int) {
    guard size.width > 0, size.height > 0, size.width <= maximumPixelCount / size.height else { return nil }
    packedRowBytes = size.width * format.bytesPerPixel
    let rowBytes = packedRowBytes + Self.padding
    memory = .allocate(byteCount: rowBytes * size.height + Self.padding, alignment: 16)
    memory.initializeMemory(as: UInt8.self, repeating: Self.sentinel)
    guard
      let view = try? MutablePixelView(
        unsafeBaseAddress: memory.baseAddress, width: size.width, height: size.height, rowBytes: rowBytes,
        format: format)
    else {
      memory.deallocate()
      return nil
    }
    self.view = view
  }

  deinit { memory.deallocate() }

  /// Stops the run (a crash libFuzzer records with its input) if a byte outside the view's
  /// pixels changed.
  public func requirePaddingUntouched(_ context: @autoclosure () -> String) {
    for y in 0..<view.height {
      let rowEnd = y * view.rowBytes + packedRowBytes
      for offset in rowEnd..<(rowEnd + Self.padding) where memory[offset] != Self.sentinel {
        fuzzFailure("\(context()): byte \(offset - rowEnd) after row \(y) was written")
      }
    }
  }
}

/// Stops the run with `message`; libFuzzer saves the input that caused it.
public func fuzzFailure(_ message: String) -> Never {
  fatalError("fuzz invariant broken: \(message)")
}

/// Stops the run unless `condition` holds.
public func requireInvariant(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fuzzFailure(message()) }
}
