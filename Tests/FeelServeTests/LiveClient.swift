import FeelScene
import FeelTestSupport
import Foundation
import HummingbirdTesting
import HummingbirdWSTesting
import HummingbirdWebSocket
import Testing

/// One side of a live session for the tests: its messages read in order, each as a JSON object
/// and its text; the frames since the last (re)start by number, with the text of their `t_s`,
/// and the events since then.
struct LiveClient {
  var inbound: WebSocketInboundMessageStream.AsyncIterator
  let outbound: WebSocketOutboundWriter
  var errors: [String] = []
  /// The text of each frame since the last `opened` or `restarted`, by frame number (a `still`
  /// run's frames as the frame before it).
  var frames: [Int: String] = [:]
  /// Each frame's time as written (a `still` run's frame at its own time, as `feel run`'s CSV
  /// writes it).
  var times: [Int: String] = [:]
  /// The events since the last (re)start: frame, time as written, event, detail.
  var events: [(frame: Int, t_s: String, event: String, detail: String)] = []
  var opened: [String: Any] = [:]
  /// The type of every message received.
  var received: [String] = []

  init(inbound: WebSocketInboundMessageStream, outbound: WebSocketOutboundWriter) {
    self.inbound = inbound.makeAsyncIterator()
    self.outbound = outbound
  }

  /// Runs `body` on one live session of the server `client` tests.
  static func session<Client: TestClientProtocol>(
    _ client: Client, _ body: @escaping @Sendable (inout LiveClient) async throws -> Void
  ) async throws {
    try await client.ws(
      "/api/live?token=\(ServeHarness.token)", configuration: .init(maxFrameSize: 1 << 21)
    ) { inbound, outbound, _ in
      var live = LiveClient(inbound: inbound.messages(maxSize: 1 << 22), outbound: outbound)
      try await body(&live)
    }
  }

  /// The next text message, nil once the session ended.
  mutating func next() async throws -> String? {
    while let message = try await inbound.next() {
      if case .text(let text) = message { return text }
    }
    return nil
  }

  /// The text of `key`'s number as the message wrote it.
  static func numberText(_ key: String, in text: String) -> String? {
    guard let start = text.range(of: "\"\(key)\":")?.upperBound else { return nil }
    return String(text[start...].prefix { $0 != "," && $0 != "}" })
  }

  /// The next message as a JSON object (the session must go on).
  mutating func receive() async throws -> [String: Any] {
    let received = try await next()
    let text = try #require(received, "the session ended")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let type = object["type"] as? String ?? ""
    self.received.append(type)
    switch type {
    case "opened", "restarted":
      frames = [:]
      times = [:]
      events = []
      if type == "opened" { opened = object }
    case "frame":
      let k = object["frame"] as! Int
      frames[k] = text
      times[k] = Self.numberText("t_s", in: text)
    case "still":
      let from = object["from_frame"] as! Int
      let before = frames[from - 1]
      let rate = opened["frame_rate"] as? Double ?? 60
      for k in from...(object["to_frame"] as! Int) {
        frames[k] = before
        times[k] = TrajectoryCSV.time(Double(k) / rate)
      }
    case "event":
      events.append(
        (
          object["frame"] as! Int, Self.numberText("t_s", in: text) ?? "",
          object["event"] as! String, object["detail"] as? String ?? ""
        ))
    case "error": errors.append(object["message"] as! String)
    default: break
    }
    return object
  }

  mutating func until(_ predicate: ([String: Any]) -> Bool) async throws -> [String: Any] {
    while true {
      let message = try await receive()
      if predicate(message) { return message }
    }
  }

  func send(_ object: [String: Any]) async throws {
    let data = try JSONSerialization.data(withJSONObject: object)
    try await outbound.write(.text(String(decoding: data, as: UTF8.self)))
  }

  func touch(_ id: String, _ phase: String, _ t: Double, _ x: Double, _ y: Double) async throws {
    try await send(["type": "touch", "id": id, "phase": phase, "t_s": t, "x_pt": x, "y_pt": y])
  }

  var frameReached: Int { frames.keys.max() ?? -1 }

  /// Receives until frame `k` (or a still run through it) came, or an error.
  mutating func reach(_ k: Int) async throws {
    _ = try await until { message in
      switch message["type"] as? String ?? "" {
      case "frame": (message["frame"] as! Int) >= k
      case "still": (message["to_frame"] as! Int) >= k
      case "error": true
      default: false
      }
    }
  }

