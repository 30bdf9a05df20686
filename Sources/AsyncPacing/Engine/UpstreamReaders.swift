/// The reader task's loop for each kind of machine. Each reads the clock once per element and
/// keeps reading until the upstream ends or the iteration is cancelled.
///
/// The loops are written out for each kind: shared as one generic loop taking the per-element
/// step as a closure, the compiler left that loop unspecialised, and a throttle over a fast
/// upstream measured about 5% slower.
extension PacingEngine where Machine: ElementPacingMachine, Machine.Element == Base.Element {
  /// Hands each element to the machine as it is.
  @inlinable
  func readElements() async {
    var iterator = base.makeAsyncIterator()
    do throws(Failure) {
      while let element = try await iterator.next(isolation: nil) {
        guard handle(at: now, { $0.elementArrived(element, at: $1) }) else { return }
      }
      handle(at: now) { $0.upstreamFinished(at: $1) }
    } catch {
      handle(at: now, failure: error) { $0.upstreamFailed(at: $1) }
    }
  }
}

extension PacingEngine where Machine: FoldingPacingMachine {
  /// Folds each element the machine keeps into its output, under the lock.
  @inlinable
  func readFolding(_ fold: @escaping @Sendable (Output?, Base.Element) -> Output) async {
    var iterator = base.makeAsyncIterator()
    do throws(Failure) {
      while let element = try await iterator.next(isolation: nil) {
        let isRunning = handle(at: now) { machine, now in
          machine.elementArrived(at: now) { fold($0, element) }
        }
        guard isRunning else { return }
      }
      handle(at: now) { $0.upstreamFinished(at: $1) }
    } catch {
      handle(at: now, failure: error) { $0.upstreamFailed(at: $1) }
    }
  }

  /// Awaits the reducer for each element the machine keeps, one at a time and in arrival
  /// order, before reading the next; the element's instant is when the upstream's `next()`
  /// returned it (<doc:PacingContract>, "Throttle").
  ///
  /// While the machine lends it the window's candidate, the reader folds elements arriving
  /// before the window's end into it without the lock (see `CandidateLoan`).
  @inlinable
  func readReducing(
    _ reduce: nonisolated(nonsending) @escaping @Sendable (Output?, Base.Element) async -> Output
  ) async {
    guard let loan else { preconditionFailure("a reducing reader needs an engine that lends") }
    var iterator = base.makeAsyncIterator()
    // The end of the window whose candidate is on loan, while it may be.
    var loanEnds: Instant?
    do throws(Failure) {
      while let element = try await iterator.next(isolation: nil) {
        let now = self.now
        if let end = loanEnds, now < end, let candidate = loan.beginFold() {
          let folded = await reduce(candidate, element)
          guard let recalled = loan.endFold(folded) else { continue }
          // A lock holder took the candidate back while the reducer ran: the result goes to
          // the machine like any fold's, emitted now if the window has ended.
          loanEnds = nil
          guard carryOut(at: nil, { $0.foldFinished(recalled, at: $1) }) != nil else { return }
          continue
        }
        loanEnds = nil
        let arrival = carryOut(at: now) { $0.elementArrivedForAsyncFold(at: $1()) }
        guard let arrival else { return }
        guard let request = arrival.foldRequest else { continue }
        let value = await reduce(request, element)
        // The clock is read only if the fold's result is emitted now.
        let finished = carryOut(at: nil) { machine, now in
          let actions = machine.foldFinished(value, at: now)
          if let (candidate, end) = machine.lendCandidate() {
            loan.lend(candidate)
            loanEnds = end
          }
          return actions
        }
        guard finished != nil else { return }
      }
      handle(at: now) { $0.upstreamFinished(at: $1) }
    } catch {
      handle(at: now, failure: error) { $0.upstreamFailed(at: $1) }
    }
  }
}
