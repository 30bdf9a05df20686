/// Counters for stress tools and benchmarks (`@_spi(Diagnostics) import AsyncPacing`): not
/// part of the supported API.
@_spi(Diagnostics)
public enum PacingDiagnostics {
  /// Internal tasks of every operator and pacer in this process that are still alive.
  public static var liveInternalTasks: Int { LiveTaskCounter.processWide.liveCount }

  /// Internal tasks started in this process so far.
  public static var startedInternalTasks: Int { LiveTaskCounter.processWide.startedCount }

  /// Outputs emitted in this process that a later output replaced while they waited for a
  /// busy consumer (SEMANTICS.md, "Delivery to the consumer").
  public static var replacedOutputs: Int { replacedMailboxOutputs.load(ordering: .relaxed) }
}
