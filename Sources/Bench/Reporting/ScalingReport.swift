/// How `bench --scaling` prints its results: a table, or JSON with `--json`.
enum ScalingReport {
  static func table(_ results: [ScalingResult]) -> String {
    var lines = ["kernel/case                          size        thr   1-thr ms   thr ms   speed-up   blocks q1-q3"]
    for r in results {
      let quartiles = r.blockQuartiles
      lines.append(
        "\("\(r.kernel)/\(r.name)".padding(36)) \("\(r.size.width)x\(r.size.height)".padding(11)) "
          + "\(String(r.threads).padding(4)) \(BenchReport.fixed(r.oneThreadMilliseconds, 4).leftPadding(9)) "
          + "\(BenchReport.fixed(r.threadedMilliseconds, 4).leftPadding(8)) \(BenchReport.fixed(r.speedUp, 3).leftPadding(10))"
          + "   \(BenchReport.fixed(quartiles.lower, 3))-\(BenchReport.fixed(quartiles.upper, 3))")
    }
    lines.append("speed-up: median of the 1-thread calls over median of the thr-thread calls, alternated in")
    lines.append("  blocks of \(ScalingRunner.blockSize) calls in one process on the same pixels;")
    lines.append("  q1-q3: quartiles of the blocks' speed-ups.")
    return lines.joined(separator: "\n")
  }

  static func json(_ results: [ScalingResult]) -> String {
    let objects = results.map { r in
      let quartiles = r.blockQuartiles
      return """
          {"kernel": "\(r.kernel)", "case": "\(r.name)", "width": \(r.size.width), "height": \(r.size.height), \
        "threads": \(r.threads), "iterations": \(r.iterations), \
        "one_thread_median_ms": \(BenchReport.fixed(r.oneThreadMilliseconds, 6)), \
        "median_ms": \(BenchReport.fixed(r.threadedMilliseconds, 6)), "speed_up": \(BenchReport.fixed(r.speedUp, 4)), \
        "block_speed_up_q1": \(BenchReport.fixed(quartiles.lower, 4)), \
        "block_speed_up_q3": \(BenchReport.fixed(quartiles.upper, 4))}
        """
    }
    return "[\n" + objects.joined(separator: ",\n") + "\n]"
  }
}
