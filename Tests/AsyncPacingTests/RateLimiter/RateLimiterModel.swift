/// A reference model of the contract's "A rate limiter shared by tasks", one whole step at a
/// time: at each step, the tokens of that step arrive first, the line is served, then the
/// step's cancellations and requests come, in that order.
enum RateLimiterModel {
  struct Request: CustomStringConvertible {
    var at: Int
    var count: Int
    var cancelAt: Int?

    var description: String { "\(count)@\(at)" + (cancelAt.map { "✕\($0)" } ?? "") }
  }

  enum Outcome: Equatable, CustomStringConvertible {
    case granted(Int)
    case queueFull
    case cancelled(Int)
    /// Still waiting at the end of the run.
    case waiting

    var description: String {
      switch self {
      case .granted(let at): "granted@\(at)"
      case .queueFull: "queueFull"
      case .cancelled(let at): "cancelled@\(at)"
      case .waiting: "waiting"
      }
    }
  }

  /// Token k arrives at step k × `stepsPerToken`; the bucket holds `burst`.
  static func run(
    _ requests: [Request], stepsPerToken: Int, burst: Int, maxWaiting: Int?, steps: Int
  ) -> [Outcome] {
    var outcomes = [Outcome](repeating: .waiting, count: requests.count)
    var tokens = burst
    var line: [Int] = []
    func serve(at step: Int) {
      while let head = line.first, tokens >= requests[head].count {
        tokens -= requests[head].count
        outcomes[head] = .granted(step)
        line.removeFirst()
      }
    }
    for step in 0...steps {
      if step > 0 && step % stepsPerToken == 0 { tokens = min(burst, tokens + 1) }
      serve(at: step)
      for (index, request) in requests.enumerated() where request.cancelAt == step {
        guard let place = line.firstIndex(of: index) else { continue }
        line.remove(at: place)
        outcomes[index] = .cancelled(step)
        serve(at: step)
      }
      for (index, request) in requests.enumerated() where request.at == step {
        if line.isEmpty && tokens >= request.count {
          tokens -= request.count
          outcomes[index] = .granted(step)
        } else if let maxWaiting, line.count >= maxWaiting {
          outcomes[index] = .queueFull
        } else {
          line.append(index)
        }
      }
    }
    return outcomes
  }
}
