/// Redraws the diagram in place while the replay runs, so the rows grow as the keystrokes
/// are typed and the operators answer.
///
/// Each frame moves the cursor back up over the previous one and overwrites it; lines are
/// cut to the terminal's width, because a wrapped line would throw that count off.
func animate(_ drawing: Drawing, _ timeline: Timeline) -> Task<Void, Never> {
  Terminal.writeAll(Terminal.hideCursor)
  return Task {
    var height = 0
    while !Task.isCancelled {
      let lines = drawing.frame(timeline.snapshot(), now: timeline.now())
      let width = Terminal.columns - 1
      var frame = Terminal.up(height)
      for line in lines {
        frame += "\r" + Terminal.clearLine + String(line.prefix(width)) + "\n"
      }
      Terminal.writeAll(frame)
      height = lines.count
      try? await Task.sleep(for: .milliseconds(30))
    }
    // Make room for the final picture, which takes the last frame's place.
    Terminal.writeAll(Terminal.up(height) + "\r" + Terminal.clearToEnd)
  }
}
