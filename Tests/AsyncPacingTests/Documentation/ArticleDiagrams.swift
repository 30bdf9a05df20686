import AsyncPacing
import Foundation  // FileManager and String(contentsOfFile:): reading the articles
import Testing

/// Every ```marble block of the DocC articles and of the README, split into rows to check.
///
/// Anything in a block that this test does not understand becomes a `.malformed` row, so a
/// typo in an article fails a test instead of being skipped.
struct ArticleDiagrams: Sendable {
  var rows: [ArticleDiagramRow] = []
  var blockCount = 0

  /// Scanned once, for all the tests that read it.
  static let inPackage = ArticleDiagrams(scanning: documentationFiles())

  init(scanning paths: [String]) {
    for path in paths {
      guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        rows.append(
          .init(path: path, line: 1, text: "(unreadable)", check: .malformed("cannot read")))
        continue
      }
      let blocks = MarbleBlock.all(in: text)
      blockCount += blocks.count
      rows += blocks.flatMap { $0.rows(path: path) }
    }
  }

  /// The articles of both DocC catalogs, then the README.
  static func documentationFiles() -> [String] {
    let root = SourceFiles.packageRoot
    let catalogs = [
      "Sources/AsyncPacing/AsyncPacing.docc",
      "Sources/AsyncPacingTesting/AsyncPacingTesting.docc",
    ].map { root.appendingPathComponent($0) }
    // A missing catalog leaves fewer files; the block count test catches an empty scan.
    let articles = catalogs.flatMap { catalog in
      ((try? FileManager.default.contentsOfDirectory(atPath: catalog.path)) ?? [])
        .filter { $0.hasSuffix(".md") }.sorted()
        .map { catalog.appendingPathComponent($0).path }
    }
    return articles + [root.appendingPathComponent("README.md").path]
  }
}

/// One row of a marble block: a spec, run over the block's input, and the output it must give.
struct ArticleDiagramRow: Sendable, CustomTestStringConvertible {
  enum Check: Sendable {
    case run(DiagramSpec, input: String, expected: String)
    /// Not a row this test can run: a failure, never a skip.
    case malformed(String)
  }

  var path: String
  var line: Int
  /// The spec as written; for a problem outside a spec, `input` or the block's fence.
  var text: String
  var check: Check

  var fileName: String { URL(fileURLWithPath: path).lastPathComponent }
  var testDescription: String { "\(fileName):\(line) \(text)" }

  /// Points a failure at the article's line rather than at the test.
  var sourceLocation: SourceLocation {
    SourceLocation(fileID: "AsyncPacing/\(fileName)", filePath: path, line: line, column: 1)
  }
}

/// The lines between a ```marble fence and its closing fence.
private struct MarbleBlock {
  var fenceLine: Int
  var lines: [(number: Int, text: String)] = []
  var isClosed = false

