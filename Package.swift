// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "AsyncPacing",
  // `TaskExecutor` (the TestClock's exact settling) and typed-throws `AsyncSequence`
  // need the 2024 Apple releases; Linux has no such restriction.
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "AsyncPacing", targets: ["AsyncPacing"]),
    // For test targets: marble diagrams for any sequence, a recorder, and failures reported to
    // Swift Testing or XCTest, whichever runs the test.
    .library(name: "AsyncPacingTesting", targets: ["AsyncPacingTesting"]),
  ],
  targets: [
    .target(name: "AsyncPacing"),
    .target(name: "AsyncPacingTesting", dependencies: ["AsyncPacing"]),
    // Issues the package's tests record on purpose, checked without printing them.
    .target(name: "IssueCapture", path: "Tests/IssueCapture"),
    .testTarget(
      name: "AsyncPacingTests", dependencies: ["AsyncPacing", "AsyncPacingTesting", "IssueCapture"]),
    .testTarget(
      name: "AsyncPacingTestingTests",
      dependencies: ["AsyncPacing", "AsyncPacingTesting", "IssueCapture"]),
    // The testing library from a target that imports XCTest alone: it reports XCTest failures.
    .testTarget(name: "AsyncPacingXCTests", dependencies: ["AsyncPacing", "AsyncPacingTesting"]),
    .executableTarget(
      name: "PacingTimeline", dependencies: ["AsyncPacing"], path: "Examples/PacingTimeline"),
    .executableTarget(
      name: "SearchAsYouType", dependencies: ["AsyncPacing"], path: "Examples/SearchAsYouType",
      exclude: ["demo-input.txt"]),
    .executableTarget(
      name: "SensorRates", dependencies: ["AsyncPacing"], path: "Examples/SensorRates"),
    .executableTarget(
      name: "ObservableSearch", dependencies: ["AsyncPacing"], path: "Examples/ObservableSearch"),
    .target(name: "SearchFeature", dependencies: ["AsyncPacing"], path: "Examples/SearchFeature"),
    .testTarget(
      name: "SearchFeatureTests", dependencies: ["SearchFeature", "AsyncPacing"],
      path: "Examples/SearchFeatureTests"),
    .executableTarget(
      name: "TestClockTour", dependencies: ["AsyncPacing"], path: "Examples/TestClockTour"),
    .executableTarget(
      name: "Stress", dependencies: ["AsyncPacing", "AsyncPacingTesting", "BenchmarkSupport"],
      path: "Benchmarks/Stress"),
    .executableTarget(
      name: "PacingBenchmarks", dependencies: ["AsyncPacing", "BenchmarkSupport"],
      path: "Benchmarks/PacingBenchmarks"),
    // Counts per element that CI judges: heap allocations (a C allocator shim only this
    // executable links), locks (in a build with `-DASYNCPACING_COUNTING`) and tasks.
    .executableTarget(
      name: "PacingCounts", dependencies: ["AsyncPacing", "AllocationCounter", "BenchmarkSupport"],
      path: "Benchmarks/PacingCounts"),
    .target(name: "AllocationCounter", path: "Benchmarks/AllocationCounter"),
    .target(name: "BenchmarkSupport", path: "Benchmarks/BenchmarkSupport"),
  ],
  swiftLanguageModes: [.v6]
)
