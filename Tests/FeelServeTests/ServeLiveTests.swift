import FeelTestSupport
import Foundation
import HummingbirdTesting
import HummingbirdWSTesting
import Testing

@testable import FeelServe

/// A page's pointer in scene time: samples at `rate_hz` with a little jitter, each sent
/// `latency` (random up to `maxLatency_s`) after its time, while the display sends an advance
/// every frame: a sample whose frame already stepped comes late (the contract's rule moves it
/// to the next frame). Seeded: every run of a seed sends the same messages. A test takes its
/// seed as its argument (`seeds`), so that a failure names it: Swift Testing reports a test
/// case's arguments with each of its issues (`with 1 argument seed → 7`).
struct Pointer {
  /// The seed a test's script runs with: `seed`, or the environment's `FEEL_TEST_SEED` (to
  /// replay a failure's seed, or try others).
  static func seeds(_ seed: UInt64) -> [UInt64] {
    [ProcessInfo.processInfo.environment["FEEL_TEST_SEED"].flatMap { UInt64($0) } ?? seed]
  }

  enum Message {
    case touch(String, String, Double, Double, Double)
    case advance(Double)
  }

  var random: SplitMix64
  var rate_hz = 120.0
  var maxLatency_s = 0.0
  var queue: [(arrival: Double, order: Int, message: Message)] = []
  var order = 0
  var lastArrival: [String: Double] = [:]

  init(seed: UInt64, maxLatency_s: Double = 0) {
    random = SplitMix64(state: seed)
    self.maxLatency_s = maxLatency_s
  }

  /// A finger's samples arrive in the order they were taken (a page sends each pointer's
  /// events in order); samples of different fingers may cross.
  mutating func sample(_ id: String, _ phase: String, _ t: Double, _ x: Double, _ y: Double) {
    let latency = Double.random(in: 0...maxLatency_s, using: &random)
    let arrival = max(t + latency, lastArrival[id] ?? 0)
    lastArrival[id] = arrival
    queue.append((arrival, order, .touch(id, phase, t, x, y)))
    order += 1
  }

  /// A finger down at `t0`, moving along `path(u)` (u from 0 to 1), up at `t1`.
  mutating func stroke(
    _ id: String, _ t0: Double, _ t1: Double, _ path: (Double) -> (Double, Double)
  ) {
    let n = max(2, Int((t1 - t0) * rate_hz))
    for i in 0...n {
      let u = Double(i) / Double(n)
      var t = t0 + (t1 - t0) * u
      if 0 < i && i < n { t += Double.random(in: -0.2...0.2, using: &random) / rate_hz }
      let (x, y) = path(u)
      sample(id, i == 0 ? "down" : i == n ? "up" : "move", (t * 1e6).rounded() / 1e6, x, y)
    }
  }

  static func send(_ message: Message, _ live: LiveClient) async throws {
    switch message {
    case .touch(let id, let phase, let t, let x, let y): try await live.touch(id, phase, t, x, y)
    case .advance(let t): try await live.send(["type": "advance", "to_t_s": t])
    }
  }

  /// Sends everything queued in arrival order, with an advance at every display frame up to
  /// `until_s`, and waits for the last frame.
  mutating func play(_ live: inout LiveClient, until until_s: Double) async throws {
    let frames = Int(until_s * 60 + 1e-9)
    for k in 1...frames {
      queue.append((Double(k) / 60, order, .advance(Double(k) / 60)))
      order += 1
    }
    for entry in queue.sorted(by: { ($0.arrival, $0.order) < ($1.arrival, $1.order) }) {
      try await Self.send(entry.message, live)
    }
    queue = []
    try await live.reach(frames)
  }
}

