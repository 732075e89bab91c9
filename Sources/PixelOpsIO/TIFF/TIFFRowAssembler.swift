import PixelOps

/// Where one sample of every pixel of a row lies in a decoded strip or tile row.
struct TIFFSampleSource {
  /// First byte of the row.
  var row: UnsafeRawPointer
  /// Index of this sample in the row's first pixel (its sample number for contiguous data,
  /// 0 for a plane).
  var firstSample: Int
  /// Samples from one pixel to the next: SamplesPerPixel for contiguous data, 1 for a plane.
  var sampleStride: Int
}

/// Turns rows of stored samples into premultiplied RGBA8 or RGBA16 pixels.
///
/// Each used sample is first unpacked into a row of `UInt16` values, then every pixel is
/// looked up in ``TIFFLevelTables`` and, for unassociated alpha, premultiplied at the output
/// depth: `round(c * a / 255)` or `round(c * a / 65535)`.
///
/// One layout skips all of that: 8-bit RGBA stored contiguously and decoded to 8 bits (what
/// PixelOps and most tools write, and every frame of a TIFF sequence), whose level tables are
/// the identity. Its rows are copied as they are (associated alpha) or premultiplied by the
/// library's row converter (unassociated alpha), the same arithmetic without unpacking.
final class TIFFRowAssembler {
  let layout: TIFFSampleLayout
  let tables: TIFFLevelTables
  /// 8 or 16.
  let outputBits: Int
  private let scratch: TIFFScratchMemory
  private let scratchRowLength: Int
  private let direct: DirectRGBA8?

  /// How rows of contiguous 8-bit RGBA become premultiplied RGBA8 without unpacking.
  private enum DirectRGBA8 {
    case copy, premultiply
  }

  /// An assembler for rows of at most `maximumPixelCount` pixels.
  init(layout: TIFFSampleLayout, tables: TIFFLevelTables, outputBits: Int, maximumPixelCount: Int)
    throws(ImageIOError)
  {
    self.layout = layout
    self.tables = tables
    self.outputBits = outputBits
    self.scratchRowLength = maximumPixelCount
    let (bytes, overflow) = maximumPixelCount.multipliedReportingOverflow(by: 2 * 4)
    if overflow { throw .pixels(.allocationFailed(bytes: Int.max)) }
    self.scratch = try TIFFScratchMemory(byteCount: bytes)
    self.direct = Self.directPath(layout: layout, outputBits: outputBits)
  }

  private static func directPath(layout: TIFFSampleLayout, outputBits: Int) -> DirectRGBA8? {
    guard outputBits == 8, layout.bitsPerSample == 8, !layout.isPlanar, layout.samplesPerPixel == 4,
      case .rgb = layout.colour
    else { return nil }
    switch layout.alpha {
    case .associated: return .copy
    case .unassociated: return .premultiply
    case .none: return nil
    }
  }

  private func scratchRow(_ index: Int) -> UnsafeMutablePointer<UInt16> {
    scratch.pointer.assumingMemoryBound(to: UInt16.self) + index * scratchRowLength
  }

  /// Writes `pixelCount` pixels to `destination` from `sources`, one per entry of
  /// ``TIFFSampleLayout/usedSamples`` in that order.
  func assemble(sources: [TIFFSampleSource], pixelCount: Int, into destination: UnsafeMutableRawPointer) {
    for (index, source) in sources.enumerated() {
      Self.unpack(source, count: pixelCount, bits: layout.bitsPerSample, into: scratchRow(index))
    }
    let colourCount = layout.colour.sampleCount
    let red = scratchRow(0)
    let green = colourCount == 3 ? scratchRow(1) : red
    let blue = colourCount == 3 ? scratchRow(2) : red
    let alpha = layout.alpha == .none ? nil : scratchRow(colourCount)
    let premultiplies = layout.alpha == .unassociated
    tables.red.withUnsafeBufferPointer { redTable in
      tables.green.withUnsafeBufferPointer { greenTable in
        tables.blue.withUnsafeBufferPointer { blueTable in
          (tables.alpha ?? []).withUnsafeBufferPointer { alphaTable in
            let lookup = Lookup(
              red: redTable.baseAddress!, green: greenTable.baseAddress!, blue: blueTable.baseAddress!,
              alpha: alphaTable.baseAddress)
            if outputBits == 8 {
              Self.compose8(
                red: red, green: green, blue: blue, alpha: alpha, lookup: lookup, premultiplies: premultiplies,
                count: pixelCount, into: destination)
            } else {
              Self.compose16(
                red: red, green: green, blue: blue, alpha: alpha, lookup: lookup, premultiplies: premultiplies,
                count: pixelCount, into: destination)
            }
          }
        }
      }
    }
  }

  /// Whether rows go straight to ``assembleDirectly(row:pixelCount:into:)`` (contiguous
  /// 8-bit RGBA decoded to 8 bits) rather than through ``assemble(sources:pixelCount:into:)``.
  var assemblesRowsDirectly: Bool { direct != nil }

  /// A row of contiguous 8-bit RGBA samples into premultiplied RGBA8 (only when
  /// ``assemblesRowsDirectly``).
  ///
  /// - Throws: ``ImageIOError/pixels(_:)`` should a view of the row be refused (the page's
  ///   layout already sized it, so none is), rather than leave the row unwritten.
  func assembleDirectly(
    row: UnsafeRawPointer, pixelCount: Int, into destination: UnsafeMutableRawPointer
  ) throws(ImageIOError) {
    switch direct {
    case nil: return
    case .copy:
      destination.copyMemory(from: row, byteCount: pixelCount &* 4)
    case .premultiply:
      do throws(PixelError) {
        let straight = try PixelView(
          unsafeBaseAddress: row, width: pixelCount, height: 1, rowBytes: pixelCount &* 4, format: .rgba8Straight)
        let output = try MutablePixelView(
          unsafeBaseAddress: destination, width: pixelCount, height: 1, rowBytes: pixelCount &* 4,
          format: .rgba8Premultiplied)
        try PixelConverter.convert(straight, into: output, parallelism: .serial)
      } catch {
        throw .pixels(error)
      }
    }
  }

