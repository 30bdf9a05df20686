/// A reference model of `rateLimited`, transcribed from <doc:PacingContract> ("Rate limiting")
/// over integer steps: the upstream is a marble diagram read on demand (an event is taken at the
/// first `next()` not before its step), the bucket of `burst` tokens is full at step 0, token k
/// arrives at step ⌈k × interval / permits⌉ and is lost at a full bucket, and a consumer busy for
/// `consumerSteps` after each element asks again that much later.
enum RateLimitModel {
  static func run(
    _ input: [TimedEvent], permits: Int, interval: Int, burst: Int, consumerSteps: Int = 0
  ) -> [TimedEvent] {
    var output: [TimedEvent] = []
    var ask = 0
    var tokens = burst
    var nextToken = 1
    func arrival(_ k: Int) -> Int { (k * interval + permits - 1) / permits }
    // One token at a time: the simplest reading of the rule.
    func refill(through step: Int) {
      while arrival(nextToken) <= step {
        tokens = min(tokens + 1, burst)
        nextToken += 1
      }
    }
    for timed in input {
      let taken = max(timed.step, ask)
      guard case .value = timed.event else {
        output.append(TimedEvent(step: taken, event: timed.event))
        return output
      }
      refill(through: taken)
      var out = taken
      if tokens == 0 {
        out = arrival(nextToken)
        refill(through: out)
      }
      tokens -= 1
      output.append(TimedEvent(step: out, event: timed.event))
      ask = out + consumerSteps
    }
    return output
  }
}
