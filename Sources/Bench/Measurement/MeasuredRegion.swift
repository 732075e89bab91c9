/// The only code whose instructions `bench` counts: callgrind runs with
/// `--toggle-collect=*measuredRegion*`, so setup, input generation and reporting are excluded.
/// Never inlined, so the symbol exists in every build.
@inline(never)
func measuredRegion(_ body: () throws -> Void) rethrows {
  try body()
}
