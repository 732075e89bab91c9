import CTIFFSupport
import PixelOps

/// Decodes pages whose photometric interpretation the sample path does not handle (CMYK,
/// YCbCr without JPEG, CIE L*a*b*, LogLuv, ...) through libtiff's RGBA interface
/// (`TIFFReadRGBAImageOriented`): 8 bits per channel, alpha associated, rows in stored order.
/// 16-bit output widens each channel exactly (`v * 257`).
enum TIFFRGBAInterfaceDecoder {
  static func decode(handle: TIFFHandle, fields: TIFFDirectoryFields, output: TIFFOutputFormat) throws(ImageIOError)
    -> PixelBuffer
  {
    handle.clearError()
    guard po_tiff_rgba_supported(handle.pointer) == 1 else {
      throw .unsupported(.tiff, message: handle.failureMessage("libtiff's RGBA interface cannot read this page"))
    }
    let width = fields.width
    let height = fields.height
    let rowBytes = (width * fields.samplesPerPixel * fields.bitsPerSample + 7) / 8
    let (neededBytes, overflow) = rowBytes.multipliedReportingOverflow(by: height)
    try TIFFPlausibility.check(
      width: width, height: height, neededBytes: overflow ? Int.max : neededBytes,
      bitsPerPixel: fields.samplesPerPixel * fields.bitsPerSample, compression: fields.compression,
      fileSize: handle.inputSize)
    let raster = try TIFFScratchMemory(byteCount: width * height * 4)
    let words = raster.pointer.assumingMemoryBound(to: UInt32.self)
    handle.clearError()
    let orientation = (1...8).contains(fields.orientation) ? fields.orientation : 1
    guard po_tiff_read_rgba(handle.pointer, UInt32(width), UInt32(height), words, UInt16(orientation)) == 1 else {
      throw TIFFLibraryMessage.readError(handle.failureMessage("libtiff's RGBA interface could not read the page"))
    }
    var image: PixelBuffer
    do {
      image = try PixelBuffer(width: width, height: height, format: output.pixelFormat)
    } catch {
      throw .pixels(error)
    }
    image.withMutableView { view in
      for y in 0..<height {
        let source = words + y * width
        if output == .rgba8Premultiplied {
          let row = view.rowAddress(y).assumingMemoryBound(to: UInt8.self)
          for x in 0..<width {
            let word = source[x]
            for channel in 0..<4 {
              row[x * 4 + channel] = UInt8(truncatingIfNeeded: word >> (8 * UInt32(channel)))
            }
          }
        } else {
          let row = view.rowAddress(y).assumingMemoryBound(to: UInt16.self)
          for x in 0..<width {
            let word = source[x]
            for channel in 0..<4 {
              row[x * 4 + channel] = UInt16(truncatingIfNeeded: word >> (8 * UInt32(channel)) & 0xFF) * 257
            }
          }
        }
      }
    }
    image.updateOpacity()
    return image
  }
}
