import Testing

@testable import PixelOps

/// One image size in one bounds rectangle, with the rectangle each content mode must give.
///
/// The expected rectangles were worked out by hand from the UIView.ContentMode and
/// CALayerContentsGravity documentation (stretch to bounds; aspect fit = min of the two ratios,
/// centred; aspect fill = max, centred; the others keep the image's size and align the named
/// edges, centring the unnamed axis), not produced by the code under test.
struct PlacementCase: Sendable, CustomTestStringConvertible {
  let name: String
  let image: PointSize
  let bounds: PointRect
  let expected: [ContentMode: PointRect]

  var testDescription: String { name }
}

@Suite("Placement: content modes against a hand-derived table")
struct PlacementTableTests {
  static let cases: [PlacementCase] = [
    // Odd sizes: 7x5 in 10x3. Fit: min(10/7, 3/5) = 0.6 -> 4.2x3 at x = (10 - 4.2) / 2 = 2.9.
    // Fill: max = 10/7 -> 10 x 50/7, y = (3 - 50/7) / 2 = -29/14.
    PlacementCase(
      name: "7x5 in 10x3", image: PointSize(width: 7, height: 5), bounds: rect(0, 0, 10, 3),
      expected: [
        .scaleToFill: rect(0, 0, 10, 3), .scaleAspectFit: rect(2.9, 0, 4.2, 3),
        .scaleAspectFill: rect(0, -29.0 / 14, 10, 50.0 / 7), .center: rect(1.5, -1, 7, 5),
        .top: rect(1.5, 0, 7, 5), .bottom: rect(1.5, -2, 7, 5), .left: rect(0, -1, 7, 5), .right: rect(3, -1, 7, 5),
        .topLeft: rect(0, 0, 7, 5), .topRight: rect(3, 0, 7, 5), .bottomLeft: rect(0, -2, 7, 5),
        .bottomRight: rect(3, -2, 7, 5),
      ]),
    // Larger than the bounds, which do not start at 0: 40x30 in (5, 10, 20x20).
    // Fit: 0.5 -> 20x15, y = 10 + 2.5. Fill: 2/3 -> 80/3 x 20, x = 5 + (20 - 80/3) / 2 = 5 - 10/3.
    // Unscaled: overflows; centre x = 5 + (20 - 40) / 2 = -5, y = 10 + (20 - 30) / 2 = 5.
    PlacementCase(
      name: "40x30 in (5, 10, 20x20)", image: PointSize(width: 40, height: 30), bounds: rect(5, 10, 20, 20),
      expected: [
        .scaleToFill: rect(5, 10, 20, 20), .scaleAspectFit: rect(5, 12.5, 20, 15),
        .scaleAspectFill: rect(5 - 10.0 / 3, 10, 80.0 / 3, 20), .center: rect(-5, 5, 40, 30),
        .top: rect(-5, 10, 40, 30), .bottom: rect(-5, 0, 40, 30), .left: rect(5, 5, 40, 30),
        .right: rect(-15, 5, 40, 30), .topLeft: rect(5, 10, 40, 30), .topRight: rect(-15, 10, 40, 30),
        .bottomLeft: rect(5, 0, 40, 30), .bottomRight: rect(-15, 0, 40, 30),
      ]),
    // Fractional points: 2.5x1.25 in (0.5, 0.25, 5x5). Fit: min(2, 4) = 2 -> 5x2.5, y = 0.25 + 1.25.
    // Fill: 4 -> 10x5, x = 0.5 - 2.5. Centre: x = 0.5 + 1.25, y = 0.25 + 1.875.
    PlacementCase(
      name: "2.5x1.25 in (0.5, 0.25, 5x5)", image: PointSize(width: 2.5, height: 1.25),
      bounds: rect(0.5, 0.25, 5, 5),
      expected: [
        .scaleToFill: rect(0.5, 0.25, 5, 5), .scaleAspectFit: rect(0.5, 1.5, 5, 2.5),
        .scaleAspectFill: rect(-2, 0.25, 10, 5), .center: rect(1.75, 2.125, 2.5, 1.25),
        .top: rect(1.75, 0.25, 2.5, 1.25), .bottom: rect(1.75, 4, 2.5, 1.25), .left: rect(0.5, 2.125, 2.5, 1.25),
        .right: rect(3, 2.125, 2.5, 1.25), .topLeft: rect(0.5, 0.25, 2.5, 1.25), .topRight: rect(3, 0.25, 2.5, 1.25),
        .bottomLeft: rect(0.5, 4, 2.5, 1.25), .bottomRight: rect(3, 4, 2.5, 1.25),
      ]),
    // Same aspect ratio: fit and fill both fill the bounds exactly.
    PlacementCase(
      name: "3x3 in 6x6", image: PointSize(width: 3, height: 3), bounds: rect(0, 0, 6, 6),
      expected: [
        .scaleToFill: rect(0, 0, 6, 6), .scaleAspectFit: rect(0, 0, 6, 6), .scaleAspectFill: rect(0, 0, 6, 6),
        .center: rect(1.5, 1.5, 3, 3), .top: rect(1.5, 0, 3, 3), .bottom: rect(1.5, 3, 3, 3),
        .left: rect(0, 1.5, 3, 3), .right: rect(3, 1.5, 3, 3), .topLeft: rect(0, 0, 3, 3),
        .topRight: rect(3, 0, 3, 3), .bottomLeft: rect(0, 3, 3, 3), .bottomRight: rect(3, 3, 3, 3),
      ]),
    // Empty bounds at (10, 20): scaling modes scale by 0 (an empty rect at the point); unscaled
    // modes keep 4x2 and hang around the point.
    PlacementCase(
      name: "4x2 in empty bounds at (10, 20)", image: PointSize(width: 4, height: 2), bounds: rect(10, 20, 0, 0),
      expected: [
        .scaleToFill: rect(10, 20, 0, 0), .scaleAspectFit: rect(10, 20, 0, 0), .scaleAspectFill: rect(10, 20, 0, 0),
        .center: rect(8, 19, 4, 2), .top: rect(8, 20, 4, 2), .bottom: rect(8, 18, 4, 2), .left: rect(10, 19, 4, 2),
        .right: rect(6, 19, 4, 2), .topLeft: rect(10, 20, 4, 2), .topRight: rect(6, 20, 4, 2),
        .bottomLeft: rect(10, 18, 4, 2), .bottomRight: rect(6, 18, 4, 2),
      ]),
    // Zero-width bounds 0x10: fit scales by min(0, 1) = 0 (empty at the centre (0, 5)); fill by
    // max(0, 1) = 1 (10x10 overflowing sideways).
    PlacementCase(
      name: "10x10 in 0x10", image: PointSize(width: 10, height: 10), bounds: rect(0, 0, 0, 10),
      expected: [
        .scaleToFill: rect(0, 0, 0, 10), .scaleAspectFit: rect(0, 5, 0, 0), .scaleAspectFill: rect(-5, 0, 10, 10),
        .center: rect(-5, 0, 10, 10), .top: rect(-5, 0, 10, 10), .bottom: rect(-5, 0, 10, 10),
        .left: rect(0, 0, 10, 10), .right: rect(-10, 0, 10, 10), .topLeft: rect(0, 0, 10, 10),
        .topRight: rect(-10, 0, 10, 10), .bottomLeft: rect(0, 0, 10, 10), .bottomRight: rect(-10, 0, 10, 10),
      ]),
    // An image with no area draws nothing: a 0x0 rect at each mode's anchor in (0, 0, 10x10).
    PlacementCase(
      name: "0x5 image in 10x10", image: PointSize(width: 0, height: 5), bounds: rect(0, 0, 10, 10),
      expected: [
        .scaleToFill: rect(5, 5, 0, 0), .scaleAspectFit: rect(5, 5, 0, 0), .scaleAspectFill: rect(5, 5, 0, 0),
        .center: rect(5, 5, 0, 0), .top: rect(5, 0, 0, 0), .bottom: rect(5, 10, 0, 0), .left: rect(0, 5, 0, 0),
        .right: rect(10, 5, 0, 0), .topLeft: rect(0, 0, 0, 0), .topRight: rect(10, 0, 0, 0),
        .bottomLeft: rect(0, 10, 0, 0), .bottomRight: rect(10, 10, 0, 0),
      ]),
    // Negative bounds sizes are standardised first: (10, 10, -4x-2) is (6, 8, 4x2).
    // 2x2 fit: min(2, 1) = 1 -> 2x2 at x = 6 + 1; fill: 2 -> 4x4 at y = 8 - 1.
    PlacementCase(
      name: "2x2 in (10, 10, -4x-2)", image: PointSize(width: 2, height: 2), bounds: rect(10, 10, -4, -2),
      expected: [
        .scaleToFill: rect(6, 8, 4, 2), .scaleAspectFit: rect(7, 8, 2, 2), .scaleAspectFill: rect(6, 7, 4, 4),
        .center: rect(7, 8, 2, 2), .top: rect(7, 8, 2, 2), .bottom: rect(7, 8, 2, 2), .left: rect(6, 8, 2, 2),
        .right: rect(8, 8, 2, 2), .topLeft: rect(6, 8, 2, 2), .topRight: rect(8, 8, 2, 2),
        .bottomLeft: rect(6, 8, 2, 2), .bottomRight: rect(8, 8, 2, 2),
      ]),
  ]

