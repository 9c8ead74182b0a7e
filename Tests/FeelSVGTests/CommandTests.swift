import FeelTestSupport
import Foundation
import Testing

/// `feel svg` end to end: output, warnings, errors (exit 2, nothing on standard output).
@Suite struct SVGCommandTests {
  /// The issue's example, to the letter.
  @Test func issueErrorMessage() throws {
    let scratch = try TemporaryFolder()
    try scratch.write(
      """
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
        <path d="M0 0L1 1"/>
        <path d="M60.482,613.46c0,x-17.859,0.518-26.997,0"/>
      </svg>
      """, to: "icons/rest.svg")
    let result = try runFeel(["svg", "icons/rest.svg"], in: scratch.url)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(
      result.errorLines == [
        "feel: error: icons/rest.svg: path 2, offset 17: expected a number after 'c', got 'x'",
        "  M60.482,613.46c0,x-17.859,0.518-26.997,0",
        "                   ^",
      ])
  }

  @Test(arguments: [
    (["svg", "nowhere.svg"], "nowhere.svg: cannot read the SVG file: no such file"),
    (["svg", "g.svg", "--to", "pdf"], "--to"),
    (["svg", "g.svg", "--name", "not-a-name"], "--name: expected an identifier"),
    (["svg", "g.svg", "--fit", "10"], "--fit: expected W,H"),
    (["svg", "g.svg", "--fit", "10,-1"], "--fit: expected W,H"),
    (["svg", "g.svg", "--scale", "0"], "--scale: expected a positive number"),
    (["svg", "g.svg", "--scale", "2", "--fit", "1,1"], "got both"),
    (["svg", "bad.svg"], "bad.svg: line 1, column"),
  ])
  func badUse(_ arguments: [String], _ fragment: String) throws {
    let scratch = try TemporaryFolder()
    try scratch.write(svg("<path d=\"M0 0L1 1\"/>"), to: "g.svg")
    try scratch.write("<svg", to: "bad.svg")
    let result = try runFeel(arguments, in: scratch.url)
    #expect(result.status == 2, "\(result.errors)")
    #expect(result.stdout.isEmpty)
    #expect(result.errors.contains(fragment), "\(result.errors)")
  }

  @Test func warningsGoToStandardError() throws {
    let scratch = try TemporaryFolder()
    try scratch.write(svg("<path d=\"M0 0L1 1\"/>\n<text>hi</text>"), to: "w.svg")
    let result = try runFeel(["svg", "w.svg", "--to", "json"], in: scratch.url)
    #expect(result.status == 0)
    #expect(
      result.errorLines == [
        "feel: warning: w.svg: line 3: <text> skipped: text is not supported (convert it to outlines)"
      ])
    #expect(result.output.hasPrefix("{"))
  }

  /// --output: the file appears complete, nothing on standard output, no temporary left.
  @Test func outputFile() throws {
    let scratch = try TemporaryFolder()
    try scratch.write(svg("<path d=\"M0 0L1 1\"/>"), to: "g.svg")
    let result = try runFeel(
      ["svg", "g.svg", "--to", "canvas", "--fit", "20,10", "--output", "out/g.json"],
      in: scratch.url)
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.stdout.isEmpty)
    let written = try String(contentsOfFile: scratch.path("out/g.json"), encoding: .utf8)
    #expect(written.hasPrefix("[1,[0,0,20,10],"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("out")) == ["g.json"])
  }

  @Test func everyFormatForEveryGlyph() throws {
    for url in glyphFiles {
      for format in ["swift", "objc", "json", "canvas"] {
        let result = try runFeel(["svg", url.path, "--to", format, "--name", "glyph"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(url.lastPathComponent) \(format)")
        #expect(!result.output.isEmpty)
      }
    }
  }
}
