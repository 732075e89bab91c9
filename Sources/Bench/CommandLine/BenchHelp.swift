import PixelOpsBenchmarkSupport

/// The text `bench --help` prints: an overview, the kernel families, every option that is not
/// hidden with its default, and the exit statuses, wrapped to 80 columns (the layout the tool
/// has always printed).
enum BenchHelp {
  static let columns = 80
  /// Where option descriptions start; longer labels put their description on the next line.
  static let descriptionColumn = 26

  static var text: String {
    let families = KernelFamily.allCases.map(\.rawValue).joined(separator: ", ")
    var lines = wrap("OVERVIEW: Measure PixelOps kernels: time, megapixels/s, GB/s and ratio to memcpy.", width: columns)
    lines += [""] + wrap("Kernel families: \(families), all.", width: columns)
    lines += ["", "USAGE: bench <options>", "", "OPTIONS:"]
    let defaults = BenchArguments()
    for option in BenchOption.all where !option.isHidden {
      var help = option.help
      if let defaultText = option.defaultText { help += " (default: \(defaultText(defaults)))" }
      lines += entry(label: option.label, help: help)
    }
    lines += entry(label: "-h, --help", help: "Show help information.")
    lines += ["", "EXIT STATUS:"]
    for code in BenchExitCode.allCases {
      lines += entry(label: String(code.rawValue), help: code.helpText.prefix(1).uppercased() + code.helpText.dropFirst() + ".")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// An option's lines: the label indented two spaces, the description from
  /// ``descriptionColumn`` (on the label's line when the label leaves room).
  private static func entry(label: String, help: String) -> [String] {
    let indent = String(repeating: " ", count: descriptionColumn)
    let wrapped = wrap(help, width: columns - descriptionColumn).map { indent + $0 }
    let head = "  " + label
    guard head.count + 2 <= descriptionColumn else { return [head] + wrapped }
    let first = head + String(repeating: " ", count: descriptionColumn - head.count)
    return [first + wrapped[0].dropFirst(descriptionColumn)] + wrapped.dropFirst()
  }

  /// Greedy word wrap: as many words on each line as fit in fewer than `width` characters.
  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if line.isEmpty {
        line = String(word)
      } else if line.count + 1 + word.count < width {
        line += " " + word
      } else {
        lines.append(line)
        line = String(word)
      }
    }
    return lines + [line]
  }
}
