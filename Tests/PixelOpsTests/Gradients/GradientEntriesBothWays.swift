@testable import PixelOps

/// A shape's entries for `count` pixels of row `y` from column `x`, two ways: through its own
/// ``GradientParameter/writeEntries(row:from:count:layout:into:)`` (which may take a
/// special-case path) and through the general stepped rows.
func gradientEntriesBothWays<Parameter: GradientParameter>(
  _ parameter: Parameter, row y: Int, from x: Int, count: Int, layout: GradientCellLayout
) -> (own: [Int32], stepped: [Int32]) {
  var own = [Int32](repeating: -1, count: count + 3)
  var stepped = [Int32](repeating: -1, count: count + 3)
  own.withUnsafeMutableBufferPointer { parameter.writeCells(row: y, from: x, count: count, layout: layout, into: $0.baseAddress!) }
  stepped.withUnsafeMutableBufferPointer {
    var store = GradientCellStore(cells: $0.baseAddress!)
    parameter.writeSteppedEntries(row: y, from: x, count: count, layout: layout, into: &store)
  }
  return (Array(own[0..<count]), Array(stepped[0..<count]))
}
