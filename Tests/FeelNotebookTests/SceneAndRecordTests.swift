import FeelControl
import FeelNotebook
import FeelScene
import FeelSweep
import FeelTestSupport
import Foundation
import Testing

@Suite("Scene export")
struct SceneTOMLWriterTests {
  @Test("The written scene file reads back to the same scene", arguments: committedSceneFiles)
  func roundTrip(_ file: String) throws {
    let scene = try loadScene(file)
    let text = SceneTOMLWriter.text(scene, header: ["exported", "with a\nline break"])
    let back = try SceneReader.parse(text, file: "exported.toml")
    #expect(back == scene, "\(text)")
  }

  @Test("Hostile titles and ids stay inside their TOML strings")
  func strings() throws {
    var scene = try loadScene("experiments/scenes/castro-release-right-40.toml")
    scene.title = "a \"quoted\" \\ title\n# not a comment\u{1}"
    let back = try SceneReader.parse(SceneTOMLWriter.text(scene), file: "x.toml")
    #expect(back.title == scene.title)
  }
}

/// Relative rounding of `feel run`'s 9 significant digits: at most half a unit in the 9th.
private let csvPrinting = 5e-9

@Suite("Recorded points against feel run")
struct PointRecordTests {
  /// `feel run`'s rows by the `item` column (an item's id, or `touch:ID`): frame → x, y, angle.
  private func csvRows(_ scene: Scene) -> [String: [Int: (x: Double, y: Double, angle: Double)]] {
    var out: [String: [Int: (x: Double, y: Double, angle: Double)]] = [:]
    for line in TrajectoryCSV.run(scene).rows.split(separator: "\n").dropFirst() {
      let f = line.split(separator: ",", omittingEmptySubsequences: false)
      out[String(f[2]), default: [:]][Int(f[0])!] = (Double(f[3])!, Double(f[4])!, Double(f[5])!)
    }
    return out
  }

  /// The frames of the first event of `kind` (and its touch) in `feel run --events`.
  private func eventFrame(_ scene: Scene, _ kind: String) -> Int? {
    TrajectoryCSV.run(scene).events.split(separator: "\n").dropFirst()
      .first { $0.split(separator: ",")[2] == Substring(kind) }
      .map { Int($0.split(separator: ",")[0])! }
  }

  private func close(_ a: Double, _ b: Double) -> Bool {
    abs(a - b) <= csvPrinting * max(1, abs(b))
  }

  @Test(
    "Every item at every frame equals feel run's CSV (frames after the pause hold the last)",
    arguments: [
      "experiments/scenes/castro-release-right-160.toml",
      "experiments/scenes/castro-tap-hint-left.toml",
      "experiments/scenes/castro-tap-hint-right.toml",
      "experiments/scenes/castro-drag-right-80.toml",
      "experiments/scenes/castro-tap-left.toml",
      "experiments/scenes/attachment-drag.toml",
      "experiments/scenes/apple-snap.toml",
      "experiments/scenes/apple-push.toml",
      "Tests/Contract/Reference/scenes/rules-time-pause.toml",
    ])
  func matchesRun(_ file: String) throws {
    let scene = try loadScene(file)
    let record = PointRecord(scene: scene, item: 0, target: nil)
    let rows = csvRows(scene)
    #expect(record.x.count <= scene.frameCount + 1)
    var channels = [(record.x, record.y, record.angle)]
    channels += record.others.map { ($0.x, $0.y, $0.angle) }
    #expect(channels.count == scene.items.count)
    for (i, item) in scene.items.enumerated() {
      let (xs, ys, angles) = channels[i]
      #expect(xs.count == record.x.count)
      let itemRows = try #require(rows[item.id])
      #expect(itemRows.count == scene.frameCount + 1)
      for (frame, row) in itemRows {
        let k = min(frame, xs.count - 1)
        // The record holds the engine's doubles; the CSV prints them to 9 significant digits,
        // so they agree to half a unit in the 9th digit.
        #expect(close(xs[k], row.x), "\(item.id) frame \(frame)")
        #expect(close(ys[k], row.y), "\(item.id) frame \(frame)")
        #expect(abs(angles[k] - row.angle) <= csvPrinting, "\(item.id) frame \(frame)")
      }
    }
  }

  @Test(
    "The fingers: feel run's touch:ID rows, frame by frame, and the frames of their events",
    arguments: [
      "experiments/scenes/castro-drag-right-80.toml",
      "experiments/scenes/castro-swipe-right.toml",
      "experiments/scenes/castro-tap-left.toml",
      "experiments/scenes/attachment-drag.toml",
    ])
  func fingers(_ file: String) throws {
    let scene = try loadScene(file)
    let record = PointRecord(scene: scene, item: 0, target: nil)
    let rows = csvRows(scene)
    #expect(record.fingers.map(\.id) == scene.touches.map(\.id))
    for finger in record.fingers {
      let touchRows = try #require(rows["touch:" + finger.id])
      // Every row, and nothing else: frames first … first + n − 1 (the record stops at the
      // pause, which a touch's rows never outlast: a touch keeps the animator running).
      #expect(finger.points.count == touchRows.count)
      #expect(finger.first == touchRows.keys.min())
      for (j, point) in finger.points.enumerated() {
        let row = try #require(touchRows[finger.first + j])
        #expect(close(point.x, row.x) && close(point.y, row.y), "frame \(finger.first + j)")
      }
      #expect(finger.down == eventFrame(scene, "touch-down"))
      #expect(finger.dragBegan == eventFrame(scene, "drag-began"))
      #expect(finger.dragEnded == eventFrame(scene, "drag-ended"))
      #expect(finger.tap == eventFrame(scene, "tap"))
      #expect(finger.up == eventFrame(scene, "touch-up"))
    }
  }

