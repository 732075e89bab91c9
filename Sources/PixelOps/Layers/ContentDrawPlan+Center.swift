extension ContentDrawPlan {
  /// How a layer's `contentsCenter` cuts its contents: the image pixels `contentsRect` shows
  /// (`part`, in whole pixels) and the two axes of a resizable image over them, every resizable
  /// area stretched. `nil` when the centre is the whole image (``UnitRect/full`` or larger),
  /// which is a plain scaled draw.
  struct CenterSlicing: Equatable {
    var part: PixelRect
    var horizontal: SliceAxis
    var vertical: SliceAxis
  }

  /// The slicing of `layer`'s contents by its `contentsCenter`.
  ///
  /// The shown part is `contentsRect` rounded to whole pixels and kept inside the image. Within
  /// it (`w` pixels wide), the centre runs from `round(x w)` to `round((x + width) w)`, both
  /// kept within the part (a negative size is standardised first); a centre of no pixels takes
  /// the one pixel at its position (the last pixel when it lies at the end).
  ///
  /// - Throws: ``PixelError/invalidCoordinate(_:)`` for a NaN or infinite value.
  static func centerSlicing(of layer: ContentLayer) throws(PixelError) -> CenterSlicing? {
    let center = layer.contentsCenter
    if !center.x.isFinite { throw .invalidCoordinate(center.x) }
    if !center.y.isFinite { throw .invalidCoordinate(center.y) }
    if !center.width.isFinite { throw .invalidCoordinate(center.width) }
    if !center.height.isFinite { throw .invalidCoordinate(center.height) }
    let standard = UnitRect(
      x: min(center.x, center.x + center.width), y: min(center.y, center.y + center.height),
      width: abs(center.width), height: abs(center.height))
    if standard.x <= 0 && standard.y <= 0 && standard.x + standard.width >= 1 && standard.y + standard.height >= 1 {
      return nil
    }
    let plan = try ContentDrawPlan(layer: layer)
    let image = PixelRect(size: layer.contentsPixelSize)
    let source = plan.sourceRect
    let part = PixelRect(
      x: Self.nearestPixel(source.x), y: Self.nearestPixel(source.y),
      width: Self.nearestPixel(source.maxX) - Self.nearestPixel(source.x),
      height: Self.nearestPixel(source.maxY) - Self.nearestPixel(source.y)
    ).intersection(image)
    guard !part.isEmpty else { return nil }
    let topY = layer.coordinateOrigin == .topLeft ? standard.y : 1 - standard.y - standard.height
    return CenterSlicing(
      part: part, horizontal: Self.axis(from: standard.x, length: standard.width, extent: part.width),
      vertical: Self.axis(from: topY, length: standard.height, extent: part.height))
  }

  /// The stretched axis whose centre is the unit span `from ..< from + length` of `extent` pixels.
  private static func axis(from start: Double, length: Double, extent: Int) -> SliceAxis {
    let first = min(max(nearestPixel(start * Double(extent)), 0), extent)
    var last = min(max(nearestPixel((start + length) * Double(extent)), first), extent)
    var firstCentre = first
    if last == firstCentre {
      if last < extent { last += 1 } else { firstCentre -= 1 }
    }
    return SliceAxis(startCap: firstCentre, centerLength: last - firstCentre, endCap: extent - last, mode: .stretch)
  }

  /// The nearest whole pixel, halves up; values beyond ±2^52 are clamped there.
  private static func nearestPixel(_ value: Double) -> Int {
    Int(min(max((value + 0.5).rounded(.down), -4_503_599_627_370_496), 4_503_599_627_370_496))
  }
}
