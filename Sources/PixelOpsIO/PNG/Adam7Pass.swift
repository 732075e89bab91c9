/// One of the seven passes of Adam7 interlacing: the pixels at columns `firstColumn +
/// k * columnStep` of rows `firstRow + j * rowStep`, stored as a reduced image.
struct Adam7Pass: Sendable {
  let firstColumn: Int
  let firstRow: Int
  let columnStep: Int
  let rowStep: Int

  /// The passes in the order the file stores them (PNG specification, section 8.2).
  static let all: [Adam7Pass] = [
    Adam7Pass(firstColumn: 0, firstRow: 0, columnStep: 8, rowStep: 8),
    Adam7Pass(firstColumn: 4, firstRow: 0, columnStep: 8, rowStep: 8),
    Adam7Pass(firstColumn: 0, firstRow: 4, columnStep: 4, rowStep: 8),
    Adam7Pass(firstColumn: 2, firstRow: 0, columnStep: 4, rowStep: 4),
    Adam7Pass(firstColumn: 0, firstRow: 2, columnStep: 2, rowStep: 4),
    Adam7Pass(firstColumn: 1, firstRow: 0, columnStep: 2, rowStep: 2),
    Adam7Pass(firstColumn: 0, firstRow: 1, columnStep: 1, rowStep: 2),
  ]

  /// Pixels per row of this pass in an image `imageWidth` pixels wide (0 when it is empty).
  func width(ofImageWidth imageWidth: Int) -> Int {
    imageWidth > firstColumn ? (imageWidth - firstColumn + columnStep - 1) / columnStep : 0
  }

  /// Rows of this pass in an image `imageHeight` rows high (0 when it is empty).
  func height(ofImageHeight imageHeight: Int) -> Int {
    imageHeight > firstRow ? (imageHeight - firstRow + rowStep - 1) / rowStep : 0
  }

  /// Stores the `count` packed pixels at `source` every `columnStep` pixels from
  /// `destination` (the pass's first pixel in its image row).
  func scatter(
    _ source: UnsafeRawPointer, count: Int, bytesPerPixel: Int, into destination: UnsafeMutableRawPointer
  ) {
    if columnStep == 1 {
      destination.copyMemory(from: source, byteCount: count * bytesPerPixel)
      return
    }
    switch bytesPerPixel {
    case 1: scatter(source, count: count, into: destination, as: UInt8.self)
    case 2: scatter(source, count: count, into: destination, as: UInt16.self)
    case 4: scatter(source, count: count, into: destination, as: UInt32.self)
    case 8: scatter(source, count: count, into: destination, as: UInt64.self)
    default:
      for index in 0..<count {
        (destination + index * columnStep * bytesPerPixel)
          .copyMemory(from: source + index * bytesPerPixel, byteCount: bytesPerPixel)
      }
    }
  }

  private func scatter<Pixel: FixedWidthInteger>(
    _ source: UnsafeRawPointer, count: Int, into destination: UnsafeMutableRawPointer, as: Pixel.Type
  ) {
    let size = MemoryLayout<Pixel>.size
    let step = columnStep * size
    for index in 0..<count {
      destination.storeBytes(
        of: source.loadUnaligned(fromByteOffset: index * size, as: Pixel.self), toByteOffset: index * step, as: Pixel.self)
    }
  }
}