  @Test("The tap hint: the contact, the wall removed on the swap's frame, the pause")
  func events() throws {
    let scene = try loadScene("experiments/scenes/castro-tap-hint-left.toml")
    let record = PointRecord(scene: scene, item: 0, target: nil)
    #expect(record.contactFrame == eventFrame(scene, "contact-began"))
    #expect(record.pauseFrame == eventFrame(scene, "pause"))
    // The wall acts from t = 0 until the contact rule removes its behavior.
    #expect(record.walls.count == 1)
    #expect(record.walls[0].on == 0)
    #expect(record.walls[0].off == eventFrame(scene, "rule-fired"))
  }

  @Test("A tap on the left half: the left hint's wall acts from the tap's rule, the right never")
  func tapWalls() throws {
    let scene = try loadScene("experiments/scenes/castro-tap-left.toml")
    let record = PointRecord(scene: scene, item: 0, target: nil)
    // The first rule that fires is the tap's (not a contact swap, which comes later).
    let tap = try #require(eventFrame(scene, "tap"))
    #expect(eventFrame(scene, "rule-fired") == tap)
    let left = try #require(record.walls.first { $0.from_pt.x < 0 })
    let right = try #require(record.walls.first { $0.from_pt.x > 320 })
    #expect(left.on == tap)
    #expect(left.off == eventFrame(scene, "contact-began"))
    #expect(right.on == nil)
  }

  @Test("The control's constants read off the point's scene; a release rests where it snaps")
  func constants() throws {
    let path = "experiments/controls/castro.toml"
    let castro = try ControlReader.parse(
      String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8), file: path)
    let hint = try loadScene("experiments/scenes/castro-tap-hint-right.toml")
    let record = PointRecord(
      scene: hint, item: 0, target: Point(160, 25), control: castro)
    // docs/castro-scrubber.md: snap damping 0.35, push 4, gravity 2, wall 10 pt, 320 pt bar.
    #expect(record.constants == [0.35, 4, 2, 10, 320])
    #expect(record.target_pt == Point(160, 25))
  }

  /// A 100 × 40 pt box at the origin over a floor 3.5 pt below its bottom edge (y = 20),
  /// gravity pulling it down onto the floor: no snap, no target.
  static let fallingBox = SceneText(duration: 2, "title = \"a box falls onto a floor\"")
    .item("box", size: [100, 40], center: [0, 0])
    .behavior("fall", "gravity", items: ["box"], "magnitude = 1")
    .behavior(
      "walls", "collision", items: ["box"],
      "boundaries = [{ id = \"floor\", from = [-200, 23.5], to = [200, 23.5] }]")

  @Test(
    "A gap constant without a snap or a target reads from the item's start, the rest /api/gap sets it from"
  )
  func gapWithoutTarget() throws {
    let control = try ControlReader.parse(
      """
      title = "A box on a floor"
      [[constant]]
      name = "floor"
      label = "floor gap"
      unit = "pt"
      gap_to = ["floor"]
      """, file: "controls/box.toml")
    let constant = try #require(control.constants.first)
    let base = try Self.fallingBox.scene(file: "box.toml")
    // the rule: no target, so the box's centre at the start
    #expect(ControlConstant.gapRest_pt(of: 0, in: base, target_pt: nil) == Point(0, 0))
    #expect(ControlConstant.gapRest_pt(of: 0, in: base, target_pt: Point(3, 4)) == Point(3, 4))
    for gap in [3.5, 6.25, 12.25] {
      // the floor as /api/gap places it (the same two calls)
      let rest = ControlConstant.gapRest_pt(of: 0, in: base, target_pt: nil)
      var scene = base
      let settings = try #require(constant.gapSettings(gap, in: base, item: 0, rest_pt: rest))
      for s in settings { try ScenePath(s.path, in: scene).set(s.value_pt, in: &scene) }
      // closed form: the box's bottom edge at the start (y = 20) plus the gap
      #expect(settings.map(\.value_pt) == [20 + gap, 20 + gap])
      // measured back as the notebook measures it, after the box fell onto the floor
      let record = PointRecord(scene: scene, item: 0, target: nil, control: control)
      let rested = try #require(record.target_pt, "the box came to rest")
      // (it fell onto the floor: a gap read from where it rests would be about 0)
      #expect(rested.y > gap / 2, "it rests on the floor, about \(gap) pt below its start")
      expectClose(record.constants[0], gap, .gapReadBack, "floor gap \(gap)")
    }
  }

  @Test("No target: the record's target is where the item came to rest (as the metrics')")
  func restTarget() throws {
    let scene = try loadScene("experiments/scenes/attachment-drag.toml")
    let record = PointRecord(scene: scene, item: 0, target: nil)
    let last = try #require(csvRows(scene)["card"]?.max { $0.key < $1.key }?.value)
    let target = try #require(record.target_pt)
    #expect(close(target.x, last.x) && close(target.y, last.y))
    // reference_bounds: the four sides of the 320 × 480 reference view
    #expect(record.walls.count == 4)
  }
}
