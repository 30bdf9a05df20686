import Foundation

/// Files of this package read by tests, found from this file's own path so that `swift test`
/// works from any clean clone.
enum SourceFiles {
  struct File: Sendable {
    /// The path relative to the package root.
    var name: String
    var lines: [Substring]
  }

  static let packageRoot: URL = {
    var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while !FileManager.default.fileExists(
      atPath: directory.appendingPathComponent("Package.swift").path)
    {
      let parent = directory.deletingLastPathComponent()
      precondition(parent != directory, "no Package.swift above \(#filePath)")
      directory = parent
    }
    return directory
  }()

  /// The library's Swift sources.
  static var library: [File] { files(under: "Sources/AsyncPacing", extension: "swift") }

  /// The Swift sources of both library products (the testing product's two modules).
  static var libraries: [File] {
    library + files(under: "Sources/AsyncPacingTestClock", extension: "swift")
      + files(under: "Sources/AsyncPacingTesting", extension: "swift")
  }

  /// One file, by its path relative to the package root.
  static func file(_ name: String) -> File? {
    let url = packageRoot.appendingPathComponent(name)
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
    return File(name: name, lines: text.split(separator: "\n", omittingEmptySubsequences: false))
  }

  static func files(under folder: String, extension pathExtension: String) -> [File] {
    let root = packageRoot.appendingPathComponent(folder)
    guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
    return walker.compactMap { $0 as? String }
      .filter { $0.hasSuffix(".\(pathExtension)") }
      .sorted()
      .compactMap { file("\(folder)/\($0)") }
  }
}
