import Synchronization

@testable import PixelOps

/// Small fixtures for the sequence tests: solid frames whose colour names their index, and a
/// decoder that counts what it does.
enum SequenceFixtures {
  /// The colour frame `index` is filled with: red and green hold the index, blue 7, opaque.
  static func color(of index: Int) -> PremultipliedColor {
    PremultipliedColor(premultipliedRed: UInt8(index & 255), green: UInt8((index >> 8) & 255), blue: 7, alpha: 255)
  }

  /// A `size` image of one colour.
  static func solid(_ color: PremultipliedColor, size: PixelSize, scale: Double = 1) throws -> PixelBuffer {
    var buffer = try PixelBuffer(width: size.width, height: size.height, format: .rgba8Premultiplied, scale: scale)
    try buffer.withMutableView { view in
      _ = try Compositor.fill(view.bounds, of: view, with: color, options: CompositeOptions(blendMode: .copy))
    }
    return buffer
  }

  /// The RGBA bytes of pixel (x, y).
  static func pixel(_ view: PixelView, _ x: Int, _ y: Int) -> [UInt8] {
    let row = view.baseAddress!.advanced(by: y * view.rowBytes + x * 4).assumingMemoryBound(to: UInt8.self)
    return [row[0], row[1], row[2], row[3]]
  }

  /// Whether every pixel of `view` is `color`.
  static func isSolid(_ view: PixelView, _ color: PremultipliedColor) -> Bool {
    let expected = [color.red, color.green, color.blue, color.alpha]
    for y in 0..<view.height {
      for x in 0..<view.width where pixel(view, x, y) != expected { return false }
    }
    return true
  }
}

/// A decoder of solid frames (``SequenceFixtures/color(of:)``) that records every decode, may
/// fail at chosen frames, may give frames their own sizes, and may be slow.
final class RecordingDecoder: SequenceFrameDecoder {
  struct Failure: Error, Equatable { var index: Int }

  let frameCount: Int
  let failing: Set<Int>
  let sizes: @Sendable (Int) -> PixelSize
  let delayMicroseconds: Int
  private let log = Locked<[Int]>([])
  private let addressLog = Locked<Set<UInt>>([])

  init(
    frameCount: Int, failing: Set<Int> = [], delayMicroseconds: Int = 0,
    sizes: @escaping @Sendable (Int) -> PixelSize = { _ in PixelSize(width: 8, height: 6) }
  ) {
    self.frameCount = frameCount
    self.failing = failing
    self.sizes = sizes
    self.delayMicroseconds = delayMicroseconds
  }

  var pixelFormat: PixelFormat { .rgba8Premultiplied }

  /// The frames decoded so far, in order: a copy made inside the lock. (Returning the log
  /// itself shares its storage with the worker, whose next append checks the storage's
  /// uniqueness through reference counts ThreadSanitizer cannot see, so it reported the
  /// reader's later use and the in-place append as a race.)
  var decoded: [Int] { log.withLock { $0.map { $0 } } }

  /// The distinct addresses frames were decoded into: how many buffers were ever written.
  var distinctBufferAddresses: Int { addressLog.withLock { $0.count } }

  func frameSize(at index: Int) throws(Failure) -> PixelSize { sizes(index) }

  func decodeFrame(at index: Int, into view: MutablePixelView) throws(Failure) {
    log.withLock { $0.append(index) }
    addressLog.withLock { _ = $0.insert(UInt(bitPattern: view.baseAddress)) }
    if delayMicroseconds > 0 { spin(microseconds: delayMicroseconds) }
    if failing.contains(index) { throw Failure(index: index) }
    _ = try? Compositor.fill(
      view.bounds, of: view, with: SequenceFixtures.color(of: index), options: CompositeOptions(blendMode: .copy))
  }

  private func spin(microseconds: Int) {
    let clock = ContinuousClock()
    let end = clock.now.advanced(by: .microseconds(microseconds))
    while clock.now < end {}
  }
}
