public import PixelOps

extension RandomPixels {
  /// Overwrites random runs (1...`maximumRun` pixels) of each row of a 4-byte RGBA buffer with
  /// alpha 255 (colour kept) or transparent black, leaving other runs as they were: content that
  /// reaches the kernels' opaque and transparent fast paths at every alignment.
  public static func insertUniformAlphaRuns(into buffer: inout PixelBuffer, maximumRun: Int, _ rng: inout SeededGenerator) {
    buffer.withMutableView { view in
      for y in 0..<view.height {
        var x = 0
        while x < view.width {
          let run = min(view.width - x, Int.random(in: 1...maximumRun, using: &rng))
          let kind = Int.random(in: 0...2, using: &rng)
          for pixel in x..<(x + run) where kind < 2 {
            let address = view.rowAddress(y) + pixel * 4
            if kind == 0 { address.storeBytes(of: 255, toByteOffset: 3, as: UInt8.self) }
            if kind == 1 { address.storeBytes(of: 0, as: UInt32.self) }
          }
          x += run
        }
      }
    }
  }

  /// Sets every pixel's alpha of a four-channel buffer (RGBA or BGRA, 8 or 16 bits) to its
  /// maximum, keeping the colour: random opaque content, valid in every format. The buffer is
  /// not marked known-opaque.
  public static func makeOpaque(_ buffer: inout PixelBuffer) {
    let format = buffer.format
    precondition(format.bytesPerPixel == 4 * format.bitsPerChannel / 8, "makeOpaque needs four channels, not \(format)")
    buffer.withMutableView { view in
      for y in 0..<view.height {
        for x in 0..<view.width {
          let pixel = view.rowAddress(y) + x * format.bytesPerPixel
          if format.bitsPerChannel == 16 {
            pixel.storeBytes(of: UInt16.max, toByteOffset: 6, as: UInt16.self)
          } else {
            pixel.storeBytes(of: UInt8.max, toByteOffset: 3, as: UInt8.self)
          }
        }
      }
    }
  }
}
