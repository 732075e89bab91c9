/// A read-only, non-owning window onto pixels in memory: a base address, a size, a pixel
/// format and the distance between rows, as `vImage_Buffer` describes memory.
///
/// A view is valid only while the memory it points at is: views handed to a closure by
/// ``PixelBuffer/withView(_:)`` must not escape it, and views over caller-owned memory are the
/// caller's to keep alive. Every view was validated when made (sizes, row bytes, overflow), so
/// kernels trust its fields.
public struct PixelView {
  /// Address of the top-left pixel; `nil` only for an empty view.
  public let baseAddress: UnsafeRawPointer?
  public let width: Int
  public let height: Int
  /// Distance in bytes from one row to the next; at least `width * format.bytesPerPixel`.
  public let rowBytes: Int
  public let format: PixelFormat
  /// Whether every pixel is known to have full alpha (always true for formats without alpha).
  /// Kernels may take opaque fast paths when it is set; it is a promise, not a measurement.
  public let isKnownOpaque: Bool

  /// A view over memory the caller owns (a `CGImage`'s data, an SDL surface, a video frame,
  /// a GPU staging buffer).
  ///
  /// - Parameters:
  ///   - unsafeBaseAddress: The top-left pixel; may be `nil` only when the view is empty.
  ///   - width: Pixels per row.
  ///   - height: Number of rows.
  ///   - rowBytes: Distance in bytes between the starts of consecutive rows.
  ///   - format: The layout of each pixel.
  ///   - isKnownOpaque: The caller's promise that every alpha is at its maximum.
  /// - Throws: ``PixelError`` for negative sizes, row bytes below `width * bytesPerPixel`,
  ///   a missing base address, or sizes whose byte count overflows.
  public init(
    unsafeBaseAddress: UnsafeRawPointer?, width: Int, height: Int, rowBytes: Int,
    format: PixelFormat, isKnownOpaque: Bool = false
  ) throws(PixelError) {
    let layout = try PixelLayout(
      width: width, height: height, format: format, rowBytes: rowBytes, allowEmpty: true)
    if unsafeBaseAddress == nil && layout.byteSpan > 0 { throw .missingBaseAddress }
    self.init(
      unchecked: unsafeBaseAddress, width: width, height: height, rowBytes: rowBytes,
      format: format, isKnownOpaque: isKnownOpaque)
  }

  init(
    unchecked baseAddress: UnsafeRawPointer?, width: Int, height: Int, rowBytes: Int,
    format: PixelFormat, isKnownOpaque: Bool
  ) {
    self.baseAddress = baseAddress
    self.width = width
    self.height = height
    self.rowBytes = rowBytes
    self.format = format
    self.isKnownOpaque = isKnownOpaque || !format.hasAlpha
  }

  public var size: PixelSize { PixelSize(width: width, height: height) }
  /// `(0, 0, width, height)`.
  public var bounds: PixelRect { PixelRect(size: size) }
  /// Whether the view holds no pixels.
  public var isEmpty: Bool { width == 0 || height == 0 }

  /// The sub-rectangle `rect` of this view, sharing its memory.
  ///
  /// - Throws: ``PixelError/rectOutOfBounds(_:bounds:)`` unless `rect` lies inside ``bounds``
  ///   (an empty rect on the edge is allowed).
  public func cropped(to rect: PixelRect) throws(PixelError) -> PixelView {
    guard bounds.contains(rect) else { throw .rectOutOfBounds(rect, bounds: bounds) }
    let offset = rect.y &* rowBytes &+ rect.x &* format.bytesPerPixel
    return PixelView(
      unchecked: rect.isEmpty ? baseAddress : baseAddress.map { $0 + offset },
      width: rect.width, height: rect.height, rowBytes: rowBytes, format: format,
      isKnownOpaque: isKnownOpaque)
  }

  /// The same pixels, with the caller's promise that every one is opaque.
  public func assumingOpaque() -> PixelView {
    PixelView(
      unchecked: baseAddress, width: width, height: height, rowBytes: rowBytes, format: format,
      isKnownOpaque: true)
  }

  /// Whether every pixel has full alpha: ``isKnownOpaque`` when set, else measured in one
  /// vector pass over the alpha bytes (which stops at the first row with a translucent pixel).
  public func measureOpacity() -> Bool {
    isKnownOpaque || OpacityScan.isOpaque(self)
  }

  /// Address of the first pixel of row `y`. `y` must be in `0 ..< height` (not checked).
  @inlinable
  public func rowAddress(_ y: Int) -> UnsafeRawPointer {
    baseAddress.unsafelyUnwrapped + y &* rowBytes
  }

