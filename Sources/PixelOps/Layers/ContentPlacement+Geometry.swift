extension ContentPlacement {
  /// The rectangle that content of `contentSize` points occupies when placed in `bounds`, in the
  /// same point space as `bounds` (top-left origin, y down).
  ///
  /// The rules, as UIKit and Core Animation lay out content:
  /// - ``Scaling/stretch``: exactly `bounds`.
  /// - ``Scaling/aspectFit`` / ``Scaling/aspectFill``: the content scaled by
  ///   `min` / `max(bounds.width / width, bounds.height / height)`, then aligned (centred for the
  ///   content modes). The axis that decides the scale is set to the bounds' side exactly, so
  ///   aspect fit touches two opposite edges without rounding error; the other axis is
  ///   `side * ratio`, never beyond (fit) or short of (fill) the bounds.
  /// - ``Scaling/unscaled``: the content's own size, aligned, even when it is larger than the
  ///   bounds: it then overflows them, and only `masksToBounds` / `clipsToBounds` clip it.
  ///
  /// **No rounding.** UIKit and Core Animation compute this in `CGFloat` and place content at
  /// fractional positions (a 7 pt image centred in 10 pt starts at 1.5 pt); so does this function.
  /// Snapping to pixels, if wanted, is the caller's step (``PointRect/pixelRect(scale:rounding:)``).
  ///
  /// **Degenerate input** (a total function: it never traps and never returns NaN or infinity):
  /// - `bounds` with a negative width or height is standardised first, as Core Graphics does.
  /// - Content with no area (width or height zero or negative) draws nothing:
  ///   the result is a 0x0 rectangle at the placement's anchor point (the bounds' corner, edge
  ///   midpoint or centre that the alignment names).
  /// - Any non-finite value (NaN or ±infinity) in `bounds` or `contentSize` draws nothing: the
  ///   result is the 0x0 rectangle at (0, 0).
  /// - Results beyond `Double`'s range (aspect fill of extreme aspect ratios, offsets near ±1.8e308)
  ///   are clamped to `±Double.greatestFiniteMagnitude`.
  public func destinationRect(forContentSize contentSize: PointSize, in bounds: PointRect) -> PointRect {
    guard
      bounds.origin.x.isFinite, bounds.origin.y.isFinite, bounds.size.width.isFinite,
      bounds.size.height.isFinite, contentSize.width.isFinite, contentSize.height.isFinite
    else { return PointRect(x: 0, y: 0, width: 0, height: 0) }
    let box = bounds.standardized
    let size =
      contentSize.isEmpty
      ? PointSize(width: 0, height: 0) : scaledSize(of: contentSize, in: box.size)
    let x = Self.offset(of: size.width, in: box.minX, length: box.width, at: horizontalAlignment.fraction)
    let y = Self.offset(of: size.height, in: box.minY, length: box.height, at: verticalAlignment.fraction)
    return PointRect(x: x, y: y, width: size.width, height: size.height)
  }

  /// The content's size after scaling into `bounds`; every value finite and non-negative.
  private func scaledSize(of content: PointSize, in bounds: PointSize) -> PointSize {
    switch scaling {
    case .unscaled: return content
    case .stretch: return bounds
    case .aspectFit, .aspectFill:
      // Ratios are >= 0 and may be +infinity for tiny content; never NaN (content > 0).
      let widthRatio = bounds.width / content.width
      let heightRatio = bounds.height / content.height
      let fit = scaling == .aspectFit
      if fit ? widthRatio <= heightRatio : widthRatio >= heightRatio {
        let height = content.height * widthRatio
        return PointSize(width: bounds.width, height: fit ? min(height, bounds.height) : Self.finite(height))
      } else {
        let width = content.width * heightRatio
        return PointSize(width: fit ? min(width, bounds.width) : Self.finite(width), height: bounds.height)
      }
    }
  }

  /// `start + (length - extent) * fraction`, clamped to finite values.
  private static func offset(of extent: Double, in start: Double, length: Double, at fraction: Double) -> Double {
    switch fraction {
    case 0: return finite(start)
    case 1: return finite(start + (length - extent))
    default: return finite(start + (length - extent) / 2)
    }
  }

  private static func finite(_ value: Double) -> Double {
    min(max(value, -.greatestFiniteMagnitude), .greatestFiniteMagnitude)
  }
}

extension ContentPlacement.HorizontalAlignment {
  /// 0 at the left edge, 0.5 centred, 1 at the right edge.
  var fraction: Double {
    switch self {
    case .left: 0
    case .center: 0.5
    case .right: 1
    }
  }
}

extension ContentPlacement.VerticalAlignment {
  /// 0 at the top edge, 0.5 centred, 1 at the bottom edge.
  var fraction: Double {
    switch self {
    case .top: 0
    case .center: 0.5
    case .bottom: 1
    }
  }
}

extension PointRect {
  /// The same rectangle with a non-negative width and height (`CGRect.standardized`).
  var standardized: PointRect {
    PointRect(
      x: size.width < 0 ? origin.x + size.width : origin.x,
      y: size.height < 0 ? origin.y + size.height : origin.y,
      width: abs(size.width), height: abs(size.height))
  }
}
