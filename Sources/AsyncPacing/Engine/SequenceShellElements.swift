/// The reader of a machine that decides about each element (the folding machines' reader is in
/// `SequenceShellFolding.swift`): it hands each element to the machine as it arrives.
extension SequenceShell where Machine: ElementPacingMachine {
  @inlinable
  convenience init(base: Base, machine: Machine, clock: C, tolerance: C.Duration?) {
    self.init(
      base: base, machine: machine, clock: clock, tolerance: tolerance,
      reads: { await $0.readElements() })
  }

  /// Hands each element to the machine, reading the clock once per element (an element's
  /// instant is when the upstream's `next()` returned it).
  @inlinable
  func readElements() async {
    var iterator = base.makeAsyncIterator()
    do throws(Failure) {
      while true {
        if Machine.delivery == .onDemand {
          guard await consumerWaits() else { return }
        }
        guard let element = try await iterator.next(isolation: nil) else { break }
        switch elementRead(element) {
        case .ignored: return
        case .taken: continue
        case .mailboxFull:
          guard await roomInMailbox() else { return }
        }
      }
      upstreamEnded(failure: nil)
    } catch {
      upstreamEnded(failure: error)
    }
  }

  /// One element's event, out of the reader's loop: its locals (the event's actions and
  /// effects) then live on the thread's stack rather than in the reader's async frame, which a
  /// reader keeps for as long as it waits on the upstream.
  @inlinable @inline(never)
  func elementRead(_ element: Base.Element) -> ElementEventOutcome {
    elementArrived(element, at: timebase.now)
  }

  /// The upstream's end, out of the reader's loop for the same reason.
  @inlinable @inline(never)
  func upstreamEnded(failure: Failure?) {
    if let failure {
      handle(at: timebase.now, failure: failure) { $0.upstreamFailed(at: $1()) }
    } else {
      upstreamFinished(at: timebase.now)
    }
  }
}
