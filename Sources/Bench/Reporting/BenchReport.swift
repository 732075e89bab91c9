/// Formats results as a readable table or as the JSON schema shared with the peer runner.
enum BenchReport {
  static func table(_ results: [BenchResult]) -> String {
    var lines = [
      "kernel/case                          size        thr   median ms   min ms   Mpix/s    GB/s  memcpy ms  x memcpy"
    ]
    for r in results {
      let name = "\(r.kernel)/\(r.name)".padding(36)
      lines.append(
        "\(name) \("\(r.size.width)x\(r.size.height)".padding(11)) \(String(r.threads).padding(4)) "
          + "\(fixed(r.medianMilliseconds, 3).leftPadding(10)) \(fixed(r.minimumMilliseconds, 3).leftPadding(8)) "
          + "\(fixed(r.megapixelsPerSecond, 0).leftPadding(8)) \(fixed(r.gigabytesPerSecond, 2).leftPadding(7)) "
          + "\(fixed(r.memcpyMilliseconds, 3).leftPadding(10)) \(fixed(r.ratioToMemcpy, 2).leftPadding(9))")
    }
    return lines.joined(separator: "\n")
  }

  static func json(_ results: [BenchResult]) -> String {
    let objects = results.map { r in
      """
        {"kernel": "\(r.kernel)", "case": "\(r.name)", "width": \(r.size.width), "height": \(r.size.height), \
      "threads": \(r.threads), "iterations": \(r.iterations), "median_ms": \(fixed(r.medianMilliseconds, 4)), \
      "min_ms": \(fixed(r.minimumMilliseconds, 4)), "mpix_per_s": \(fixed(r.megapixelsPerSecond, 2)), \
      "memcpy_ms": \(fixed(r.memcpyMilliseconds, 4)), "ratio_to_memcpy": \(fixed(r.ratioToMemcpy, 4)), "instructions": \(r.instructionsPerCall.map(String.init) ?? "null")}
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
