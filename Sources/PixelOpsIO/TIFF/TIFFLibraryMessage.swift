/// Turns libtiff's error text into a typed ``ImageIOError``.
enum TIFFLibraryMessage {
  /// Phrases libtiff uses when the data ends before what a directory promises.
  private static let truncationPhrases = [
    "read error", "not enough data", "premature", "past end", "beyond end", "end of file",
    "seek error", "cannot read", "can not read", "truncat",
  ]
  /// The same as whole words (`eof` is inside `sizeof`).
  private static let truncationWords: Set<Substring> = ["eof"]

  /// The error a failed read reports: not a TIFF, cut short, or damaged. `detail`, libtiff's
  /// own message without the module it names first (often the file's path), decides which;
  /// `message`, the whole text, is what the error says.
  static func readError(_ message: String, detail: String? = nil) -> ImageIOError {
    let lowered = (detail ?? message).lowercased()
    if lowered.contains("bad magic number") || lowered.contains("not a tiff") {
      return .notRecognized(.tiff, detail: message)
    }
    let words = lowered.split { !$0.isLetter }
    if truncationPhrases.contains(where: { lowered.contains($0) }) || words.contains(where: truncationWords.contains) {
      return .truncated(.tiff, message: message)
    }
    return .corrupt(.tiff, message: message)
  }
}