  /// Opens a scene (`open` with `body`); the first frame or the error it was answered with.
  mutating func open(_ body: [String: Any]) async throws -> [String: Any] {
    try await send(["type": "open"].merging(body) { $1 })
    return try await until { ["frame", "error"].contains($0["type"] as? String ?? "") }
  }

  /// Sends a message answered with one message (`saved`, `error`, `opened`); returns it.
  mutating func request(_ message: [String: Any]) async throws -> [String: Any] {
    try await send(message)
    return try await until { ["saved", "error", "opened"].contains($0["type"] as? String ?? "") }
  }

  /// Sends `text`, then a message of an unknown type as a marker: the one error `text` was
  /// answered with (nil, and a failed expectation, unless exactly one).
  mutating func probeError(_ text: String) async throws -> String? {
    try await outbound.write(.text(text))
    try await outbound.write(.text(#"{"type": "probe-marker"}"#))
    var answers: [String] = []
    while true {
      let message = try await receive()
      guard message["type"] as? String == "error", let text = message["message"] as? String
      else { continue }
      if text.contains("probe-marker") { break }
      answers.append(text)
    }
    #expect(answers.count == 1, "\(text) was answered with \(answers)")
    return answers.count == 1 ? answers[0] : nil
  }

  mutating func probeError(_ object: [String: Any]) async throws -> String? {
    try await probeError(
      String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self))
  }

  /// Sends an advance to `t_s` (60 Hz scenes) and receives its frames.
  mutating func advance(_ t_s: Double) async throws {
    let target = Int((t_s * 60 + 1e-9).rounded(.down))
    try await send(["type": "advance", "to_t_s": t_s])
    if target > frameReached { try await reach(target) }
  }

  /// Frame `k` as a JSON object.
  func frame(_ k: Int) -> [String: Any] {
    frames[k].flatMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    } ?? [:]
  }
}

/// The pause events a live session cannot know ahead (the contract's invariant: the animator's
/// pause and resume while no finger is down, since `feel run` knows a touch is still to come).
let unknowableEvents: Set<String> = ["pause"]

/// The frames and events `live` received since its last (re)start are, row for row and number
/// for number (the very digits), `run`'s (`feel run SAVED --events`), but for the `running`
/// column and the pause events.
func expectFeelRun(_ live: LiveClient, _ run: FeelResult) {
  let rows = csvRows(run.output)
  guard let header = rows.first else {
    Issue.record("feel run printed no CSV")
    return
  }
  let column = { (name: String) in header.firstIndex(of: name)! }
  var expected: [Int: [[String]]] = [:]
  for row in rows.dropFirst() { expected[Int(row[column("frame")])!, default: []].append(row) }
  #expect(live.frames.keys.sorted() == expected.keys.sorted(), "the frames sent and feel run's")
  for (k, cells) in expected {
    guard let text = live.frames[k] else { continue }
    #expect(live.times[k] == cells[0][column("t_s")], "frame \(k): t_s")
    let items = cells.filter { !$0[column("item")].hasPrefix("touch:") }.map { r in
      "{\"id\":\"\(r[column("item")])\",\"x_pt\":\(r[column("x_pt")]),\"y_pt\":\(r[column("y_pt")]),"
        + "\"angle_rad\":\(r[column("angle_rad")]),\"vx_pt_s\":\(r[column("vx_pt_s")]),"
        + "\"vy_pt_s\":\(r[column("vy_pt_s")]),\"omega_rad_s\":\(r[column("omega_rad_s")])}"
    }
    let touches = cells.filter { $0[column("item")].hasPrefix("touch:") }.map { r in
      "{\"id\":\"\(r[column("item")].dropFirst(6))\",\"x_pt\":\(r[column("x_pt")]),"
        + "\"y_pt\":\(r[column("y_pt")])}"
    }
    let want =
      "\"items\":[\(items.joined(separator: ","))],\"touches\":[\(touches.joined(separator: ","))]"
    #expect(text.contains(want), "frame \(k): \(text) is not \(want)")
  }
  let events = csvRows(run.errors).dropFirst().filter { !unknowableEvents.contains($0[2]) }
    .map { $0.joined(separator: " | ") }
  let got = live.events.filter { !unknowableEvents.contains($0.event) }
    .map { "\($0.frame) | \($0.t_s) | \($0.event) | \($0.detail)" }
  #expect(got == events, "events")
}
