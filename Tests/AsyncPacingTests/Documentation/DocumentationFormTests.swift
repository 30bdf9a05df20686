import Foundation  // String(contentsOf:) and ranges of text
import Testing

/// What a reader of the rendered documentation meets: code that fits the page without a
/// scrollbar, and one version, the changelog's, in every install snippet.
@Suite struct DocumentationFormTests {
  /// The widest code line a DocC page or the README shows without a horizontal scrollbar at
  /// 1280 px.
  static let widestCodeLine = 100

  /// The articles, the README and the doc comments of the library, as (name, lines).
  static let documents: [SourceFiles.File] =
    SourceFiles.files(under: "Sources/AsyncPacing/AsyncPacing.docc", extension: "md")
    + SourceFiles.files(
      under: "Sources/AsyncPacingTesting/AsyncPacingTesting.docc", extension: "md")
    + [SourceFiles.file("README.md")].compactMap { $0 }
    + SourceFiles.libraries.map { file in
      // A doc comment's code block renders without its `///`.
      SourceFiles.File(
        name: file.name,
        lines: file.lines.compactMap { line in
          let code = line.trimmingPrefix(while: \.isWhitespace)
          guard code.hasPrefix("///") else { return nil }
          return code.dropFirst(code.hasPrefix("/// ") ? 4 : 3)
        })
    }

  @Test func theDocumentsAreFound() {
    #expect(Self.documents.count > 10)
    #expect(Self.documents.contains { $0.name == "README.md" })
  }

  @Test(arguments: documents.map(\.name))
  func codeBlocksFitTheColumn(_ name: String) throws {
    let document = try #require(Self.documents.first { $0.name == name })
    var isInCode = false
    for line in document.lines {
      if line.trimmingPrefix(while: \.isWhitespace).hasPrefix("```") {
        isInCode.toggle()
        continue
      }
      if isInCode && line.count > Self.widestCodeLine {
        Issue.record("\(name): a code line of \(line.count) columns: \(line)")
      }
    }
  }

  /// The changelog's first `## X.Y.Z` heading is the version.
  static func changelogVersion() throws -> String {
    let changelog = try #require(SourceFiles.file("CHANGELOG.md"))
    let heading = try #require(
      changelog.lines.first {
        $0.hasPrefix("## ") && $0.dropFirst(3).first?.isNumber == true
      })
    return String(heading.dropFirst(3).prefix { !$0.isWhitespace })
  }

  @Test func everyInstallSnippetQuotesTheChangelogsVersion() throws {
    let version = try Self.changelogVersion()
    var snippets = 0
    for document in Self.documents {
      for line in document.lines {
        guard let from = line.range(of: "from: \"") else { continue }
        snippets += 1
        let quoted = line[from.upperBound...].prefix { $0 != "\"" }
        #expect(quoted == version, "\(document.name): \(line)")
      }
    }
    #expect(snippets >= 2, "the README and the getting-started article each show one")
  }
}
