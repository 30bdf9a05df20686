import AsyncPacing

/// A reference model of a reducing throttle and its busy consumer together, transcribed from
/// <doc:PacingContract> ("Throttle" and "Delivery to the consumer", accumulating): what the
/// consumer receives, and when. Time is counted in thousandths of a step, so that a consumer
/// busy for `busySteps` steps and one thousandth comes back between steps, never at the instant
/// of an element or a window's end (the contract leaves that tie to the executor).
///
/// The reducer concatenates, at once, as ``ThrottleModel/Fold/concatenate``.
struct ReducingDeliveryModel {
  /// Thousandths of a step in a step.
  static let unitsPerStep = 1000

  /// What the consumer receives over `input`, at the unit it receives it (`step` counts units).
  static func run(
    _ input: [TimedEvent], interval: Int, edges: PacingEdges, busySteps: Int
  ) -> [TimedEvent] {
    precondition(busySteps > 0, "ReducingDeliveryModel: a consumer that keeps up ties")
    var model = ReducingDeliveryModel(
      interval: interval * unitsPerStep, edges: edges, busy: busySteps * unitsPerStep + 1)
    for timed in input {
      let time = timed.step * unitsPerStep
      model.runUntil(time)
      guard !model.upstreamEnded else { break }
      model.apply(timed.event, at: time)
    }
    model.runUntil(.max)
    return model.received
  }

  private enum Throttle {
    case idle
    /// `carries`: the candidate continues from an output the consumer never took.
    case window(end: Int, candidate: String?, carries: Bool, finishing: Bool)
  }

  let interval: Int
  let edges: PacingEdges
  let busy: Int

  private var throttle = Throttle.idle
  /// Outputs waiting for the consumer, with the instant each fell due.
  private var mailbox: [(value: String, due: Int)] = []
  /// The instant the latest output the consumer took fell due.
  private var lastTakenDue: Int?
  private enum ConsumerState {
    case waiting
    case busy(until: Int)
    /// It received the end.
    case done
  }

  private var consumer = ConsumerState.waiting
  /// The upstream finished or failed: later input is ignored.
  private(set) var upstreamEnded = false
  /// The finish or failure, once the throttle has ended, queued behind the mailbox.
  private var ending: StepEvent?
  private(set) var received: [TimedEvent] = []

  private init(interval: Int, edges: PacingEdges, busy: Int) {
    self.interval = interval
    self.edges = edges
    self.busy = busy
  }

  /// Window ends and consumer returns up to `time`, in time order; a window's end before a
  /// return at the same time cannot happen (returns fall between steps).
  private mutating func runUntil(_ time: Int) {
    while true {
      let windowEnd: Int? =
        if case .window(let end, _, _, _) = throttle, end <= time { end } else { nil }
      let consumerBack: Int? =
        if case .busy(let until) = consumer, until <= time { until } else { nil }
      if let end = windowEnd, end < consumerBack ?? .max {
        endWindow(at: end)
      } else if let back = consumerBack {
        consumerReturns(at: back)
      } else {
        return
      }
    }
  }

  private mutating func endWindow(at end: Int) {
    guard case .window(_, let candidate, _, let finishing) = throttle else { return }
    guard let candidate else {
      throttle = .idle
      return
    }
    deliver(candidate, at: end)
    throttle = .window(end: end + interval, candidate: nil, carries: false, finishing: false)
    if finishing { finish(.finish, at: end) }
  }

  private mutating func apply(_ event: StepEvent, at time: Int) {
    if case .value = event {} else { upstreamEnded = true }
    switch event {
    case .value(let element): receive(element, at: time)
    case .finish:
      if case .window(let end, let candidate?, let carries, _) = throttle {
        throttle = .window(end: end, candidate: candidate, carries: carries, finishing: true)
      } else {
        finish(.finish, at: time)
      }
    case .failure:
      if case .window(_, let candidate?, true, _) = throttle { deliver(candidate, at: time) }
      finish(.failure, at: time)
    }
  }

  private mutating func receive(_ element: String, at time: Int) {
    switch throttle {
    case .idle where edges.contains(.leading):
      let untaken = takeBackUntaken(at: time)
      deliver((untaken ?? "") + element, at: time)
      throttle = .window(end: time + interval, candidate: nil, carries: false, finishing: false)
    case .idle:
      let untaken = takeBackUntaken(at: time)
      throttle = .window(
        end: time + interval, candidate: (untaken ?? "") + element, carries: untaken != nil,
        finishing: false)
    case .window(let end, let candidate?, let carries, _) where edges.contains(.trailing):
      throttle = .window(
        end: end, candidate: candidate + element, carries: carries, finishing: false)
    case .window(let end, nil, _, _) where edges.contains(.trailing):
      let untaken = takeBackUntaken(at: time)
      throttle = .window(
        end: end, candidate: (untaken ?? "") + element, carries: untaken != nil,
        finishing: false)
    case .window:
      break  // leading only: the element is dropped, and the untaken output stays
    }
  }

  /// The latest output waiting, unless it fell due now and the consumer took one of now's.
  private mutating func takeBackUntaken(at time: Int) -> String? {
    guard let latest = mailbox.last, !(latest.due == time && lastTakenDue == time) else {
      return nil
    }
    mailbox.removeLast()
    return latest.value
  }

  private mutating func deliver(_ value: String, at time: Int) {
    if case .waiting = consumer {
      take(value, due: time, at: time)
    } else {
      mailbox.append((value, time))
    }
  }

  private mutating func take(_ value: String, due: Int, at time: Int) {
    received.append(TimedEvent(step: time, event: .value(value)))
    lastTakenDue = due
    consumer = .busy(until: time + busy)
  }

  private mutating func consumerReturns(at time: Int) {
    consumer = .waiting
    if !mailbox.isEmpty {
      let (value, due) = mailbox.removeFirst()
      take(value, due: due, at: time)
    } else if let ending {
      received.append(TimedEvent(step: time, event: ending))
      consumer = .done
    }
  }

  private mutating func finish(_ event: StepEvent, at time: Int) {
    throttle = .idle
    ending = event
    if case .waiting = consumer, mailbox.isEmpty {
      received.append(TimedEvent(step: time, event: event))
      consumer = .done
    }
  }
}
