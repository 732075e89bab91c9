/// Turns libtiff's error text into a typed ``ImageIOError``.
enum TIFFLibraryMessage {
  /// Phrases libtiff uses when the data ends before what a directory promises.
  private static let truncationPhrases = [
    "read error", "not enough data", "premature", "past end", "beyond end", "end of file",
    "eof", "seek error", "cannot read", "can not read", "truncat",
  ]

  /// The error a failed read reports: not a TIFF, cut short, or damaged.
  static func readError(_ message: String) -> ImageIOError {
    let lowered = message.lowercased()
    if lowered.contains("bad magic number") || lowered.contains("not a tiff") {
      return .notRecognized(.tiff, detail: message)
    }
    if truncationPhrases.contains(where: { lowered.contains($0) }) {
      return .truncated(.tiff, message: message)
    }
    return .corrupt(.tiff, message: message)
  }
}
