/// Counters for stress tools and benchmarks (`@_spi(Diagnostics) import AsyncPacing`): not
/// part of the supported API.
@_spi(Diagnostics)
public enum PacingDiagnostics {
  /// Internal tasks of every operator and pacer in this process that are still alive.
  public static var liveInternalTasks: Int { LiveTaskCounter.processWide.liveCount }

  /// Internal tasks started in this process so far.
  public static var startedInternalTasks: Int { LiveTaskCounter.processWide.startedCount }
}

extension AsyncPacingIterator {
  /// Values this iteration emitted that a later value replaced while they waited for a busy
  /// consumer (<doc:PacingContract>, "Delivery to the consumer").
  @_spi(Diagnostics)
  public var replacedOutputs: Int { counters.replacedOutputs }
}
