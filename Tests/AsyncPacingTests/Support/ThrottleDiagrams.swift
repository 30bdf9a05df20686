import Testing

@testable import AsyncPacing

/// A throttle diagram: the options, the input, and the output the contract requires.
struct ThrottleDiagram: Sendable, CustomTestStringConvertible {
  var name: String
  var input: String
  var interval: Int
  var fold: ThrottleModel.Fold = .latest
  var edges: PacingEdges = [.leading, .trailing]
  var output: String

  var testDescription: String { name }
}

extension ContractDiagrams {
  /// The throttle diagrams of <doc:PacingContract> ("Throttle", "Finishing", "Errors"), and
  /// more of the contract's edge cases.
  static let throttle: [ThrottleDiagram] = [
    .init(
      name: "trailing values come out at window ends", input: "abcdefghijk|", interval: 3,
      output: "a--c--f--i--[k|]"),
    // d arrived at 3: the window [0, 3) has ended, so d is the first element of [3, 6).
    .init(
      name: "latest: false keeps the first element of each window", input: "abcdefghijk|",
      interval: 3, fold: .first, output: "a--b--d--g--[j|]"),
    .init(
      name: "a candidate comes out at its window's end, not at the finish", input: "ab-----|",
      interval: 3, output: "a--b---|"),
    .init(
      name: "trailing edge only", input: "abcdefghijk|", interval: 3, edges: .trailing,
      output: "---c--f--i--[k|]"),
    .init(
      name: "leading edge only", input: "abcdefghijk|", interval: 3, edges: .leading,
      output: "a--d--g--j-|"),
    // 'bc' is one value, "bc"; the diagram is not column-aligned after a quoted value.
    .init(
      name: "reducing", input: "abcdefghijk|", interval: 3, fold: .concatenate,
      output: "a--'bc'--'def'--'ghi'--['jk'|]"),
    .init(
      name: "trailing only, first", input: "abcdefg|", interval: 3, fold: .first,
      edges: .trailing, output: "---a--d--[g|]"),
    .init(name: "zero interval", input: "a-[bcd]-e|", interval: 0, output: "a-[bcd]-e|"),
    .init(
      name: "zero interval, leading", input: "a-[bcd]-e|", interval: 0, edges: .leading,
      output: "a-[bcd]-e|"),
    .init(
      name: "zero interval, trailing", input: "a-[bcd]-e|", interval: 0, edges: .trailing,
      output: "a-[bcd]-e|"),
    .init(name: "an empty upstream", input: "|", interval: 3, output: "|"),
    .init(name: "finish with nothing pending", input: "a-|", interval: 3, output: "a-|"),
    .init(name: "failure drops the candidate", input: "ab^", interval: 3, output: "a-^"),
    .init(
      name: "failure at a window's end delivers the due candidate first", input: "ab-^",
      interval: 3, output: "a--[b^]"),
    .init(name: "an upstream that never ends", input: "ab", interval: 3, output: "a--b"),
    .init(
      name: "a group in a window", input: "[abc]-d---e|", interval: 2,
      output: "a-c-d-e|"),
  ]
}
