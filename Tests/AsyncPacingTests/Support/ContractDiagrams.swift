import Testing

@testable import AsyncPacing

/// A debounce diagram: the options, the input, and the output the contract requires.
struct DebounceDiagram: Sendable, CustomTestStringConvertible {
  var name: String
  var input: String
  var interval: Int
  var edges: PacingEdges = .trailing
  var maxWait: Int? = nil
  var output: String

  var testDescription: String { name }
}

/// The debounce diagrams of <doc:PacingContract> ("Debounce", "Finishing", "Errors"), and a
/// few more of the contract's edge cases, as a table for the machine, operator, pacer and model
/// tests.
enum ContractDiagrams {
  static let debounce: [DebounceDiagram] = [
    .init(
      name: "a burst settles on its last element", input: "a-b-c-----d-e----|", interval: 3,
      output: "-------c-------e-|"),
    .init(
      name: "a gap of exactly the interval is quiet enough", input: "a--b--c--|", interval: 3,
      output: "---a--b--[c|]"),
    .init(
      name: "leading edge", input: "ab-c-------d----|", interval: 3, edges: .leading,
      output: "a----------d----|"),
    .init(
      name: "both edges", input: "ab-c-------d----|", interval: 3, edges: [.leading, .trailing],
      output: "a-----c----d----|"),
    .init(
      name: "an arrival as a quiet period ends is a new leading edge", input: "ab-c-------d----|",
      interval: 2, edges: [.leading, .trailing], output: "a--[bc]-------d----|"),
    .init(
      name: "maxWait", input: "abcdefghijklmnop|", interval: 3, maxWait: 5,
      output: "-----e----j----o[p|]"),
    .init(
      name: "maxWait with both edges", input: "abcdefghijklmnop|", interval: 3,
      edges: [.leading, .trailing], maxWait: 5, output: "a-----f----k----[p|]"),
    .init(name: "zero interval", input: "a-[bcd]-e|", interval: 0, output: "a-[bcd]-e|"),
    .init(
      name: "zero interval, leading", input: "a-[bcd]-e|", interval: 0, edges: .leading,
      output: "a-[bcd]-e|"),
    .init(
      name: "a burst of one is emitted once", input: "a-------|", interval: 3,
      edges: [.leading, .trailing], output: "a-------|"),
    .init(name: "finish emits the pending element", input: "ab|", interval: 3, output: "--[b|]"),
    .init(name: "an empty upstream", input: "|", interval: 3, output: "|"),
    .init(name: "an upstream that never ends", input: "ab", interval: 3, output: "----b"),
    .init(name: "failure drops the pending element", input: "ab^", interval: 3, output: "--^"),
    .init(
      name: "failure delivers what was due", input: "a--^", interval: 3, output: "---[a^]"),
    .init(
      name: "a group settles on its last element", input: "[abc]---d|", interval: 2,
      output: "--c--[d|]"),
  ]
}
