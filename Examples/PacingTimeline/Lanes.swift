import AsyncPacing

/// One operator under comparison: a row of the diagram.
struct Lane: Sendable {
  let label: String
  let explanation: String
  /// Consumes the lane's own copy of the keystrokes through the operator and reports each
  /// value that comes out.
  let run:
    @Sendable (AsyncStream<String>, _ emit: @escaping @Sendable (String) -> Void) async -> Void

  /// The six rows, with the interval already scaled to the replay speed; `intervalMs` is the
  /// interval as the person reading the diagram thinks of it.
  static func all(interval: Duration, intervalMs: Int) -> [Lane] {
    let pause = "\(intervalMs) ms"
    return [
      Lane(
        label: "debounce",
        explanation: ".debounce(for:) waits until typing pauses for \(pause), then emits the "
          + "latest query: one search per pause."
      ) { input, emit in
        for await query in input.debounce(for: interval) { emit(query) }
      },
      Lane(
        label: "debounce .leading",
        explanation: "edges: .leading emits the first keystroke of a burst at once and drops "
          + "the rest; only a \(pause) pause lets the next keystroke start a new burst."
      ) { input, emit in
        for await query in input.debounce(for: interval, edges: .leading) { emit(query) }
      },
      Lane(
        label: "debounce both",
        explanation: "edges: [.leading, .trailing] does both: the first keystroke at once, and "
          + "the latest after the pause, unless that is the one already emitted."
      ) { input, emit in
        for await query in input.debounce(for: interval, edges: [.leading, .trailing]) {
          emit(query)
        }
      },
      Lane(
        label: "throttle",
        explanation: ".throttle(for:) lets at most one through per \(pause): the first at "
          + "once; the latest of each window comes out when the window ends, without waiting "
          + "for another keystroke."
      ) { input, emit in
        for await query in input.throttle(for: interval) { emit(query) }
      },
      Lane(
        label: "throttle first",
        explanation: "latest: false keeps the same rhythm, but each window sends its first "
          + "keystroke instead of its latest."
      ) { input, emit in
        for await query in input.throttle(for: interval, latest: false) { emit(query) }
      },
      Lane(
        label: "throttle .leading",
        explanation: "edges: .leading sends only keystrokes that arrive while no window is "
          + "open, and nothing when a window ends, so the final query can be lost."
      ) { input, emit in
        for await query in input.throttle(for: interval, edges: .leading) { emit(query) }
      },
    ]
  }
}
