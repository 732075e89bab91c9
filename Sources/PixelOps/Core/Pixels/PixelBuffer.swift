/// An owned image: pixels in aligned rows, with the pixel density of `UIImage.scale`.
///
/// `PixelBuffer` is a value: copies share storage until one of them is written through
/// ``withMutableView(_:)``, which copies first if the storage is shared. Rows start on
/// 64-byte boundaries, so `rowBytes` may exceed `width * bytesPerPixel`.
public struct PixelBuffer: Sendable {
  public let width: Int
  public let height: Int
  public let format: PixelFormat
  /// Distance in bytes between rows: `width * bytesPerPixel` rounded up to 64.
  public let rowBytes: Int
  /// Pixels per point, as `UIImage.scale`: a 200x100-pixel image at scale 2 is 100x50 points.
  public private(set) var scale: Double
  /// Whether every pixel is known to have full alpha. True for formats without alpha; set by
  /// decoders that saw no alpha, by ``markOpaque()`` and by ``updateOpacity()``; cleared by
  /// any write through ``withMutableView(_:)``, unless made through ``draw(_:)`` by draws that
  /// keep opaque pixels opaque. Kernels use it for opaque fast paths; PNG's automatic format
  /// writes RGB without alpha when it is set (and measures it when it is not).
  public private(set) var isKnownOpaque: Bool
  private var storage: PixelStorage

  /// A buffer of transparent black pixels (all bytes zero).
  ///
  /// - Throws: ``PixelError`` for zero or negative sizes, a scale that is not finite and
  ///   positive, byte counts that overflow, or memory the system cannot provide.
  public init(width: Int, height: Int, format: PixelFormat, scale: Double = 1) throws(PixelError) {
    guard scale.isFinite, scale > 0 else { throw .invalidScale(scale) }
    let layout = try PixelLayout(width: width, height: height, format: format, rowBytes: nil, allowEmpty: false)
    self.width = width
    self.height = height
    self.format = format
    self.rowBytes = layout.rowBytes
    self.scale = scale
    self.isKnownOpaque = !format.hasAlpha
    self.storage = try PixelStorage(byteCount: layout.rowBytes &* height)
  }

  /// A buffer holding a copy of `view`'s pixels, in the same format.
  public init(copying view: PixelView, scale: Double = 1) throws(PixelError) {
    try self.init(width: view.width, height: view.height, format: view.format, scale: scale)
    let source = view
    try withMutableView { destination throws(PixelError) in try destination.copyPixels(from: source) }
    isKnownOpaque = view.isKnownOpaque
  }

  public var size: PixelSize { PixelSize(width: width, height: height) }
  public var bounds: PixelRect { PixelRect(size: size) }
  /// The size in points: the pixel size divided by ``scale``.
  public var pointSize: PointSize { PointSize(pixels: size, scale: scale) }

  /// Changes the pixel density without touching pixels.
  /// - Throws: ``PixelError/invalidScale(_:)`` unless `newScale` is finite and positive.
  public mutating func setScale(_ newScale: Double) throws(PixelError) {
    guard newScale.isFinite, newScale > 0 else { throw .invalidScale(newScale) }
    scale = newScale
  }

  /// Calls `body` with a read-only view of the whole buffer. The view must not escape. The
  /// result is discardable, as ``withMutableView(_:)``'s.
  ///
  /// Inlinable, so that a caller's closure is specialised into its own code rather than called
  /// through generic thunks (about a tenth of a 4x4 draw's instructions, and as much again in
  /// ``withMutableView(_:)``); the view itself is made out of line (`wholeView`).
  @inlinable @discardableResult
  public func withView<Result, Failure: Error>(
    _ body: (PixelView) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let view = wholeView
    defer { keepStorageAlive() }
    return try body(view)
  }

  /// A read-only view of every pixel, valid while this buffer's storage lives.
  @usableFromInline
  var wholeView: PixelView {
    PixelView(
      unchecked: UnsafeRawPointer(storage.pointer), width: width, height: height,
      rowBytes: rowBytes, format: format, isKnownOpaque: isKnownOpaque)
  }

  /// Marks the end of a view's use: the storage the view points into lives at least until here.
  @usableFromInline
  func keepStorageAlive() { withExtendedLifetime(storage) {} }

  /// Calls `body` with a writable view of the whole buffer, copying the storage first if
  /// another value shares it. Afterwards the pixels are no longer known to be opaque (unless
  /// the format has no alpha); call ``markOpaque()`` or ``updateOpacity()`` to say otherwise,
  /// or write through ``draw(_:)``, which keeps the flag as far as its draws keep it.
  /// Discardable, so a closure whose one line is a draw (which returns an ``OpacityOutcome``)
  /// needs no `_ =`.
  ///
  /// Inlinable for the same reason as ``withView(_:)``.
  @inlinable @discardableResult
  public mutating func withMutableView<Result, Failure: Error>(
    _ body: (MutablePixelView) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let view = uniqueViewForWriting()
    defer { keepStorageAlive() }
    return try body(view)
  }

