import Testing

@testable import PixelOps

@Suite("Placement: contents gravity names and flipped geometry")
struct PlacementGravityTests {
  @Test("raw values are Core Animation's strings and round-trip")
  func rawValues() {
    let strings = [
      "resize", "resizeAspect", "resizeAspectFill", "center", "top", "bottom", "left", "right", "topLeft",
      "topRight", "bottomLeft", "bottomRight",
    ]
    #expect(ContentsGravity.allCases.map(\.rawValue) == strings)
    for gravity in ContentsGravity.allCases {
      #expect(ContentsGravity(rawValue: gravity.rawValue) == gravity)
    }
    #expect(ContentsGravity(rawValue: "kCAGravityTop") == nil)
    #expect(ContentsGravity(rawValue: "Top") == nil)
  }

  // A 2x2 image in (0, 0, 10x10): visual top is y = 0, visual bottom is y = 8.
  static let bounds = PointRect(x: 0, y: 0, width: 10, height: 10)
  static let image = PointSize(width: 2, height: 2)

  @Test("y-up geometry (macOS): top is the visual top")
  func unflipped() {
    func place(_ g: ContentsGravity) -> PointRect {
      g.destinationRect(forContentSize: Self.image, in: Self.bounds, origin: .bottomLeft)
    }
    #expect(place(.top) == PointRect(x: 4, y: 0, width: 2, height: 2))
    #expect(place(.bottom) == PointRect(x: 4, y: 8, width: 2, height: 2))
    #expect(place(.topLeft) == PointRect(x: 0, y: 0, width: 2, height: 2))
    #expect(place(.topRight) == PointRect(x: 8, y: 0, width: 2, height: 2))
    #expect(place(.bottomLeft) == PointRect(x: 0, y: 8, width: 2, height: 2))
    #expect(place(.bottomRight) == PointRect(x: 8, y: 8, width: 2, height: 2))
  }

  @Test("y-down geometry (iOS, the default): top lands at the visual bottom")
  func flipped() {
    func place(_ g: ContentsGravity) -> PointRect {
      g.destinationRect(forContentSize: Self.image, in: Self.bounds)
    }
    #expect(place(.top) == PointRect(x: 4, y: 8, width: 2, height: 2))
    #expect(place(.bottom) == PointRect(x: 4, y: 0, width: 2, height: 2))
    #expect(place(.topLeft) == PointRect(x: 0, y: 8, width: 2, height: 2))
    #expect(place(.topRight) == PointRect(x: 8, y: 8, width: 2, height: 2))
    #expect(place(.bottomLeft) == PointRect(x: 0, y: 0, width: 2, height: 2))
    #expect(place(.bottomRight) == PointRect(x: 8, y: 0, width: 2, height: 2))
    #expect(ContentsGravity.top.placement() == ContentsGravity.top.placement(for: .topLeft))
  }

  @Test("gravities without a vertical part mean the same in both geometries", arguments: ContentsGravity.allCases)
  func horizontalOnly(_ gravity: ContentsGravity) {
    let same = gravity.placement(for: .topLeft) == gravity.placement(for: .bottomLeft)
    let vertical: Set<ContentsGravity> = [.top, .bottom, .topLeft, .topRight, .bottomLeft, .bottomRight]
    #expect(same == !vertical.contains(gravity))
  }

  @Test("UIKit swaps vertical names on iOS layers, so content modes land where they say")
  func contentModeToGravity() {
    #expect(ContentMode.top.contentsGravity() == .bottom)
    #expect(ContentMode.bottomRight.contentsGravity() == .topRight)
    #expect(ContentMode.scaleAspectFit.contentsGravity() == .resizeAspect)
    #expect(ContentMode.top.contentsGravity(for: .bottomLeft) == .top)
    for origin in CoordinateOrigin.allCases {
      for mode in ContentMode.allCases {
        #expect(mode.contentsGravity(for: origin).placement(for: origin) == mode.placement, "\(mode) \(origin)")
      }
    }
  }

  @Test("each content mode and each gravity is a distinct placement")
  func distinct() {
    #expect(Set(ContentMode.allCases.map(\.placement)).count == 12)
    #expect(Set(ContentsGravity.allCases.map { $0.placement(for: .bottomLeft) }).count == 12)
  }
}
