public import PixelOps

extension PixelError {
  /// The value of ``PixelError/invalidCoordinate(_:)``, nil for every other case. Tests of NaN
  /// coordinates compare this (`?.isNaN == true`): `==` cannot match NaN, which equals nothing.
  public var invalidCoordinateValue: Double? {
    if case .invalidCoordinate(let value) = self { value } else { nil }
  }

  /// The value of ``PixelError/invalidScale(_:)``, nil for every other case (for NaN scales,
  /// as ``invalidCoordinateValue``).
  public var invalidScaleValue: Double? {
    if case .invalidScale(let value) = self { value } else { nil }
  }
}
