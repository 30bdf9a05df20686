// With Combine, a search field was paced with `$query.debounce(for: .milliseconds(300),
// scheduler: RunLoop.main)` on an `@Published` property. Combine does not exist on Linux, and
// since Swift 6.2 it is not needed: `Observations { model.query }` turns an `@Observable`
// property into an AsyncSequence of its values, and any AsyncSequence can be debounced. The
// same pipeline then runs on every platform, and is consumed with a plain `for await`.
import AsyncPacing
import Observation

@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
@MainActor func searchWhenTypingPauses() async {
  let model = SearchModel()
  let start = ContinuousClock.now
  func log(_ line: String) { print("\(stamp(start.duration(to: .now)))  \(line)") }

  let typist = Task { await Typist.type(into: model, log: log) }
  var searched: [String] = []
  for await query in Observations({ model.query }).debounce(for: .milliseconds(300)) {
    // The first value is the empty field as the screen opens: nothing to search yet.
    guard !query.isEmpty else { continue }
    model.results = WordList.search(query)
    searched.append(query)
    log("search \"\(query)\" -> \(model.results.joined(separator: ", "))")
    // Observations never finishes by itself: the field could always change again.
    if query == Typist.finalQuery { break }
  }
  await typist.value
  print("\(Typist.script.count) edits, \(searched.count) searches: \(searched)")
}

/// `+1.234s`, without Foundation's formatters.
func stamp(_ elapsed: Duration) -> String {
  let milliseconds = Int((elapsed / .milliseconds(1)).rounded())
  let fraction = String(milliseconds % 1000)
  return "+\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)s"
}

print("Observations { model.query }.debounce(for: .milliseconds(300)): searches settled queries")
if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
  await searchWhenTypingPauses()
} else {
  print("Observations needs macOS 26, iOS 26, tvOS 26, watchOS 26 or visionOS 26.")
}
