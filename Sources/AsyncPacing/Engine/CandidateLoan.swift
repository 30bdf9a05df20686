import Synchronization

/// A window's candidate lent by the machine to the reader task, which folds the window's later
/// elements into it without the shell's lock.
///
/// A reducer is awaited outside the lock, so folding an element under the lock costs two lock
/// round trips: one to ask what to fold into, one to hand the result back. On loan, an element
/// costs two compare-exchanges instead, half the atomic operations (the Performance article
/// has the figures). The machine still owns every decision: it lends only a candidate that
/// later window elements fold into, until the window's end, and whoever holds the engine's
/// lock takes the candidate back before the machine handles any event. If the reader is inside
/// the reducer at that moment, the loan is recalled instead: the reader hands its result to
/// the machine under the lock when the reducer returns, as for any fold in progress.
///
/// The state (``LoanState``) moves `returned → lent` (the machine, under the lock),
/// `lent ⇄ folding` (the reader, around each reducer call), `lent → returned` and
/// `folding → recalled` (the machine, under the lock), and `recalled → returned` (the reader,
/// before it takes the lock).
@usableFromInline
final class CandidateLoan<Value: Sendable>: @unchecked Sendable {
  // `@unchecked Sendable` is safe because `value` has exactly one owner at any time, and every
  // change of owner between threads is ordered by an atomic operation on `state` or by the
  // shell's lock:
  // - `lent`: `value` belongs to whoever's compare-exchange leaves `lent` first: the reader's
  //   (acquiring, to `folding`) or a lock holder's (acquiring, to `returned`). The reader put
  //   it there with a releasing store (`lend`) or compare-exchange (`endFold`).
  // - `folding`, `recalled`: the reader's alone; a lock holder's recall changes only `state`.
  // - `returned`: whoever moved `state` there owns `value` until it has taken it; after that
  //   only `lend` writes it, and only under the shell's lock.
  @usableFromInline let state = Atomic<LoanState>(.returned)
  // The dynamic exclusivity check could catch nothing here: no access to `value` overlaps
  // another in the same task, and the ownership rules above keep other threads' apart.
  @exclusivity(unchecked) @usableFromInline var value: Value?

  @inlinable
  init() {}

  /// Lends `candidate` to the reader. Called by the machine, under the shell's lock.
  @inlinable
  func lend(_ candidate: Value) {
    precondition(
      state.load(ordering: .relaxed) == .returned, "a candidate was lent while one is out")
    value = candidate
    state.store(.lent, ordering: .releasing)
  }

  /// The reader takes the lent candidate to fold an element into it; `nil` if it was taken
  /// back.
  @inlinable
  func beginFold() -> Value? {
    guard
      state.compareExchange(expected: .lent, desired: .folding, ordering: .acquiring)
        .exchanged
    else { return nil }
    return value.take()
  }

  /// The reader's fold returned `result`: it stays on loan, or, if the loan was recalled while
  /// the reducer ran, it is returned for the reader to hand to the machine under the lock.
  @inlinable
  func endFold(_ result: Value) -> Value? {
    value = result
    let kept = state.compareExchange(
      expected: .folding, desired: .lent, ordering: .acquiringAndReleasing
    ).exchanged
    if kept { return nil }
    state.store(.returned, ordering: .relaxed)
    return value.take()
  }

  /// Takes the candidate back for the machine, or recalls it if the reader is folding into it.
  /// Called by the machine, under the shell's lock; `nil` unless the candidate was lent and is back.
  @inlinable
  func recall() -> Value? {
    var current = state.load(ordering: .relaxed)
    while true {
      switch current {
      case .lent:
        let (exchanged, original) = state.compareExchange(
          expected: .lent, desired: .returned, ordering: .acquiring)
        if exchanged { return value.take() }
        current = original
      case .folding:
        let (exchanged, original) = state.compareExchange(
          expected: .folding, desired: .recalled, ordering: .relaxed)
        if exchanged { return nil }
        current = original
      case .returned, .recalled:
        return nil
      }
    }
  }
}

/// Who holds a ``CandidateLoan``'s value.
@usableFromInline
enum LoanState: UInt8, AtomicRepresentable, Sendable {
  /// The machine: nothing is lent.
  case returned
  /// The reader may take it for its next fold, or the machine take it back.
  case lent
  /// The reader, inside the reducer.
  case folding
  /// The reader, inside the reducer, and it must hand the result to the machine under the lock.
  case recalled
}