  /// The pixels as tightly packed bytes, rows top to bottom, no padding.
  public func packedBytes() -> [UInt8] {
    let rowLength = width &* format.bytesPerPixel
    var bytes = [UInt8](repeating: 0, count: rowLength &* height)
    bytes.withUnsafeMutableBytes { out in
      for y in 0..<height {
        out.baseAddress!.advanced(by: y &* rowLength).copyMemory(
          from: rowAddress(y), byteCount: rowLength)
      }
    }
    return bytes
  }
}

/// A writable, non-owning window onto pixels in memory. See ``PixelView`` for the rules of
/// lifetime and validation; ``readOnly`` gives the same pixels as a ``PixelView``.
public struct MutablePixelView {
  /// Address of the top-left pixel; `nil` only for an empty view.
  public let baseAddress: UnsafeMutableRawPointer?
  public let width: Int
  public let height: Int
  public let rowBytes: Int
  public let format: PixelFormat

  /// A writable view over memory the caller owns.
  ///
  /// - Throws: ``PixelError`` for negative sizes, row bytes below `width * bytesPerPixel`,
  ///   a missing base address, or sizes whose byte count overflows.
  public init(
    unsafeBaseAddress: UnsafeMutableRawPointer?, width: Int, height: Int, rowBytes: Int,
    format: PixelFormat
  ) throws(PixelError) {
    let layout = try PixelLayout(
      width: width, height: height, format: format, rowBytes: rowBytes, allowEmpty: true)
    if unsafeBaseAddress == nil && layout.byteSpan > 0 { throw .missingBaseAddress }
    self.init(unchecked: unsafeBaseAddress, width: width, height: height, rowBytes: rowBytes, format: format)
  }

  init(
    unchecked baseAddress: UnsafeMutableRawPointer?, width: Int, height: Int, rowBytes: Int,
    format: PixelFormat
  ) {
    self.baseAddress = baseAddress
    self.width = width
    self.height = height
    self.rowBytes = rowBytes
    self.format = format
  }

  public var size: PixelSize { PixelSize(width: width, height: height) }
  public var bounds: PixelRect { PixelRect(size: size) }
  public var isEmpty: Bool { width == 0 || height == 0 }

  /// The same pixels, read-only. Written pixels are not known to be opaque.
  public var readOnly: PixelView {
    PixelView(
      unchecked: baseAddress.map { UnsafeRawPointer($0) }, width: width, height: height,
      rowBytes: rowBytes, format: format, isKnownOpaque: false)
  }

  /// The sub-rectangle `rect` of this view, sharing its memory.
  ///
  /// - Throws: ``PixelError/rectOutOfBounds(_:bounds:)`` unless `rect` lies inside ``bounds``.
  public func cropped(to rect: PixelRect) throws(PixelError) -> MutablePixelView {
    guard bounds.contains(rect) else { throw .rectOutOfBounds(rect, bounds: bounds) }
    let offset = rect.y &* rowBytes &+ rect.x &* format.bytesPerPixel
    return MutablePixelView(
      unchecked: rect.isEmpty ? baseAddress : baseAddress.map { $0 + offset },
      width: rect.width, height: rect.height, rowBytes: rowBytes, format: format)
  }

  /// Address of the first pixel of row `y`. `y` must be in `0 ..< height` (not checked).
  @inlinable
  public func rowAddress(_ y: Int) -> UnsafeMutableRawPointer {
    baseAddress.unsafelyUnwrapped + y &* rowBytes
  }

  /// Copies `source`'s pixels into this view, byte for byte.
  ///
  /// The views must not overlap unless they are the same pixels (then nothing changes).
  ///
  /// - Throws: ``PixelError/sizeMismatch(_:_:)`` or ``PixelError/unsupportedFormat(_:operation:)``
  ///   when the views differ in size or format (use ``PixelConverter`` to change format);
  ///   ``PixelError/overlappingViews(operation:)`` for other overlap.
  public func copyPixels(from source: PixelView) throws(PixelError) {
    guard source.size == size else { throw .sizeMismatch(source.size, size) }
    guard source.format == format else { throw .unsupportedFormat(source.format, operation: "copy into \(format)") }
    try ViewOverlap.requireDisjointOrSame("MutablePixelView.copyPixels", source, onto: self)
    let rowLength = width &* format.bytesPerPixel
    for y in 0..<height {
      rowAddress(y).copyMemory(from: source.rowAddress(y), byteCount: rowLength)
    }
  }
}
