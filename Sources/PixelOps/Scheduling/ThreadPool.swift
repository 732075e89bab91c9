/// PLACEHOLDER until the scheduler lands.
public final class ThreadPool: Sendable {
  /// Cores this process may run on.
  public static var availableCores: Int { 1 }
}
