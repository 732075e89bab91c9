/// Converts `count` pixels of one row; source and destination do not overlap, except that
/// ``RowConverters8/premultiplyRGBA(_:_:_:)`` may also run in place.
typealias RowConverter = @Sendable (_ source: UnsafeRawPointer, _ destination: UnsafeMutableRawPointer, _ count: Int) -> Void

/// One direct conversion between two formats: a row of data, as pixman lists its fast paths.
struct DirectConversion: Sendable {
  let from: PixelFormat
  let to: PixelFormat
  /// Relative cost used to choose a route; lossy precision reductions cost more, so a route
  /// reduces bit depth before premultiplying (the order the decoders' expectations follow).
  let cost: Int
  let convert: RowConverter
}

/// Every direct conversion. Pairs without a row go through the cheapest chain of rows
/// (see ``ConversionRoute``). Add a format by adding its rows here.
enum ConversionTable {
  /// Costs: widening, 16-to-8 reduction of straight pixels, swapping channels, expanding gray
  /// and 16-bit alpha arithmetic cost 1; 8-bit alpha arithmetic, luma and the two reductions
  /// into premultiplied 8-bit cost 2. So a chain does its alpha arithmetic at
  /// the higher of the two depths (widen then premultiply, unpremultiply then reduce) — except
  /// straight 16-bit to premultiplied 8-bit, which has its own row that reduces first, the order
  /// libpng, libtiff and Pillow use and the decoders' expected pixels follow. The tests check
  /// that every pair has exactly one cheapest chain, so row order never decides a route.
  static let rows: [DirectConversion] = [
    // 8-bit RGBA family, around the working format.
    DirectConversion(from: .rgba8Straight, to: .rgba8Premultiplied, cost: 2, convert: RowConverters8.premultiplyRGBA),
    DirectConversion(from: .rgba8Premultiplied, to: .rgba8Straight, cost: 2, convert: RowConverters8.unpremultiplyRGBA),
    DirectConversion(from: .bgra8Premultiplied, to: .rgba8Premultiplied, cost: 1, convert: RowConverters8.swapRedBlue),
    DirectConversion(from: .rgba8Premultiplied, to: .bgra8Premultiplied, cost: 1, convert: RowConverters8.swapRedBlue),
    // Gray: expansion is exact into either alpha convention (alpha 255).
    DirectConversion(from: .gray8, to: .rgba8Premultiplied, cost: 1, convert: RowConverters8.expandGray),
    DirectConversion(from: .gray8, to: .rgba8Straight, cost: 1, convert: RowConverters8.expandGray),
    DirectConversion(from: .rgba8Premultiplied, to: .gray8, cost: 2, convert: RowConverters8.lumaFromRGBA),
    DirectConversion(from: .grayAlpha8, to: .rgba8Straight, cost: 1, convert: RowConverters8.expandGrayAlpha),
    DirectConversion(from: .rgba8Straight, to: .grayAlpha8, cost: 2, convert: RowConverters8.lumaAlphaFromRGBA),
    // 16-bit.
    DirectConversion(from: .rgba16Straight, to: .rgba16Premultiplied, cost: 1, convert: RowConverters16.premultiply),
    DirectConversion(from: .rgba16Premultiplied, to: .rgba16Straight, cost: 1, convert: RowConverters16.unpremultiply),
    DirectConversion(from: .rgba16Straight, to: .rgba8Straight, cost: 1, convert: RowConverters16.reduceTo8),
    DirectConversion(from: .rgba16Premultiplied, to: .rgba8Premultiplied, cost: 2, convert: RowConverters16.reduceTo8),
    DirectConversion(from: .rgba16Straight, to: .rgba8Premultiplied, cost: 2, convert: RowConverters16.reduceThenPremultiply),
    DirectConversion(from: .rgba8Straight, to: .rgba16Straight, cost: 1, convert: RowConverters16.widenFrom8),
    DirectConversion(from: .rgba8Premultiplied, to: .rgba16Premultiplied, cost: 1, convert: RowConverters16.widenFrom8),
  ]
}

/// The chain of direct conversions from one format to another with the least total cost
/// (Dijkstra over the seven formats, computed once per pair and cached).
struct ConversionRoute: Sendable {
  let steps: [DirectConversion]

  static func route(from source: PixelFormat, to destination: PixelFormat) -> ConversionRoute {
    routes[RouteKey(from: source, to: destination)] ?? ConversionRoute(steps: [])
  }

  private struct RouteKey: Hashable {
    let from: PixelFormat
    let to: PixelFormat
  }

  private static let routes: [RouteKey: ConversionRoute] = {
    var table: [RouteKey: ConversionRoute] = [:]
    for source in PixelFormat.allCases {
      for (destination, steps) in cheapestChains(from: source) {
        table[RouteKey(from: source, to: destination)] = ConversionRoute(steps: steps)
      }
    }
    return table
  }()

  /// Dijkstra from `source`; ties go to the format listed first in `PixelFormat.allCases` and
  /// the row listed first in the table, so the route never depends on hashing order.
  private static func cheapestChains(from source: PixelFormat) -> [PixelFormat: [DirectConversion]] {
    var best: [PixelFormat: (cost: Int, steps: [DirectConversion])] = [source: (0, [])]
    var settled: Set<PixelFormat> = []
    while true {
      let open = PixelFormat.allCases.filter { best[$0] != nil && !settled.contains($0) }
      guard let format = open.min(by: { best[$0]!.cost < best[$1]!.cost }), let entry = best[format] else { break }
      settled.insert(format)
      for row in ConversionTable.rows where row.from == format {
        let cost = entry.cost + row.cost
        if best[row.to].map({ cost < $0.cost }) ?? true {
          best[row.to] = (cost, entry.steps + [row])
        }
      }
    }
    return best.mapValues(\.steps)
  }
}
