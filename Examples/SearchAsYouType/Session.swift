import AsyncPacing
import Synchronization

/// What a key does to the search, whichever way it was typed.
enum Key: Sendable {
  case character(Character)
  case backspace
  case clear
  case enter
  case escape
}

/// Something that changed what the person sees.
enum SearchEvent: Sendable {
  case edited
  case escaped
  case started(String)
  case completed(String, Matches)
  case cancelled(String)
  /// The query settled while empty: there is nothing to search, only old results to hide.
  case cleared
}

/// Everything the screen shows, copied out of the lock in one piece so it is self-consistent.
struct Snapshot: Sendable {
  /// Increases with every change, so a drawing that lost a race to a newer one can be skipped.
  var version = 0
  var query = ""
  var keystrokes = 0
  var started = 0
  var completed = 0
  var cancelled = 0
  var searching: String?
  /// A keystroke has not been searched, dropped, or replaced yet: the debouncer holds it.
  var waiting = false
  var note = "type to search"
  var resultsQuery: String?
  var results = Matches()

  var summary: String {
    "keystrokes: \(keystrokes), searches started: \(started), completed: \(completed), "
      + "cancelled: \(cancelled)"
  }
}

/// The state that the input loop and the debouncer's action share. The action captures this
/// object, not the `Session`, so the session (and with it the debouncer) can still be released.
private final class Ledger: Sendable {
  struct State {
    var snapshot = Snapshot()
    /// Edits are numbered; once the last one is searched or dropped, nothing is pending.
    var sent = 0
    var settled = 0
  }

  let state = Mutex(State())
  let onEvent: @Sendable (SearchEvent, Snapshot) -> Void

  init(onEvent: @escaping @Sendable (SearchEvent, Snapshot) -> Void) {
    self.onEvent = onEvent
  }

  /// Reports outside the lock, so an observer may take its time drawing.
  func update(_ event: SearchEvent, _ change: (inout State) -> Void) {
    let snapshot = state.withLock { state in
      change(&state)
      state.snapshot.version += 1
      state.snapshot.waiting = state.settled < state.sent && state.snapshot.searching == nil
      return state.snapshot
    }
    onEvent(event, snapshot)
  }

  /// The debouncer's action: runs one search and keeps the counts. It never overlaps itself.
  func search(_ edit: Edit) async {
    guard !edit.query.isEmpty else {
      update(.cleared) { state in
        state.settled = max(state.settled, edit.number)
        state.snapshot.resultsQuery = nil
        state.snapshot.results = Matches()
        state.snapshot.note = "type to search"
      }
      return
    }
    update(.started(edit.query)) { state in
      state.snapshot.started += 1
      state.snapshot.searching = edit.query
    }
    do {
      let found = try await Search.run(edit.query)
      update(.completed(edit.query, found)) { state in
        state.settled = max(state.settled, edit.number)
        state.snapshot.completed += 1
        state.snapshot.searching = nil
        state.snapshot.resultsQuery = edit.query
        state.snapshot.results = found
        state.snapshot.note = "\(found.total) matches for \"\(edit.query)\""
      }
    } catch {
      update(.cancelled(edit.query)) { state in
        state.settled = max(state.settled, edit.number)
        state.snapshot.cancelled += 1
        state.snapshot.searching = nil
        state.snapshot.note = "search \"\(edit.query)\" cancelled"
      }
    }
  }
}

/// One version of the query, numbered in typing order.
private struct Edit: Sendable {
  let query: String
  let number: Int
}

/// The query being typed and the debounced search behind it. Keys arrive on the input thread;
/// searches run on the concurrency pool and report through `onEvent`, from any thread.
final class Session: Sendable {
  /// How long typing must pause before a search runs.
  static let pauseMilliseconds = 300
  static let pause: Duration = .milliseconds(pauseMilliseconds)

  private let ledger: Ledger
  private let debouncer: Debouncer<Edit>

  init(onEvent: @escaping @Sendable (SearchEvent, Snapshot) -> Void) {
    let ledger = Ledger(onEvent: onEvent)
    self.ledger = ledger
    // A newer query that settles cancels a search still running for an older one: its results
    // would be stale by the time they arrived.
    debouncer = Debouncer(for: Self.pause, cancelsRunningAction: true) { edit in
      await ledger.search(edit)
    }
  }

  var snapshot: Snapshot {
    ledger.state.withLock { $0.snapshot }
  }

  /// Nothing is running and every keystroke has been searched or dropped.
  var isIdle: Bool {
    ledger.state.withLock { $0.settled >= $0.sent && $0.snapshot.searching == nil }
  }

  func press(_ key: Key) {
    switch key {
    case .character(let character):
      edit { $0.append(character) }
    case .backspace:
      edit { query in
        if !query.isEmpty { query.removeLast() }
      }
    case .clear:
      edit { $0 = "" }
    case .enter:
      debouncer.flush()
    case .escape:
      stop(because: "Esc")
    }
  }

  /// Drops the pending query and cancels a running search; the query text stays as typed.
  /// `reason` names what stopped it (`Esc`, `Ctrl-D`, …) in the note a pending query leaves.
  func stop(because reason: String) {
    ledger.update(.escaped) { state in
      // A running search reports its own cancellation; a pending one just never runs.
      if state.snapshot.waiting {
        state.snapshot.note = "\(reason): \"\(state.snapshot.query)\" will not be searched"
      }
      state.settled = state.sent
    }
    debouncer.cancel()
  }

  /// Blocks the calling thread, which is the input thread and has nothing else to do.
  func waitUntilIdle(timeout: Duration) -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !isIdle {
      guard ContinuousClock.now < deadline else { return false }
      pauseThread(for: .milliseconds(10))
    }
    return true
  }

  /// A key that leaves the query unchanged is no keystroke for the debouncer: it would only
  /// postpone the search.
  private func edit(_ change: (inout String) -> Void) {
    var sent: Edit?
    ledger.update(.edited) { state in
      var query = state.snapshot.query
      change(&query)
      guard query != state.snapshot.query else { return }
      state.sent += 1
      state.snapshot.query = query
      state.snapshot.keystrokes += 1
      sent = Edit(query: query, number: state.sent)
    }
    if let sent { debouncer.send(sent) }
  }
}
