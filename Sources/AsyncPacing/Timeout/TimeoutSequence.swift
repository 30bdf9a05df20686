/// A sequence that fails, or continues with a fallback, once its upstream has taken longer than
/// an interval to answer a `next()`: what `timeout(after:tolerance:clock:)` returns.
///
/// It runs ``TimeoutMachine`` on the sequence shell, which reads the upstream on demand.
@usableFromInline
struct TimeoutSequence<Base: AsyncSequence & Sendable, C: Clock>: AsyncSequence, Sendable
where Base.Element: Sendable {
  @usableFromInline typealias Element = Base.Element
  @usableFromInline typealias Failure = TimeoutFailure<C.Instant, Base.Failure>
  @usableFromInline typealias Machine = TimeoutMachine<Base.Element, ElapsedInstant<C.Duration>>

  @usableFromInline let upstream: PacedUpstream<Base, C>
  @usableFromInline let interval: C.Duration

  @inlinable
  init(_ upstream: PacedUpstream<Base, C>, interval: C.Duration) {
    self.upstream = upstream
    self.interval = interval
  }

  @inlinable
  func makeAsyncIterator() -> Iterator {
    let (outputs, origin) = upstream.openIteration(running: Machine(interval: interval))
    return Iterator(outputs: outputs, origin: origin)
  }

  @usableFromInline
  struct Iterator: IsolatedIterator {
    @usableFromInline var outputs: AsyncPacingIterator<Machine.Output, Base.Failure>
    /// The clock's instant the iteration's time counts from: a deadline that ran out is reported
    /// as this instant and its offset.
    @usableFromInline let origin: C.Instant

    @inlinable
    init(outputs: AsyncPacingIterator<Machine.Output, Base.Failure>, origin: C.Instant) {
      self.outputs = outputs
      self.origin = origin
    }

    @inlinable
    mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Element? {
      let output: TimeoutOutput<Element, ElapsedInstant<C.Duration>>?
      do {
        output = try await outputs.next(isolation: actor)
      } catch {
        throw .failed(error)
      }
      switch output {
      case nil:
        return nil
      case .element(let element):
        return element
      case .timedOut(let deadline):
        throw .timedOut(deadline: origin.advanced(by: deadline.sinceOrigin))
      }
    }
  }
}

/// A timeout that continues with a fallback sequence instead of failing: what
/// `timeout(after:tolerance:clock:continuingWith:)` returns.
@usableFromInline
struct TimeoutFallbackSequence<
  Base: AsyncSequence & Sendable, Fallback: AsyncSequence & Sendable, C: Clock
>: AsyncSequence, Sendable
where Base.Element: Sendable, Fallback.Element == Base.Element, Fallback.Failure == Base.Failure {
  @usableFromInline typealias Element = Base.Element
  @usableFromInline typealias Failure = Base.Failure

  @usableFromInline let timed: TimeoutSequence<Base, C>
  @usableFromInline let fallback: Fallback

  @inlinable
  init(timed: TimeoutSequence<Base, C>, fallback: Fallback) {
    self.timed = timed
    self.fallback = fallback
  }

  @inlinable
  func makeAsyncIterator() -> Iterator {
    Iterator(source: .timed(timed.makeAsyncIterator(), then: fallback))
  }

  @usableFromInline
  struct Iterator: IsolatedIterator {
    /// What the iterator reads: the upstream under its timeout, then, once the time ran out,
    /// the fallback.
    @usableFromInline
    enum Source {
      case timed(TimeoutSequence<Base, C>.Iterator, then: Fallback)
      case fallback(Fallback.AsyncIterator)
      /// The fallback ended or threw: every later `next()` returns `nil`.
      case finished
    }

    @usableFromInline var source: Source

    @inlinable
    init(source: Source) {
      self.source = source
    }

    @inlinable
    mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Element? {
      switch source {
      case .timed(var timed, let fallback):
        do {
          return try await timed.next(isolation: actor)
        } catch {
          if case .failed(let failure) = error { throw failure }
        }
        // The upstream's time ran out.
        return try await nextFromFallback(fallback.makeAsyncIterator(), isolation: actor)
      case .fallback(let switched):
        return try await nextFromFallback(switched, isolation: actor)
      case .finished:
        return nil
      }
    }

    @inlinable
    mutating func nextFromFallback(
      _ iterator: Fallback.AsyncIterator, isolation actor: isolated (any Actor)?
    ) async throws(Failure) -> Element? {
      var switched = iterator
      source = .finished
      let element = try await switched.next(isolation: actor)
      // A fallback that ended is not asked again.
      if element != nil { source = .fallback(switched) }
      return element
    }
  }
}
