import FeelExport
import FeelNotebook
import FeelScene
import FeelTestSupport
import Foundation
import Testing

/// Castro's release, snap damping × release distance; `withSnap` false drops the snap (a scene
/// with nothing to fit).
private func releases(withSnap: Bool = true, dampings: [Double] = [0.2, 0.35, 0.8]) throws
  -> NotebookExperiment
{
  let base = try loadScene("experiments/scenes/castro-release-right-40.toml")
  let releases = [20.0, 80.0]
  return NotebookExperiment(
    id: "release", title: "Releases", description: "", file: "experiments/release.toml",
    axes: [
      NotebookAxis(
        name: "damping", values: dampings.map { .number($0) },
        preferred: dampings.firstIndex(of: 0.35)),
      NotebookAxis(name: "release_pt", values: releases.map { .number($0) }),
    ],
    metrics: [NotebookMetric(column: "start_pt", unit: "pt", definition: "", isCount: false)],
    band_pt: 0.5, item: 0, charts: [],
    scene: { c in
      var scene = base
      if case .snap(var snap) = scene.behaviors[0].kind {
        snap.damping = dampings[c[0]]
        scene.behaviors[0].kind = .snap(snap)
      }
      if !withSnap { scene.behaviors.remove(at: 0) }
      scene.items[0].center_pt.x = 160 + releases[c[1]]
      return scene
    },
    measure: { scene in NotebookMeasurement(values: [scene.items[0].center_pt.x], flags: []) },
    target: { _ in Point(160, 25) })
}

/// The data script's `export` object (the literal is JSON).
private func exportObject(_ script: String) throws -> [String: Any] {
  try #require(assignedObject(script)["export"] as? [String: Any])
}

/// Stored point `i`'s texts, rebuilt as docs/notebook.md describes the format: each text is
/// its shape's pieces with the numbers (split at spaces) between them; nil: no report.
private func texts(_ export: [String: Any], point i: Int) throws -> [String]? {
  let shapes = try #require(export["shapes"] as? [[String]])
  let entry: Any? =
    (export["points"] as? [Any]).map { $0[i] } ?? (export["points"] as? [String: Any])?["all"]
  guard let fields = entry as? [Any] else { return nil }
  return try stride(from: 0, to: fields.count, by: 2).map { k in
    let pieces = shapes[try #require(fields[k] as? Int)]
    let numbers = try #require(fields[k + 1] as? String).split(separator: " ").map(String.init)
    #expect(pieces.count == numbers.count + 1)
    var text = pieces[0]
    for (n, number) in numbers.enumerated() { text += number + pieces[n + 1] }
    return text
  }
}

@Suite("The notebook's feel export data")
struct ExportDataTests {
  static let targets: [ExportTarget] = [.swiftui, .caspring, .compose, .css]

  @Test("Each stored point's texts are feel export's report of its scene")
  func equalsTheReport() throws {
    let experiment = try releases()
    let built = NotebookBuilder.build([experiment])
    let script = try #require(built.files.first { $0.path == "data/release.js" }).contents
    let export = try exportObject(script)
    #expect(export["targets"] as? [String] == ["swiftui", "caspring", "compose", "css"])
    var cannotMatch = 0
    for (i, c) in [[0, 0], [0, 1], [1, 0], [1, 1], [2, 0], [2, 1]].enumerated() {
      let report = try ExportReport(experiment.scene(c), name: "release", targets: Self.targets)
      var expected = [report.summaryLines.joined(separator: "\n")]
      for target in Self.targets {
        let section = try #require(report.section(target))
        expected += [section.code, try #require(section.error)]
      }
      #expect(try texts(export, point: i) == expected, "point \(c)")
      if report.singleSpringMatches == false { cannotMatch += 1 }
    }
    // the 80 pt releases are the four-joint snap one spring cannot match (docs/export.md)
    #expect(cannotMatch >= 1)
    #expect(built.reports[0].exportPoints == 6)
  }

  @Test("A scene with nothing to fit holds feel export's message")
  func nothingToFit() throws {
    let experiment = try releases(withSnap: false)
    let built = NotebookBuilder.build([experiment])
    let script = try #require(built.files.first { $0.path == "data/release.js" }).contents
    let export = try exportObject(script)
    let message: String
    do {
      _ = try ExportReport(experiment.scene([0, 0]), name: "release", targets: Self.targets)
      Issue.record("expected no motion to fit")
      return
    } catch {
      message = error.description
    }
    #expect(message.hasPrefix("no motion towards a target"))
    for i in 0..<6 { #expect(try texts(export, point: i) == [message]) }
    // beyond the cap too: the message needs no simulation
    let capped = NotebookBuilder.build([experiment], options: NotebookOptions(maxExportPoints: 1))
    let cappedScript = try #require(capped.files.first { $0.path == "data/release.js" }).contents
    for i in 0..<6 { #expect(try texts(exportObject(cappedScript), point: i) == [message]) }
  }

  @Test("Beyond --max-export-points: every k-th stored value, with the base scene's")
  func capped() throws {
    let experiment = try releases(dampings: [0.1, 0.2, 0.35, 0.5, 0.8])
    let built = NotebookBuilder.build(
      [experiment], options: NotebookOptions(maxExportPoints: 2))
    let script = try #require(built.files.first { $0.path == "data/release.js" }).contents
    let export = try exportObject(script)
    let have = try (0..<10).filter { try texts(export, point: $0) != nil }
    // The damping axis keeps its ends and the base scene's 0.35 (thinning never drops
    // those), the release axis its two values: 3 × 2 of the 10 stored points.
    #expect(have == [0, 1, 4, 5, 8, 9])
    #expect(built.reports[0].exportPoints == 6)
    #expect(export["count"] as? Int == 6)
    #expect(export["strides"] as? [Int] == [4, 1])
  }

  @Test("Texts cut at their numbers rebuild exactly and share shapes")
  func codec() {
    let texts = [
      "let spring = Spring(response: 0.1913, dampingRatio: 0.5915) // x0 ios7 (-1, 0) 1e-5",
      "let spring = Spring(response: 0.2671, dampingRatio: 0.678) // x0 ios7 (-1, 0) 2.5E+3",
      "linear(0, 0.25 10%, 1)", "linear(0, 0.5 20%, 0.9 50%, 1)", "no numbers", "",
    ]
    let codec = TextTemplateCodec(texts)
    for i in texts.indices { #expect(codec.text(i) == texts[i]) }
    #expect(codec.encoded[0].shape == codec.encoded[1].shape)
    // the numbers common to both springs ("-1", "0") are folded into the shape
    #expect(codec.encoded[0].numbers == "0.1913 0.5915 1e-5")
    #expect(codec.shapes.count == 5)
  }
}
