#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Atomic writes on POSIX systems, without Foundation (reads: ``ReadableFile``).
enum FileSystem {
  /// Writes `bytes` to `path` atomically: a temporary file in the same directory, flushed to
  /// disk, then renamed over `path`. On any failure the temporary file is removed and an
  /// existing file at `path` is left as it was.
  static func writeAtomically(_ bytes: [UInt8], to path: String) throws(ImageIOError) {
    try withAtomicReplacement(of: path) { (temporaryPath: String) throws(ImageIOError) in
      let descriptor = open(temporaryPath, O_WRONLY | O_TRUNC | O_CLOEXEC)
      guard descriptor >= 0 else { throw .writeFailed(path: path, reason: systemError()) }
      defer { close(descriptor) }
      var written = 0
      while written < bytes.count {
        let count = bytes.withUnsafeBytes { buffer in
          write(descriptor, buffer.baseAddress! + written, buffer.count - written)
        }
        if count < 0 {
          if errno == EINTR { continue }
          throw .writeFailed(path: path, reason: systemError())
        }
        written += count
      }
      guard fsync(descriptor) == 0 else { throw .writeFailed(path: path, reason: systemError()) }
    }
  }

  /// Creates an empty temporary file beside `path`, lets `produce` fill it (by path, for codecs
  /// that open files themselves), then renames it over `path` and flushes the directory, so the
  /// rename itself survives a crash (best effort: some file systems refuse `fsync` on a
  /// directory, and the new file is complete and in place either way). If `produce` throws or
  /// the rename fails, the temporary file is deleted and `path` is untouched. A symbolic link at
  /// `path` is replaced by the new file, not written through, as Foundation's `.atomic` writes do.
  static func withAtomicReplacement(
    of path: String, _ produce: (String) throws(ImageIOError) -> Void
  ) throws(ImageIOError) {
    let temporaryPath = try createTemporaryFile(beside: path)
    do throws(ImageIOError) {
      try produce(temporaryPath)
      guard rename(temporaryPath, path) == 0 else { throw ImageIOError.writeFailed(path: path, reason: systemError()) }
    } catch {
      unlink(temporaryPath)
      throw error
    }
    flushDirectory(of: path)
  }

  /// `fsync` on `path`'s directory, which makes a rename in it durable; failures are ignored.
  private static func flushDirectory(of path: String) {
    let descriptor = open(directoryName(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    _ = fsync(descriptor)
    close(descriptor)
  }

  /// Creates an empty file `.<name>.<random>.tmp` in `path`'s directory (`<name>` cut to 200
  /// bytes, so that a name near the 255-byte limit still has room for the rest) with the permissions a new
  /// file there gets (0666 less the umask), or those of the file it will replace, so the rename
  /// leaves permissions as a plain write would. (`mkstemp` would make every result 0600.) A
  /// directory at `path` is refused here, before anything is produced.
  private static func createTemporaryFile(beside path: String) throws(ImageIOError) -> String {
    let directory = directoryName(of: path)
    let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? "image"
    let base = name.utf8.count > 200 ? String(decoding: name.utf8.prefix(200), as: UTF8.self) : name
    // A directory is refused before any page is produced; a symbolic link, even to a directory,
    // is replaced by the rename (lstat, which does not follow it).
    var entry = stat()
    if lstat(path, &entry) == 0 && entry.st_mode & S_IFMT == S_IFDIR {
      throw .writeFailed(path: path, reason: String(cString: strerror(EISDIR)))
    }
    var existing = stat()
    let existingMode: mode_t? = stat(path, &existing) == 0 ? existing.st_mode & 0o7777 : nil
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<100 {
      let suffix = String(generator.next() & 0xFFFF_FFFF, radix: 36)
      let candidate = "\(directory)/.\(base).\(suffix).tmp"
      let descriptor = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
      if descriptor >= 0 {
        if let existingMode { fchmod(descriptor, existingMode) }
        close(descriptor)
        return candidate
      }
      if errno != EEXIST { throw .writeFailed(path: path, reason: systemError()) }
    }
    throw .writeFailed(path: path, reason: "could not create a unique temporary file")
  }

  private static func directoryName(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let directory = String(path[..<slash])
    return directory.isEmpty ? "/" : directory
  }

  static func systemError() -> String {
    String(cString: strerror(errno))
  }
}
