/// FNV-1a 64, the digest of the test data's `fnv1a64` fields (see `Resources/testdata/README.md`).
struct FNV1a64 {
  private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  /// Adds `bytes` to the digest.
  mutating func add(_ bytes: [UInt8]) {
    var hash = value
    bytes.withUnsafeBufferPointer { buffer in
      for byte in buffer {
        hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
      }
    }
    value = hash
  }

  /// The digest as 16 lower-case hex digits.
  var hex: String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// The digest of `bytes` as 16 lower-case hex digits.
  static func hex(of bytes: [UInt8]) -> String {
    var hash = FNV1a64()
    hash.add(bytes)
    return hash.hex
  }
}