  @Test("every content mode lands where the table says", arguments: cases)
  func matchesTable(_ row: PlacementCase) {
    #expect(Set(row.expected.keys) == Set(ContentMode.allCases), "the row covers every mode")
    for mode in ContentMode.allCases {
      let actual = mode.destinationRect(forImageSize: row.image, in: row.bounds)
      let expected = row.expected[mode]!
      #expect(isClose(actual, expected), "\(mode): \(actual) != \(expected)")
    }
  }

  @Test(
    "each gravity, read in its own geometry, matches the content mode UIKit maps to it",
    arguments: cases, CoordinateOrigin.allCases)
  func gravityMatchesTable(_ row: PlacementCase, origin: CoordinateOrigin) {
    for mode in ContentMode.allCases {
      let gravity = mode.contentsGravity(for: origin)
      let actual = gravity.destinationRect(forContentSize: row.image, in: row.bounds, origin: origin)
      #expect(isClose(actual, row.expected[mode]!), "\(mode) as \(gravity) in \(origin)")
    }
  }

  @Test("no rounding: a 7 pt image centred in 10 pt starts at 1.5 pt")
  func unrounded() {
    let placed = ContentMode.center.destinationRect(
      forImageSize: PointSize(width: 7, height: 7), in: rect(0, 0, 10, 10))
    #expect(placed == rect(1.5, 1.5, 7, 7))
  }
}
