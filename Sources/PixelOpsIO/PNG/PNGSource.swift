/// Where a PNG's bytes come from: memory the caller owns, or a file read as a stream (never
/// held whole, so a file's size costs nothing before its signature and header are checked).
enum PNGSource {
  case memory(UnsafeRawBufferPointer)
  case file(ReadableFile)

  /// Opens the regular file at `path` (see ``ReadableFile``).
  static func file(at path: String) throws(ImageIOError) -> PNGSource {
    .file(try ReadableFile(path: path))
  }

  /// The first `count` bytes, fewer when the input is shorter.
  func prefix(_ count: Int) throws(ImageIOError) -> [UInt8] {
    switch self {
    case .memory(let data): Array(data.prefix(count))
    case .file(let file): try file.bytes(count: count, at: 0)
    }
  }

  /// A libpng reader over the whole input, from its first byte.
  func makeReader() throws(ImageIOError) -> LibPNGReader {
    switch self {
    case .memory(let data): try LibPNGReader(data)
    case .file(let file): try LibPNGReader(file)
    }
  }

  /// The 8 bytes of the chunk header (length, type) at `offset`, or `nil` past the end.
  func chunkHeader(at offset: Int) throws(ImageIOError) -> (length: UInt32, type: UInt32)? {
    switch self {
    case .memory(let data):
      guard offset >= 0, data.count - offset >= 8 else { return nil }
      return (
        UInt32(bigEndian: data.loadUnaligned(fromByteOffset: offset, as: UInt32.self)),
        UInt32(bigEndian: data.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self))
      )
    case .file(let file):
      let bytes = try file.bytes(count: 8, at: offset)
      guard bytes.count == 8 else { return nil }
      return (Self.bigEndianWord(Array(bytes[0..<4])), Self.bigEndianWord(Array(bytes[4..<8])))
    }
  }

  /// Bytes in the input (a file's size when it was opened).
  var byteCount: Int {
    switch self {
    case .memory(let data): data.count
    case .file(let file): file.size
    }
  }

  private static func bigEndianWord(_ bytes: [UInt8]) -> UInt32 {
    bytes.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
  }
}
