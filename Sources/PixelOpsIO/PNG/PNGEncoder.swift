import PixelOps

/// Encodes a ``PixelView`` as PNG bytes through libpng.
///
/// Rows are handed to libpng as they are when the view is already in the colour format's row
/// format (straight RGBA8, Gray8...), and otherwise converted a strip at a time.
enum PNGEncoder {
  /// Bytes of converted rows per strip.
  static let stripBytes = 256 << 10

  static func encode(_ view: PixelView, options: PNGEncodingOptions) throws(ImageIOError) -> [UInt8] {
    try options.validate()
    guard view.width > 0, view.height > 0, view.width <= Int(Int32.max), view.height <= Int(Int32.max) else {
      throw .pixels(.invalidDimensions(width: view.width, height: view.height))
    }
    let colorFormat = options.colorFormat.resolved(for: view)
    let writer = try LibPNGWriter(
      width: view.width, height: view.height, colorFormat: colorFormat,
      compressionLevel: options.compressionLevel,
      pixelsPerMetre: ImageResolution.pngPixelsPerMetre(scale: options.scale ?? 1))
    if canWriteDirectly(view, as: colorFormat) {
      try writer.writeRows(of: view)
    } else {
      try writeInStrips(view, colorFormat.rowFormat, writer)
    }
    return try writer.finish()
  }

  /// Whether `view`'s rows are already what libpng needs. Straight and premultiplied alpha
  /// are the same pixels when every pixel is opaque.
  private static func canWriteDirectly(_ view: PixelView, as colorFormat: PNGColorFormat) -> Bool {
    let rowFormat = colorFormat.rowFormat
    if view.format == rowFormat { return true }
    guard view.isKnownOpaque else { return false }
    let rgba8: Set<PixelFormat> = [.rgba8Straight, .rgba8Premultiplied]
    let rgba16: Set<PixelFormat> = [.rgba16Straight, .rgba16Premultiplied]
    return (rgba8.contains(view.format) && rgba8.contains(rowFormat))
      || (rgba16.contains(view.format) && rgba16.contains(rowFormat))
  }

  private static func writeInStrips(
    _ view: PixelView, _ rowFormat: PixelFormat, _ writer: borrowing LibPNGWriter
  ) throws(ImageIOError) {
    let stripRows = min(view.height, max(1, stripBytes / (view.width * rowFormat.bytesPerPixel)))
    var strip = try pixelWork { () throws(PixelError) in
      try PixelBuffer(width: view.width, height: stripRows, format: rowFormat)
    }
    var y = 0
    while y < view.height {
      let rows = min(stripRows, view.height - y)
      let stripRect = PixelRect(x: 0, y: 0, width: view.width, height: rows)
      let source = try pixelWork { () throws(PixelError) in
        try view.cropped(to: PixelRect(x: 0, y: y, width: view.width, height: rows))
      }
      try pixelWork { () throws(PixelError) in
        try strip.withMutableView { (destination) throws(PixelError) in
          try PixelConverter.convert(source, into: destination.cropped(to: stripRect), parallelism: .serial)
        }
      }
      try strip.withView { (converted) throws(ImageIOError) in
        try writer.writeRows(of: pixelWork { () throws(PixelError) in try converted.cropped(to: stripRect) })
      }
      y += rows
    }
  }
}
