import AsyncPacingTesting
import Testing

@testable import AsyncPacing

/// Code that takes `any CallbackPacer` works with either pacer, and the calls the protocol adds
/// (a call for `send`, `send()` and a call for a pacer of `Void`) reach the pacer's `send`.
@Suite(.testClock) struct CallbackPacerTests {
  @Test func eitherPacerServesCodeThatTakesTheProtocol() async {
    let clock = TestClock.current
    let ran = Recorder<String>()
    let pacers: [any CallbackPacer<String>] = [
      Debouncer(for: .seconds(1), clock: clock) { ran.record("debounced \($0)") },
      Throttler(for: .seconds(1), clock: clock, edges: .trailing) {
        ran.record("throttled \($0)")
      },
    ]
    for pacer in pacers {
      pacer("a")
      pacer.send("b")
      #expect(pacer.isPending)
    }
    await clock.advance(by: .seconds(1))
    #expect(ran.recorded == ["debounced b", "throttled b"])
    for pacer in pacers {
      pacer("c")
      pacer.flush()
    }
    await clock.settle()
    #expect(ran.recorded.suffix(2) == ["debounced c", "throttled c"])
    for pacer in pacers {
      pacer("d")
      pacer.cancel()
      #expect(!pacer.isPending)
    }
    await clock.advance(by: .seconds(5))
    #expect(ran.recorded.count == 4)
  }

  @Test func aPacerOfVoidTakesSignals() async {
    let clock = TestClock.current
    let signals = Recorder<Void>()
    let save = Debouncer(for: .seconds(1), clock: clock) { signals.record(()) }
    let refresh = Throttler(for: .seconds(1), clock: clock) { signals.record(()) }
    save()
    save.send()
    refresh()
    refresh.send()
    await clock.advance(by: .seconds(1))
    #expect(signals.recorded.count == 3)  // save once; refresh at once, then at the window's end
  }
}
