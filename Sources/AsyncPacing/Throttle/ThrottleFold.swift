/// How a throttle folds the elements of a window into the value its end emits: the machine's
/// type says which, so that a state of the other kind cannot be stored.
@usableFromInline
protocol ThrottleFolding: Sendable {
  associatedtype Element: Sendable
  associatedtype Output: Sendable
  /// What a candidate the shell is folding carries: `Never` for a fold the machine makes
  /// itself, so that no such candidate can exist.
  associatedtype ShellFold: Sendable
  /// Where the machine lends its candidate to the reader, for a fold the shell runs.
  var loan: CandidateLoan<Output>? { get }
  /// How the shell delivers: an output that keeps an element replaces an older one for a busy
  /// consumer, an accumulation is never replaced.
  static var delivery: PacingDelivery { get }
}

/// A fold the machine makes itself, as each element arrives, under the shell's lock.
@usableFromInline
protocol ThrottleKeeping: ThrottleFolding where ShellFold == Never {
  /// Whether a window's newer element replaces its candidate (otherwise the first stays).
  var latest: Bool { get }
  /// The element as the value the machine emits.
  func output(_ element: Element) -> Output
}

extension ThrottleKeeping {
  @inlinable
  static var delivery: PacingDelivery { .continuous }
}

/// A fold the shell awaits (``FoldingPacingMachine``).
@usableFromInline
protocol ThrottleAwaiting: ThrottleFolding where ShellFold == ThrottleShellFold {
  var candidateLoan: CandidateLoan<Output> { get }
}

extension ThrottleAwaiting {
  @inlinable
  static var delivery: PacingDelivery { .accumulating }
}

/// The mark of a candidate the shell holds while it folds into it.
@usableFromInline
struct ThrottleShellFold: Sendable {
  @inlinable
  init() {}
}

/// Keeps the newest element of a window (`latest`), or its first: the machine folds each
/// element as it arrives, under the shell's lock.
///
/// A value rather than a closure: a closure stored in the machine was retained and released
/// for every element, which cost a throttle over a fast upstream about 10% (measured).
@usableFromInline
struct ThrottleKeepsElements<Element: Sendable, Output: Sendable>: ThrottleKeeping {
  @usableFromInline typealias ShellFold = Never

  @usableFromInline let latest: Bool
  @usableFromInline let asOutput: SameType<Element, Output>

  @inlinable
  init(latest: Bool, asOutput: SameType<Element, Output>) {
    self.latest = latest
    self.asOutput = asOutput
  }

  @inlinable
  var loan: CandidateLoan<Output>? { nil }

  @inlinable @inline(__always)
  func output(_ element: Element) -> Output {
    asOutput(element)
  }
}

extension ThrottleKeepsElements where Element == Output {
  @inlinable
  init(latest: Bool) {
    self.init(latest: latest, asOutput: SameType())
  }
}

/// Folds with the user's async reducer, which only the shell can await: the machine asks for
/// each fold and takes its result back (``FoldingPacingMachine``).
@usableFromInline
struct ThrottleAwaitsReducer<Element: Sendable, Output: Sendable>: ThrottleAwaiting {
  @usableFromInline typealias ShellFold = ThrottleShellFold

  /// Made with each machine, which each iteration makes afresh: a loan belongs to one machine.
  @usableFromInline let candidateLoan = CandidateLoan<Output>()

  @inlinable
  init() {}

  @inlinable
  var loan: CandidateLoan<Output>? { candidateLoan }
}

/// Proof that `A` and `B` are one type: it can be made only where they are (the constrained
/// initializer), so converting through it cannot fail. What a keeping throttle needs to emit its
/// elements as the output type of the public sequence, which names one type for its elements
/// and its outputs only where the two are equal.
@usableFromInline
struct SameType<A, B>: Sendable {
  @inlinable
  init() where A == B {}

  @inlinable @inline(__always)
  func callAsFunction(_ value: A) -> B {
    // Safe: this value exists only where `A == B` (see `init`), and the conversion is then the
    // identity, which the compiler removes once the code is specialised.
    unsafeBitCast(value, to: B.self)
  }
}