  static func all(in markdown: String) -> [MarbleBlock] {
    var blocks: [MarbleBlock] = []
    var open: MarbleBlock?
    // Inside another code block a "```marble" line is text, and only a bare fence closes it.
    var isInOtherCodeBlock = false
    let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
    for (index, line) in lines.enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      let isFence = trimmed.hasPrefix("```")
      let isBareFence = isFence && trimmed.allSatisfy { $0 == "`" }
      if isInOtherCodeBlock {
        isInOtherCodeBlock = !isBareFence
      } else if var block = open {
        if isBareFence {
          block.isClosed = true
          blocks.append(block)
          open = nil
        } else if let last = block.lines.last, last.text.hasSuffix(","),
          !last.text.contains("  ")
        {
          // A label alone that ends with a comma goes on in the next line.
          block.lines[block.lines.count - 1].text += " " + trimmed
          open = block
        } else if !trimmed.isEmpty && !line.hasPrefix(" ") {
          // A line that starts with a space continues the comment of the row above.
          block.lines.append((index + 1, trimmed))
          open = block
        }
      } else if trimmed == "```marble" {
        open = MarbleBlock(fenceLine: index + 1)
      } else {
        isInOtherCodeBlock = isFence
      }
    }
    return blocks + (open.map { [$0] } ?? [])
  }

  func rows(path: String) -> [ArticleDiagramRow] {
    func row(_ line: Int, _ text: String, _ check: ArticleDiagramRow.Check) -> ArticleDiagramRow {
      ArticleDiagramRow(path: path, line: line, text: text, check: check)
    }
    guard isClosed else {
      return [row(fenceLine, "```marble", .malformed("the block is not closed"))]
    }
    guard lines.first?.text.hasPrefix("input ") == true else {
      return [row(fenceLine, "```marble", .malformed("a marble block starts with an `input` row"))]
    }
    var rows: [ArticleDiagramRow] = []
    // Each `input` row starts a diagram that the rows below it check (<doc:PacingContract>,
    // "Time and marble diagrams").
    var input: (line: Int, marble: String)?
    var uncheckedInputLine: Int?
    func reportAnUncheckedInput() {
      if let line = uncheckedInputLine {
        rows.append(row(line, "input", .malformed("no spec row checks this input")))
      }
    }
    for (number, text) in lines {
      let label = text.components(separatedBy: "  ")[0]  // `input` or a spec
      if label == "input" {
        reportAnUncheckedInput()
        // Until its marble proves valid: rows below a bad input must not check an older one.
        (input, uncheckedInputLine) = (nil, nil)
      }
      do throws(DiagramProblem) {
        let marble = try Self.marble(of: text)
        if label == "input" {
          (input, uncheckedInputLine) = ((number, marble), number)
          continue
        }
        guard let input else { continue }  // its input row has failed already
        uncheckedInputLine = nil
        let spec = try DiagramSpec(parsing: label)
        if spec.subject.isPacer,
          let end = (input.marble + marble).first(where: { "|^".contains($0) })
        {
          throw DiagramProblem("a pacer never finishes or throws: no `\(end)` in its rows")
        }
        rows.append(row(number, label, .run(spec, input: input.marble, expected: marble)))
      } catch {
        rows.append(row(number, label, .malformed(error.description)))
      }
    }
    reportAnUncheckedInput()
    return rows
  }

  /// The marble of a row "label  marble  comment", whose columns are separated by two or more
  /// spaces.
  private static func marble(of row: String) throws(DiagramProblem) -> String {
    let columns = row.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
    guard columns.count >= 2 else {
      throw DiagramProblem("expected `spec  output` (two or more spaces between them)")
    }
    do {
      _ = try Marble.parseChecked(columns[1])
    } catch {
      throw DiagramProblem("bad marble \"\(columns[1])\": \(error.problem)")
    }
    return columns[1]
  }
}

/// Why a row cannot be checked.
struct DiagramProblem: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// What a row's spec asks for, such as `debounce(3, edges: .leading)` or `Throttler(2, action: 3)`.
/// N, M and K are whole steps, or `max` for the longest `Duration` (`Int.max` here, see
/// `Duration.steps(_:)`); options come in the order of ``Subject/options``.
struct DiagramSpec: Sendable {
  enum Subject: String, Sendable {
    case debounceOperator = "debounce"
    case throttleOperator = "throttle"
    case debouncer = "Debouncer"
    case throttler = "Throttler"
    case sampleOperator = "sample"
    case timeoutOperator = "timeout"

    /// The options a spec may give, in the order it must give them.
    var options: [String] {
      switch self {
      case .sampleOperator, .timeoutOperator: ["consumer"]
      case .debounceOperator: ["edges", "maxWait", "consumer"]
      case .throttleOperator: ["latest", "edges", "reducing", "reducer", "consumer"]
      case .debouncer: ["edges", "maxWait", "cancelsRunningAction", "action"]
      case .throttler: ["latest", "edges", "cancelsRunningAction", "action"]
      }
    }

    var isPacer: Bool { self == .debouncer || self == .throttler }
  }

  var subject: Subject
  var interval: Int
  /// Per-element intervals, `debounce(2, b: 0)`: element `b` sets 0 steps, every other one 2
  /// (for a throttle, the window it opens).
  var elementIntervals: [String: Int] = [:]
  var edges: PacingEdges
  var maxWait: Int?
  /// `latest: false` keeps the first element, `reducing: +` concatenates.
  var fold = ThrottleModel.Fold.latest
  var cancelsRunningAction = false
  var actionSteps = 0
  /// How long the consumer of an operator works on each element before its next `next()`.
  var consumerSteps = 0
  /// How long each call of a `reducing: +` reducer takes.
  var reducerSteps = 0

  /// Outputs come out when they fall due: nobody is busy, so the machine and the model, which
  /// know nothing of consumers, say what the operator or pacer does.
  var hasAnInstantConsumer: Bool {
    consumerSteps == 0 && reducerSteps == 0 && actionSteps == 0 && !cancelsRunningAction
  }

