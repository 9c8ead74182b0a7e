import FeelControl
import FeelNotebook
import FeelScene
import FeelTestSupport
import Foundation
import Testing

/// A hand-made experiment over the Castro release: snap damping × release distance.
private func releaseExperiment(
  title: String, axisName: String = "damping", dampings: [Double] = [0.2, 0.35, 0.8]
) throws -> NotebookExperiment {
  let base = try loadScene("experiments/scenes/castro-release-right-40.toml")
  let releases = [40.0, 80.0]
  return NotebookExperiment(
    id: "release", title: title, description: "First <p>aragraph.\n\nSecond & last.",
    file: "experiments/<release>.toml",
    axes: [
      NotebookAxis(
        name: axisName, values: dampings.map { .number($0) },
        preferred: dampings.firstIndex(of: 0.35)),
      NotebookAxis(name: "release_pt", values: releases.map { .number($0) }),
    ],
    metrics: [
      NotebookMetric(column: "start_pt", unit: "pt", definition: "<start>", isCount: false)
    ],
    band_pt: 0.5, item: 0,
    charts: [NotebookChart(name: "release \"chart\"", png: "charts/release.png", svg: nil)],
    scene: { c in
      var scene = base
      if case .snap(var snap) = scene.behaviors[0].kind {
        snap.damping = dampings[c[0]]
        scene.behaviors[0].kind = .snap(snap)
      }
      scene.items[0].center_pt.x = 160 + releases[c[1]]
      return scene
    },
    measure: { scene in NotebookMeasurement(values: [scene.items[0].center_pt.x], flags: []) },
    target: { _ in Point(160, 25) })
}

@Suite("Notebook build")
struct BuilderTests {
  static let hostile = "</script><img src=x onerror=alert(1)>"

  @Test("A hostile title, axis name and description are escaped in HTML and in the data")
  func hostileNames() throws {
    let experiment = try releaseExperiment(title: Self.hostile, axisName: "<b>" + Self.hostile)
    let (files, _) = NotebookBuilder.build([experiment], options: NotebookOptions(version: "x"))
    let html = try #require(files.first { $0.path == "index.html" }).contents
    let data = try #require(files.first { $0.path == "data/release.js" }).contents
    let manifest = try #require(files.first { $0.path == "data/notebook.js" }).contents
    #expect(!html.contains("<img src=x"))
    #expect(html.contains("&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;"))
    #expect(html.contains("<p class=\"description\">First &lt;p&gt;aragraph.</p>"))
    #expect(html.contains("alt=\"release &quot;chart&quot;\""))
    #expect(html.contains("<code>experiments/&lt;release&gt;.toml</code>"))
    for script in [data, manifest] {
      #expect(!script.contains("</script"))
      #expect(!script.contains("<img"))
    }
    #expect(data.contains("\\u003c/script\\u003e\\u003cimg src=x onerror=alert(1)\\u003e"))
  }

  @Test("Data script: every stored point, columns shared when equal, thread count irrelevant")
  func deterministic() throws {
    let experiment = try releaseExperiment(title: "Release")
    let one = NotebookBuilder.build([experiment], options: NotebookOptions(threads: 1))
    let two = NotebookBuilder.build([experiment], options: NotebookOptions(threads: 2))
    #expect(one.files == two.files)
    #expect(one.reports == two.reports)
    #expect(one.reports[0].storedPoints == 6)
    let data = one.files.first { $0.path == "data/release.js" }!.contents
    #expect(data.hasPrefix("// FeelLab notebook data for experiments/‹release>.toml"))
    #expect(data.contains(#"window.FEEL_NOTEBOOK_DATA["release"] = {"id":"release""#))
    #expect(data.contains(#""w":{"all":320}"#))
    // the metric as measured for each point of the grid, in grid order (damping outer,
    // release inner): the start x, 160 + 40 or 80 pt
    let grid = try #require(try assignedObject(data)["grid"] as? [String: Any])
    let text = try #require((grid["metrics"] as? [String])?.first)
    let values = try #require(GridMetricCodec.decode(text)).map(\.number)
    #expect(values == [200, 240, 200, 240, 200, 240])
  }

