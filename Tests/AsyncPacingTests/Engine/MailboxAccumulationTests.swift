import AsyncPacingTesting
import Testing

@testable import AsyncPacing

/// The accumulating mailbox's tie rule (<doc:PacingContract>, "Delivery to the consumer"): an
/// element takes back the latest output waiting, unless that output is due at the element's
/// instant and the consumer has taken one of that instant's outputs.
@Suite struct MailboxAccumulationTests {
  private typealias Box = Mailbox<String, TestClock.Instant>
  private static func instant(_ step: Int) -> TestClock.Instant { MachineDriver.instant(step) }

  @Test func aConsumerThatTookOneOfTheInstantsOutputsKeepsTheRest() {
    var mailbox = Box(for: .accumulating)
    mailbox.ledger?.lastTakenDueAt = Self.instant(0)  // `a` went straight to the consumer at 0
    mailbox.put("b", dueAt: Self.instant(0), keepsEvery: true)
    #expect(!mailbox.takesBackLatestOutput(forElementAt: Self.instant(0)))
    #expect(mailbox.takesBackLatestOutput(forElementAt: Self.instant(1)))
  }

  /// Found in review: the consumer took `b`, due at 0, while `'cd'`, due at 2, waited; the
  /// rule asks about the output taken, not the newest waiting, so `e` at 2 takes `'cd'` back.
  @Test func theInstantOfTheOutputTakenDecidesNotTheNewestWaiting() {
    var mailbox = Box(for: .accumulating)
    mailbox.ledger?.lastTakenDueAt = Self.instant(0)
    mailbox.put("b", dueAt: Self.instant(0), keepsEvery: true)
    mailbox.put("c", dueAt: Self.instant(0), keepsEvery: true)
    #expect(mailbox.takesBackLatestOutput(forElementAt: Self.instant(2)))
    #expect(mailbox.takeBackLatestOutput() == "c")
    mailbox.put("cd", dueAt: Self.instant(2), keepsEvery: true)
    #expect(mailbox.take(at: { Self.instant(2) }, keepsEvery: true) == "b")
    #expect(mailbox.ledger?.lastTakenDueAt == Self.instant(0))
    #expect(mailbox.takesBackLatestOutput(forElementAt: Self.instant(2)))
    #expect(mailbox.takeBackLatestOutput() == "cd")
    #expect(mailbox.isEmpty)
  }

  @Test func aMailboxOfAnotherMachineTakesNothingBack() {
    var mailbox = Box(for: .continuous)
    mailbox.put("b", dueAt: Self.instant(0))
    #expect(!mailbox.takesBackLatestOutput(forElementAt: Self.instant(1)))
  }
}
