@testable import PixelOps

/// Whether two point rectangles agree to `tolerance` in every field (table values are decimals
/// derived by hand, so they are compared with a tolerance far below any visible difference).
func isClose(_ a: PointRect, _ b: PointRect, tolerance: Double = 1e-9) -> Bool {
  abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance
    && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
}

/// Whether two fractional pixel rectangles agree to `tolerance` in every field.
func isClose(_ a: FractionalPixelRect, _ b: FractionalPixelRect, tolerance: Double = 1e-9) -> Bool {
  abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
}

/// Shorthand for a point rectangle in table rows.
func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> PointRect {
  PointRect(x: x, y: y, width: width, height: height)
}
