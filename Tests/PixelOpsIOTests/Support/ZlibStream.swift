import Foundation

/// zlib streams (RFC 1950) made with the system's `gzip`, independently of the code under
/// test: gzip's deflate body between a zlib header and an Adler-32 trailer computed here.
enum ZlibStream {
  /// `bytes` compressed as a zlib stream (deflate at gzip's default level).
  static func compress(_ bytes: [UInt8]) throws -> [UInt8] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["gzip", "-c", "-n"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    // Write from another thread: gzip's output pipe would fill while we are still writing.
    let writer = Thread { [bytes] in
      input.fileHandleForWriting.write(Data(bytes))
      try? input.fileHandleForWriting.close()
    }
    writer.start()
    let gzip = [UInt8](output.fileHandleForReading.readDataToEndOfFile())
    process.waitUntilExit()
    guard process.terminationStatus == 0, gzip.count > 18, gzip[3] == 0 else {
      throw Gzip.Failure(path: "<stdin>", status: process.terminationStatus)
    }
    // A gzip member without optional fields: 10-byte header, deflate, CRC-32 and size.
    let deflate = gzip[10..<(gzip.count - 8)]
    return [0x78, 0x9C] + deflate + bigEndian(adler32(bytes))
  }

  static func adler32(_ bytes: [UInt8]) -> UInt32 {
    // The sums cannot overflow 32 bits within 5,552 bytes (zlib's NMAX), so reduce per block.
    var a: UInt32 = 1
    var b: UInt32 = 0
    var start = 0
    while start < bytes.count {
      let end = min(bytes.count, start + 5_552)
      for index in start..<end {
        a &+= UInt32(bytes[index])
        b &+= a
      }
      a %= 65521
      b %= 65521
      start = end
    }
    return b << 16 | a
  }

  private static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }
}
