import Testing

@testable import AsyncPacing

/// Arguments that allow no rate or no tick stop the program when the sequence is made, naming
/// the argument (the contract's "Rate limiting" and "Ticks").
@Suite struct RateLimitArgumentTests {
  @Test func noPermitsAreRefusedWithTheirName() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let (requests, _) = AsyncStream.makeStream(of: Int.self)
      _ = requests.rateLimited(to: 0, per: .seconds(1))
    }
    #expect(
      standardError(of: result).contains(
        "rateLimited(to:per:burst:): `permits` must be at least 1 (got 0)"))
  }

  @Test func aZeroIntervalIsRefusedWithItsName() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let (requests, _) = AsyncStream.makeStream(of: Int.self)
      _ = requests.rateLimited(to: 1, per: .zero)
    }
    #expect(
      standardError(of: result).contains(
        "rateLimited(to:per:burst:): `interval` must be greater than zero (got 0.0 seconds)"))
  }

  @Test func noBurstIsRefusedWithItsName() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let (requests, _) = AsyncStream.makeStream(of: Int.self)
      _ = requests.rateLimited(to: 1, per: .seconds(1), burst: 0)
    }
    #expect(
      standardError(of: result).contains(
        "rateLimited(to:per:burst:): `burst` must be at least 1 (got 0)"))
  }

  @Test func aTickIntervalOfZeroIsRefusedWithItsName() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = ContinuousClock().ticks(every: .zero)
    }
    #expect(
      standardError(of: result).contains(
        "ticks(every:): `interval` must be greater than zero (got 0.0 seconds)"))
  }

  @Test func negativeIntervalsAreRefusedWithTheirNames() async {
    let rate = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let (requests, _) = AsyncStream.makeStream(of: Int.self)
      _ = requests.rateLimited(to: 1, per: .seconds(-1), clock: ContinuousClock())
    }
    #expect(
      standardError(of: rate).contains(
        "rateLimited(to:per:burst:): `interval` must be greater than zero (got -1.0 seconds)"))
    let tick = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = ticks(every: .seconds(-1))
    }
    #expect(
      standardError(of: tick).contains(
        "ticks(every:): `interval` must be greater than zero (got -1.0 seconds)"))
  }
}
