// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "AsyncPacing",
  // `TaskExecutor` (the seam's executor preference, the TestClock's exact settling) and
  // typed-throws `AsyncSequence` need the 2024 Apple releases; Linux has no such restriction.
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    // What an app ships: the operators, pacers and timeouts, and no test machinery.
    .library(name: "AsyncPacing", targets: ["AsyncPacing"]),
    // For test targets: TestClock and withTestClock, the `.testClock` trait, marble diagrams for
    // any sequence, a recorder, and failures reported to Swift Testing or XCTest, whichever
    // runs the test. `AsyncPacingTestClock` is the part that imports neither, for a program
    // that is not a test; `AsyncPacingTesting` re-exports it.
    .library(name: "AsyncPacingTesting", targets: ["AsyncPacingTesting", "AsyncPacingTestClock"]),
  ],
  targets: [
    .target(name: "AsyncPacing"),
    .target(name: "AsyncPacingTestClock", dependencies: ["AsyncPacing"]),
    .target(name: "AsyncPacingTesting", dependencies: ["AsyncPacing", "AsyncPacingTestClock"]),
    // Issues the package's tests record on purpose, checked without printing them.
    .target(name: "IssueCapture", path: "Tests/IssueCapture"),
    .testTarget(
      name: "AsyncPacingTests",
      dependencies: ["AsyncPacing", "AsyncPacingTestClock", "AsyncPacingTesting", "IssueCapture"]),
    .testTarget(
      name: "AsyncPacingTestingTests",
      dependencies: ["AsyncPacing", "AsyncPacingTestClock", "AsyncPacingTesting", "IssueCapture"]),
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
      name: "SearchFeatureTests",
      dependencies: ["SearchFeature", "AsyncPacing", "AsyncPacingTesting"],
      path: "Examples/SearchFeatureTests"),
    // A program, not a test: the test clock's module alone, which imports no testing library.
    .executableTarget(
      name: "TestClockTour", dependencies: ["AsyncPacing", "AsyncPacingTestClock"],
      path: "Examples/TestClockTour"),
    .executableTarget(
      name: "Stress", dependencies: ["AsyncPacing", "AsyncPacingTesting", "BenchmarkSupport"],
      path: "Benchmarks/Stress"),
    .executableTarget(
      name: "PacingBenchmarks", dependencies: ["AsyncPacing", "BenchmarkSupport"],
      path: "Benchmarks/PacingBenchmarks"),
    // Counts per element that CI judges: heap allocations (a C allocator shim only this
    // executable links), locks (in a build with `-DASYNCPACING_COUNTING`) and tasks.
    .executableTarget(
      name: "PacingCounts",
      dependencies: [
        "AsyncPacing", "AsyncPacingTestClock", "AllocationCounter", "BenchmarkSupport",
      ],
      path: "Benchmarks/PacingCounts"),
    .target(name: "AllocationCounter", path: "Benchmarks/AllocationCounter"),
    .target(name: "BenchmarkSupport", path: "Benchmarks/BenchmarkSupport"),
  ],
  swiftLanguageModes: [.v6]
)
