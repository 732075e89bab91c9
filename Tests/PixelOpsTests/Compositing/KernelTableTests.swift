import PixelOpsTestSupport
import Testing

@testable import PixelOps

/// The kernel table and the strength reductions, checked as data: every entry reachable, every
/// entry's kernel equal to the generic kernel on the requests it serves, every reduction an
/// identity of the generic arithmetic, and the generic-path switch honoured.
@Suite("Kernel table and reductions")
struct KernelTableTests {
  /// Every flag combination a call can produce: one source kind and one kind of coverage; a
  /// solid source comes unscaled with the opacity beside it, so it may lack `fullOpacity`; a
  /// transparent source is a colour of alpha 0 (never also opaque).
  static let possibleFlags: [CompositeFlags] = (0..<128).map { CompositeFlags(rawValue: UInt8($0)) }.filter { f in
    f.contains(.imageSource) != f.contains(.solidSource)
      && f.contains(.fullCoverage) != f.contains(.partialCoverage)
      && !(f.contains(.opaqueSource) && f.contains(.transparentSource))
      && (!f.contains(.transparentSource) || f.contains(.solidSource))
  }

  @Test("every entry of the kernel table is reachable (no earlier entry shadows it)")
  func entriesReachable() {
    var reached: Set<String> = []
    for mode in BlendMode.allCases {
      for flags in Self.possibleFlags {
        let index = CompositeKernelTable.index(for: CompositeRequest(mode: mode, flags: flags))
        reached.insert(CompositeKernelTable.entries[index].name)
      }
    }
    #expect(reached == Set(CompositeKernelTable.entries.map(\.name)))
  }

  @Test("the looked-up choice of every mode and flag set is what the rules and the table give")
  func choicesMatchTheTables() {
    let allFlags: CompositeFlags = [
      .imageSource, .solidSource, .opaqueSource, .transparentSource, .fullCoverage, .partialCoverage, .fullOpacity,
    ]
    #expect(allFlags.rawValue < 1 << CompositeKernelChoices.flagBits)
    #expect(BlendMode.allCases.enumerated().allSatisfy { $0.element.ordinal == $0.offset })
    let names = CompositeKernelTable.entries.map(\.name)
    #expect(names.last == CompositeKernelTable.generic.name)
    for mode in BlendMode.allCases {
      for raw in 0..<(1 << CompositeKernelChoices.flagBits) {
        let request = CompositeRequest(mode: mode, flags: CompositeFlags(rawValue: UInt8(raw)))
        let choice = CompositeKernelChoices.choice(for: request, fastPaths: true)
        let reduced = CompositeReductions.reduce(request)
        #expect(choice?.request == reduced, "\(mode) flags \(raw)")
        guard let choice, let reduced else { continue }
        #expect(choice.entryIndex == CompositeKernelTable.index(for: reduced))
      }
    }
  }

  @Test("with fast paths off every request gets the generic kernel, unreduced")
  func genericSwitch() {
    for mode in BlendMode.allCases {
      for flags in Self.possibleFlags {
        let request = CompositeRequest(mode: mode, flags: flags)
        let choice = CompositeKernelChoices.choice(for: request, fastPaths: false)
        #expect(choice?.request == request)
        #expect(choice.map { CompositeKernelTable.entries[$0.entryIndex].name } == "generic")
      }
    }
  }

  @Test("every entry's kernel equals the generic kernel on every request it serves")
  func entriesMatchGeneric() throws {
    var rng = SeededGenerator(seed: 0x7AB1E)
    for entry in CompositeKernelTable.entries where entry.name != "generic" {
      for mode in entry.mode.map({ [$0] }) ?? BlendMode.allCases {
        for flags in Self.possibleFlags where flags.isSuperset(of: entry.required) {
          for trial in 0..<12 {
            let span = try RandomSpan(flags: flags, trial: trial, &rng)
            let parameters = span.parameters(mode: mode)
            let fast = span.run(entry.kernels.row, parameters)
            let generic = span.run(GenericCompositeKernel.composite, parameters)
            #expect(fast == generic, "\(entry.name) \(mode) flags \(flags.rawValue) trial \(trial) count \(span.count)")
          }
        }
      }
    }
  }

  @Test("every entry's dithered-row kernel equals its kernel on the dithered pixels, on every request it serves")
  func ditheredKernelsMatchTheirKernels() throws {
    var rng = SeededGenerator(seed: 0xD17AB)
    var checked = 0
    for entry in CompositeKernelTable.entries {
      guard let ditheredKernel = entry.kernels.dithered else { continue }
      for mode in entry.mode.map({ [$0] }) ?? BlendMode.allCases {
        for flags in Self.possibleFlags where flags.isSuperset(of: entry.required) && flags.contains(.imageSource) {
          for trial in 0..<12 {
            var span = try RandomSpan(flags: flags, trial: trial, &rng)
            let row = DitheredSourceTests.Row(count: span.count, opaque: flags.contains(.opaqueSource), &rng)
            let (x, y) = (Int.random(in: 0...99, using: &rng), Int.random(in: 0...99, using: &rng))
            span.source = row.ditheredPixels(x: x, y: y)
            let parameters = span.parameters(mode: mode)
            let expected = span.run(entry.kernels.row, parameters)
            let got = row.withDitheredRow(x: x, y: y) { span.run(ditheredKernel, reading: $0, parameters) }
            #expect(got == expected, "\(entry.name) \(mode) flags \(flags.rawValue) trial \(trial) count \(span.count)")
            checked += 1
          }
        }
      }
    }
    #expect(checked >= 12, "only \(checked) dithered spans checked")
  }

