import Synchronization
import Testing

@testable import AsyncPacing

/// The hand-off of a lent candidate between the reader and lock holders: every fold counted
/// once, whichever side moves first.
@Suite struct CandidateLoanTests {
  @Test func aLentCandidateIsFoldedAndTakenBackWhole() {
    let loan = CandidateLoan<String>()
    #expect(loan.beginFold() == nil)  // nothing lent yet
    loan.lend("a")
    let candidate = loan.beginFold()
    #expect(candidate == "a")
    #expect(loan.endFold("ab") == nil)  // stays on loan
    #expect(loan.recall() == "ab")
    #expect(loan.beginFold() == nil)  // taken back
    #expect(loan.recall() == nil)
  }

  @Test func aRecallDuringAFoldLeavesTheResultToTheReader() {
    let loan = CandidateLoan<String>()
    loan.lend("a")
    _ = loan.beginFold()
    #expect(loan.recall() == nil)  // the reader is folding
    #expect(loan.recall() == nil)  // a second lock holder finds it recalled
    #expect(loan.endFold("ab") == "ab")  // the reader hands it to the machine itself
    #expect(loan.recall() == nil)
    loan.lend("c")  // and may be lent a candidate again
    #expect(loan.beginFold() == "c")
  }

  /// What the racing test shares between its two tasks.
  private final class Race: Sendable {
    let loan = CandidateLoan<Int>()
    /// The machine's count of folds, taken back from the loan or folded under the lock. A
    /// `LockedState`, like the engine's lock, so the sanitizer sees its hand-offs.
    let banked = LockedState(0)
    let readerIsDone = Atomic<Bool>(false)
  }

  /// The reader folds on loan while another task keeps taking the candidate back under the
  /// lock; the reader folds under the lock and lends again whenever it finds it gone.
  @Test func racingRecallsLoseNoFold() async {
    let folds = 200_000
    let race = Race()
    await withTaskGroup { group in
      group.addTask {
        for _ in 0..<folds {
          if let count = race.loan.beginFold() {
            if let recalled = race.loan.endFold(count + 1) {
              race.banked.withLock { $0 += recalled }
            }
          } else {
            race.banked.withLock { banked in
              banked += 1
              race.loan.lend(0)
            }
          }
        }
        race.readerIsDone.store(true, ordering: .releasing)
      }
      group.addTask {
        while !race.readerIsDone.load(ordering: .acquiring) {
          race.banked.withLock { $0 += race.loan.recall() ?? 0 }
        }
      }
    }
    let total = race.banked.withLock { $0 + (race.loan.recall() ?? 0) }
    #expect(total == folds)
  }
}
