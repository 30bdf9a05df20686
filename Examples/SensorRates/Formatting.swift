// Number formatting without Foundation, for non-negative values only.

extension Duration {
  var seconds: Double { self / .seconds(1) }
}

func fixed(_ value: Double, digits: Int) -> String {
  var scale = 1
  for _ in 0..<digits { scale *= 10 }
  let scaled = Int((value * Double(scale)).rounded())
  guard digits > 0 else { return String(scaled) }
  let fraction = String(scaled % scale)
  return "\(scaled / scale).\(String(repeating: "0", count: digits - fraction.count))\(fraction)"
}

func percent(_ fraction: Double?) -> String {
  fraction.map { fixed($0 * 100, digits: 1) + "%" } ?? "-"
}

/// Right-aligns `text` in a column of `width` characters.
func column(_ text: String, _ width: Int) -> String {
  String(repeating: " ", count: max(0, width - text.count)) + text
}
