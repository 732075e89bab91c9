/// The one loop shape for 4-byte-pixel row functions: whole 128-bit vectors of 4 pixels, then
/// the tail one pixel at a time through the same transform (in lane 0), so no row function has
/// its own remainder loop.
enum PixelLoop {
  @inline(__always)
  static func map32(
    _ source: UnsafeRawPointer, _ destination: UnsafeMutableRawPointer, _ count: Int,
    _ transform: (SIMD4<UInt32>) -> SIMD4<UInt32>
  ) {
    var x = 0
    while x &+ 4 <= count {
      let pixels = source.loadUnaligned(fromByteOffset: x &* 4, as: SIMD4<UInt32>.self)
      destination.storeBytes(of: transform(pixels), toByteOffset: x &* 4, as: SIMD4<UInt32>.self)
      x &+= 4
    }
    while x < count {
      let pixel = source.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self)
      destination.storeBytes(of: transform(SIMD4(pixel, 0, 0, 0))[0], toByteOffset: x &* 4, as: UInt32.self)
      x &+= 1
    }
  }

  /// `pixel` in the `count` pixels at `destination`: 16 per turn (four vector stores: 7
  /// instructions where one store a turn took 6 for 4 pixels), then vectors of 4, then one at a
  /// time (solid fills, a gradient's stretches of one entry, its stripes).
  @inline(__always)
  static func fill32(_ pixel: UInt32, _ destination: UnsafeMutableRawPointer, _ count: Int) {
    let four = SIMD4<UInt32>(repeating: pixel)
    var x = 0
    while count &- x >= 16 {
      destination.storeBytes(of: four, toByteOffset: x &* 4, as: SIMD4<UInt32>.self)
      destination.storeBytes(of: four, toByteOffset: x &* 4 &+ 16, as: SIMD4<UInt32>.self)
      destination.storeBytes(of: four, toByteOffset: x &* 4 &+ 32, as: SIMD4<UInt32>.self)
      destination.storeBytes(of: four, toByteOffset: x &* 4 &+ 48, as: SIMD4<UInt32>.self)
      x &+= 16
    }
    while x &+ 4 <= count {
      destination.storeBytes(of: four, toByteOffset: x &* 4, as: SIMD4<UInt32>.self)
      x &+= 4
    }
    while x < count {
      destination.storeBytes(of: pixel, toByteOffset: x &* 4, as: UInt32.self)
      x &+= 1
    }
  }

  /// Pixels `range` of `row` become the pixels mirrored about `center / 2`:
  /// `row[i] = row[center - i]`, four at a time with their order reversed (`pshufd`). Every
  /// source index must lie outside `range`.
  @inline(__always)
  static func mirror32(_ row: UnsafeMutableRawPointer, _ range: Range<Int>, around center: Int) {
    var i = range.lowerBound
    while i &+ 4 <= range.upperBound {
      let four = row.loadUnaligned(fromByteOffset: (center &- i &- 3) &* 4, as: SIMD4<UInt32>.self)
      row.storeBytes(of: SIMD4(four[3], four[2], four[1], four[0]), toByteOffset: i &* 4, as: SIMD4<UInt32>.self)
      i &+= 4
    }
    while i < range.upperBound {
      row.storeBytes(of: row.loadUnaligned(fromByteOffset: (center &- i) &* 4, as: UInt32.self), toByteOffset: i &* 4, as: UInt32.self)
      i &+= 1
    }
  }

  /// ``map32(_:_:_:_:)`` for transforms that leave opaque pixels unchanged and turn transparent
  /// ones into zero (premultiply, unpremultiply): vectors of 4 opaque pixels are copied and of 4
  /// transparent pixels zeroed without calling `transform`. Exact whenever `transform` has that
  /// property; it pays on UI content, where most pixels are one or the other.
  @inline(__always)
  static func map32SkippingUniformAlpha(
    _ source: UnsafeRawPointer, _ destination: UnsafeMutableRawPointer, _ count: Int,
    _ transform: (SIMD4<UInt32>) -> SIMD4<UInt32>
  ) {
    var x = 0
    while x &+ 4 <= count {
      // One vector load; the classification reads its two 64-bit halves (movq/pshufd), so the
      // transform works on the vector register instead of lanes rebuilt from scalar loads.
      let pixels = source.loadUnaligned(fromByteOffset: x &* 4, as: SIMD4<UInt32>.self)
      let halves = unsafeBitCast(pixels, to: SIMD2<UInt64>.self)
      let result: SIMD4<UInt32>
      switch AlphaRun.classify(halves[0], halves[1]) {
      case .opaque: result = pixels
      case .transparent: result = SIMD4()
      case .mixed: result = transform(pixels)
      }
      destination.storeBytes(of: result, toByteOffset: x &* 4, as: SIMD4<UInt32>.self)
      x &+= 4
    }
    while x < count {
      let pixel = source.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self)
      destination.storeBytes(of: transform(SIMD4(pixel, 0, 0, 0))[0], toByteOffset: x &* 4, as: UInt32.self)
      x &+= 1
    }
  }

  /// The loop shape for 4-byte-pixel kernels that read a source row and write the destination
  /// in place: `destination = combine(source, destination)`, 4 pixels per vector, then the tail
  /// one pixel at a time (lane 0). With `skippingTransparentSource`, vectors of 4 transparent
  /// source pixels leave the destination untouched (neither read nor written): for combinations
  /// that are the identity under a transparent source (source-over, multiply, screen).
  @inline(__always)
  static func combine32(
    _ source: UnsafeRawPointer, into destination: UnsafeMutableRawPointer, _ count: Int,
    skippingTransparentSource: Bool, _ combine: (_ source: SIMD4<UInt32>, _ destination: SIMD4<UInt32>) -> SIMD4<UInt32>
  ) {
    var x = 0
    while x &+ 4 <= count {
      let s = source.loadUnaligned(fromByteOffset: x &* 4, as: SIMD4<UInt32>.self)
      let halves = unsafeBitCast(s, to: SIMD2<UInt64>.self)
      if !skippingTransparentSource || AlphaRun.classify(halves[0], halves[1]) != .transparent {
        let d = destination.loadUnaligned(fromByteOffset: x &* 4, as: SIMD4<UInt32>.self)
        destination.storeBytes(of: combine(s, d), toByteOffset: x &* 4, as: SIMD4<UInt32>.self)
      }
      x &+= 4
    }
    while x < count {
      let s = SIMD4<UInt32>(source.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self), 0, 0, 0)
      let d = SIMD4<UInt32>(destination.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self), 0, 0, 0)
      destination.storeBytes(of: combine(s, d)[0], toByteOffset: x &* 4, as: UInt32.self)
      x &+= 1
    }
  }
}
