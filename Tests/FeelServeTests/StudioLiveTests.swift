import FeelCommandSupport
import FeelScene
import FeelTestSupport
import Foundation
import Testing

@testable import FeelServe

/// The studio's loop (docs/studio.md, "The studio page") in this process: the bottom sheet as
/// `/api/studio/scene` gives it to the page (its own touches taken out), one live session fed
/// the page's messages (`LiveMessage.parse`, then `LiveSession`), three gestures of fingers
/// p1, p2, p3 in it with no re-open. Expected values: the sheet's detents and limits from its
/// file (a finger above the sheet moves nothing: the frames equal a session without it), and
/// `feel run` of the scene the session saves (the contract's invariant).
@Suite(.serialized) struct StudioLiveTests {
  static let scene = "experiments/scenes/sheet-detents.toml"

  /// A session driven by JSON messages, its frames by number (a `still` run repeats the frame
  /// before it), every message it answered, and how many times it (re)opened.
  struct Driver {
    var session: LiveSession
    var frames: [Int: [TrajectoryCSV.RowCells]] = [:]
    var opens = 0
    var restarts = 0

    init(sceneTOML: String) throws {
      let message = try LiveMessage.parse(
        Array(
          String(
            decoding: try JSONSerialization.data(
              withJSONObject: ["type": "open", "scene_toml": sceneTOML]), as: UTF8.self
          ).utf8))
      guard case .open(let input, _, _) = message else { throw Failure("not an open") }
      let (session, outputs) = try LiveSession.open(input)
      self.session = session
      take(outputs)
    }

    struct Failure: Error, CustomStringConvertible {
      var description: String
      init(_ text: String) { description = text }
    }

    mutating func take(_ outputs: [LiveSession.Output]) {
      for output in outputs {
        switch output {
        case .opened: opens += 1
        case .restarted: restarts += 1
        case .frame(let f): frames[f.frame] = f.rows
        case .still(let from, let to):
          // each equal to frame from − 1 but for its number and time
          for k in from...to {
            frames[k] = frames[from - 1]!.map { row in
              var row = row
              row.frame = String(k)
              row.t_s = TrajectoryCSV.time(Double(k) / session.scene.frameRate_hz)
              return row
            }
          }
        case .event: break
        }
      }
    }

    /// One message as the page sends it.
    mutating func send(_ object: [String: Any]) throws {
      let bytes = Array(try JSONSerialization.data(withJSONObject: object))
      switch try LiveMessage.parse(bytes) {
      case .touch(let id, let phase, let t, let x, let y):
        try session.touch(id: id, phase: phase, t_s: t, x_pt: x, y_pt: y)
      case .advance(let t):
        take(session.step(to: try session.targetFrame(t)))
      default: throw Failure("unexpected message \(object)")
      }
    }

    /// A finger `id` down at `from` at `t`, moved to `to` in `duration` (samples 1/120 s
    /// apart, as a pointer's coalesced events come), lifted; the display clock advances with it.
    mutating func gesture(
      _ id: String, at t: Double, from: (Double, Double), to: (Double, Double),
      duration: Double
    ) throws {
      let n = Int((duration * 120).rounded())
      for i in 0...n {
        let s = Double(i) / Double(n)
        let time = t + duration * s
        try send(["type": "advance", "to_t_s": time - 1 / 120.0])
        try send([
          "type": "touch", "id": id, "phase": i == 0 ? "down" : i == n ? "up" : "move",
          "t_s": time, "x_pt": from.0 + (to.0 - from.0) * s, "y_pt": from.1 + (to.1 - from.1) * s,
        ])
      }
    }

    /// The sheet's centre y at frame `k`.
    func y(_ k: Int) -> Double { Double(frames[k]!.first { $0.item == "sheet" }!.y_pt)! }

    /// The rows as `feel run` prints them, without the `running` column.
    var csvRows: [String] {
      frames.keys.sorted().flatMap { k in
        frames[k]!.map { r in
          [
            r.frame, r.t_s, r.item, r.x_pt, r.y_pt, r.angle_rad, r.vx_pt_s, r.vy_pt_s,
            r.omega_rad_s,
          ].joined(separator: ",")
        }
      }
    }
  }

