import FeelCommandSupport
import FeelTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWSTesting
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOWebSocket
import Testing

@testable import FeelServe

/// The live sessions' contract (docs/live-protocol.md) on the server in this process
/// (HummingbirdTesting's `.live` mode: the application as `feel-serve` builds it, on a port of
/// loopback, its access rules and its WebSocket upgrade included), through HummingbirdWSTesting's
/// WebSocket client. Expected frames are `feel run`'s output (the built executable) of the scene
/// the session saves; expected texts are the contract's.
@Suite(.serialized) struct LiveSocketTests {
  static let token = ServeHarness.token
  static let release = "experiments/scenes/castro-release-right-80.toml"
  static let drag = "experiments/scenes/castro-drag-right-80.toml"
  static let path = "/api/live?token=\(token)"

  static func application() throws -> some ApplicationProtocol { try ServeHarness.listening() }

  /// Runs `body` on one live session; returns the close frame the server sent, if any.
  @discardableResult
  static func session(
    _ body: @escaping @Sendable (inout LiveClient) async throws -> Void
  ) async throws -> WebSocketCloseFrame? {
    try ServeHTTPTests.inRepository()
    return try await application().test(.live) { client in
      try await client.ws(path, configuration: .init(maxFrameSize: 1 << 21)) {
        inbound, outbound, _ in
        var live = LiveClient(inbound: inbound.messages(maxSize: 1 << 22), outbound: outbound)
        try await body(&live)
      }
    }
  }

  /// A committed scene's text without its `[[touch]]` sections: its drags wait for live fingers.
  static func withoutTouches(_ path: String) throws -> String {
    withoutTouchSections(
      try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8))
  }

  @Test("a message in fragments is one message; a binary one is refused and the session goes on")
  func fragmentsAndBinary() async throws {
    try await Self.session { live in
      let text = #"{"type": "open", "scene": "\#(Self.release)"}"#
      let utf8 = Array(text.utf8)
      let parts = [utf8[..<10], utf8[10..<25], utf8[25...]]
      for (i, part) in parts.enumerated() {
        try await live.outbound.write(
          .custom(
            WebSocketFrame(
              fin: i == parts.count - 1, opcode: i == 0 ? .text : .continuation,
              data: ByteBuffer(bytes: part))))
      }
      let opened = try await live.receive()
      let first = try await live.receive()
      #expect(opened["type"] as? String == "opened")
      #expect(first["frame"] as? Int == 0)
      try await live.outbound.write(.binary(ByteBuffer(string: "{}")))
      let refusal = try await live.receive()
      #expect(refusal["message"] as? String == "expected a JSON text message, got a binary one")
      try await live.send(["type": "advance", "to_t_s": 0.05])
      let frame = try await live.until { $0["type"] as? String == "frame" }
      #expect(frame["frame"] as? Int == 1)
    }
  }

  @Test("fragments each within 1 MiB that together pass it close the session with 1009")
  func messageOverTheLimit() async throws {
    try ServeHTTPTests.inRepository()
    try await Self.application().test(.live) { client in
      let close = try await client.ws(
        Self.path, configuration: .init(maxFrameSize: 1 << 21)
      ) { inbound, outbound, _ in
        var live = LiveClient(inbound: inbound.messages(maxSize: 1 << 22), outbound: outbound)
        let half = ByteBuffer(
          repeating: UInt8(ascii: "y"), count: ServeLimits.maxRequestBytes / 2 + 1)
        try await outbound.write(.custom(WebSocketFrame(fin: false, opcode: .text, data: half)))
        try await outbound.write(
          .custom(WebSocketFrame(fin: true, opcode: .continuation, data: half)))
        // Read to the end (the server's close ends the stream).
        do { while try await live.next() != nil {} } catch {}
      }
      #expect(close?.closeCode == .messageTooLarge)
      // The server goes on.
      try await client.ws(Self.path) { inbound, outbound, _ in
        var live = LiveClient(inbound: inbound.messages(maxSize: 1 << 22), outbound: outbound)
        try await live.send(["type": "open", "scene": Self.release])
        let opened = try await live.receive()
        #expect(opened["type"] as? String == "opened")
      }
    }
  }

  @Test("a close is answered with its status")
  func closeIsAnswered() async throws {
    let close = try await Self.session { live in
      try await live.send(["type": "open", "scene": Self.release])
      _ = try await live.until { $0["type"] as? String == "frame" }
      try await live.outbound.close(.normalClosure, reason: "done")
      // Read to the end (the server's close ends the stream).
      do { while try await live.next() != nil {} } catch {}
    }
    #expect(close?.closeCode == .normalClosure)
  }

  @Test("a message behind a long advance is answered after the advance's last frame")
  func answersKeepTheirOrder() async throws {
    try await Self.session { live in
      try await live.send(["type": "open", "scene": Self.release])
      _ = try await live.until { $0["type"] as? String == "frame" }
      // 600 frames: more than one slice (`LiveSocket.framesPerWrite`).
      try await live.send(["type": "advance", "to_t_s": 10])
      try await live.send(["type": "probe"])
      var reached = 0
      while true {
        let message = try await live.receive()
        switch message["type"] as? String ?? "" {
        case "frame": reached = message["frame"] as! Int
        case "still": reached = message["to_frame"] as! Int
        case "event": break
        default:
          #expect(reached == 600, "answered before the advance's last frame")
          #expect((message["message"] as? String)?.contains("\"probe\"") == true)
          return
        }
      }
    }
  }

  @Test("a set mid-drag restarts at frame 0, replays to the frame reached, and equals feel run")
  func setMidDragIsFeelRunOfTheSavedScene() async throws {
    let saved = "out/feel-serve-tests/live-set-\(UUID().uuidString).toml"
    defer { try? FileManager.default.removeItem(atPath: saved) }
    try FileManager.default.createDirectory(
      atPath: "out/feel-serve-tests", withIntermediateDirectories: true)
    let sceneText = try Self.withoutTouches(Self.drag)
    try await Self.session { live in
      try await live.send(["type": "open", "scene_toml": sceneText])
      let opened = try await live.until { $0["type"] as? String == "opened" }
      #expect(opened["waiting_touches"] as? [String] == ["finger"])
      _ = try await live.until { $0["type"] as? String == "frame" }
      // The first half of a drag, a set while the finger is down, then the rest.
      for k in 0...15 {
        let t = Double(k) / 60
        try await live.send([
          "type": "touch", "id": "finger", "phase": k == 0 ? "down" : "move", "t_s": t,
          "x_pt": 200 + 5 * Double(k), "y_pt": 25,
        ])
      }
      try await live.advance(0.25)
      try await live.send(["type": "set", "set": ["behavior.scrub-snap.damping": 0.35]])
      _ = try await live.until { $0["type"] as? String == "restarted" }
      let first = try await live.until { $0["type"] as? String == "frame" }
      #expect(first["frame"] as? Int == 0)
      try await live.reach(15)
      for k in 16...30 {
        try await live.send([
          "type": "touch", "id": "finger", "phase": k == 30 ? "up" : "move",
          "t_s": Double(k) / 60, "x_pt": 200 + 5 * Double(k), "y_pt": 25,
        ])
      }
      try await live.advance(2)
      try await live.send(["type": "save", "path": saved, "replace": true])
      let answer = try await live.until { $0["type"] as? String == "saved" }
      #expect(answer["path"] as? String == saved)
      #expect(live.errors == [])
      let run = try runFeel(["run", saved, "--events"])
      #expect(run.status == 0)
      expectFeelRun(live, run)
    }
    let text = try String(contentsOfFile: saved, encoding: .utf8)
    #expect(text.contains("damping = 0.35"))
  }
}