  @Test("every strength reduction is an identity of the generic arithmetic")
  func reductionsAreIdentities() throws {
    var rng = SeededGenerator(seed: 0x4ED)
    for rule in CompositeReductions.rules {
      for flags in Self.possibleFlags where flags.isSuperset(of: rule.required) {
        for trial in 0..<12 {
          let span = try RandomSpan(flags: flags, trial: trial, &rng)
          let drawn = span.run(GenericCompositeKernel.composite, span.parameters(mode: rule.mode))
          let reduced = rule.result.map { span.run(GenericCompositeKernel.composite, span.parameters(mode: $0)) }
          #expect(drawn == (reduced ?? span.destination), "\(rule.mode) flags \(flags.rawValue) trial \(trial)")
        }
      }
    }
  }
}

/// A random row whose pixels have exactly the properties `flags` claim.
private struct RandomSpan {
  var destination: [UInt8]
  var source: [UInt8]?
  var coverage: [UInt8]?
  var coverageStride: Int
  var solid: PremultipliedColor
  var opacity: UInt32
  var count: Int { destination.count / 4 }

  init(flags: CompositeFlags, trial: Int, _ rng: inout SeededGenerator) throws {
    let count = Int.random(in: 1...70, using: &rng)
    func pixels(_ n: Int) -> [UInt8] {
      (0..<n).flatMap { _ -> [UInt8] in
        let a = RandomPixels.alpha8(&rng)
        return [UInt8.random(in: 0...a, using: &rng), .random(in: 0...a, using: &rng), .random(in: 0...a, using: &rng), a]
      }
    }
    destination = pixels(count)
    if flags.contains(.imageSource) {
      var s = pixels(count)
      if flags.contains(.opaqueSource) { for i in 0..<count { s[i * 4 + 3] = 255 } }
      source = s
    }
    solid = .clear
    if flags.contains(.solidSource) && !flags.contains(.transparentSource) {
      let a: UInt8 = flags.contains(.opaqueSource) ? 255 : .random(in: 1...254, using: &rng)
      solid = PremultipliedColor(
        premultipliedRed: .random(in: 0...a, using: &rng), green: .random(in: 0...a, using: &rng),
        blue: .random(in: 0...a, using: &rng), alpha: a)
    }
    // Stride 4 is a template's alpha in place: the last byte of each 4-byte pixel (the span
    // starts at byte 3, `coverageStart`), which the kernels read whole pixels around.
    let stride = trial % 2 == 0 ? 1 : 4
    coverageStride = stride
    if !flags.contains(.fullCoverage) {
      // Runs of 0 and 255 between partial values: the masked kernels' skipping paths.
      coverage = (0..<(count * stride)).map { i in
        trial % 3 == 0 ? [0, 255][(i / (8 * stride)) % 2] : RandomPixels.alpha8(&rng)
      }
    }
    opacity = flags.contains(.fullOpacity) ? 255 : UInt32.random(in: 0...254, using: &rng)
  }

  /// The span's first coverage byte in the coverage array at `base`: the alpha of pixel 0 for
  /// stride 4 (its fourth byte), else the first byte.
  func coverageStart(_ base: UnsafeRawPointer?) -> UnsafeRawPointer? {
    base.map { $0 + (coverageStride == 4 ? 3 : 0) }
  }

  func parameters(mode: BlendMode) -> CompositeParameters {
    CompositeParameters(mode: mode, solid: solid, opacity: opacity)
  }

  /// The destination after a dithered-row kernel ran over the span, reading `source` (the
  /// span's own source unused).
  func run(_ kernel: DitheredRowKernel, reading source: DitheredRow, _ parameters: CompositeParameters) -> [UInt8] {
    var output = destination
    output.withUnsafeMutableBytes { d in
      func call(_ c: UnsafeRawPointer?) {
        kernel(
          CompositeSpan(
            destination: d.baseAddress!, source: nil, coverage: coverageStart(c), coverageStride: coverageStride,
            count: count),
          source, parameters)
      }
      if let coverage { coverage.withUnsafeBytes { call($0.baseAddress) } } else { call(nil) }
    }
    return output
  }

  /// The destination after `kernel` ran over the span.
  func run(_ kernel: CompositeRowKernel, _ parameters: CompositeParameters) -> [UInt8] {
    var output = destination
    output.withUnsafeMutableBytes { d in
      func call(_ s: UnsafeRawPointer?, _ c: UnsafeRawPointer?) {
        kernel(
          CompositeSpan(
            destination: d.baseAddress!, source: s, coverage: coverageStart(c), coverageStride: coverageStride,
            count: count),
          parameters)
      }
      switch (source, coverage) {
      case (let s?, let c?): s.withUnsafeBytes { s in c.withUnsafeBytes { c in call(s.baseAddress, c.baseAddress) } }
      case (let s?, nil): s.withUnsafeBytes { call($0.baseAddress, nil) }
      case (nil, let c?): c.withUnsafeBytes { call(nil, $0.baseAddress) }
      case (nil, nil): call(nil, nil)
      }
    }
    return output
  }
}
