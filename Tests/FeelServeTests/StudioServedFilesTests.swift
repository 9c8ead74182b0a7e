import FeelCommandSupport
import FeelCore
import FeelTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import FeelServe

/// `feel serve CONTROL SCENE` (docs/studio.md, "Usage"): a control file and a scene given
/// without an experiment are shown by the studio (the control a group, the scene under it),
/// with sliders and no re-sweep; a scene that is an experiment's base scene offers the
/// re-sweep of that experiment. Expected values: the files given (Tests/Controls/bottom-sheet,
/// a control and a scene no experiment under experiments/ names) and the committed bottom sheet
/// experiment's axes.
@Suite(.serialized) struct StudioServedFilesTests {
  static let folder = "Tests/Controls/bottom-sheet"
  static let control = folder + "/controls/bottom-sheet.toml"
  static let scene = folder + "/scenes/bottom-sheet.toml"

  static func decoded(_ text: [UInt8]) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text)) as? [String: Any])
  }

  @Test("files are sorted by kind; a scene or control alone shows no experiment")
  func sortedByKind() throws {
    try ServeHTTPTests.inRepository()
    let given = try ServeFiles.sorted([
      Self.control, Self.scene, "experiments/sheet-rubber-band.toml",
    ])
    #expect(given.controls == [Self.control])
    #expect(given.scenes == [Self.scene])
    #expect(given.experiments == ["experiments/sheet-rubber-band.toml"])
    #expect(try ServeFiles.sorted([Self.scene]).experiments.isEmpty)
    let all = try ServeFiles.sorted([])
    #expect(all.experiments.contains("experiments/sheet-rubber-band.toml"))
    #expect(throws: FeelError.self) {
      try ServeFiles.sorted([Self.folder + "/controls/no-such.toml"])
    }
  }

  @Test("a control and a scene given: the control's group lists the scene, with its sliders")
  func controlAndSceneAlone() throws {
    try ServeHTTPTests.inRepository()
    let served = try ServeFiles.sorted([Self.control, Self.scene])
    let catalog = ServeRoutes.catalog(served)
    #expect(catalog.errors.isEmpty)
    #expect(catalog.first == Self.scene)
    #expect(ServeRoutes.catalog(try ServeFiles.sorted([Self.control])).first == Self.scene)
    #expect(ServeRoutes.catalog(ServeFiles(experiments: [])).first == nil)
    let group = try #require(catalog.groups.first { $0.control == Self.control })
    #expect(group.experiment == nil)
    // the scene given first; then those of the scenes folder that hold its constants (the
    // sheets of experiments/scenes, whose experiment is not served)
    #expect(group.scenes.first?.path == Self.scene)
    #expect(group.scenes.filter { $0.path == Self.scene }.count == 1)
    let request = try APIRequest.decode(
      ServeRoutes.StudioSceneRequest.self,
      Array(#"{"scene": "\#(Self.scene)", "group": "\#(group.name)"}"#.utf8),
      form: ServeRoutes.StudioSceneRequest.form)
    let answer = try ServeRoutes.studioScene(request, served: served)
    #expect(answer.sweep == nil)
    // every constant of the control file has a slider here: two paths and the gap
    let control = try InputFile.control(Self.control)
    #expect(answer.constants.map(\.name) == control.constants.map(\.name))
    #expect(answer.constants.allSatisfy { $0.value != nil })
    #expect(answer.constants.filter(\.gap).map(\.name) == ["stop"])
    // the live session opens the scene without its touches: the designer's finger takes them
    #expect(!answer.scene_toml.contains("[[touch]]"))
  }

  @Test("an experiment's base scene offers its re-sweep: its axes, metrics and grid size")
  func baseSceneOffersTheResweep() throws {
    try ServeHTTPTests.inRepository()
    let served = try ServeFiles.sorted(["experiments/sheet-rubber-band.toml"])
    let request = try APIRequest.decode(
      ServeRoutes.StudioSceneRequest.self,
      Array(
        #"{"scene": "experiments/scenes/sheet-pull-up.toml", "set": {"behavior.sheet-drag.rubber_band": 0.3}}"#
          .utf8),
      form: ServeRoutes.StudioSceneRequest.form)
    let sweep = try #require(try ServeRoutes.studioScene(request, served: served).sweep)
    let experiment = try InputFile.experimentFiles("experiments/sheet-rubber-band.toml").experiment
    #expect(sweep.experiment == "experiments/sheet-rubber-band.toml")
    #expect(sweep.metrics == experiment.metrics.map(\.column))
    #expect(sweep.points == 11 * 5)
    #expect(sweep.axes.map(\.name) == ["rubber_band", "past_pt"])
    let band = sweep.axes[0]
    #expect(band.path == "behavior.sheet-drag.rubber_band")
    #expect(band.numbers?.map(\.text) == (0...10).map { JSONNumber(Double($0) / 10).text })
    #expect(band.value?.text == "0.3")  // the scene's value with `set` applied
    let past = sweep.axes[1]
    #expect(past.path == "touch.up.drag.to.1")
    #expect([past.scale.text, past.offset.text] == ["-1", "130"])
    #expect(past.value == nil)  // the studio's scene has no touches: the finger is the page's
    // another scene of the same group is no experiment's base scene: no re-sweep
    let other = try APIRequest.decode(
      ServeRoutes.StudioSceneRequest.self,
      Array(#"{"scene": "experiments/scenes/sheet-detents.toml"}"#.utf8),
      form: ServeRoutes.StudioSceneRequest.form)
    #expect(try ServeRoutes.studioScene(other, served: served).sweep == nil)
  }

  @Test("an experiment outside experiments/ brings its control beside it, as notebook does")
  func experimentsControlBesideIt() async throws {
    try ServeHTTPTests.inRepository()
    // The bottom sheet's folder, away from experiments/: no experiments/controls/ holds it.
    let folder = try TemporaryFolder.inRepository()
    try folder.copy(Self.folder, to: "sheet")
    let experiment = folder.relative("sheet/bottom-sheet-stop.toml")
    let controlFile = folder.relative("sheet/controls/bottom-sheet.toml")
    let control = try InputFile.control(controlFile)
    let app = try ServeHarness.onRouter(experiments: [experiment])
    try await app.test(.router) { client in
      let response = try await client.execute(
        uri: "/api/studio", method: .get, headers: ServeHTTPTests.bearer)
      #expect(response.status == .ok)
      let catalog = try Self.decoded(Array(buffer: response.body))
      #expect((catalog["errors"] as? [String]) == [])
      let groups = try #require(catalog["groups"] as? [[String: Any]])
      let mine = groups.filter { ($0["experiment"] as? String) == experiment }
      try #require(mine.count == 1)
      let group = mine[0]
      #expect(group["control"] as? String == controlFile)
      #expect(group["name"] as? String == control.name)
      let constants = try #require(group["constants"] as? [[String: Any]])
      #expect(constants.compactMap { $0["name"] as? String } == control.constants.map(\.name))
      let scenes = try #require(group["scenes"] as? [[String: Any]])
      #expect(
        scenes.contains {
          ($0["path"] as? String) == folder.relative("sheet/scenes/bottom-sheet.toml")
        })
    }
  }

  @Test(
    "an experiment given as ./FOLDER/x.toml: its control and scenes without the ./, once",
    arguments: [false, true])
  func experimentsControlThroughADotPath(controlGiven: Bool) throws {
    try ServeHTTPTests.inRepository()
    let folder = try TemporaryFolder.inRepository()
    try folder.copy(Self.folder, to: "sheet")
    let experiment = "./" + folder.relative("sheet/bottom-sheet-stop.toml")
    let controlFile = folder.relative("sheet/controls/bottom-sheet.toml")
    // The control file found beside the experiment only, or given too, spelt without the ./:
    // one group either way, not two.
    let catalog = ServeRoutes.catalog(
      ServeFiles(experiments: [experiment], controls: controlGiven ? [controlFile] : []))
    #expect(catalog.errors == [])
    let groups = catalog.groups.filter {
      $0.control?.hasSuffix("controls/bottom-sheet.toml") == true
    }
    try #require(groups.count == 1, "\(groups.map(\.control))")
    #expect(groups[0].control == controlFile)
    #expect(groups[0].experiment == experiment)
    let scene = folder.relative("sheet/scenes/bottom-sheet.toml")
    #expect(groups[0].scenes.contains { $0.path == scene }, "\(groups[0].scenes.map(\.path))")
    #expect(!groups[0].scenes.contains { $0.path.hasPrefix("./") })
  }

  @Test("an experiment whose control is found nowhere: the notebook's error, no group")
  func experimentsControlMissing() throws {
    try ServeHTTPTests.inRepository()
    let folder = try TemporaryFolder.inRepository()
    try folder.copy(Self.folder, to: "sheet")
    let text = try String(
      contentsOf: folder.url.appendingPathComponent("sheet/bottom-sheet-stop.toml"), encoding: .utf8
    )
    let misspelt = text.replacingOccurrences(
      of: #"control = "bottom-sheet""#, with: #"control = "bottom-shet""#)
    try #require(misspelt != text)
    try folder.write(misspelt, to: "sheet/misspelt.toml")
    let experiment = folder.relative("sheet/misspelt.toml")
    let catalog = ServeRoutes.catalog(ServeFiles(experiments: [experiment]))
    #expect(!catalog.groups.contains { $0.experiment == experiment })
    var notebook = ""
    do throws(FeelError) {
      _ = try NotebookInputs(experimentFiles: [experiment], charts: "out/plots")
    } catch {
      notebook = error.description
    }
    #expect(notebook.contains("control"))
    #expect(notebook.contains("bottom-sheet"))  // the suggestion: the control that is there
    #expect(catalog.errors == [notebook])
  }

  @Test("/api/gap through a control file equals /api/gap through its experiment")
  func gapThroughTheControl() async throws {
    try ServeHTTPTests.inRepository()
    try await ServeHTTPTests.application().test(.router) { client in
      func gap(_ through: [String: Any]) async throws -> (HTTPResponse.Status, [UInt8]) {
        var body: [String: Any] = [
          "scene": Self.scene, "set": [:] as [String: Any], "constant": "stop", "gap_pt": 7.5,
        ]
        body.merge(through) { $1 }
        let response = try await client.execute(
          uri: "/api/gap", method: .post, headers: ServeHTTPTests.bearer,
          body: ServeHTTPTests.json(body))
        return (response.status, Array(buffer: response.body))
      }
      let viaExperiment = try await gap(["experiment": Self.folder + "/bottom-sheet-stop.toml"])
      let viaControl = try await gap(["control": Self.control])
      #expect(viaExperiment.0 == .ok)
      #expect(viaControl.0 == .ok)
      #expect(viaControl.1 == viaExperiment.1)
      let set = try #require(try Self.decoded(viaControl.1)["set"] as? [String: Double])
      #expect(Set(set.keys) == ["boundary.top-stop.from.1", "boundary.top-stop.to.1"])
      // both, or neither: the contract's message
      let both = try await gap([
        "experiment": Self.folder + "/bottom-sheet-stop.toml", "control": Self.control,
      ])
      #expect(both.0 == .badRequest)
      let message = try #require(try Self.decoded(both.1)["error"] as? String)
      #expect(message.hasSuffix("(or 'control', a control file's path: one of the two), got both"))
    }
  }
}
