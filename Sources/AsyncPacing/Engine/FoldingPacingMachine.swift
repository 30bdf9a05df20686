/// A machine whose elements are folded by an async reducer that only the shell can await (the
/// reducing throttle): it tells the shell what to fold each element into, and takes the result
/// back before it hands the shell another element.
///
/// Only these machines, and the reader that runs them (`SequenceShell.readAndFold(with:loan:)`), know
/// about fold requests and loans: the other machines' events and their reader never touch them.
@usableFromInline
protocol FoldingPacingMachine: PacingMachine {
  /// An element arrived: the actions, and whether the machine keeps the element for a fold.
  ///
  /// `untakenOutput`: one output the machine emitted waits in the mailbox, which the consumer
  /// has not taken. The shell hands the machine every deadline up to `now` first, so this does
  /// not depend on whether the timer ran before the element. The machine's output is an
  /// accumulation (its ``PacingMachine/delivery`` is `.accumulating`): a fresh fold continues
  /// from that output instead (``FoldRequest/intoUntaken``), and the shell takes it back.
  mutating func elementArrived(_ element: Element, at now: Instant, untakenOutput: Bool)
    -> FoldingStep<Output, Instant>
  /// The answer to a ``FoldRequest``: the shell awaited the reducer on the element the machine
  /// kept. `now` reads the clock: the machine calls it only when the instant matters (the value
  /// is emitted at once), so a fold that only updates a candidate costs no clock reading.
  ///
  /// With `mayLend`, the machine may lend the value to the shell's reader through ``loan``, to
  /// fold later elements into without the lock (``FoldOutcome/lentUntil``); the machine takes
  /// it back itself before it handles any other event.
  mutating func foldFinished(_ value: Output, at now: () -> Instant, mayLend: Bool)
    -> FoldOutcome<Output, Instant>
  /// Where the machine lends its candidate to the reader (see ``CandidateLoan``).
  var loan: CandidateLoan<Output> { get }
}

/// What a folding machine does with an element, besides its actions.
@usableFromInline
enum FoldRequest<Output: Sendable>: Sendable {
  /// The element is dropped (a leading-only throttle's window element).
  case none
  /// The element starts a fresh fold: `reducing(nil, element)`.
  case fresh
  /// The element is folded into `value`: `reducing(value, element)`.
  case into(Output)
  /// The element is folded into the output waiting untaken in the mailbox, which the shell
  /// takes back: `reducing(untaken, element)`.
  case intoUntaken
}

/// A folding machine's answer to an element: its actions, and the fold it asks for.
@usableFromInline
typealias FoldingStep<Output: Sendable, Instant: PacingInstant> = (
  actions: PacingActions<Output, Instant>, fold: FoldRequest<Output>
)

/// A folding machine's answer to a finished fold: its actions, and, if it lent the value to the
/// reader, the instant before which every arriving element folds into it.
@usableFromInline
struct FoldOutcome<Output: Sendable, Instant: PacingInstant>: Sendable {
  @usableFromInline var actions: PacingActions<Output, Instant>
  @usableFromInline var lentUntil: Instant?

  @inlinable
  init(_ actions: PacingActions<Output, Instant>, lentUntil: Instant? = nil) {
    self.actions = actions
    self.lentUntil = lentUntil
  }
}