extension LiveSocketTests {
  /// The studio asks `metrics` when the motion comes to rest, also before any finger went down.
  /// A scene whose gestures belong to its item has no touch then, which the reader refuses; the
  /// error must say that it answers `metrics` (docs/live-protocol.md), and a touch mends it.
  @Test("metrics before the item's first touch is a metrics error; after it, the report")
  func metricsBeforeAndAfterTheFirstTouch() async throws {
    let sceneText = try Self.withoutTouches("experiments/scenes/sheet-pull-up.toml")
    try await Self.session { live in
      try await live.send(["type": "open", "scene_toml": sceneText])
      _ = try await live.until { $0["type"] as? String == "opened" }
      try await live.advance(0.1)
      let refused = try await live.probeError(#"{"type": "metrics"}"#)
      #expect(refused?.hasPrefix("metrics: ") == true, "\(refused ?? "no error")")
      #expect(refused?.contains("drag-began") == true)
      for k in 0...6 {
        try await live.send([
          "type": "touch", "id": "p1", "phase": k == 0 ? "down" : k == 6 ? "up" : "move",
          "t_s": 0.2 + Double(k) / 60, "x_pt": 187.5, "y_pt": 430 - 20 * Double(k),
        ])
      }
      try await live.advance(1.5)
      try await live.send(["type": "metrics"])
      let answer = try await live.until { $0["type"] as? String == "metrics" }
      let report = answer["report"] as? [String: Any]
      #expect(report?["metrics"] != nil)
    }
  }

  @Test("bad messages are each refused with one error and leave the session as it was")
  func badMessagesLeaveTheSession() async throws {
    let saved = "out/feel-serve-tests/live-bad-\(UUID().uuidString).toml"
    defer { try? FileManager.default.removeItem(atPath: saved) }
    try FileManager.default.createDirectory(
      atPath: "out/feel-serve-tests", withIntermediateDirectories: true)
    let sceneText = try Self.withoutTouches(Self.drag)
    try await Self.session { live in
      let early = try await live.probeError(
        #"{"type": "touch", "id": "f", "phase": "down", "t_s": 0, "x_pt": 1, "y_pt": 1}"#)
      #expect(early?.contains("open") == true)
      try await live.send(["type": "open", "scene_toml": sceneText])
      _ = try await live.until { $0["type"] as? String == "frame" }
      for k in 0...9 {
        try await live.send([
          "type": "touch", "id": "finger", "phase": k == 0 ? "down" : "move",
          "t_s": Double(k) / 120, "x_pt": 200 + 2 * Double(k), "y_pt": 25,
        ])
      }
      try await live.advance(0.05)
      let last = 9.0 / 120
      let bad = [
        "not json", "[1, 2]", #"{"type": 3}"#, #"{"type": "fly"}"#, #"{"type": "advance"}"#,
        #"{"type": "advance", "to_t_s": "soon"}"#, #"{"type": "advance", "to_t_s": 1e308}"#,
        #"{"type": "advance", "to_t_s": 0.1, "extra": 1}"#,
        #"{"type": "touch", "id": "finger", "phase": "move", "t_s": NaN, "x_pt": 1, "y_pt": 2}"#,
        #"{"type": "touch", "id": "finger", "phase": "move", "t_s": \#(last + 0.001), "x_pt": 1e308, "y_pt": 2}"#,
        #"{"type": "touch", "id": "finger", "phase": "move", "t_s": \#(last - 0.001), "x_pt": 210, "y_pt": 25}"#,
        #"{"type": "touch", "id": "finger", "phase": "move", "t_s": \#(last), "x_pt": 210, "y_pt": 25}"#,
        #"{"type": "touch", "id": "finger", "phase": "down", "t_s": \#(last + 0.001), "x_pt": 210, "y_pt": 25}"#,
        #"{"type": "touch", "id": "thumb", "phase": "move", "t_s": 0.2, "x_pt": 210, "y_pt": 25}"#,
        #"{"type": "touch", "id": "thumb", "phase": "up", "t_s": 0.2, "x_pt": 210, "y_pt": 25}"#,
        #"{"type": "touch", "id": "finger", "phase": "lift", "t_s": 0.2, "x_pt": 210, "y_pt": 25}"#,
        #"{"type": "touch", "id": 7, "phase": "move", "t_s": 0.2, "x_pt": 210, "y_pt": 25}"#,
        #"{"type": "touch", "id": "finger", "phase": "move", "t_s": 0.2, "x_pt": [1], "y_pt": 25}"#,
        #"{"type": "touch", "id": "", "phase": "down", "t_s": 0.2, "x_pt": 1, "y_pt": 25}"#,
        #"{"type": "set", "set": {"behavior.scrub-snap.dampng": 0.5}}"#,
        #"{"type": "set", "set": {"behavior.scrub-snap.damping": -4}}"#,
        #"{"type": "set", "set": [1, 2, 3]}"#,
        #"{"type": "save", "path": "\#(saved)"}"#,
        #"{"type": "save", "path": "../escape.toml"}"#,
        #"{"type": "save", "path": "/tmp/escape.toml"}"#,
        #"{"type": "save", "path": "out/not-a-scene.txt"}"#, #"{"type": "save"}"#,
        #"{"type": "open", "scene": "experiments/scenes/no-such.toml"}"#,
        #"{"type": "open", "scene_toml": "frame_rate = 60\n[[item]]\nid = 3\n"}"#,
        #"{"type": "open"}"#,
      ]
      var answers: [String?] = []
      for text in bad { answers.append(try await live.probeError(text)) }
      #expect(answers[answers.count - 2]?.hasPrefix("<request>:3: ") == true)
      #expect(answers[0]?.hasPrefix("expected a JSON object with a \"type\"") == true)
      #expect(answers[4] == "advance: key 'to_t_s': expected a number, got nothing")
      #expect(!FileManager.default.fileExists(atPath: saved))
      #expect(!FileManager.default.fileExists(atPath: "/tmp/escape.toml"))
      // The drag goes on as if nothing had been sent.
      for k in 10...30 {
        try await live.send([
          "type": "touch", "id": "finger", "phase": k == 30 ? "up" : "move",
          "t_s": Double(k) / 120, "x_pt": 200 + 2 * Double(k), "y_pt": 25,
        ])
      }
      try await live.advance(1.5)
      try await live.send(["type": "save", "path": saved, "replace": true])
      _ = try await live.until { $0["type"] as? String == "saved" }
      let run = try runFeel(["run", saved, "--events"])
      #expect(run.status == 0)
      expectFeelRun(live, run)
    }
  }

  @Test("an advance beyond the frame limit is refused with nothing stepped")
  func advanceBeyondTheFrameLimit() async throws {
    try await Self.session { live in
      try await live.send(["type": "open", "scene": Self.release])
      _ = try await live.until { $0["type"] as? String == "frame" }
      let refusal = try await live.probeError(
        #"{"type": "advance", "to_t_s": \#(1e6 / 60 + 1)}"#)
      #expect(refusal?.contains("frame limit") == true)
      #expect(live.frames.keys.max() == 0)
      try await live.advance(0.5)
      #expect(live.frames.keys.max() == 30)
    }
  }
}
