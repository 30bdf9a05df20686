/// Where a machine gets the interval a value sets: its quiet period, or the window it opens.
///
/// A fixed interval and one computed per element are two implementations of one machine: the
/// fixed one, specialised, costs what a stored constant costs.
@usableFromInline
protocol PacingIntervals<Value>: Sendable {
  associatedtype Value
  associatedtype Duration: DurationProtocol
  /// The interval `value` sets; never negative.
  func interval(for value: Value) -> Duration
  /// Whether some value may set a zero interval: a window that ends where it starts must be
  /// closed by the event that opened it. Known for a fixed interval, so that a throttle's
  /// per-element path does not look for one.
  var mayBeZero: Bool { get }
  /// The interval every value sets, if it is one for all: what a reducing throttle, whose
  /// elements are not its values, opens a trailing-only window with.
  var sharedInterval: Duration? { get }
  /// Where the task running the user's closure is recorded, so that a pacer can name a call
  /// back into it; `nil` for a fixed interval.
  var userClosureCalls: UserClosureCalls? { get }
}

/// The same interval for every value: the operators' and pacers' `for: Duration` forms.
@usableFromInline
struct FixedInterval<Value, Duration: DurationProtocol>: PacingIntervals {
  @usableFromInline let interval: Duration
  @usableFromInline let mayBeZero: Bool

  @inlinable
  init(_ interval: Duration) {
    self.interval = interval
    self.mayBeZero = interval == .zero
  }

  @inlinable @inline(__always)
  func interval(for value: Value) -> Duration { interval }

  @inlinable
  var sharedInterval: Duration? { interval }

  @inlinable
  var userClosureCalls: UserClosureCalls? { nil }
}

/// An interval computed from each value by the user's closure, called once per value whose
/// interval matters. A negative result counts as zero: a trap inside an internal task would
/// name nothing.
@usableFromInline
struct IntervalPerValue<Value, Duration: DurationProtocol>: PacingIntervals {
  @usableFromInline let intervalOf: @Sendable (Value) -> Duration
  /// A pacer's: its public entry points look here for a call back from the closure.
  @usableFromInline let userClosureCalls: UserClosureCalls?

  /// `forPacer`: record the task calling the closure (a sequence's closure cannot call back
  /// into its operator, and spares the cost).
  @inlinable
  init(_ intervalOf: @escaping @Sendable (Value) -> Duration, forPacer: Bool = false) {
    self.intervalOf = intervalOf
    self.userClosureCalls = forPacer ? UserClosureCalls() : nil
  }

  @inlinable
  func interval(for value: Value) -> Duration {
    let interval = userClosureCalls.map { $0.run { intervalOf(value) } } ?? intervalOf(value)
    return interval < .zero ? .zero : interval
  }

  @inlinable
  var mayBeZero: Bool { true }

  @inlinable
  var sharedInterval: Duration? { nil }
}
