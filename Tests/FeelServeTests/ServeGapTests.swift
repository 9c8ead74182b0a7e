import FeelScene
import FeelTestSupport
import Foundation
import HummingbirdTesting
import Testing

@testable import FeelServe

/// `POST /api/gap` (docs/http-api.md): the boundary coordinates a `gap_to` constant's value
/// stands for (Castro's wall offset). Expected coordinates from the closed form (the wall `gap`
/// beyond the bar's edge at rest: its snap point ∓ half its width), never from the server; the
/// run with those values set equals `feel run --set`. In a scene with neither a snap nor a
/// target (a bar that falls onto its wall, Tests/Controls/bar-falls-to-wall), the walls
/// /api/gap places for a gap read back as that gap in `feel notebook`'s data (the one rest
/// rule, ControlConstant.gapRest_pt). Bad bodies: 400 naming the key; a path out of the root:
/// 403.
@Suite(.serialized, .timeLimit(.minutes(15))) struct ServeGapTests {
  static let experiment = "experiments/wall-offset-damping.toml"
  /// A gap set as wall coordinates (the edge − the gap) and read back (the edge − the
  /// coordinate): two roundings of pt values in double, far below anything drawn.
  static let gapReadBack_pt = 1e-9
  static let left = "experiments/scenes/castro-tap-hint-left.toml"
  static let right = "experiments/scenes/castro-tap-hint-right.toml"

  /// `/api/gap` of `body` through `experiment` (unless the body names one).
  static func gap(
    _ client: some TestClientProtocol, _ body: [String: Any], experiment: String = experiment
  ) async throws -> APIAnswer {
    try await client.post(
      "/api/gap", ["experiment": experiment].merging(body) { $1 } as [String: Any])
  }

  static func toml(_ path: String) throws -> [String: TOMLNode] {
    try TOMLNode.parse(String(contentsOfFile: path, encoding: .utf8), file: path)
  }

  static func number(_ node: TOMLNode?) -> Double? {
    switch node {
    case .integer(let n): Double(n)
    case .float(let x): x
    default: nil
    }
  }

  static func array(_ node: TOMLNode?) -> [TOMLNode] {
    if case .array(let elements) = node { return elements }
    return []
  }

  static func table(_ node: TOMLNode?) -> [String: TOMLNode] {
    if case .table(let fields) = node { return fields }
    return [:]
  }

  /// `feel notebook EXPERIMENT`'s data for it (data/NAME.js), parsed: what the page reads a
  /// constant from.
  static func notebookData(_ experiment: String) throws -> [String: Any] {
    let out = try TemporaryFolder()
    let run = try runFeel(["notebook", experiment, "--output", out.url.path, "--quiet"])
    #expect(run.status == 0, "\(run.errors)")
    let name = ((experiment as NSString).lastPathComponent as NSString).deletingPathExtension
    let text = try String(contentsOfFile: out.path("data/\(name).js"), encoding: .utf8)
    let start = try #require(text.range(of: "= {")).lowerBound
    var json = text[text.index(after: start)...].trimmingCharacters(in: .whitespacesAndNewlines)
    if json.hasSuffix(";") { json.removeLast() }
    return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
  }

  /// Stored point `i`'s value of a notebook data column: `{all: value}` or a list.
  static func stored(_ column: Any?, _ i: Int) -> Double {
    if let list = column as? [NSNumber] { return list[i].doubleValue }
    return ((column as? [String: Any])?["all"] as? NSNumber)?.doubleValue ?? .nan
  }

  @Test("the closed form on either side, and with a width set")
  func closedForm() async throws {
    try await ServeHarness.onRouter().test(.router) { client in
      for path in [Self.left, Self.right] {
        let scene = try Self.toml(path)
        let behaviors = Self.array(scene["behavior"]).map(Self.table)
        let snap = try #require(
          Self.number(
            Self.array(behaviors.first { $0["id"] == .string("scrub-snap") }?["point"]).first))
        var walls: [String: Double] = [:]
        for boundary in behaviors.flatMap({ Self.array($0["boundaries"]).map(Self.table) }) {
          guard case .string(let id) = boundary["id"],
            ["wall", "left-wall", "right-wall"].contains(id),
            let from = Self.number(Self.array(boundary["from"]).first),
            from == Self.number(Self.array(boundary["to"]).first)
          else { continue }
          walls[id] = from
        }
        #expect(!walls.isEmpty, "\(path)")
        let size = Self.number(
          Self.array(Self.table(Self.array(scene["item"]).first)["size"]).first)!
        for (width, gap) in [(nil, 12.5), (nil, 0), (300, 7.25), (280, -3)] as [(Double?, Double)] {
          var body: [String: Any] = ["scene": path, "constant": "wall", "gap_pt": gap]
          var w = size
          if let width {
            body["set"] = ["item.bar.size.0": width]
            w = width
          }
          let answer = try await Self.gap(client, body)
          #expect(answer.status == .ok, "\(answer.text)")
          var expected: [String: Double] = [:]
          for (id, x) in walls {
            let value = x <= snap ? (snap - w / 2) - gap : (snap + w / 2) + gap
            expected["boundary.\(id).from.0"] = value
            expected["boundary.\(id).to.0"] = value
          }
          #expect(
            canonicalJSON(answer.body)
              == canonicalJSON(
                ["constant": "wall", "gap_pt": gap, "set": expected] as [String: Any]),
            "\(path) \(width ?? 0) \(gap)")
        }
      }
    }
  }

  @Test("the run with the answer equals feel run --set")
  func runWithTheAnswer() async throws {
    try await ServeHarness.onRouter().test(.router) { client in
      let answer = try await Self.gap(
        client, ["scene": Self.left, "constant": "wall", "gap_pt": 13.37])
      #expect(answer.status == .ok, "\(answer.text)")
      let set = try #require(answer.object["set"] as? [String: Double])
      let run = try await client.post("/api/run", ["scene": Self.left, "set": set])
      #expect(run.status == .ok)
      let options = set.keys.sorted().flatMap { ["--set", "\($0)=\(set[$0]!)"] }
      let cli = try runFeel(["run", Self.left] + options)
      #expect(cli.status == 0, "\(cli.errors)")
      #expect(run.object["csv"] as? String == cli.output)
      #expect(cli.stdout != (try runFeel(["run", Self.left])).stdout, "the wall moved the motion")
    }
  }

  @Test("without a snap or a target, the gap reads back as sent")
  func withoutASnapTheGapReadsBack() async throws {
    // The bar falls left onto its wall and rests against it: no snap, no target. The gap is
    // read from, and set from, the bar's start (ControlConstant.gapRest_pt, one rule for both):
    // the notebook's reading of the walls /api/gap placed is the gap sent.
    let folder = try TemporaryFolder.inRepository()
    try folder.copy("Tests/Controls/bar-falls-to-wall/scenes", to: "scenes")
    try folder.copy("experiments/controls", to: "controls")
    try folder.copy("experiments/glyphs", to: "glyphs")
    let experimentText = try String(
      contentsOf: repositoryRoot.appendingPathComponent(
        "Tests/Controls/bar-falls-to-wall/bar-falls-to-wall.toml"), encoding: .utf8)
    try folder.write(experimentText, to: "bar-falls-to-wall.toml")
    let scenePath = folder.relative("scenes/bar-falls-to-wall.toml")
    let experimentPath = folder.relative("bar-falls-to-wall.toml")
    let scene = try Self.toml(scenePath)
    let bar = Self.table(Self.array(scene["item"]).first)
    #expect(
      !Self.array(scene["behavior"]).map(Self.table).contains { $0["type"] == .string("snap") })
    let startX = Self.number(Self.array(bar["center"]).first)!
    let width = Self.number(Self.array(bar["size"]).first)!
    try await ServeHarness.onRouter().test(.router) { client in
      for gap in [8, 12.5, 3.25] {
        let answer = try await client.post(
          "/api/gap",
          ["experiment": experimentPath, "scene": scenePath, "constant": "wall", "gap_pt": gap])
        #expect(answer.status == .ok, "\(answer.text)")
        // closed form: the wall `gap` left of the bar's left edge at its start
        let wallX = (startX - width / 2) - gap
        #expect(
          canonicalJSON(answer.object["set"] ?? NSNull())
            == canonicalJSON(["boundary.wall.from.0": wallX, "boundary.wall.to.0": wallX]))
        // measured back: the notebook's reading of the constant with the wall there
        try folder.write(
          experimentText.replacingOccurrences(of: "values = [-8]", with: "values = [\(wallX)]"),
          to: "bar-falls-to-wall.toml")
        let data = try Self.notebookData(experimentPath)
        let constants = (data["points"] as? [String: Any])?["constants"] as? [String: Any]
        // the stored point's (exact comps' motions may follow it)
        let read = Self.stored(constants?["wall"], 0)
        #expect(abs(read - gap) <= Self.gapReadBack_pt, "\(gap) \(read)")
        // where the bar came to rest is not its start: a gap read from there would differ
        let run = try runFeel([
          "run", scenePath, "--set", "boundary.wall.from.0=\(wallX)", "--set",
          "boundary.wall.to.0=\(wallX)",
        ])
        #expect(run.status == 0, "\(run.errors)")
        let last = run.output.split(separator: "\n").last!.split(separator: ",")
        #expect(Double(last[3])! < startX - 1, "the bar fell towards its wall")
      }
    }
  }

  @Test("bad bodies: 400 naming the key; a path out of the root: 403")
  func badBodies() async throws {
    nonisolated(unsafe) let cases: [([String: Any], String)] = [
      (["scene": Self.left, "constant": "damping", "gap_pt": 1], "gap_to"),
      (["scene": Self.left, "constant": "wal", "gap_pt": 1], "did you mean 'wall'"),
      (["scene": Self.left, "constant": "wall", "gap_pt": "1"], "key 'gap_pt'"),
      (["scene": Self.left, "gap_pt": 1], "key 'constant'"),
      (["scene": Self.left, "constant": "wall"], "key 'gap_pt'"),
      (
        [
          "scene": "experiments/scenes/castro-release-right-40.toml", "constant": "wall",
          "gap_pt": 1,
        ], "no vertical or horizontal boundary"
      ),
      (
        ["scene": Self.left, "constant": "wall", "gap_pt": 1, "touches": [] as [Any]],
        "unknown key"
      ),
    ]
    try await ServeHarness.onRouter().test(.router) { client in
      for (body, message) in cases {
        let answer = try await Self.gap(client, body)
        #expect(answer.status == .badRequest, "\(body)")
        #expect(answer.error.contains(message), "\(body): \(answer.error)")
      }
      let out = try await client.post(
        "/api/gap",
        ["experiment": "../x.toml", "scene": Self.left, "constant": "wall", "gap_pt": 1])
      #expect(out.status == .forbidden)
    }
  }
}

