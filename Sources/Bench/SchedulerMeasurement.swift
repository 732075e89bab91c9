/// PLACEHOLDER until the scheduler lands.
enum SchedulerMeasurement {
  static func run() -> String { "scheduler measurement not built yet" }
}
