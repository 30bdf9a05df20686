/// The marble diagram as lines of plain text: a label column, then one character per 50 ms of
/// script time, so every row lines up with the input above it.
struct Drawing {
  static let columnMs = 50.0
  // One less than the usual terminal, because the live view cuts lines one short of the edge.
  static let width = 79

  let labels: [String]
  let explanations: [String]
  let intervalMs: Int
  let speed: Double

  private var labelWidth: Int { (labels.map(\.count).max() ?? 0) + 2 }

  /// What the terminal shows while the replay runs: the rows grow up to `now`.
  func frame(_ rows: [[Mark]], now: Double) -> [String] {
    let drawn = rows.map { draw($0, through: now) }
    return header() + [""] + diagram(drawn.map(\.cells))
  }

  /// The finished picture, with the key and the explanations.
  func report(_ rows: [[Mark]]) -> [String] {
    let drawn = rows.map { draw($0, through: nil) }
    var lines = header() + [""] + diagram(drawn.map(\.cells)) + [""]
    lines += wrap(
      "A letter is a query, drawn as the letter it adds (_ is the space); - is a column in which "
        + "nothing happened; | is the end of the stream. The queries:", indent: 0)
    lines += key(rows.first ?? [])
    lines.append("")
    let ending =
      "the input ends. A debounce that still holds a query emits it at once; a throttle "
      + "emits its candidate when the window ends, then finishes."
    let what = ["the query after each keystroke, as it is typed."] + explanations + [ending]
    for (label, text) in zip(labels + ["|"], what) {
      var explained = wrap(text, indent: labelWidth)
      explained[0] = pad(label, to: labelWidth) + explained[0].dropFirst(labelWidth)
      lines += explained
    }
    for (label, row) in zip(labels, drawn) {
      for (earlier, later) in row.shared {
        lines += wrap(
          "Note: in the \(label) row, \"\(earlier)\" and \"\(later)\" came out within one "
            + "column; it shows the later.", indent: 0)
      }
    }
    return lines
  }

  private func header() -> [String] {
    var text =
      "Someone types \"\(Script.query)\" into a search box. Each row below paces its own copy "
      + "of the keystrokes with a \(intervalMs) ms interval. One column is \(decimal(Self.columnMs)) ms."
    if speed != 1 {
      text +=
        " Replayed at \(decimal(speed))x: a column is \(decimal(Self.columnMs / speed)) ms of "
        + "real time."
    }
    return wrap(text, indent: 0)
  }

  private func diagram(_ rows: [[Character]]) -> [String] {
    let expected = column(Double(Script.finish(intervalMs: intervalMs))) + 1
    let columns = max(expected, rows.map(\.count).max() ?? 0)
    return [pad("", to: labelWidth) + ruler(columns: columns)]
      + zip(labels, rows).map { label, cells in pad(label, to: labelWidth) + String(cells) }
  }

  /// Seconds every 10 columns.
  private func ruler(columns: Int) -> String {
    var line = ""
    for first in stride(from: 0, to: columns, by: 10) {
      let milliseconds = first * Int(Self.columnMs)
      let tenths = milliseconds / 100
      let seconds = tenths % 10 == 0 ? "\(tenths / 10)s" : "\(tenths / 10).\(tenths % 10)s"
      line += pad(seconds, to: 10)
    }
    return trimmed(line)
  }

  /// One row's characters. A live row is drawn up to `now`; a finished one ends at its `|`.
  private func draw(
    _ marks: [Mark], through now: Double?
  ) -> (cells: [Character], shared: [(String, String)]) {
    var cells: [Character] = []
    var shown: [Int: String] = [:]
    var shared: [(String, String)] = []
    func put(_ symbol: Character, at index: Int) {
      while cells.count <= index { cells.append("-") }
      cells[index] = symbol
    }
    var finished = false
    for mark in marks {
      let index = column(mark.at)
      switch mark.event {
      case .value(let query):
        if let earlier = shown[index] { shared.append((earlier, query)) }
        shown[index] = query
        put(Script.symbol(for: query), at: index)
      case .finished:
        // The end comes after the last value; when both fall in one column, the end
        // takes the next one rather than hiding the value.
        put("|", at: max(index, cells.count))
        finished = true
      }
    }
    if !finished, let now {
      while cells.count <= column(now) { cells.append("-") }
    }
    return (cells, shared)
  }

  /// The symbols and the queries they stand for, in the order they were typed.
  private func key(_ input: [Mark]) -> [String] {
    let entries = input.compactMap { mark -> String? in
      guard case .value(let query) = mark.event else { return nil }
      return "\(Script.symbol(for: query)) \"\(query)\""
    }
    let entryWidth = (entries.map(\.count).max() ?? 0) + 2
    let perLine = max(1, (Self.width - 2) / entryWidth)
    return stride(from: 0, to: entries.count, by: perLine).map { first in
      let line = entries[first..<min(first + perLine, entries.count)]
        .map { pad($0, to: entryWidth) }.joined()
      return "  " + trimmed(line)
    }
  }

  private func column(_ milliseconds: Double) -> Int {
    max(0, Int(milliseconds / Self.columnMs))
  }
}

private func pad(_ text: String, to width: Int) -> String {
  text + String(repeating: " ", count: max(0, width - text.count))
}

private func trimmed(_ text: String) -> String {
  String(text.reversed().drop(while: { $0 == " " }).reversed())
}

/// Splits `text` into lines of at most `Drawing.width` characters, every line indented.
private func wrap(_ text: String, indent: Int) -> [String] {
  let margin = String(repeating: " ", count: indent)
  var lines: [String] = []
  var line = ""
  for word in text.split(separator: " ") {
    if !line.isEmpty, indent + line.count + 1 + word.count > Drawing.width {
      lines.append(margin + line)
      line = ""
    }
    if !line.isEmpty { line += " " }
    line += word
  }
  lines.append(margin + line)
  return lines
}

/// A number with at most one decimal: 2, 0.5, 16.7.
private func decimal(_ value: Double) -> String {
  let tenths = Int((value * 10).rounded())
  return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
}
