/// The eight bytes every PNG starts with, and a precise verdict when they are missing.
enum PNGSignature {
  static let bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// Whether `data` starts with the full signature.
  static func matches<Bytes: Collection<UInt8>>(_ data: Bytes) -> Bool {
    data.count >= bytes.count && zip(data, bytes).allSatisfy { $0 == $1 }
  }

  /// Throws unless `data` starts with the signature: ``ImageIOError/emptyInput`` for no
  /// bytes, ``ImageIOError/truncated(_:message:)`` for a prefix of the signature and
  /// ``ImageIOError/notRecognized(_:detail:)`` otherwise, naming what was found.
  static func validate<Bytes: Collection<UInt8>>(_ data: Bytes) throws(ImageIOError) {
    if data.isEmpty { throw .emptyInput }
    if matches(data) { return }
    let prefix = Array(data.prefix(bytes.count))
    if prefix.count < bytes.count && prefix.elementsEqual(bytes.prefix(prefix.count)) {
      throw .truncated(.png, message: "the file ends inside the signature (\(prefix.count) of 8 bytes)")
    }
    throw .notRecognized(.png, detail: describe(prefix))
  }

  /// What the first bytes look like, for the error message.
  private static func describe(_ prefix: [UInt8]) -> String {
    let hex = prefix.map { byte in
      let digits = String(byte, radix: 16, uppercase: true)
      return digits.count == 1 ? "0" + digits : digits
    }.joined(separator: " ")
    let found = "the signature is \(hex), expected 89 50 4E 47 0D 0A 1A 0A"
    if prefix.starts(with: Array("GIF8".utf8)) { return "\(found) (a GIF file)" }
    if prefix.starts(with: [0xFF, 0xD8, 0xFF]) { return "\(found) (a JPEG file)" }
    if prefix.starts(with: Array("II*\u{0}".utf8)) || prefix.starts(with: Array("MM\u{0}*".utf8)) {
      return "\(found) (a TIFF file)"
    }
    if prefix.count == bytes.count && Array(prefix[1...3]) == Array(bytes[1...3]) {
      if prefix[0] == 0x09 { return "\(found): the high bit of the first byte is cleared (7-bit transfer)" }
      if Array(prefix[4...]) != Array(bytes[4...]) {
        return "\(found): the line endings were altered (text-mode transfer)"
      }
    }
    return found
  }
}
