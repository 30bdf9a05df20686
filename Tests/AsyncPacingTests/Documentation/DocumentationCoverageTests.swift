import Testing

/// Every public declaration of the library carries a doc comment with an example: the promise
/// the documentation makes, kept by reading the sources rather than by review.
@Suite struct DocumentationCoverageTests {
  /// A public declaration and the doc comment written above it.
  struct Declaration: CustomTestStringConvertible, Sendable {
    var file: String
    var line: Int
    var text: String
    var comment: [String]

    var testDescription: String { "\(file):\(line) \(text)" }
  }

  static let declarations: [Declaration] = SourceFiles.libraries.flatMap { file in
    publicDeclarations(in: file.lines, file: file.name)
  }

  @Test func theLibraryHasPublicDeclarations() {
    #expect(Self.declarations.count > 40, "the source scan found too few declarations")
  }

  @Test func theScanSeesCommentsAttributesAndSPI() {
    let source = """
      /// Documented.
      ///
      /// ```swift
      /// documented()
      /// ```
      @inlinable
      public func documented() {}
      public func undocumented() {}
      @_spi(Diagnostics) public enum Hidden {
        public static var member: Int { 0 }
      }
      public struct Visible {}
      """
    let found = Self.publicDeclarations(
      in: source.split(separator: "\n", omittingEmptySubsequences: false), file: "fixture")
    #expect(found.map(\.line) == [7, 8, 12])
    #expect(found.map { $0.comment.contains { $0.hasPrefix("```") } } == [true, false, false])
  }

  @Test(arguments: declarations)
  func hasADocCommentWithAnExample(_ declaration: Declaration) {
    #expect(!declaration.comment.isEmpty, "no doc comment")
    #expect(
      declaration.comment.contains { $0.hasPrefix("```") },
      "the doc comment has no example (a fenced code block)")
  }

  /// Public declarations outside SPI (members of an SPI type included), each with the `///`
  /// lines above it; attribute lines between the comment and the declaration are skipped.
  static func publicDeclarations(in lines: [Substring], file: String) -> [Declaration] {
    var found: [Declaration] = []
    var depth = 0
    var spiDepth: Int?
    for (index, line) in lines.enumerated() {
      let code = line.trimmingPrefix(while: \.isWhitespace)
      let depthBefore = depth
      if !code.hasPrefix("//") {
        let uncommented = code.split(separator: "//", maxSplits: 1).first ?? ""
        depth += uncommented.count { $0 == "{" } - uncommented.count { $0 == "}" }
      }
      if let spi = spiDepth {
        if depthBefore > spi { continue }
        spiDepth = nil
      }
      guard !code.hasPrefix("//"), code.starts(with: "public ") || code.contains(" public ")
      else { continue }
      var above = index - 1
      var isSPI = code.contains("@_spi")
      while above >= 0, lines[above].trimmingPrefix(while: \.isWhitespace).hasPrefix("@") {
        isSPI = isSPI || lines[above].contains("@_spi")
        above -= 1
      }
      if isSPI {
        spiDepth = depthBefore
        continue
      }
      var comment: [String] = []
      while above >= 0, lines[above].trimmingPrefix(while: \.isWhitespace).hasPrefix("///") {
        let text = lines[above].trimmingPrefix(while: \.isWhitespace).dropFirst(3)
        comment.insert(String(text.trimmingPrefix(while: \.isWhitespace)), at: 0)
        above -= 1
      }
      found.append(
        Declaration(file: file, line: index + 1, text: String(code), comment: comment))
    }
    return found
  }
}