  init(parsing spec: String) throws(DiagramProblem) {
    guard let open = spec.firstIndex(of: "("), spec.hasSuffix(")"),
      let subject = Subject(rawValue: String(spec[..<open]))
    else {
      throw DiagramProblem(
        "expected debounce(N), throttle(N), Debouncer(N), Throttler(N), sample(N) or timeout(N)"
      )
    }
    self.subject = subject
    var arguments = spec[spec.index(after: open)..<spec.index(before: spec.endIndex)]
    interval = try Self.steps(arguments.prefix { $0 != "," })
    arguments = arguments.drop { $0 != "," }
    edges =
      subject == .debounceOperator || subject == .debouncer ? .trailing : [.leading, .trailing]
    var allowed = subject.options[...]
    while !arguments.isEmpty {
      let (name, value) = try Self.option(from: &arguments)
      if name.count == 1, name.allSatisfy({ ("a"..."z").contains($0) }) {
        guard subject != .sampleOperator && subject != .timeoutOperator else {
          throw DiagramProblem(
            "per-element intervals (`\(name):`) are not for \(subject.rawValue)")
        }
        guard allowed.count == subject.options.count else {
          throw DiagramProblem("per-element intervals (`\(name):`) come before the other options")
        }
        elementIntervals[name] = try Self.steps(value)
        continue
      }
      guard let position = allowed.firstIndex(of: name) else {
        let takes = "\(subject.rawValue) takes " + subject.options.joined(separator: ", ")
        throw DiagramProblem(
          subject.options.contains(name)
            ? "`\(name)` is out of order or repeated: \(takes), in that order"
            : "`\(name)` is not an option: \(takes)")
      }
      allowed = allowed[(position + 1)...]
      try apply(name, value)
    }
    try checkTheOperatorAcceptsIt()
  }

  private mutating func apply(_ name: String, _ value: Substring) throws(DiagramProblem) {
    switch (name, value) {
    case ("edges", ".leading"): edges = .leading
    case ("edges", ".trailing"): edges = .trailing
    case ("edges", "[.leading, .trailing]"): edges = [.leading, .trailing]
    case ("maxWait", _): maxWait = try Self.steps(value)
    case ("latest", "false"): fold = .first
    case ("reducing", "+") where fold == .first:
      throw DiagramProblem("throttle takes `latest:` or `reducing:`, not both")
    case ("reducing", "+"): fold = .concatenate
    case ("cancelsRunningAction", "true"): cancelsRunningAction = true
    case ("action", _): actionSteps = try Self.steps(value)
    case ("consumer", _): consumerSteps = try Self.steps(value)
    case ("reducer", _) where fold != .concatenate:
      throw DiagramProblem("`reducer:` gives the time of a `reducing: +` reducer, before it")
    case ("reducer", _): reducerSteps = try Self.steps(value)
    default: throw DiagramProblem("`\(name): \(value)` is not a value this test knows")
    }
  }

  /// The operators stop the process on these; a row that asks for one is a mistake.
  /// The interval `element` sets, in steps.
  func interval(of element: String) -> Int { elementIntervals[element] ?? interval }

  private func checkTheOperatorAcceptsIt() throws(DiagramProblem) {
    if (subject == .sampleOperator || subject == .timeoutOperator) && interval == 0 {
      throw DiagramProblem("`\(subject.rawValue)` needs an interval greater than zero")
    }
    if fold == .concatenate && !elementIntervals.isEmpty {
      throw DiagramProblem("`reducing:` takes one interval for every window")
    }
    guard let maxWait else { return }
    guard edges.contains(.trailing) else {
      throw DiagramProblem("`maxWait` needs the trailing edge")
    }
    guard maxWait >= interval || !elementIntervals.isEmpty else {
      throw DiagramProblem("`maxWait` must not be shorter than the interval")
    }
  }

  /// Takes ", name: value" off the front of `arguments`; a value in brackets may hold commas.
  private static func option(from arguments: inout Substring) throws(DiagramProblem) -> (
    String, Substring
  ) {
    guard arguments.hasPrefix(", "), let colon = arguments.firstIndex(of: ":") else {
      throw DiagramProblem("expected `, name: value` at \"\(arguments)\"")
    }
    let name = String(arguments[arguments.index(arguments.startIndex, offsetBy: 2)..<colon])
    var rest = arguments[colon...].dropFirst()
    guard rest.hasPrefix(" ") else { throw DiagramProblem("expected a space after `\(name):`") }
    rest = rest.dropFirst()
    let end =
      rest.hasPrefix("[")
      ? rest.firstIndex(of: "]").map { rest.index(after: $0) } ?? rest.endIndex
      : rest.firstIndex(of: ",") ?? rest.endIndex
    arguments = rest[end...]
    return (name, rest[..<end])
  }

  /// A whole number of steps, or `max` (`Int.max`), the longest `Duration`.
  private static func steps(_ text: Substring) throws(DiagramProblem) -> Int {
    if text == "max" { return .max }
    guard !text.isEmpty, text.allSatisfy({ ("0"..."9").contains($0) }), let steps = Int(text) else {
      throw DiagramProblem("expected a whole number of steps, got \"\(text)\"")
    }
    return steps
  }
}
