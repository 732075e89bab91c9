/// Formats results as a readable table or as the JSON schema shared with the peer runner.
enum BenchReport {
  /// The yardstick's column: a memcpy of the same bytes on the same thread count (`thr`).
  static let memcpyHeader = "memcpy@thr ms"
  /// The ratio's column: the case's median over that memcpy's median.
  static let ratioHeader = "x memcpy@thr"

  /// The table `bench` prints: one row per case, an instructions column when they were counted
  /// (`--count-instructions`), and a legend saying what the memcpy and instruction columns are.
  static func table(_ results: [BenchResult]) -> String {
    let countedSize = results.lazy.compactMap(\.countedSize).first
    let instructionHeader = countedSize.map { "instr/px@\($0.width)x\($0.height)" }
    var header =
      "kernel/case                          size        thr   median ms   min ms   Mpix/s    GB/s  "
      + "\(memcpyHeader)  \(ratioHeader)"
    if let instructionHeader { header += "  " + instructionHeader }
    var lines = [header]
    for r in results {
      let name = "\(r.kernel)/\(r.name)".padding(36)
      var line =
        "\(name) \("\(r.size.width)x\(r.size.height)".padding(11)) \(String(r.threads).padding(4)) "
        + "\(fixed(r.medianMilliseconds, 3).leftPadding(10)) \(fixed(r.minimumMilliseconds, 3).leftPadding(8)) "
        + "\(fixed(r.megapixelsPerSecond, 0).leftPadding(8)) \(fixed(r.gigabytesPerSecond, 2).leftPadding(7)) "
        + "\(fixed(r.memcpyMilliseconds, 3).leftPadding(memcpyHeader.count + 1)) "
        + "\(fixed(r.ratioToMemcpy, 2).leftPadding(ratioHeader.count + 1))"
      if let instructionHeader {
        line += "  " + (r.instructionsPerPixel.map { fixed($0, 2) } ?? "-").leftPadding(instructionHeader.count)
      }
      lines.append(line)
    }
    lines.append("\(memcpyHeader): a memcpy of the case's bytes (half read, half written), split over thr")
    lines.append("  threads of the kernels' pool, timed in the same run; \(ratioHeader) = median ms / \(memcpyHeader).")
    if let countedSize {
      lines.append(
        "\(instructionHeader ?? ""): instructions per pixel of one call at \(countedSize.width)x\(countedSize.height), "
          + "1 thread (callgrind).")
    }
    return lines.joined(separator: "\n")
  }

  /// The JSON array `--json` prints, the schema shared with the peer runners; `instructions`
  /// (per call), `instructions_per_pixel`, `counted_width` and `counted_height` are null unless
  /// `--count-instructions` counted them; `memcpy_threads` is the yardstick's thread count.
  static func json(_ results: [BenchResult]) -> String {
    let objects = results.map { r in
      """
        {"kernel": "\(r.kernel)", "case": "\(r.name)", "width": \(r.size.width), "height": \(r.size.height), \
      "threads": \(r.threads), "iterations": \(r.iterations), "median_ms": \(fixed(r.medianMilliseconds, 6)), \
      "min_ms": \(fixed(r.minimumMilliseconds, 6)), "mpix_per_s": \(fixed(r.megapixelsPerSecond, 2)), \
      "memcpy_ms": \(fixed(r.memcpyMilliseconds, 6)), "memcpy_threads": \(r.memcpyThreads), \
      "ratio_to_memcpy": \(fixed(r.ratioToMemcpy, 4)), "instructions": \(r.instructionsPerCall.map(String.init) ?? "null"), \
      "instructions_per_pixel": \(r.instructionsPerPixel.map { fixed($0, 4) } ?? "null"), \
      "counted_width": \(r.countedSize.map { String($0.width) } ?? "null"), \
      "counted_height": \(r.countedSize.map { String($0.height) } ?? "null")}
      """
    }
    return "[\n" + objects.joined(separator: ",\n") + "\n]"
  }

  /// `value` with `digits` decimals, without Foundation's `String(format:)`.
  static func fixed(_ value: Double, _ digits: Int) -> String {
    guard value.isFinite else { return "null" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    let whole = Int(scaled / scale)
    let fraction = Int(scaled) - whole * Int(scale)
    let sign = value < 0 && scaled != 0 ? "-" : ""
    if digits == 0 { return "\(sign)\(whole)" }
    let fractionText = String(fraction)
    return "\(sign)\(whole)." + String(repeating: "0", count: digits - fractionText.count) + fractionText
  }
}

extension String {
  func padding(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
  func leftPadding(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}
