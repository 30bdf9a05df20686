/// The iterator's hold on an engine: the engine's tasks hold the engine but not this, so when
/// the last iterator copy goes away, `deinit` cancels the iteration.
@usableFromInline
final class PacingIteration<Engine: SequenceShellCancellable> {
  @usableFromInline let engine: Engine

  @inlinable
  init(engine: Engine) {
    self.engine = engine
  }

  deinit {
    engine.cancel()
  }
}

/// What a ``PacingIteration`` needs of its engine.
@usableFromInline
protocol SequenceShellCancellable: AnyObject {
  func cancel()
}

extension SequenceShell: SequenceShellCancellable {}
