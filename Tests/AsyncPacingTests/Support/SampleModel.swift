/// A reference model of sample, transcribed from <doc:PacingContract> ("Sample") over integer
/// steps: ticks at k × interval (k ≥ 1), the latest element of `[previous tick, tick)` at each
/// tick, a pending element at once at the finish, dropped at an error.
enum SampleModel {
  static func run(_ input: [TimedEvent], interval: Int) -> [TimedEvent] {
    precondition(interval > 0, "SampleModel: interval \(interval) is not positive")
    var output: [TimedEvent] = []
    var pending: (value: String, tick: Int?)?
    func emitIfDue(upTo step: Int) {
      guard let (value, tick) = pending, let tick, tick <= step else { return }
      output.append(TimedEvent(step: tick, event: .value(value)))
      pending = nil
    }
    for timed in input {
      emitIfDue(upTo: timed.step)
      switch timed.event {
      case .value(let value):
        // The first tick strictly after the arrival; past the last step there is, never.
        let (periods, _) = timed.step.quotientAndRemainder(dividingBy: interval)
        pending = (
          value,
          (periods + 1).multipliedReportingOverflow(by: interval).overflow
            ? nil : (periods + 1) * interval
        )
      case .finish:
        if let (value, _) = pending {
          output.append(TimedEvent(step: timed.step, event: .value(value)))
        }
        output.append(TimedEvent(step: timed.step, event: .finish))
        return output
      case .failure:
        output.append(TimedEvent(step: timed.step, event: .failure))
        return output
      }
    }
    emitIfDue(upTo: .max)
    return output
  }
}