/// Live sessions on `/api/live` (docs/live-protocol.md) on the server in this process, on
/// loopback: scripted sessions (follow, attachment and rotate drags, taps, holds, two fingers,
/// `set` mid-drag, late samples, paused stretches) whose frames must equal `feel run` (the
/// built executable) of the scene `save` wrote, number for number (the contract's invariant);
/// save's refusals; `changed` when a file of the session changes on disk.
@Suite(.serialized, .timeLimit(.minutes(10))) struct ServeLiveTests {
  static func sceneText(_ name: String) throws -> String {
    try String(
      contentsOf: repositoryRoot.appendingPathComponent("experiments/scenes/" + name),
      encoding: .utf8)
  }

  /// Runs `body` on one live session of a server on loopback, with a folder under the root for
  /// what the session saves.
  static func session(
    _ body: @escaping @Sendable (inout LiveClient, TemporaryFolder) async throws -> Void
  ) async throws {
    let folder = try TemporaryFolder.inRepository()
    try await ServeHarness.listening().test(.live) { client in
      try await LiveClient.session(client) { live in try await body(&live, folder) }
    }
  }

  /// Opens a committed scene with its `[[touch]]` sections removed: its drags and touch rules
  /// wait for the live fingers. Returns the `opened` answer.
  static func openWaiting(_ live: inout LiveClient, _ name: String) async throws -> [String: Any] {
    let answer = try await live.open(["scene_toml": withoutTouchSections(try sceneText(name))])
    #expect(answer["type"] as? String == "frame", "\(answer)")
    return live.opened
  }

  /// Saves the session and compares it with `feel run` of the file. Unless the test sent bad
  /// messages on purpose, none was refused: every sample the script sent is in the run.
  @discardableResult
  static func saveAndCompare(
    _ live: inout LiveClient, _ folder: TemporaryFolder, _ name: String,
    refusedBefore: Bool = false
  ) async throws -> String {
    if !refusedBefore { #expect(live.errors == [], "messages refused during the session") }
    let path = folder.relative("live-\(name).toml")
    let answer = try await live.request(["type": "save", "path": path, "replace": true])
    #expect(canonicalJSON(answer) == canonicalJSON(["type": "saved", "path": path]))
    let run = try runFeel(["run", path, "--events"])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.errors.contains("\n"))
    expectFeelRun(live, run)
    return path
  }

  static func eventNames(_ live: LiveClient) -> [String] { live.events.map(\.event) }

  @Test("a follow drag with late samples", arguments: Pointer.seeds(1))
  func followDragWithLateSamples(seed: UInt64) async throws {
    try await Self.session { live, folder in
      let opened = try await Self.openWaiting(&live, "castro-drag-right-80.toml")
      #expect(opened["waiting_touches"] as? [String] == ["finger"])
      #expect(
        canonicalJSON(opened["items"] ?? []) == canonicalJSON([["id": "bar", "size": [320, 50]]]))
      var pointer = Pointer(seed: seed, maxLatency_s: 0.03)
      pointer.stroke("finger", 0.05, 0.45) { u in (200 + 90 * u * u, 25 + 3 * sin(6 * u)) }
      try await pointer.play(&live, until: 2.5)
      try await Self.saveAndCompare(&live, folder, "follow")
      #expect(Self.eventNames(live).contains("drag-began"))
      #expect(Self.eventNames(live).contains("drag-ended"))
    }
  }

  @Test("an attachment drag", arguments: Pointer.seeds(2))
  func attachmentDrag(seed: UInt64) async throws {
    try await Self.session { live, folder in
      _ = try await Self.openWaiting(&live, "attachment-drag.toml")
      var pointer = Pointer(seed: seed, maxLatency_s: 0.02)
      pointer.stroke("finger", 0.3, 0.9) { u in (185 + 45 * u, 440 - 240 * u) }
      try await pointer.play(&live, until: 2.0)
      try await Self.saveAndCompare(&live, folder, "attachment")
    }
  }

  @Test("a rotate drag on the dial", arguments: Pointer.seeds(3))
  func rotateDragOnTheDial(seed: UInt64) async throws {
    try await Self.session { live, folder in
      _ = try await Self.openWaiting(&live, "dial-flick-uikit.toml")
      var pointer = Pointer(seed: seed, maxLatency_s: 0.02)
      pointer.stroke("finger", 0.1, 0.35) { u in
        let angle = 210 * Double.pi / 180 + 2.4 * u + 3 * u * u
        return (160 + 100 * cos(angle), 200 + 100 * sin(angle))
      }
      try await pointer.play(&live, until: 2.0)
      try await Self.saveAndCompare(&live, folder, "rotate")
      #expect(live.events.contains { $0.event == "drag-ended" && $0.detail.contains("omega") })
    }
  }

  @Test("a tap and a hold on the dial", arguments: Pointer.seeds(4))
  func tapAndHoldOnTheDial(seed: UInt64) async throws {
    try await Self.session { live, folder in
      _ = try await Self.openWaiting(&live, "dial-tap-label.toml")
      var pointer = Pointer(seed: seed)
      pointer.stroke("finger", 0.5, 0.6) { _ in (246.603, 150) }
      pointer.stroke("thumb", 1.0, 1.8) { u in (200 + u, 230) }
      try await pointer.play(&live, until: 3.0)
      try await Self.saveAndCompare(&live, folder, "tap-hold")
      #expect(Self.eventNames(live).contains("tap"))
      #expect(Self.eventNames(live).contains("hold"))
    }
  }

  /// Two fingers at once (docs/live-protocol.md, "Several fingers"): two cards, one grabbed by
  /// an attachment (finger "a"), the other moved by a follow drag (finger "b").
  static let twoFingers = "Tests/Controls/two-cards/scenes/two-cards.toml"

  static func touchIDs(_ frame: [String: Any]) -> [String] {
    (frame["touches"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
  }

  @Test("a set of profile restarts the motion under it, as feel run of the saved file runs it")
  func setProfile() async throws {
    try await Self.session { live, folder in
      let answer = try await live.open(["scene_toml": try Self.sceneText("apple-snap.toml")])
      #expect(answer["type"] as? String == "frame", "\(answer)")
      try await live.advance(1)
      let modern = try #require(live.frames[30])
      try await live.send(["type": "set", "set": ["profile": "ios7"]])
      _ = try await live.until { $0["type"] as? String == "restarted" }
      try await live.reach(60)
      // iOS 7's sub-steps and clamped damping move the box otherwise (docs/scene-format.md).
      #expect(live.frames[30] != modern)
      let path = try await Self.saveAndCompare(&live, folder, "profile")
      let saved = try String(contentsOfFile: path, encoding: .utf8)
      #expect(saved.contains("profile = \"ios7\""))
    }
  }

  @Test("a bad profile in a set: refused with the names, and iOS 9's keys under ios7 too")
  func setBadProfile() async throws {
    try await Self.session { live, folder in
      let answer = try await live.open(["scene_toml": try Self.sceneText("apple-snap.toml")])
      #expect(answer["type"] as? String == "frame", "\(answer)")
      try await live.advance(0.5)
      let misspelt = try #require(
        try await live.probeError(["type": "set", "set": ["profile": "ios8"]]))
      #expect(misspelt.contains("profile"), "\(misspelt)")
      #expect(misspelt.contains("a profile name (modern, ios7)"), "\(misspelt)")
      #expect(misspelt.contains("ios8"), "\(misspelt)")
      // The motion is kept: the session goes on under its own profile, as feel run runs it.
      try await live.advance(1)
      try await Self.saveAndCompare(&live, folder, "bad-profile", refusedBefore: true)
      // A scene with iOS 9's keys (an ellipse's bounds): the reader's refusal, named.
      let charged = try await live.open([
        "scene_toml": withoutTouchSections(try Self.sceneText("charged-fields.toml"))
      ])
      #expect(charged["type"] as? String == "frame", "\(charged)")
      let refused = try #require(
        try await live.probeError(["type": "set", "set": ["profile": "ios7"]]))
      #expect(
        refused.contains("no bounds with profile = \"ios7\" (bounds is iOS 9's)"), "\(refused)")
    }
  }

  @Test("two fingers at once, a set while both are down replays both", arguments: Pointer.seeds(7))
  func twoFingersAtOnce(seed: UInt64) async throws {
    try await Self.session { live, folder in
      let text = try String(
        contentsOf: repositoryRoot.appendingPathComponent(Self.twoFingers), encoding: .utf8)
      let answer = try await live.open(["scene_toml": text])
      #expect(answer["type"] as? String == "frame", "\(answer)")
      #expect((live.opened["waiting_touches"] as? [String])?.sorted() == ["a", "b"])
      var pointer = Pointer(seed: seed, maxLatency_s: 0.02)
      pointer.stroke("a", 0.1, 0.9) { u in (90 + 30 * u, 440 - 240 * u) }
      pointer.stroke("b", 0.25, 0.6) { u in (240 - 40 * u, 440 - 190 * u * u) }
      // Up to 0.4 s (both down), a set, then the rest.
      let first = pointer.queue.filter { $0.arrival <= 0.4 }
      pointer.queue = pointer.queue.filter { $0.arrival > 0.4 }
      for entry in first.sorted(by: { ($0.arrival, $0.order) < ($1.arrival, $1.order) }) {
        try await Pointer.send(entry.message, live)
      }
      try await live.advance(0.4)
      let reached = live.frameReached
      #expect(Self.touchIDs(live.frame(reached)) == ["a", "b"])
      try await live.send(["type": "set", "set": ["behavior.gravity.magnitude": 0.5]])
      _ = try await live.until { $0["type"] as? String == "restarted" }
      try await live.reach(reached)
      try await pointer.play(&live, until: 1.5)
      let path = try await Self.saveAndCompare(&live, folder, "two-fingers")
      let saved = try String(contentsOfFile: path, encoding: .utf8)
      #expect(saved.components(separatedBy: "[[touch]]").count - 1 == 2)
      let a = try #require(saved.range(of: "id = \"a\"")).lowerBound
      let b = try #require(saved.range(of: "id = \"b\"")).lowerBound
      #expect(a < b)
      let events = live.events.map { "\($0.event) \($0.detail)" }
      for finger in ["a", "b"] { #expect(events.contains("drag-began touch \(finger)")) }
      #expect(
        live.events.filter { $0.event == "touch-up" }.map(\.detail) == ["touch b", "touch a"])
      let both = live.frames.keys.filter { Self.touchIDs(live.frame($0)).count == 2 }
      #expect(both.count > 15)
    }
  }

  @Test(
    "two fingers on the committed two-finger scene, each bar following its own",
    arguments: Pointer.seeds(11))
  func twoFingersOnTheCommittedScene(seed: UInt64) async throws {
    try await Self.session { live, folder in
      let opened = try await Self.openWaiting(&live, "two-finger-drag.toml")
      #expect(opened["waiting_touches"] as? [String] == ["upper", "lower"])
      var pointer = Pointer(seed: seed, maxLatency_s: 0.02)
      pointer.stroke("upper", 0.05, 0.8) { u in (120 + 90 * u, 35) }
      pointer.stroke("lower", 0.2, 0.5) { u in (200 - 70 * u, 105) }
      try await pointer.play(&live, until: 2.5)
      let path = try await Self.saveAndCompare(&live, folder, "two-finger-drag")
      let saved = try String(contentsOfFile: path, encoding: .utf8)
      let upper = try #require(saved.range(of: "id = \"upper\"")).lowerBound
      let lower = try #require(saved.range(of: "id = \"lower\"")).lowerBound
      #expect(upper < lower)
      let events = live.events.map { "\($0.event) \($0.detail)" }
      #expect(
        live.events.filter { $0.event == "touch-up" }.map(\.detail)
          == ["touch lower", "touch upper"])
      for finger in ["upper", "lower"] { #expect(events.contains("drag-began touch \(finger)")) }
      #expect(live.frames.keys.filter { Self.touchIDs(live.frame($0)).count == 2 }.count > 10)
      var xs: [String: [Double]] = ["top": [], "bottom": []]
      for k in live.frames.keys.sorted() {
        for item in live.frame(k)["items"] as? [[String: Any]] ?? [] {
          xs[item["id"] as! String, default: []].append((item["x_pt"] as! NSNumber).doubleValue)
        }
      }
      #expect(xs["top"]!.max()! > 100 + 60, "the top bar followed the upper finger right")
      #expect(xs["bottom"]!.min()! < 220 - 50, "the bottom bar followed the lower finger left")
    }
  }

  /// `"timing": true` adds the engine's and the server's clocks to each frame (a benchmark
  /// aid): read → task ≤ read → frame made; the previous answer's flush after its read.
  /// Without it, a frame has only the contract's keys.
  @Test("timing is opt-in and ordered")
  func timingIsOptIn() async throws {
    let keys: Set<String> = ["type", "frame", "t_s", "items", "touches", "running"]
    for timing in [false, true] {
      try await Self.session { live, _ in
        let answer = try await live.open([
          "scene": "experiments/scenes/castro-release-right-80.toml", "timing": timing,
        ])
        #expect(answer["type"] as? String == "frame", "\(answer)")
        for k in 1...5 { try await live.advance(Double(k) / 60) }
        let frames = (1...5).map { live.frame($0) }
        for frame in frames {
          let extra = Set(frame.keys).subtracting(keys)
          if !timing {
            #expect(extra.isEmpty)
            continue
          }
          #expect(extra.isSuperset(of: ["step_s", "queue_s", "server_s"]))
          let queue = (frame["queue_s"] as? NSNumber)?.doubleValue ?? -1
          #expect(0 <= queue)
          #expect(queue <= (frame["server_s"] as? NSNumber)?.doubleValue ?? -1)
          #expect(0 < (frame["step_s"] as? NSNumber)?.doubleValue ?? 0)
        }
        if timing {
          let flushes = frames.dropFirst().map {
            ($0["prev_flush_s"] as? NSNumber)?.doubleValue ?? 0
          }
          #expect(flushes.allSatisfy { $0 > 0 }, "\(flushes)")
          #expect(frames[0]["prev_flush_s"] == nil)
        }
      }
    }
  }

  @Test("a tap on Castro's bar", arguments: Pointer.seeds(5))
  func tapOnCastro(seed: UInt64) async throws {
    try await Self.session { live, folder in
      _ = try await Self.openWaiting(&live, "castro-tap-right.toml")
      var pointer = Pointer(seed: seed)
      pointer.stroke("finger", 0.0, 0.08) { _ in (240, 25) }
      try await pointer.play(&live, until: 2.0)
      try await Self.saveAndCompare(&live, folder, "tap")
      #expect(Self.eventNames(live).contains("tap"))
    }
  }

  @Test("a paused animator's stretches are sent as still runs")
  func stillRuns() async throws {
    try await Self.session { live, folder in
      let answer = try await live.open(["scene": "experiments/scenes/castro-release-right-80.toml"])
      #expect(answer["type"] as? String == "frame")
      try await live.advance(3.5)
      #expect(live.received.contains("still"), "a paused stretch is sent as still")
      // Nothing moves any more: one more advance far ahead is one still message.
      let before = live.received.count
      try await live.advance(60)
      #expect(Array(live.received[before...]) == ["still"])
      try await Self.saveAndCompare(&live, folder, "still")
    }
  }

  @Test("save is refused before a frame, before the finger, while it is down, over a file")
  func saveRefusals() async throws {
    try await Self.session { live, folder in
      _ = try await Self.openWaiting(&live, "castro-drag-right-80.toml")
      let early = folder.relative("live-early.toml")
      #expect(
        try await live.probeError(["type": "save", "path": early])?.contains("frame") == true)
      try await live.advance(0.1)
      #expect(
        try await live.probeError(["type": "save", "path": early])?.contains("finger") == true)
      try await live.touch("finger", "down", 0.2, 200, 25)
      try await live.advance(0.3)
      #expect(try await live.probeError(["type": "save", "path": early])?.contains("down") == true)
      try await live.touch("finger", "up", 0.35, 201, 25)
      try await live.advance(0.4)
      let exists = try folder.write("keep me\n", to: "live-exists.toml")
      let refusal = try await live.probeError([
        "type": "save", "path": folder.relative("live-exists.toml"),
      ])
      #expect(refusal?.contains("exists") == true)
      #expect(try String(contentsOf: exists, encoding: .utf8) == "keep me\n")
      #expect(!FileManager.default.fileExists(atPath: early))
      try await Self.saveAndCompare(&live, folder, "exists", refusedBefore: true)
    }
  }

  @Test("changed on an edit, and on an edit that breaks the file, which keeps the motion")
  func changedOnAnEdit() async throws {
    let folder = try TemporaryFolder.inRepository()
    let file = try folder.copy(
      "experiments/scenes/castro-release-right-80.toml", to: "live-watched.toml")
    let scene = folder.relative("live-watched.toml")
    try await ServeHarness.listening().test(.live) { client in
      try await LiveClient.session(client) { live in
        _ = try await live.open(["scene": scene])
        try await live.advance(0.2)
        let text = try String(contentsOf: file, encoding: .utf8)
        try text.replacingOccurrences(of: "frame_rate = 60", with: "frame_rate = 60  # edited")
          .write(to: file, atomically: false, encoding: .utf8)
        var changed = try await live.until { $0["type"] as? String == "changed" }
        #expect(changed["path"] as? String == scene)
        #expect(changed["error"] == nil)
        var lines = text.components(separatedBy: "\n")
        lines[5] = "frame_rate = \"sixty\""
        try lines.joined(separator: "\n").write(to: file, atomically: false, encoding: .utf8)
        changed = try await live.until { $0["type"] as? String == "changed" }
        #expect((changed["error"] as? String)?.hasPrefix("\(scene):6: ") == true, "\(changed)")
        // The session keeps its motion: it still steps.
        try await live.advance(0.3)
        #expect(live.frameReached == 18)
      }
    }
  }

  @Test("changed for the experiment's control file, and its error with its line")
  func changedForTheControlFile() async throws {
    let folder = try TemporaryFolder.inRepository()
    try folder.copy("experiments/snap-damping-release.toml", to: "snap-damping-release.toml")
    try folder.copy("experiments/scenes", to: "scenes")
    let control = try folder.copy("experiments/controls/castro.toml", to: "controls/castro.toml")
    let original = try String(contentsOf: control, encoding: .utf8)
    let scene = "experiments/scenes/castro-release-right-80.toml"
    try await ServeHarness.listening().test(.live) { client in
      try await LiveClient.session(client) { live in
        let missing = try await live.probeError([
          "type": "open", "scene": scene, "experiment": "experiments/no-such.toml",
        ])
        #expect(missing?.contains("experiment") == true)
        let answer = try await live.open([
          "scene": scene, "experiment": folder.relative("snap-damping-release.toml"),
        ])
        #expect(answer["type"] as? String == "frame", "\(answer)")
        try (original + "\n# edited\n").write(to: control, atomically: false, encoding: .utf8)
        var changed = try await live.until { $0["type"] as? String == "changed" }
        #expect(changed["path"] as? String == folder.relative("controls/castro.toml"))
        #expect(changed["error"] == nil)
        try original.replacingOccurrences(
          of: "title = \"Castro playback scrubber\"", with: "title = 3"
        ).write(to: control, atomically: false, encoding: .utf8)
        changed = try await live.until { $0["type"] as? String == "changed" }
        #expect(
          (changed["error"] as? String)?.hasPrefix(folder.relative("controls/castro.toml") + ":4: ")
            == true, "\(changed)")
      }
    }
  }
}
