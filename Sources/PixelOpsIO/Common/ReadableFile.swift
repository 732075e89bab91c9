#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A regular file opened for reading; the descriptor is closed when the value is released.
///
/// Only regular files are opened: a directory, a FIFO, a device or a socket is refused with
/// ``ImageIOError/unreadableFile(path:reason:)`` naming what the path is, without blocking and
/// without reading from it. The path is checked with `stat` first (so a device is never even
/// opened), then opened with `O_NONBLOCK` (opening a FIFO without a writer would otherwise wait
/// forever) and checked again with `fstat`, since the path may have been replaced in between.
final class ReadableFile {
  let descriptor: Int32
  let path: String
  /// Bytes in the file when it was opened.
  let size: Int

  init(path: String) throws(ImageIOError) {
    var status = stat()
    guard stat(path, &status) == 0 else { throw .unreadableFile(path: path, reason: FileSystem.systemError()) }
    try Self.requireRegular(status, path: path)
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { throw .unreadableFile(path: path, reason: FileSystem.systemError()) }
    do throws(ImageIOError) {
      guard fstat(descriptor, &status) == 0 else { throw .unreadableFile(path: path, reason: FileSystem.systemError()) }
      try Self.requireRegular(status, path: path)
      // Reads of regular files never wait anyway; clear the flag so they are plain reads.
      let flags = fcntl(descriptor, F_GETFL)
      if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
    } catch {
      close(descriptor)
      throw error
    }
    self.descriptor = descriptor
    self.path = path
    self.size = Int(status.st_size)
  }

  deinit { close(descriptor) }

  /// Reads up to `count` bytes at `offset` into `buffer` (fewer only at the end of the file).
  func read(into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int) throws(ImageIOError) -> Int {
    var filled = 0
    while filled < count {
      let result = pread(descriptor, buffer + filled, count - filled, off_t(offset + filled))
      if result < 0 {
        if errno == EINTR { continue }
        throw .unreadableFile(path: path, reason: FileSystem.systemError())
      }
      if result == 0 { break }
      filled += result
    }
    return filled
  }

  /// Up to `count` bytes at `offset` (fewer at the end of the file).
  func bytes(count: Int, at offset: Int) throws(ImageIOError) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    let outcome = bytes.withUnsafeMutableBytes { buffer in
      Result { () throws(ImageIOError) -> Int in try read(into: buffer.baseAddress!, count: count, at: offset) }
    }
    bytes.removeLast(count - (try outcome.get()))
    return bytes
  }

  private static func requireRegular(_ status: stat, path: String) throws(ImageIOError) {
    let kind = status.st_mode & S_IFMT
    if kind == S_IFREG { return }
    throw .unreadableFile(path: path, reason: "\(describe(kind)), not a regular file")
  }

  /// What a file of type `kind` (the `S_IFMT` bits of its mode) is, in words.
  static func describe(_ kind: mode_t) -> String {
    switch kind {
    case S_IFDIR: "the path is a directory"
    case S_IFIFO: "the path is a FIFO (named pipe)"
    case S_IFCHR: "the path is a character device"
    case S_IFBLK: "the path is a block device"
    case S_IFSOCK: "the path is a socket"
    default: "the path is a special file"
    }
  }
}
