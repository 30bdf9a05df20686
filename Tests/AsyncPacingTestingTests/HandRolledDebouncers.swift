import AsyncPacingTesting
import Synchronization

// Debouncers as people write them: each keeps a plain `Task` that sleeps and cancels it on the
// next call. Only the process scope can time them exactly, since their tasks escape the test's
// task tree; all but the actor's sleep on the real clock, with no clock to inject.

/// What a test needs of a hand-rolled debouncer: to type into it and read what it saved.
protocol HandRolledDebouncer: Sendable {
  func send(_ text: String) async
  var saved: [String] { get async }
}

/// Each hand-rolled debouncer, named for the habit it stands for.
enum HandRolledDebouncerKind: String, CaseIterable, Sendable {
  case anActorHoldingItsTask
  case aMainActorClass
  case aClassSleepingInNanoseconds
  case aDelayedTaskHelper

  /// A fresh one; the actor's sleeps on the test's clock.
  func make() -> any HandRolledDebouncer {
    switch self {
    case .anActorHoldingItsTask: ActorDebouncer(clock: TestClock.current)
    case .aMainActorClass: MainActorDebouncer()
    case .aClassSleepingInNanoseconds: NanosecondDebouncer()
    case .aDelayedTaskHelper: DelayedTaskDebouncer()
    }
  }
}

/// An actor that holds its pending task. Its task is isolated to the actor, and the runtime
/// gives such a task's real-clock sleep to its default executor, out of the hooks' reach (the
/// contract's process-scope rule says so): this one sleeps on a clock it is given.
actor ActorDebouncer<C: Clock<Duration>>: HandRolledDebouncer {
  private let clock: C
  private var pending: Task<Void, Never>?
  private(set) var saved: [String] = []

  init(clock: C) {
    self.clock = clock
  }

  func send(_ text: String) {
    pending?.cancel()
    pending = Task {
      do {
        try await clock.sleep(for: .milliseconds(300))
        saved.append(text)
      } catch {}
    }
  }
}

/// A class behind a lock, sleeping with `Task.sleep(nanoseconds:)`.
final class NanosecondDebouncer: HandRolledDebouncer {
  private struct State {
    var pending: Task<Void, Never>?
    var saved: [String] = []
  }

  private let state = Mutex(State())

  var saved: [String] { state.withLock { $0.saved } }

  func send(_ text: String) {
    let task = Task {
      guard (try? await Task.sleep(nanoseconds: 300_000_000)) != nil else { return }
      self.state.withLock { $0.saved.append(text) }
    }
    state.withLock { state in
      state.pending?.cancel()
      state.pending = task
    }
  }
}

extension Task where Failure == any Error {
  /// The `Task.delayed` helper that circulates in blog posts.
  static func delayed(
    by delay: Duration, operation: @escaping @Sendable () async throws -> Success
  ) -> Task {
    Task<Success, any Error> {
      try await Task<Never, Never>.sleep(for: delay)
      return try await operation()
    }
  }
}

/// Debounces with `Task.delayed`.
final class DelayedTaskDebouncer: HandRolledDebouncer {
  private struct State {
    var pending: Task<Void, any Error>?
    var saved: [String] = []
  }

  private let state = Mutex(State())

  var saved: [String] { state.withLock { $0.saved } }

  func send(_ text: String) {
    let task = Task<Void, any Error>.delayed(by: .milliseconds(300)) {
      self.state.withLock { $0.saved.append(text) }
    }
    state.withLock { state in
      state.pending?.cancel()
      state.pending = task
    }
  }
}

/// A main-actor view model's debouncer, the most common of all.
@MainActor final class MainActorDebouncer: HandRolledDebouncer {
  private var pending: Task<Void, Never>?
  private(set) var saved: [String] = []

  func send(_ text: String) {
    pending?.cancel()
    pending = Task {
      do {
        try await Task.sleep(for: .milliseconds(300))
        saved.append(text)
      } catch {}
    }
  }
}
