import FeelSVG
import FeelTestSupport
import Foundation
import Testing

/// The committed glyphs (experiments/glyphs/*.svg).
let glyphFiles: [URL] = {
  let folder = repositoryRoot.appendingPathComponent("experiments/glyphs")
  let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
  return names.filter { $0.hasSuffix(".svg") }.sorted().map { folder.appendingPathComponent($0) }
}()

func glyphInput(_ url: URL, sizing: SVGSizing = .viewBox) throws -> SVGEmitInput {
  let document = try SVGReader.read(Data(contentsOf: url), options: SVGReadOptions(sizing: sizing))
  let name = SVGGlyphName.from(fileName: url.lastPathComponent)
  return SVGEmitInput(document: document, name: name, origin: "feel svg \(url.lastPathComponent)")
}

@Suite struct EmitterTests {
  @Test func glyphsAreCommittedAndClean() throws {
    #expect(
      glyphFiles.map(\.lastPathComponent) == [
        "dial-pointer.svg", "forward.svg", "grab-handle.svg", "pause.svg", "play.svg",
        "quarter-rest.svg", "rewind.svg",
      ])
    for url in glyphFiles {
      let input = try glyphInput(url)
      #expect(
        input.document.warnings.isEmpty, "\(url.lastPathComponent): \(input.document.warnings)")
      #expect(!input.document.paths.isEmpty)
    }
  }

  /// The JSON has exactly the keys plus the documented additions, and its numbers
  /// are the document's.
  @Test(arguments: glyphFiles)
  func jsonContract(_ url: URL) throws {
    let input = try glyphInput(url)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(SVGJSON(input).text.utf8)) as? [String: Any])
    #expect(Set(json.keys) == ["paths", "view_box"])
    let paths = try #require(json["paths"] as? [[String: Any]])
    #expect(paths.count == input.document.paths.count)
    let contract: Set<String> = [
      "fill", "fill_rule", "stroke", "stroke_width", "opacity", "commands",
    ]
    let additions: Set<String> = [
      "fill_opacity", "stroke_opacity", "stroke_line_cap", "stroke_line_join",
      "stroke_miter_limit", "element", "index", "line", "id",
    ]
    for (path, drawn) in zip(paths, input.document.paths) {
      #expect(Set(path.keys) == contract.union(additions))
      let fill = path["fill"] as? String
      #expect(fill == drawn.style.fill?.hex)
      #expect(fill == nil || fill!.wholeMatch(of: /#[0-9a-f]{6}/) != nil)
      #expect(["nonzero", "evenodd"].contains(path["fill_rule"] as? String))
      let commands = try #require(path["commands"] as? [[Any]])
      #expect(commands.count == drawn.commands.count)
      for (command, expected) in zip(commands, drawn.commands) {
        #expect(command.first as? String == expected.letter)
        let numbers = command.dropFirst().compactMap { ($0 as? NSNumber)?.doubleValue }
        #expect(numbers.count == expected.numbers.count)
        for (a, b) in zip(numbers, expected.numbers) {
          #expect(abs(a - b) <= 1e-12 * max(1, abs(b)))
        }
      }
    }
  }

  @Test(arguments: glyphFiles)
  func canvasData(_ url: URL) throws {
    let input = try glyphInput(url, sizing: .fit(width_pt: 60, height_pt: 60))
    let data = try #require(
      try JSONSerialization.jsonObject(with: Data(CanvasEmitter.emit(input).utf8)) as? [Any])
    #expect(data.count == 3)
    #expect((data[0] as? NSNumber)?.intValue == 1)
    #expect((data[1] as? [NSNumber])?.map(\.doubleValue) == [0, 0, 60, 60])
    let paths = try #require(data[2] as? [[Any]])
    #expect(paths.count == input.document.paths.count)
    for path in paths {
      #expect(path.count == 11)
      let ops = try #require(path[10] as? [Any])
      var i = 0
      while i < ops.count {
        let letter = try #require(ops[i] as? String)
        let arity = ["M": 2, "L": 2, "C": 6, "Z": 0][letter]
        #expect(arity != nil)
        i += 1 + (arity ?? 0)
      }
      #expect(i == ops.count)
    }
  }

  /// The Swift output is valid Swift (`swiftc -parse`); compiling it against Core Graphics
  /// needs macOS (docs/svg.md).
  @Test(arguments: glyphFiles)
  func swiftParses(_ url: URL) throws {
    let scratch = try TemporaryFolder()
    let file = try scratch.write(SwiftEmitter.emit(try glyphInput(url)), to: "Glyph.swift")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swiftc", "-parse", file.path]
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(message)")
    #expect(message.isEmpty, "\(message)")
  }

  @Test func objectiveCUsesTheCFunctions() throws {
    let text = ObjectiveCEmitter.emit(
      try glyphInput(glyphFiles.first { $0.lastPathComponent == "play.svg" }!))
    for call in [
      "#import <CoreGraphics/CoreGraphics.h>", "CGPathCreateMutable()",
      "CGPathMoveToPoint(path, NULL, 7, 7.15);",
      "CGPathAddCurveToPoint(path, NULL,", "CGPathCloseSubpath(path);",
      "CGPathRef PlayCreatePath(void)",
      "void PlayDraw(CGContextRef context)",
    ] {
      #expect(text.contains(call), "\(call)")
    }
  }

  @Test(arguments: [
    (42.623000000000005, "42.623"), (60.482 - 17.859, "42.623"), (1, "1"), (-0.0, "0"),
    (0.1 + 0.2, "0.3"), (1e-5, "1e-05"), (123456.789, "123456.789"),
    (1.0 / 3, "0.3333333333333333"),
  ])
  func numberFormat(_ value: Double, _ text: String) {
    #expect(SVGNumberFormat.format(value) == text)
    #expect(abs(Double(text)! - value) <= 1e-12 * max(1, abs(value)))
  }

  @Test func glyphNames() {
    #expect(SVGGlyphName.from(fileName: "icons/quarter-rest.svg") == "quarterRest")
    #expect(SVGGlyphName.from(fileName: "2x play.svg") == "glyph2xPlay")
    #expect(SVGGlyphName.from(fileName: "struct.svg") == "glyph")
    #expect(SVGGlyphName.from(fileName: "ö.svg") == "glyph")
    #expect(
      !SVGGlyphName.isValid("a-b") && !SVGGlyphName.isValid("9a") && SVGGlyphName.isValid("a_9"))
  }

  /// Text from the file (ids) and the command line cannot break out of a comment.
  @Test func hostileTextStaysInComments() throws {
    let doc = try SVGReader.read(
      Data(svg("<path id=\"x&#10;}&#10;import Evil //\" d=\"M0 0L1 1\"/>").utf8))
    let input = SVGEmitInput(document: doc, name: "g", origin: "feel svg a\nb.svg")
    for text in [SwiftEmitter.emit(input), ObjectiveCEmitter.emit(input)] {
      #expect(!text.contains("\nimport Evil"))
      #expect(!text.contains("\nb.svg"))
    }
    let json = try JSONSerialization.jsonObject(with: Data(SVGJSON(input).text.utf8))
    let id = ((json as? [String: Any])?["paths"] as? [[String: Any]])?.first?["id"] as? String
    #expect(id == "x\n}\nimport Evil //")
  }
}
