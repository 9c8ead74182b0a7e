import FeelNotebook
import FeelScene
import FeelTestSupport
import Foundation
import Testing

/// Every committed scene: the Castro and Apple scenes and the reference engine's fixtures.
private let sceneFiles: [String] = {
  var files: [String] = []
  for folder in ["experiments/scenes", "Tests/Reference/scenes"] {
    let url = repositoryRoot.appendingPathComponent(folder)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
    files += names.filter { $0.hasSuffix(".toml") }.sorted().map { "\(folder)/\($0)" }
  }
  return files
}()

@Suite("Scene export")
struct SceneTOMLWriterTests {
  @Test("The written scene file reads back to the same scene", arguments: sceneFiles)
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

@Suite("Reading the Castro control off a scene")
struct ControlReadingTests {
  /// docs/castro-scrubber.md: snap damping 0.35, push 4, gravity 2, wall 10 pt, 320 pt bar.
  @Test("The tap hint on the left half")
  func tapLeft() throws {
    let reading = ControlReading(
      try loadScene("experiments/scenes/castro-tap-hint-left.toml"), item: 0)
    #expect(reading.constants == [.damping: 0.35, .push: 4, .gravity: 2, .wall: 10, .width: 320])
    #expect(reading.gesture == .tap(leftHalf: true))
    #expect(reading.rest_pt == Point(160, 25))
    #expect(reading.walls == [ControlReading.Wall(from_pt: Point(-10, 0), to_pt: Point(-10, 50))])
  }

  @Test("The tap hint on the right half: the wall 10 pt right of the bar")
  func tapRight() throws {
    let reading = ControlReading(
      try loadScene("experiments/scenes/castro-tap-hint-right.toml"), item: 0)
    #expect(reading.constants[.wall] == 10)
    #expect(reading.gesture == .tap(leftHalf: false))
  }

  @Test("A release after a 40 pt drag to the right")
  func release() throws {
    let reading = ControlReading(
      try loadScene("experiments/scenes/castro-release-right-40.toml"), item: 0)
    #expect(reading.constants == [.damping: 0.35, .width: 320])
    #expect(reading.gesture == .release(displacement_pt: Point(40, 0)))
  }

  @Test("The drag before a release: 0.3 s at rest, then the finger to the start, eased")
  func choreography() throws {
    let reading = ControlReading(
      try loadScene("experiments/scenes/castro-release-left-80.toml"), item: 0)
    let c = Choreography(for: reading, frameRate_hz: 60)
    // 0.25 + 80 / 500 = 0.41 s → 25 frames of drag after 18 still ones.
    #expect(c.frames == 18 + 25)
    #expect(c.dragStart == -25)
    #expect(c.positions.first == Point(160, 25))
    #expect(c.positions[17] == Point(160, 25))
    #expect(c.positions.last == Point(80, 25))
    #expect(zip(c.positions, c.positions.dropFirst()).allSatisfy { $1.x <= $0.x })
  }
}

/// Relative rounding of `feel run`'s 9 significant digits: at most half a unit in the 9th.
private let csvPrinting = 5e-9

@Suite("Recorded points against feel run")
struct PointRecordTests {
  /// `feel run`'s rows for item 0: x, y, angle per frame.
  private func csvColumns(_ scene: Scene) -> [(x: Double, y: Double, angle: Double)] {
    TrajectoryCSV.run(scene).rows.split(separator: "\n").dropFirst().compactMap { line in
      let f = line.split(separator: ",", omittingEmptySubsequences: false)
      guard f[2] == Substring(scene.items[0].id) else { return nil }
      return (Double(f[3])!, Double(f[4])!, Double(f[5])!)
    }
  }

  @Test(
    "Every frame equals feel run's CSV (frames after the pause hold the last)",
    arguments: [
      "experiments/scenes/castro-release-right-160.toml",
      "experiments/scenes/castro-tap-hint-left.toml",
      "experiments/scenes/castro-tap-hint-right.toml",
      "experiments/scenes/apple-snap.toml",
      "Tests/Reference/scenes/rules-time-pause.toml",
    ])
  func matchesRun(_ file: String) throws {
    let scene = try loadScene(file)
    let record = PointRecord(scene: scene, item: 0, target: nil)
    let rows = csvColumns(scene)
    #expect(rows.count == scene.frameCount + 1)
    #expect(record.x.count <= rows.count)
    for (frame, row) in rows.enumerated() {
      let k = min(frame, record.x.count - 1)
      // The record holds the engine's doubles; the CSV prints them to 9 significant digits,
      // so they agree to half a unit in the 9th digit.
      #expect(abs(record.x[k] - row.x) <= csvPrinting * max(1, abs(row.x)), "frame \(frame)")
      #expect(abs(record.y[k] - row.y) <= csvPrinting * max(1, abs(row.y)), "frame \(frame)")
      #expect(abs(record.angle[k] - row.angle) <= csvPrinting, "frame \(frame)")
    }
  }

  @Test("The tap hint: contact and swap on the frame feel run --events reports")
  func events() throws {
    let scene = try loadScene("experiments/scenes/castro-tap-hint-left.toml")
    let record = PointRecord(scene: scene, item: 0, target: nil)
    let events = TrajectoryCSV.run(scene).events.split(separator: "\n").dropFirst()
    let contact = events.first { $0.contains(",contact-began,") }.map {
      Int($0.split(separator: ",")[0])!
    }
    let rule = events.first { $0.contains(",rule-fired,") }.map {
      Int($0.split(separator: ",")[0])!
    }
    let pause = events.first { $0.contains(",pause,") }.map { Int($0.split(separator: ",")[0])! }
    #expect(record.contactFrame == contact)
    #expect(record.swapFrame == rule)
    #expect(record.pauseFrame == pause)
  }
}

@Suite("Which points are stored")
struct StoredGridTests {
  @Test("A small grid is stored whole")
  func whole() {
    let grid = StoredGrid(counts: [3, 4], maxPoints: 100)
    #expect(grid.kept == [[0, 1, 2], [0, 1, 2, 3]])
    #expect(grid.count == 12)
    #expect(grid.coordinates(of: 5) == [1, 1])
  }

  @Test("A big grid keeps every k-th value, the last and the preferred one")
  func coarse() {
    // 59 × 61 values, at most 1000 points: strides 2 × 2 keep 30 × 31 = 930 (+ the last
    // and the kept index 12, already on the stride).
    let grid = StoredGrid(counts: [59, 61], keep: [[12], [13]], maxPoints: 1000)
    #expect(grid.strides == [2, 2])
    #expect(grid.kept[0].count == 30)
    #expect(grid.kept[0].contains(12) && grid.kept[0].last == 58)
    #expect(grid.kept[1].count == 32)  // 0, 2, …, 60 and 13
    #expect(grid.kept[1].contains(13))
    #expect(grid.count <= 1000)
  }
}

@Suite("Which points are stored: big grids")
struct BigStoredGridTests {
  @Test("Ten million values on one axis: a few thousand kept, quickly")
  func huge() {
    let grid = StoredGrid(counts: [10_000_000, 3], keep: [[1234], []], maxPoints: 4096)
    #expect(grid.count <= 4096)
    #expect(grid.kept[0].first == 0 && grid.kept[0].last == 9_999_999)
    #expect(grid.kept[0].contains(1234))
    #expect(grid.kept[1] == [0, 1, 2])
  }
}