  static func sceneTOML() throws -> String {
    let request = try JSONDecoder().decode(
      ServeRoutes.StudioSceneRequest.self, from: Data(#"{"scene": "\#(scene)"}"#.utf8))
    return try ServeRoutes.studioScene(request, served: ServeFiles(experiments: [])).scene_toml
  }

  /// The three gestures: p1 pulls the sheet up from its middle detent and flicks it, p2 grabs it
  /// where p1 left it (the top detent) and throws it down; with `above`, p3 goes down on the
  /// empty screen above the sheet, which by then rests at its bottom detent.
  static func session(above: Bool) throws -> Driver {
    var d = try Driver(sceneTOML: try sceneTOML())
    try d.send(["type": "advance", "to_t_s": 0.5])
    try d.gesture("p1", at: 0.5, from: (187.5, 430), to: (187.5, 150), duration: 0.25)
    try d.send(["type": "advance", "to_t_s": 2.5])
    try d.gesture("p2", at: 2.5, from: (187.5, 130), to: (187.5, 420), duration: 0.3)
    try d.send(["type": "advance", "to_t_s": 4.5])
    if above {
      try d.gesture("p3", at: 4.5, from: (187.5, 300), to: (187.5, 600), duration: 0.3)
    }
    try d.send(["type": "advance", "to_t_s": 6])
    return d
  }

  @Test("one session, three gestures: each grabs the sheet where it is, none restarts it")
  func threeGestures() throws {
    try ServeHTTPTests.inRepository()
    let d = try Self.session(above: true)
    #expect(d.opens == 1 && d.restarts == 0)
    #expect(d.frames.keys.sorted() == Array(0...360))
    #expect(d.y(0) == 700)  // the middle detent
    // p1 left the sheet at its top detent (centre y 400, the drag's upper limit) ...
    #expect(abs(d.y(150) - 400) < 0.5)
    // ... where p2 grabbed it, 30 pt below its top edge: at 2.75 s its finger has moved
    // 290 pt × 0.25 / 0.3 down, and so has the sheet from 400 (from 700, a re-opened session)
    #expect(abs(d.y(165) - (400 + 290 * 0.25 / 0.3)) < 0.5)
    // ... and threw it to the bottom detent.
    #expect(abs(d.y(270) - 1000) < 0.5)
  }

  @Test("a pointer that goes down off the sheet moves nothing")
  func pointerOffTheItem() throws {
    try ServeHTTPTests.inRepository()
    let with = try Self.session(above: true)
    let without = try Self.session(above: false)
    // the sheet's rows but `running` (a finger down keeps the animator running)
    let sheet = { (d: Driver) in
      d.frames.keys.sorted().flatMap { k in
        d.frames[k]!.filter { $0.item == "sheet" }.map {
          [$0.frame, $0.x_pt, $0.y_pt, $0.angle_rad, $0.vx_pt_s, $0.vy_pt_s, $0.omega_rad_s]
        }
      }
    }
    #expect(sheet(with) == sheet(without))
    #expect(with.frames[280]!.contains { $0.item == "touch:p3" })
  }

  @Test("feel run of the scene the session saves gives the session's frames")
  func savedSceneIsFeelRun() throws {
    try ServeHTTPTests.inRepository()
    let d = try Self.session(above: true)
    let folder = try TemporaryFolder()
    let file = folder.url.appendingPathComponent("sheet-live.toml")
    try d.session.saveText().write(to: file, atomically: true, encoding: .utf8)
    let run = try runFeel(["run", file.path])
    #expect(run.status == 0, "\(String(decoding: run.stderr, as: UTF8.self))")
    let rows = String(decoding: run.stdout, as: UTF8.self).split(separator: "\n").dropFirst()
      .map { $0.split(separator: ",", omittingEmptySubsequences: false).dropLast() }
      .map { $0.joined(separator: ",") }
    #expect(rows == d.csvRows)
  }

  @Test("the studio's metrics message is read, with no other key")
  func metricsMessage() throws {
    guard case .metrics = try LiveMessage.parse(Array(#"{"type": "metrics"}"#.utf8)) else {
      Issue.record("not a metrics message")
      return
    }
    #expect(throws: LiveSession.Refusal.self) {
      try LiveMessage.parse(Array(#"{"type": "metrics", "item": "sheet"}"#.utf8))
    }
  }
}
