import FeelSVG
import FeelTestSupport
import Foundation
import Testing

/// The glyph file each of Castro's roles names (docs/controls.md, docs/svg.md "The glyphs").
private let castroGlyphs = [
  "rewind": "rewind.svg", "play": "play.svg", "pause": "pause.svg", "forward": "forward.svg",
  "grab": "grab-handle.svg",
]

/// A control's glyphs (`[skin.glyphs]`): converted at `feel notebook` time by FeelSVG into the
/// control's page entry; bad glyph files stop `feel controls` and `feel notebook` at the control
/// file's line and key. (Chromium draws them: Tests/Contract/Notebook/test_notebook_glyphs.py compares the
/// replay canvas with the browser's own rendering of each SVG file.)
@Suite("Control glyphs: SVG files to the notebook's canvas data")
struct GlyphTests {
  @Test("The notebook holds, for castro, each glyph's canvas data as FeelSVG converts the file")
  func castroNotebook() throws {
    let scratch = try TemporaryFolder()
    let output = scratch.url.appendingPathComponent("nb")
    let result = try runFeel([
      "notebook", "experiments/snap-damping-release.toml", "--output", output.path,
      "--max-points", "2", "--max-grid-points", "2", "--quiet",
    ])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.stderr.isEmpty, "\(result.errors)")
    let manifest = try assignedObject(
      String(contentsOf: output.appendingPathComponent("data/notebook.js"), encoding: .utf8),
      after: "window.FEEL_NOTEBOOK = ")
    let controls = try #require(manifest["controls"] as? [String: Any])
    let castro = try #require(controls["castro"] as? [String: Any])
    let glyphs = try #require(castro["glyphs"] as? [String: String])
    #expect(Set(glyphs.keys) == Set(castroGlyphs.keys))
    for (role, file) in castroGlyphs {
      let path = "experiments/glyphs/\(file)"
      // FeelSVG's library, on the file's bytes
      let data = try Data(contentsOf: repositoryRoot.appendingPathComponent(path))
      let document = try SVGReader.read(data)
      let converted = CanvasEmitter.emit(
        SVGEmitInput(document: document, name: "glyph", origin: "test"))
      #expect(glyphs[role].map { $0 + "\n" } == converted, "\(role)")
      // and what `feel svg FILE --to canvas` prints
      let printed = try runFeel(["svg", path, "--to", "canvas"])
      #expect(printed.status == 0, "\(printed.errors)")
      #expect(glyphs[role].map { $0 + "\n" } == printed.output, "\(role)")
      // the canvas data's own form: version 1, the file's view box, at least one path
      let text = try #require(glyphs[role])
      let json = try JSONSerialization.jsonObject(with: Data(text.utf8))
      let parsed = try #require(json as? [Any])
      #expect(parsed.first as? Int == CanvasEmitter.version)
      #expect((parsed[2] as? [Any])?.isEmpty == false, "\(role)")
    }
  }

  /// A copy of the test-only control's folder (Tests/Controls) whose control file gets
  /// `glyphs` as its `[skin.glyphs]` table, and `files` written beside it (name → text).
  private func copy(glyphs: String, files: [String: String] = [:]) throws -> (
    TemporaryFolder, String
  ) {
    let scratch = try TemporaryFolder()
    let copy = scratch.url.appendingPathComponent("experiments")
    try FileManager.default.copyItem(
      at: repositoryRoot.appendingPathComponent("Tests/Controls/experiments"), to: copy)
    let file = copy.appendingPathComponent("controls/hanging-card.toml")
    let text = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(
      of: "[export]", with: "[skin]\nname = \"generic\"\n\n[skin.glyphs]\n\(glyphs)\n[export]")
    try text.write(to: file, atomically: true, encoding: .utf8)
    for (name, body) in files {
      try body.write(
        to: copy.appendingPathComponent("controls/\(name)"), atomically: true, encoding: .utf8)
    }
    return (scratch, copy.path)
  }

  @Test("Bad glyph files: exit 2, one line naming the control file, line, key, what was expected")
  func badGlyphFiles() throws {
    let play = repositoryRoot.appendingPathComponent("experiments/glyphs/play.svg").path
    let cases: [(String, [String: String], String, String)] = [
      (
        "thumb = \"gone.svg\"\n", [:],
        "controls/hanging-card.toml:10: [skin.glyphs] key 'thumb': expected an SVG file's path, "
          + "relative to the control file, got \"gone.svg\"",
        "controls/gone.svg: no such file)"
      ),
      (
        "thumb = \"bad.svg\"\n",
        [
          "bad.svg":
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 8 8\"><path d=\"M1 1c0,x\"/></svg>"
        ],
        "controls/hanging-card.toml:10: [skin.glyphs] key 'thumb': expected an SVG file FeelSVG "
          + "can convert (docs/svg.md), got \"bad.svg\"",
        "path 1, offset 7: expected a number after 'c', got 'x')"
      ),
      (
        "thumb = \"\(play)\"\nhandle = \"broken.svg\"\n", ["broken.svg": "<svg><g></svg>"],
        "controls/hanging-card.toml:11: [skin.glyphs] key 'handle': expected an SVG file FeelSVG "
          + "can convert",
        "malformed XML"
      ),
      (
        "thumb = \"empty.svg\"\n",
        ["empty.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 8 8\"/>"],
        "controls/hanging-card.toml:10: [skin.glyphs] key 'thumb': expected an SVG file with a "
          + "shape to draw, got \"empty.svg\"",
        "it draws nothing)"
      ),
      (
        "thumb = \"text.svg\"\n", ["text.svg": "not svg \u{0}"],
        "controls/hanging-card.toml:10: [skin.glyphs] key 'thumb': expected an SVG file's path",
        "text.svg: "
      ),
    ]
    for (glyphs, files, message, reason) in cases {
      let (scratch, folder) = try copy(glyphs: glyphs, files: files)
      let output = scratch.url.appendingPathComponent("nb")
      for arguments in [
        ["controls", "--folder", folder],
        ["notebook", folder + "/hanging-card-spring.toml", "--output", output.path, "--quiet"],
      ] {
        let result = try runFeel(arguments)
        #expect(result.status == 2, "\(arguments) \(result.errors)")
        #expect(result.stdout.isEmpty, "\(arguments)")
        #expect(result.errorLines.count == 1, "\(result.errors)")
        #expect(result.errors.contains(message), "\(result.errors)")
        #expect(result.errors.contains(reason), "\(result.errors)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
      }
    }
  }

  @Test("A good glyph reaches the page entry of a control the generic skin draws")
  func genericThumb() throws {
    let play = repositoryRoot.appendingPathComponent("experiments/glyphs/play.svg").path
    let (scratch, folder) = try copy(glyphs: "thumb = \"\(play)\"\n")
    let listed = try runFeel(["controls", "--folder", folder])
    #expect(listed.status == 0, "\(listed.errors)")
    #expect(listed.output.contains("  glyph thumb: \(play)\n"))
    let output = scratch.url.appendingPathComponent("nb")
    let result = try runFeel([
      "notebook", folder + "/hanging-card-spring.toml", "--output", output.path, "--quiet",
    ])
    #expect(result.status == 0, "\(result.errors)")
    let manifest = try assignedObject(
      String(contentsOf: output.appendingPathComponent("data/notebook.js"), encoding: .utf8),
      after: "window.FEEL_NOTEBOOK = ")
    let control = try #require(
      (manifest["controls"] as? [String: Any])?["hanging-card"] as? [String: Any])
    let printed = try runFeel(["svg", play, "--to", "canvas"])
    #expect((control["glyphs"] as? [String: String])?["thumb"].map { $0 + "\n" } == printed.output)
  }
}