  /// Makes the storage this buffer's own (copying it if another value shares it), clears the
  /// opacity flag as a write does, and returns a writable view of every pixel.
  @usableFromInline
  mutating func uniqueViewForWriting() -> MutablePixelView {
    if !isKnownUniquelyReferenced(&storage) {
      // A copy of an existing allocation of the same size; failure here means the system is
      // out of memory for a size it already provided once, which we treat as fatal like any
      // other copy-on-write copy in Swift.
      storage = storage.copy()
    }
    isKnownOpaque = !format.hasAlpha
    return MutablePixelView(
      unchecked: storage.pointer, width: width, height: height, rowBytes: rowBytes, format: format)
  }

  /// Calls `body` with a writable view of the whole buffer, as ``withMutableView(_:)`` does, and
  /// keeps ``isKnownOpaque`` as far as the draws made in `body` provably keep it.
  ///
  /// `body` returns the ``OpacityOutcome`` of what it wrote: the value a PixelOps draw returns
  /// (``Compositor``, ``Resampler``, the layer renderers), or several combined with
  /// ``OpacityOutcome/then(_:)`` in the order they ran. An opaque buffer stays opaque when the
  /// outcome keeps opaque pixels opaque; any buffer becomes known opaque when a draw made its
  /// whole view opaque (an opaque image resampled over all of it). Return
  /// ``OpacityOutcome/unknown`` after writing pixels any other way. When `body` throws, the
  /// flag is cleared as ``withMutableView(_:)`` clears it.
  ///
  /// ```swift
  /// try photo.draw { canvas in
  ///   try Compositor.draw(watermark, onto: canvas, at: corner, options: CompositeOptions(opacity: 0.6))
  /// }
  /// // photo.isKnownOpaque is still true when it was: source-over keeps opaque pixels opaque.
  /// ```
  ///
  /// Inlinable for the same reason as ``withView(_:)``.
  @inlinable
  public mutating func draw<Failure: Error>(
    _ body: (MutablePixelView) throws(Failure) -> OpacityOutcome
  ) throws(Failure) {
    let wasOpaque = isKnownOpaque
    let view = uniqueViewForWriting()
    defer { keepStorageAlive() }
    recordOpacity(after: try body(view), on: view, wasOpaque: wasOpaque)
  }

  /// Sets ``isKnownOpaque`` where `outcome`, the result of a ``draw(_:)`` over `view` (every
  /// pixel), leaves the buffer opaque.
  @usableFromInline
  mutating func recordOpacity(after outcome: OpacityOutcome, on view: MutablePixelView, wasOpaque: Bool) {
    if outcome.leavesOpaque(view, wasOpaque: wasOpaque) { isKnownOpaque = true }
  }

  /// Records the caller's promise that every pixel has full alpha, enabling opaque fast paths.
  /// Nothing is checked; use ``updateOpacity()`` to measure instead.
  public mutating func markOpaque() {
    isKnownOpaque = true
  }

  /// Scans the pixels and records whether every alpha is at its maximum.
  /// - Returns: the new value of ``isKnownOpaque``.
  @discardableResult
  public mutating func updateOpacity() -> Bool {
    isKnownOpaque = withView { OpacityScan.isOpaque($0) }
    return isKnownOpaque
  }

  /// The pixels as tightly packed bytes, rows top to bottom, no row padding.
  public func packedBytes() -> [UInt8] {
    withView { $0.packedBytes() }
  }
}

extension PixelBuffer: Equatable {
  /// Two buffers are equal when size, format, scale and every pixel byte are equal; row
  /// padding and the opacity flag are not compared.
  public static func == (lhs: PixelBuffer, rhs: PixelBuffer) -> Bool {
    guard lhs.size == rhs.size, lhs.format == rhs.format, lhs.scale == rhs.scale else { return false }
    if lhs.storage === rhs.storage { return true }
    let rowLength = lhs.width &* lhs.format.bytesPerPixel
    return lhs.withView { left in
      rhs.withView { right in
        (0..<left.height).allSatisfy { y in
          UnsafeRawBufferPointer(start: left.rowAddress(y), count: rowLength)
            .elementsEqual(UnsafeRawBufferPointer(start: right.rowAddress(y), count: rowLength))
        }
      }
    }
  }
}

/// The heap block behind a ``PixelBuffer``: immutable once shared, so it is safe to send.
final class PixelStorage: @unchecked Sendable {
  let pointer: UnsafeMutableRawPointer
  let byteCount: Int

  init(byteCount: Int) throws(PixelError) {
    self.pointer = try AlignedMemory.allocateZeroed(byteCount: byteCount)
    self.byteCount = byteCount
  }

  func copy() -> PixelStorage {
    // The same size was allocated once already; if it now fails, the process is out of
    // memory and we stop as Swift's own copy-on-write collections do.
    guard let duplicate = try? PixelStorage(byteCount: byteCount) else {
      fatalError("out of memory copying a \(byteCount)-byte pixel buffer")
    }
    duplicate.pointer.copyMemory(from: pointer, byteCount: byteCount)
    return duplicate
  }

  deinit { AlignedMemory.deallocate(pointer) }
}
