/// Types the script into one stream per lane, all at the same moment, and records what comes
/// out of every lane. Returns `false` if the replay had to be stopped because it overran.
func replay(_ lanes: [Lane], intervalMs: Int, into timeline: Timeline) async -> Bool {
  // A safety net, never reached when the operators keep their contract: whatever happens, the
  // example ends instead of hanging.
  let deadline =
    timeline.instant(at: Script.finish(intervalMs: intervalMs) + 2 * intervalMs)
    + .seconds(2)
  return await withTaskGroup(of: Bool.self) { group in
    group.addTask {
      await play(lanes, intervalMs: intervalMs, into: timeline)
      return true
    }
    group.addTask {
      try? await Task.sleep(until: deadline, clock: .continuous)
      return false
    }
    let completed = await group.next() ?? false
    group.cancelAll()
    return completed
  }
}

private func play(_ lanes: [Lane], intervalMs: Int, into timeline: Timeline) async {
  let streams = lanes.map { _ in AsyncStream.makeStream(of: String.self) }
  await withTaskGroup(of: Void.self) { group in
    for (index, lane) in lanes.enumerated() {
      let row = index + 1
      let input = streams[index].stream
      group.addTask {
        await lane.run(input) { timeline.record($0, row: row) }
        timeline.finish(row: row)
      }
    }
    let inputs = streams.map(\.continuation)
    group.addTask {
      do {
        for keystroke in Script.keystrokes {
          // Sleeping until an instant, not for a gap, keeps one late wake-up from delaying
          // every keystroke after it.
          try await Task.sleep(until: timeline.instant(at: keystroke.at), clock: .continuous)
          timeline.record(keystroke.query, row: 0)
          for input in inputs { input.yield(keystroke.query) }
        }
        try await Task.sleep(
          until: timeline.instant(at: Script.finish(intervalMs: intervalMs)), clock: .continuous)
      } catch {
        // Stopped by the safety net: still finish the inputs, so that every lane ends.
      }
      timeline.finish(row: 0)
      for input in inputs { input.finish() }
    }
  }
}
