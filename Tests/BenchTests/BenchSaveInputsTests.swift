import Foundation
import PixelOpsBenchmarkSupport
import Testing

@testable import Bench

/// `bench --save-inputs` writes the opaque generated images as RGB PNGs.
@Suite("bench --save-inputs")
struct BenchSaveInputsTests {
  @Test("photo and opaque are written as RGB, mixed and partial as RGBA")
  func colourTypes() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-inputs-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let run = BenchRun(["--save-inputs", directory, "--size", "96x80"])
    #expect(run.code == .success, "\(run.errors)")
    // Which contents are opaque follows from their description in GeneratedImages.swift:
    // photo and opaque have alpha 255 everywhere; mixed has transparent blocks, partial 1...254.
    let expected: [GeneratedContent: UInt8] = [.photo: 2, .allOpaque: 2, .mixedUI: 6, .allPartial: 6]
    for (content, colourType) in expected {
      let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(directory)/\(content.rawValue).png")))
      // Signature (8), IHDR length (4) and type (4), width (4), height (4), bit depth (1), colour type.
      #expect(bytes.count > 26 && Array(bytes[12..<16]) == Array("IHDR".utf8))
      #expect(bytes[24] == 8, "\(content) bit depth")
      #expect(bytes[25] == colourType, "\(content): colour type \(bytes[25]), expected \(colourType)")
    }
  }
}