  private struct Lookup {
    let red: UnsafePointer<UInt16>
    let green: UnsafePointer<UInt16>
    let blue: UnsafePointer<UInt16>
    let alpha: UnsafePointer<UInt16>?
  }

  private static func compose8(
    red: UnsafePointer<UInt16>, green: UnsafePointer<UInt16>, blue: UnsafePointer<UInt16>,
    alpha: UnsafePointer<UInt16>?, lookup: Lookup, premultiplies: Bool, count: Int,
    into output: UnsafeMutableRawPointer
  ) {
    compose(
      red: red, green: green, blue: blue, alpha: alpha, lookup: lookup, premultiplies: premultiplies, count: count,
      into: output, as: UInt8.self, premultiply: { ExactDivision.div255($0 &* $1) })
  }

  private static func compose16(
    red: UnsafePointer<UInt16>, green: UnsafePointer<UInt16>, blue: UnsafePointer<UInt16>,
    alpha: UnsafePointer<UInt16>?, lookup: Lookup, premultiplies: Bool, count: Int,
    into output: UnsafeMutableRawPointer
  ) {
    compose(
      red: red, green: green, blue: blue, alpha: alpha, lookup: lookup, premultiplies: premultiplies, count: count,
      into: output, as: UInt16.self, premultiply: { ExactDivision.div65535($0 &* $1) })
  }

  /// Looks up every sample's output level and writes RGBA; straight alpha is premultiplied with
  /// `premultiply` (`round(c * a / max)` at the output depth); no alpha gives the maximum.
  /// Pixels are stored unaligned: a destination row may start at any byte (odd row bytes).
  @inline(__always)
  private static func compose<Output: FixedWidthInteger & UnsignedInteger & SIMDScalar>(
    red: UnsafePointer<UInt16>, green: UnsafePointer<UInt16>, blue: UnsafePointer<UInt16>,
    alpha: UnsafePointer<UInt16>?, lookup: Lookup, premultiplies: Bool, count: Int,
    into output: UnsafeMutableRawPointer, as _: Output.Type, premultiply: (UInt32, UInt32) -> UInt32
  ) {
    let pixelBytes = MemoryLayout<SIMD4<Output>>.stride
    guard let alpha, let alphaTable = lookup.alpha else {
      for x in 0..<count {
        let pixel = SIMD4<Output>(
          Output(truncatingIfNeeded: lookup.red[Int(red[x])]), Output(truncatingIfNeeded: lookup.green[Int(green[x])]),
          Output(truncatingIfNeeded: lookup.blue[Int(blue[x])]), Output.max)
        output.storeBytes(of: pixel, toByteOffset: x &* pixelBytes, as: SIMD4<Output>.self)
      }
      return
    }
    for x in 0..<count {
      var r = UInt32(lookup.red[Int(red[x])])
      var g = UInt32(lookup.green[Int(green[x])])
      var b = UInt32(lookup.blue[Int(blue[x])])
      let a = UInt32(alphaTable[Int(alpha[x])])
      if premultiplies {
        r = premultiply(r, a)
        g = premultiply(g, a)
        b = premultiply(b, a)
      }
      let pixel = SIMD4<Output>(
        Output(truncatingIfNeeded: r), Output(truncatingIfNeeded: g), Output(truncatingIfNeeded: b),
        Output(truncatingIfNeeded: a))
      output.storeBytes(of: pixel, toByteOffset: x &* pixelBytes, as: SIMD4<Output>.self)
    }
  }

  /// Copies `count` samples of `bits` bits each (MSB-first bit packing below 8 bits and for
  /// odd depths; native-endian `UInt16` at 16 bits, as libtiff delivers them) into `output`.
  static func unpack(_ source: TIFFSampleSource, count: Int, bits: Int, into output: UnsafeMutablePointer<UInt16>) {
    let bytes = source.row.assumingMemoryBound(to: UInt8.self)
    let stride = source.sampleStride
    switch bits {
    case 8:
      var index = source.firstSample
      for x in 0..<count {
        output[x] = UInt16(bytes[index])
        index += stride
      }
    case 16:
      var offset = source.firstSample * 2
      for x in 0..<count {
        output[x] = source.row.loadUnaligned(fromByteOffset: offset, as: UInt16.self)
        offset += stride * 2
      }
    case 1, 2, 4:
      let mask = (1 << bits) - 1
      var bit = source.firstSample * bits
      let step = stride * bits
      for x in 0..<count {
        let byte = Int(bytes[bit >> 3])
        output[x] = UInt16(truncatingIfNeeded: (byte >> (8 - bits - (bit & 7))) & mask)
        bit += step
      }
    default:
      // 3, 5, 6, 7 and 9 ... 15 bits: a sample spans at most 3 bytes.
      let mask = (1 << bits) - 1
      var bit = source.firstSample * bits
      let step = stride * bits
      for x in 0..<count {
        let first = bit >> 3
        let last = (bit + bits - 1) >> 3
        var accumulator = 0
        for index in first...last {
          accumulator = accumulator << 8 | Int(bytes[index])
        }
        let shift = (last - first + 1) * 8 - (bit & 7) - bits
        output[x] = UInt16(truncatingIfNeeded: (accumulator >> shift) & mask)
        bit += step
      }
    }
  }
}