/// A bottom sheet (Tests/Controls/bottom-sheet) whose experiment measures its finger
/// (`[measure] touch`) and whose drag-ended rule picks the detent at the release: the stop's
/// gap is read from the picked detent, not the file's snap point, from the page's form of the
/// scene (its finger removed) as from the file; and the notebook's reading of each grid point,
/// which the studio's re-sweep places its rows by, is the gap /api/gap sets.
@Suite(.serialized, .timeLimit(.minutes(15))) struct ServeBottomSheetGapTests {
  static let experiment = "Tests/Controls/bottom-sheet/bottom-sheet-stop.toml"
  static let scene = "Tests/Controls/bottom-sheet/scenes/bottom-sheet.toml"

  static func gap(_ client: some TestClientProtocol, _ body: [String: Any]) async throws
    -> APIAnswer
  { try await ServeGapTests.gap(client, body, experiment: experiment) }

  /// The detent the release picks, as `feel run --events` reports the drag-ended rule.
  static func pickedY() throws -> Double {
    let run = try runFeel(["run", scene, "--events"])
    #expect(run.status == 0, "\(run.errors)")
    for line in run.errors.split(separator: "\n")
    where line.contains("drag-ended") && line.contains(" snap detent-snap point ") {
      let after = line.components(separatedBy: " snap detent-snap point ")[1]
      return Double(after.split(separator: " ")[1])!
    }
    Issue.record("no pick in the events")
    return .nan
  }

  /// The scene's text without its `[[touch]]` section for `id`: the form the studio's page opens
  /// a scene whose finger comes from the page in (live-panel.js, liveScene).
  static func withoutTouch(_ text: String, _ id: String) -> String {
    let lines = text.components(separatedBy: "\n")
    var out: [String] = []
    var skipping = false
    for (i, line) in lines.enumerated() {
      if line.drop(while: { $0 == " " }).hasPrefix("[") {
        skipping = false
        if line.trimmingCharacters(in: .whitespaces) == "[[touch]]" {
          skipping = lines[(i + 1)..<min(lines.count, i + 4)].joined(separator: "\n")
            .contains("id = \"\(id)\"")
        }
      }
      if !skipping { out.append(line) }
    }
    return out.joined(separator: "\n")
  }

  @Test("from the page and from the file, at the picked detent")
  func fromThePageAndTheFile() async throws {
    let text = try String(contentsOfFile: Self.scene, encoding: .utf8)
    let page = Self.withoutTouch(text, "finger")
    #expect(!page.contains("[[touch]]"))
    let picked = try Self.pickedY()
    let behaviors = ServeGapTests.array(try TOMLNode.parse(text, file: Self.scene)["behavior"])
    let filePoint = ServeGapTests.number(
      ServeGapTests.array(ServeGapTests.table(behaviors[1])["point"]).dropFirst().first)
    #expect(picked != filePoint, "the release picks another detent than the file's")
    try await ServeHarness.onRouter().test(.router) { client in
      for gap in [20, 7.5, 33.25] {
        // closed form: the stop `gap` above the sheet's top edge at the picked detent
        let y = (picked - 300) - gap
        let expected = ["boundary.top-stop.from.1": y, "boundary.top-stop.to.1": y]
        for body in [["scene": Self.scene], ["scene_toml": page]] as [[String: Any]] {
          let answer = try await Self.gap(
            client, body.merging(["constant": "stop", "gap_pt": gap]) { $1 })
          #expect(answer.status == .ok, "\(answer.text)")
          #expect(
            canonicalJSON(answer.body)
              == canonicalJSON(
                ["constant": "stop", "gap_pt": gap, "set": expected] as [String: Any]),
            "\(body.keys)")
        }
      }
    }
  }

  @Test("the notebook reads the gap the slider sets")
  func notebookReadsTheGap() async throws {
    let data = try ServeGapTests.notebookData(Self.experiment)
    let axes = try #require(data["axes"] as? [[String: Any]])
    let labels = try #require(axes[1]["labels"] as? [Any])
    let stops = labels.map { "\($0)" }
    nonisolated(unsafe) let reads =
      ((data["points"] as? [String: Any])?["constants"] as? [String: Any])?["stop"]
    #expect(stops.count == 3)
    let picked = try Self.pickedY()
    try await ServeHarness.onRouter().test(.router) { client in
      for damping in 0..<3 {
        for (k, label) in stops.enumerated() {
          let stopY = try #require(Double(label))
          let read = ServeGapTests.stored(reads, damping * 3 + k)
          // closed form: the stop above the sheet's top edge at the picked detent
          #expect(abs(read - ((picked - 300) - stopY)) <= ServeGapTests.gapReadBack_pt, "\(label)")
          // the slider at this point's value sets the stop where the point has it
          let answer = try await Self.gap(
            client, ["scene": Self.scene, "constant": "stop", "gap_pt": read])
          #expect(answer.status == .ok, "\(answer.text)")
          let set = answer.object["set"] as? [String: Double]
          #expect(
            abs((set?["boundary.top-stop.from.1"] ?? .nan) - stopY) <= ServeGapTests.gapReadBack_pt,
            "\(label) \(read)")
        }
      }
    }
  }
}