  @Test("The page gets each control the experiments name; the data names it and its constants")
  func controls() throws {
    let path = "experiments/controls/castro.toml"
    let castro = try ControlReader.parse(
      String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8), file: path)
    var experiment = try releaseExperiment(title: "Release")
    experiment.control = castro
    let (files, _) = NotebookBuilder.build([experiment])
    let manifest = try assignedObject(
      files.first { $0.path == "data/notebook.js" }!.contents, after: "window.FEEL_NOTEBOOK = ")
    let controls = try #require(manifest["controls"] as? [String: Any])
    #expect(Array(controls.keys) == ["castro"])
    let entry = try #require(controls["castro"] as? [String: Any])
    #expect(entry["skin"] as? String == "castro")
    #expect(entry["swiftType"] as? String == "ScrubberFeel")
    let constants = try #require(entry["constants"] as? [[String: Any]])
    #expect(constants.compactMap { $0["name"] as? String } == castro.constants.map(\.name))
    let comps = try #require(entry["comps"] as? [[String: Any]])
    #expect(comps.first?["name"] as? String == "Castro 2014")
    // The data: its control, and the constants its scenes hold (damping per point, the bar's
    // width for all); a release has no push, gravity or wall.
    let data = try assignedObject(files.first { $0.path == "data/release.js" }!.contents)
    #expect(data["control"] as? String == "castro")
    let points = try #require(data["points"] as? [String: Any])
    let values = try #require(points["constants"] as? [String: Any])
    #expect(Set(values.keys) == ["damping", "width"])
    // The stored points, then the exact comps: Castro's phone comps set the bar's width, which
    // no axis here moves, so `feel notebook` computes each at the first selection (damping
    // 0.35, the base scene's), after the six stored points.
    #expect(values["damping"] as? [Double] == [0.2, 0.2, 0.35, 0.35, 0.8, 0.8, 0.35, 0.35, 0.35])
    #expect(values["width"] as? [Double] == [320, 320, 320, 320, 320, 320, 375, 393, 430])
    let exact = try #require(data["exactComps"] as? [[String: Any]])
    #expect(
      exact.compactMap { $0["name"] as? String } == [
        "375 pt phone", "393 pt phone", "430 pt phone",
      ])
    #expect(exact.compactMap { $0["point"] as? Int } == [6, 7, 8])
    #expect(exact.allSatisfy { $0["base"] as? Int == 2 }, "the first selection: damping 0.35")
    // The codec's layout as TrajectoryCodec's documentation gives it: 5 bits per character.
    let codec = try #require(manifest["codec"] as? [String: Any])
    #expect(codec["payloadBits"] as? Int == 5)
  }

  @Test("An experiment without a control: no controls, no constants, the generic skin only")
  func noControl() throws {
    let (files, _) = NotebookBuilder.build([try releaseExperiment(title: "Release")])
    let manifest = try assignedObject(
      files.first { $0.path == "data/notebook.js" }!.contents, after: "window.FEEL_NOTEBOOK = ")
    #expect((manifest["controls"] as? [String: Any])?.isEmpty == true)
    #expect(manifest["skins"] as? [String] == ["generic"])
    let data = try assignedObject(files.first { $0.path == "data/release.js" }!.contents)
    #expect(data["control"] is NSNull)
    let points = try #require(data["points"] as? [String: Any])
    #expect((points["constants"] as? [String: Any])?.isEmpty == true)
  }

  @Test("The scene template with each point's values reads back to that point's scene")
  func sceneTemplate() throws {
    let experiment = try releaseExperiment(title: "Release")
    let (files, _) = NotebookBuilder.build([experiment])
    let data = try assignedObject(files.first { $0.path == "data/release.js" }!.contents)
    let template = try #require(data["toml"] as? [Any])
    let points = try #require(data["points"] as? [String: Any])
    let slots = try #require(points["slots"] as? [[String]])
    #expect(slots.count == 6)
    // Only the start x and the damping vary: two slots.
    #expect(slots[0] == ["200", "0.2"])
    #expect(slots[5] == ["240", "0.8"])
    for (index, coordinates) in [[0, 0], [0, 1], [1, 0], [1, 1], [2, 0], [2, 1]].enumerated() {
      let text = template.map { piece -> String in
        if let slot = piece as? Int { return slots[index][slot] }
        return piece as? String ?? "?"
      }.joined()
      #expect(try SceneReader.parse(text, file: "point.toml") == experiment.scene(coordinates))
    }
  }

  @Test("index.html loads the listed scripts in order; each listed asset ships; none is unlisted")
  func assets() throws {
    let directory = try #require(NotebookAssets.directory)
    let fm = FileManager.default
    let shipped = try fm.contentsOfDirectory(atPath: directory.appendingPathComponent("js").path)
    // The skins are the js/skin-NAME.js files, whatever they are: generic among them.
    let skins = NotebookAssets.skins(amongFiles: shipped)
    #expect(skins.contains("generic"))
    let (files, _) = NotebookBuilder.build(
      [try releaseExperiment(title: "Release")], options: NotebookOptions(skins: skins))
    let html = try #require(files.first { $0.path == "index.html" }).contents
    let sources = html.components(separatedBy: "<script src=\"").dropFirst().map {
      String($0.prefix { $0 != "\"" })
    }
    #expect(sources == ["data/notebook.js"] + NotebookAssets.scripts(skins: skins))
    // the skins load right after the stage, which defines their contract
    let stage = try #require(sources.firstIndex(of: "js/stage.js"))
    #expect(
      Array(sources[(stage + 1)...].prefix(skins.count)) == skins.map { "js/skin-\($0).js" })
    #expect(html.contains("<link rel=\"stylesheet\" href=\"notebook.css\">"))
    for name in NotebookAssets.files(skins: skins) {
      #expect(fm.fileExists(atPath: directory.appendingPathComponent(name).path), "\(name)")
    }
    #expect(
      Set(shipped.filter { $0.hasSuffix(".js") }.map { "js/" + $0 })
        == Set(NotebookAssets.scripts(skins: skins)))
  }

  @Test("Coarsened grids say so in the page")
  func coarsened() throws {
    // 5 dampings × 2 releases, at most 6 points: every 2nd damping (0.1, 0.35, 0.8) × both.
    let experiment = try releaseExperiment(title: "Release", dampings: [0.1, 0.2, 0.35, 0.5, 0.8])
    let (files, reports) = NotebookBuilder.build(
      [experiment], options: NotebookOptions(maxStoredPoints: 6))
    #expect(reports[0].storedPoints == 6)
    #expect(reports[0].strides == [2, 1])
    let html = files.first { $0.path == "index.html" }!.contents
    #expect(html.contains("motion stored for 6 points (every 2nd damping value, plus"), "\(html)")
  }
}
