import PixelOps

/// Inputs for running the examples without files: deterministic images made in code.
public enum GeneratedImages {
  /// An opaque "photo": smooth colour gradients with a little texture, `width` x `height`.
  public static func photo(width: Int, height: Int) throws(PixelError) -> PixelBuffer {
    var image = try PixelBuffer(width: width, height: height, format: .rgba8Premultiplied)
    image.withMutableView { view in
      for y in 0..<height {
        let row = view.rowAddress(y).assumingMemoryBound(to: UInt8.self)
        for x in 0..<width {
          let texture = (x &* 7 &+ y &* 13) % 9
          row[x * 4] = UInt8(x * 247 / max(1, width - 1) + texture)
          row[x * 4 + 1] = UInt8(y * 247 / max(1, height - 1) + texture)
          row[x * 4 + 2] = UInt8((x + y) * 247 / max(1, width + height - 2) + texture)
          row[x * 4 + 3] = 255
        }
      }
    }
    image.markOpaque()
    return image
  }

  /// A watermark: a white disc with a dark ring on a transparent background, soft-edged
  /// (antialiased by 4x4 supersampling), premultiplied RGBA8.
  public static func badge(diameter: Int) throws(PixelError) -> PixelBuffer {
    var image = try PixelBuffer(width: diameter, height: diameter, format: .rgba8Premultiplied)
    let radius = Double(diameter) / 2
    image.withMutableView { view in
      for y in 0..<diameter {
        let row = view.rowAddress(y).assumingMemoryBound(to: UInt8.self)
        for x in 0..<diameter {
          var inside = 0
          var onRing = 0
          for sy in 0..<4 {
            for sx in 0..<4 {
              let dx = Double(x) + (Double(sx) + 0.5) / 4 - radius
              let dy = Double(y) + (Double(sy) + 0.5) / 4 - radius
              let distance = (dx * dx + dy * dy).squareRoot()
              if distance < radius { inside += 1 }
              if distance < radius && distance > radius * 0.8 { onRing += 1 }
            }
          }
          // Colour: white inside, dark grey on the ring; coverage of 16 samples as alpha.
          let alpha = inside * 255 / 16
          let white = (inside - onRing) * 255 / 16
          let grey = onRing * 48 / 16
          let value = UInt8(min(alpha, white + grey))
          row[x * 4] = value
          row[x * 4 + 1] = value
          row[x * 4 + 2] = value
          row[x * 4 + 3] = UInt8(alpha)
        }
      }
    }
    return image
  }
}

extension GeneratedImages {
  /// Frame `index` of a `count`-frame animation, `side` x `side` and opaque: the ``photo(width:height:)``
  /// gradient with a square crossing it diagonally and back once per cycle, changing colour as it goes.
  public static func animationFrame(_ index: Int, of count: Int, side: Int) throws(PixelError) -> PixelBuffer {
    var frame = try photo(width: side, height: side)
    let square = max(1, side / 4)
    let travel = side - square
    let step = count > 1 ? index * 2 * travel / count : 0  // 0 ... 2 x travel over one cycle
    let offset = step <= travel ? step : 2 * travel - step
    let shade = UInt8(index * 255 / max(1, count - 1))
    try frame.withMutableView { (view) throws(PixelError) in
      try Compositor.fill(
        PixelRect(x: offset, y: offset, width: square, height: square), of: view,
        with: PremultipliedColor(premultipliedRed: 255 - shade, green: 64, blue: shade, alpha: 255))
    }
    frame.markOpaque()  // an opaque square on an opaque photo
    return frame
  }
}
