import FeelTestSupport
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import FeelServe

/// The HTTP API against the command line (docs/http-api.md): `/api/run` and `/api/metrics` on
/// every committed scene, by path and as `scene_toml`, with touches added; `/api/sweep` against
/// `feel sweep -o -`. Expected bytes: the built `feel`'s own, run in the same root (the
/// repository, or a copy of its experiments/ where a test edits a file by hand): the server
/// must answer with the very same text.
@Suite(.serialized, .timeLimit(.minutes(20))) struct ServeAPITests {
  /// Experiments swept both ways: small grids, one of each kind (a scene experiment, a corpus
  /// experiment and a dial experiment).
  static let swept = [
    "experiments/phone-width-push.toml", "experiments/recognizer-slop-hold.toml",
    "experiments/dial-count-radius.toml",
  ]

  static func scenes() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: "experiments/scenes")
      .filter { $0.hasSuffix(".toml") }.sorted().map { "experiments/scenes/" + $0 }
  }

  static func text(_ path: String) throws -> String {
    try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
  }

  /// `/api/run`'s answer, checked to be JSON.
  static func run(_ client: some TestClientProtocol, _ body: [String: Any]) async throws
    -> APIAnswer
  {
    let answer = try await client.post("/api/run", body)
    #expect(
      answer.headers[.contentType] == "application/json; charset=utf-8",
      "\(answer.text.prefix(200))")
    return answer
  }

  /// `touches` written as a `[[touch]]` section with inline samples (Swift's shortest number
  /// form, valid TOML).
  static func touchTOML(_ id: String, _ samples: [[Double]]) -> String {
    let rows = samples.map { "[" + $0.map { "\($0)" }.joined(separator: ", ") + "]" }
    return "\n[[touch]]\nid = \"\(id)\"\nsamples = [\(rows.joined(separator: ", "))]\n"
  }

  static func appending(_ text: String, _ section: String) -> String {
    text + (text.hasSuffix("\n") ? "" : "\n") + section
  }

  @Test("/api/run on every committed scene, by path and as its text, is feel run --events")
  func runEveryScene() async throws {
    try await ServeHarness.onRouter().test(.router) { client in
      for scene in try Self.scenes() {
        let cli = try runFeel(["run", scene, "--events"])
        let answer = try await Self.run(client, ["scene": scene])
        if cli.status != 0 {
          #expect(answer.status == .badRequest, "\(scene)")
          #expect("feel: error: " + answer.error + "\n" == cli.errors, "\(scene)")
          continue
        }
        #expect(answer.status == .ok, "\(scene) \(answer.text.prefix(300))")
        #expect(answer.object["csv"] as? String == cli.output, "\(scene)")
        #expect(answer.object["events_csv"] as? String == cli.errors, "\(scene)")
        // The same text given whole: relative paths in it resolve against the root, as they
        // do for a file at the root.
        let whole = try await Self.run(client, ["scene_toml": try Self.text(scene)])
        #expect(whole.status == .ok, "\(scene) \(whole.text.prefix(300))")
        #expect(whole.object["csv"] as? String == cli.output, "\(scene)")
        #expect(whole.object["events_csv"] as? String == cli.errors, "\(scene)")
      }
    }
  }

  @Test("/api/metrics on every committed scene, by path and as its text, is feel metrics --json")
  func metricsEveryScene() async throws {
    try await ServeHarness.onRouter().test(.router) { client in
      for scene in try Self.scenes() {
        let cli = try runFeel(["metrics", scene, "--json"])
        let answer = try await client.post("/api/metrics", ["scene": scene])
        if cli.status != 0 {
          #expect(answer.status == .badRequest, "\(scene)")
          #expect("feel: error: " + answer.error + "\n" == cli.errors, "\(scene)")
          continue
        }
        #expect(answer.status == .ok, "\(scene) \(answer.text.prefix(300))")
        #expect(canonicalJSON(answer.body) == canonicalJSON(cli.stdout), "\(scene)")
        #expect(answer.body == cli.stdout, "\(scene)")
        let whole = try await client.post("/api/metrics", ["scene_toml": try Self.text(scene)])
        #expect(whole.status == .ok, "\(scene)")
        var expected = try #require(
          try JSONSerialization.jsonObject(with: cli.stdout) as? [String: Any])
        expected["scene"] = "<request>"
        #expect(canonicalJSON(whole.body) == canonicalJSON(expected), "\(scene)")
      }
    }
  }

  @Test("touches a request brings drive the scene as a [[touch]] of the file does")
  func touchesDriveTheScene() async throws {
    // Castro's bar dragged by a finger the request brings: 80 pt right in 0.3 s, then lift.
    let text = try Self.text("experiments/scenes/castro-drag-right-80.toml")
    let stripped = text.replacing(
      #/\[\[touch\]\]\nid = "finger"\n(#[^\n]*\n)*drag = [^\n]*\n/#, with: "")
    #expect(stripped != text)
    let samples = (0...18).map { k -> [Double] in
      [(Double(k) / 60 * 1e7).rounded() / 1e7, 200 + 80 * min(1, Double(k) / 18), 25]
    }
    let folder = try TemporaryFolder()
    let edited = try folder.write(
      Self.appending(stripped, Self.touchTOML("finger", samples)), to: "edited-by-hand.toml"
    ).path
    let cli = try runFeel(["run", edited, "--events"])
    #expect(cli.status == 0, "\(cli.errors)")
    #expect(cli.output.contains("touch:finger"))
    let metrics = try runFeel(["metrics", edited, "--json"])
    #expect(metrics.status == 0, "\(metrics.errors)")
    nonisolated(unsafe) let body: [String: Any] = [
      "scene_toml": stripped, "touches": [["id": "finger", "samples": samples]],
    ]
    try await ServeHarness.onRouter().test(.router) { client in
      let answer = try await Self.run(client, body)
      #expect(answer.status == .ok, "\(answer.text.prefix(300))")
      #expect(answer.object["csv"] as? String == cli.output)
      #expect(answer.object["events_csv"] as? String == cli.errors)
      // Metrics of the same: the drag and the snap after it.
      let measured = try await client.post("/api/metrics", body)
      var expected = try #require(
        try JSONSerialization.jsonObject(with: metrics.stdout) as? [String: Any])
      expected["scene"] = "<request>"
      #expect(canonicalJSON(measured.body) == canonicalJSON(expected))
    }
  }

  @Test("touches are added after a scene file's own")
  func touchesAfterTheFilesOwn() async throws {
    let scene = "experiments/scenes/castro-release-right-80.toml"
    let tap: [[Double]] = [[0.5, 40, 25], [0.55, 40.5, 25.25]]
    let folder = try TemporaryFolder()
    let edited = try folder.write(
      Self.appending(try Self.text(scene), Self.touchTOML("second", tap)), to: "edited-tap.toml"
    ).path
    let cli = try runFeel(["run", edited, "--events"])
    #expect(cli.status == 0, "\(cli.errors)")
    #expect(cli.output.contains("touch:second"))
    try await ServeHarness.onRouter().test(.router) { client in
      let answer = try await Self.run(
        client, ["scene": scene, "touches": [["id": "second", "samples": tap]]])
      #expect(answer.status == .ok, "\(answer.text.prefix(300))")
      #expect(answer.object["csv"] as? String == cli.output)
      #expect(answer.object["events_csv"] as? String == cli.errors)
    }
  }

  @Test("bad touches get the scene reader's message, at the line the section would have")
  func badTouches() async throws {
    let scene = "experiments/scenes/castro-release-right-80.toml"
    let bad: [[Double]] = [[0.2, 10, 10], [0.1, 10, 10]]
    let folder = try TemporaryFolder()
    let edited = try folder.write(
      Self.appending(try Self.text(scene), Self.touchTOML("f", bad)), to: "edited-bad.toml"
    ).path
    let cli = try runFeel(["run", edited])
    #expect(cli.status == 2)
    try await ServeHarness.onRouter().test(.router) { client in
      let answer = try await Self.run(
        client, ["scene": scene, "touches": [["id": "f", "samples": bad]]])
      #expect(answer.status == .badRequest)
      #expect(answer.error == cliError(cli).replacingOccurrences(of: edited, with: scene))
      // Not numbers: refused before any scene is read.
      let letters = try await Self.run(
        client, ["scene": scene, "touches": [["id": "f", "samples": [["a"]]]]])
      #expect(letters.status == .badRequest)
      #expect(letters.error.contains("touches[0].samples[0]"))
    }
  }

  @Test("set is feel run --set and feel metrics --set; refused values get the option's message")
  func setIsFeelRunSet() async throws {
    let scene = "experiments/scenes/castro-tap-left.toml"
    let settings: [(String, Any, String)] = [
      ("behavior.scrub-snap.damping", 0.5, "0.5"), ("item.bar.size.0", 375, "375"),
      ("profile", "ios7", "\"ios7\""), ("behavior.scrub-rotation.allows_rotation", true, "true"),
      ("touch.finger.tap.point.0", 60, "60"),
    ]
    let options = settings.flatMap { ["--set", "\($0.0)=\($0.2)"] }
    nonisolated(unsafe) let set = Dictionary(uniqueKeysWithValues: settings.map { ($0.0, $0.1) })
    let cli = try runFeel(["run", scene, "--events"] + options)
    #expect(cli.status == 0, "\(cli.errors)")
    #expect(cli.stdout != (try runFeel(["run", scene])).stdout)
    let metrics = try runFeel(["metrics", scene, "--json"] + options)
    #expect(metrics.status == 0, "\(metrics.errors)")
    try await ServeHarness.onRouter().test(.router) { client in
      let answer = try await Self.run(client, ["scene": scene, "set": set])
      #expect(answer.status == .ok, "\(answer.text.prefix(300))")
      #expect(answer.object["csv"] as? String == cli.output)
      #expect(answer.object["events_csv"] as? String == cli.errors)
      let measured = try await client.post("/api/metrics", ["scene": scene, "set": set])
      #expect(measured.status == .ok)
      #expect(canonicalJSON(measured.body) == canonicalJSON(metrics.stdout))
      // Refused values: the text feel run --set prints, the option written as TOML.
      let refused: [(String, Any, String)] = [
        ("behavior.scrub-snap.dampng", 0.5, "0.5"), ("behavior.scrub-snap.damping", -1, "-1"),
        ("profile", "ios8", "\"ios8\""), ("duration", 1e9, "1000000000"),
      ]
      for (path, value, written) in refused {
        let cli = try runFeel(["run", scene, "--set", "\(path)=\(written)"])
        #expect(cli.status == 2)
        let answer = try await Self.run(client, ["scene": scene, "set": [path: value]])
        #expect(answer.status == .badRequest, "\(path)")
        #expect("feel: error: " + answer.error + "\n" == cli.errors, "\(path)")
      }
      let array = try await Self.run(client, ["scene": scene, "set": ["duration": [1, 2]]])
      #expect(array.status == .badRequest)
      #expect(array.error.contains("key 'set.duration'"))
    }
  }

  @Test("bad bodies, a missing scene, a wrong method and an unknown path")
  func badBodies() async throws {
    let cases: [(String, String)] = [
      ("not json", "expected a JSON object"), ("[1, 2]", "expected a JSON object"),
      (#"{"scene": 3}"#, "key 'scene'"), (#"{"scene": "a.toml", "scene_toml": "x"}"#, "got both"),
      ("{}", "got nothing"), (#"{"scenes": "a.toml"}"#, "did you mean 'scene'?"),
      (#"{"scene_toml": ""}"#, "<request>: cannot read the scene file: it is empty"),
    ]
    let missing = "experiments/scenes/no-such-scene.toml"
    let cli = try runFeel(["run", missing])
    try await ServeHarness.onRouter().test(.router) { client in
      for (body, needle) in cases {
        let answer = try await client.post("/api/run", body)
        #expect(answer.status == .badRequest, "\(body)")
        #expect(answer.error.contains(needle), "\(body): \(answer.error)")
      }
      let answer = try await client.post("/api/run", ["scene": missing])
      #expect(answer.status == .badRequest)
      #expect("feel: error: " + answer.error + "\n" == cli.errors)
      let get = try await client.get("/api/run")
      #expect(get.status == .methodNotAllowed)
      #expect(get.headers[.allow] == "POST")
      #expect(try await client.get("/no/such/page").status == .notFound)
    }
  }

  /// `/api/sweep`'s answer as it came on the wire from the server listening on loopback, a
  /// 200 checked to be streamed: chunked (no length ahead), CSV.
  static func sweep(port: Int, _ body: [String: Any]) async throws -> WireResponse {
    let answer = try await WireConnection.post(port: port, "/api/sweep", body)
    if answer.status == 200 {
      #expect(answer.header("Transfer-Encoding") == "chunked", "\(body)")
      #expect(answer.header("Content-Length") == nil, "\(body)")
      #expect(answer.header("Content-Type") == "text/csv; charset=utf-8", "\(body)")
    }
    return answer
  }

  static func error(_ answer: WireResponse) -> String {
    let object = try? JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any]
    return object?["error"] as? String ?? "(no error in \(answer.text.prefix(300)))"
  }

  @Test("/api/sweep streams feel sweep -o -'s bytes")
  func sweepIsFeelSweep() async throws {
    try await ServeHarness.listening().test(.live) { client in
      let port = try #require(client.port)
      for experiment in Self.swept {
        let cli = try runFeel(["sweep", experiment, "-o", "-", "--quiet"])
        #expect(cli.status == 0, "\(cli.errors)")
        let answer = try await Self.sweep(port: port, ["experiment": experiment])
        #expect(answer.status == 200, "\(experiment) \(answer.text.prefix(300))")
        #expect(Data(answer.body) == cli.stdout, "\(experiment)")
      }
      let scene = "experiments/scenes/apple-snap.toml"
      let answer = try await Self.sweep(port: port, ["experiment": scene])
      #expect(answer.status == 400)
      let cli = try runFeel(["sweep", scene, "-o", "-"])
      #expect("feel: error: " + Self.error(answer) + "\n" == cli.errors)
    }
  }

  /// `set` and `axes` against `feel sweep --set --axis`, and both against `feel sweep` of the
  /// experiment file edited by hand to hold them (a `[fixed]` table, the axes' new values), in
  /// a copy of experiments/. A `set` of a path an axis moves (the push's magnitude) is ignored:
  /// the axis wins.
  @Test("sweep around given constants: feel sweep --set --axis, and the file edited by hand")
  func sweepAroundGivenConstants() async throws {
    let experiment = "experiments/phone-width-push.toml"
    nonisolated(unsafe) let body: [String: Any] = [
      "experiment": experiment,
      "set": [
        "behavior.scrub-snap.damping": 0.5, "behavior.hint-push.magnitude": 3, "profile": "ios7",
      ],
      "axes": ["push": ["from": 2, "to": 3, "step": 0.25], "width_pt": [375, 390]],
    ]
    let cli = try runFeel([
      "sweep", experiment, "-o", "-", "--quiet", "--set", "behavior.hint-push.magnitude=3",
      "--set", "behavior.scrub-snap.damping=0.5", "--set", "profile=ios7", "--axis",
      "push=2:3:0.25", "--axis", "width_pt=[375, 390]",
    ])
    #expect(cli.status == 0, "\(cli.errors)")
    let root = try TemporaryFolder()
    try root.copy("experiments", to: "experiments")
    var edited = try Self.text(experiment)
      .replacingOccurrences(
        of: "values = [320, 375, 390, 393, 430]", with: "values = [375, 390]"
      )
      .replacingOccurrences(
        of: "range = { from = 0.5, to = 8, step = 0.125 }",
        with: "range = { from = 2, to = 3, step = 0.25 }")
    let firstAxis = try #require(edited.range(of: "[[axis]]")).lowerBound
    edited.insert(
      contentsOf: "[fixed]\n\"behavior.scrub-snap.damping\" = 0.5\nprofile = \"ios7\"\n\n",
      at: firstAxis)
    #expect(
      edited.components(separatedBy: "values = [375, 390]").count - 1
        + edited.components(separatedBy: "step = 0.25 }").count - 1 == 2)
    try root.write(edited, to: experiment)
    let byHand = try runFeel(["sweep", experiment, "-o", "-", "--quiet"], in: root.url)
    #expect(byHand.status == 0, "\(byHand.errors)")
    #expect(cli.stdout == byHand.stdout)
    #expect(cli.output.contains("# fixed: behavior.scrub-snap.damping = 0.5\n"))
    let rows = cli.output.components(separatedBy: "width_pt,push,").dropFirst().first ?? ""
    #expect(rows.split(separator: "\n").count == 1 + 2 * 5)
    // A count range.
    let counted = try runFeel([
      "sweep", experiment, "-o", "-", "--quiet", "--axis", "push={ from = 1, to = 2, count = 3 }",
    ])
    #expect(counted.status == 0, "\(counted.errors)")
    try await ServeHarness.listening().test(.live) { client in
      let port = try #require(client.port)
      let answer = try await Self.sweep(port: port, body)
      #expect(answer.status == 200, "\(answer.text.prefix(300))")
      #expect(Data(answer.body) == cli.stdout)
      let count = try await Self.sweep(
        port: port,
        ["experiment": experiment, "axes": ["push": ["from": 1, "to": 2, "count": 3]]])
      #expect(count.status == 200)
      #expect(Data(count.body) == counted.stdout)
    }
  }

  @Test("sweep around given constants, refused: the option's message, the key's")
  func sweepAroundGivenConstantsRefused() async throws {
    let experiment = "experiments/phone-width-push.toml"
    nonisolated(unsafe) let cases: [([String: Any], String)] = [
      (
        ["axes": ["psh": [1, 2]]],
        "<request>: key 'axes.psh': expected the name of an axis of "
          + "experiments/phone-width-push.toml (width_pt, push), got \"psh\"; did you mean 'push'?"
      ),
      (
        ["axes": ["push": ["from": 1, "to": 2, "step": 0]]],
        "<request>: key 'axes.push.step': expected a step from 1 towards 2 (> 0), got 0: the "
          + "range is empty"
      ),
      (["axes": ["push": ["from": 1, "to": 2, "stp": 1]]], "did you mean 'step'?"),
      (
        ["axes": ["push": ["from": 1, "to": "2", "step": 1]]],
        "key 'axes.push.to': expected a number"
      ),
      (["axes": ["push": [] as [Any]]], "key 'axes.push': expected a non-empty array"),
      (["axes": ["push": [1, "a"] as [Any]]], "values of one kind"),
      (
        ["axes": ["width_pt": [-375]]],
        "key 'axes.width_pt': expected values that item.bar.size.0 accepts"
      ),
      (["axes": [1]], "key 'axes': expected an object of axis names"),
      (["set": [1]], "key 'set': expected an object"),
      (["axes": ["push": ["from": 0, "to": 1, "step": 1e-6]]], "at most 2000000 grid points"),
      (["axis": [:] as [String: Any]], "did you mean 'axes'?"),
    ]
    try await ServeHarness.listening().test(.live) { client in
      let port = try #require(client.port)
      // `set` as `feel sweep --set` (the option's message, as /api/run's).
      let refused: [(String, Any, String)] = [
        ("behavior.scrub-snap.dampng", 0.5, "0.5"), ("behavior.scrub-snap.damping", -1, "-1"),
        ("profile", "ios8", "\"ios8\""),
      ]
      for (path, value, written) in refused {
        let cli = try runFeel(["sweep", experiment, "-o", "-", "--set", "\(path)=\(written)"])
        #expect(cli.status == 2)
        let answer = try await Self.sweep(
          port: port, ["experiment": experiment, "set": [path: value]])
        #expect(answer.status == 400, "\(path)")
        #expect("feel: error: " + Self.error(answer) + "\n" == cli.errors, "\(path)")
      }
      for (extra, needle) in cases {
        var body = extra
        body["experiment"] = experiment
        let answer = try await Self.sweep(port: port, body)
        #expect(answer.status == 400, "\(extra)")
        #expect(Self.error(answer).contains(needle), "\(extra): \(Self.error(answer))")
      }
      let huge = try runFeel(["sweep", experiment, "-o", "-", "--axis", "push=0:1:1e-6"])
      #expect(huge.status == 2)
      #expect(huge.errors.contains("at most 2000000 grid points"))
      // The server still sweeps.
      let cli = try runFeel(["sweep", experiment, "-o", "-", "--quiet"])
      let answer = try await Self.sweep(port: port, ["experiment": experiment])
      #expect(answer.status == 200)
      #expect(Data(answer.body) == cli.stdout)
    }
  }
}

/// `POST /api/sweep` on the wire: streamed in chunks as rows complete; a client that goes away
/// stops the sweep (the server's log says after how many of its points), and the server goes
/// on answering.
@Suite(.serialized, .timeLimit(.minutes(10))) struct ServeSweepStreamTests {
  @Test("closing the connection stops the sweep")
  func closingTheConnectionStopsTheSweep() async throws {
    let log = LogRecorder()
    try await ServeHarness.listening(logger: log.logger).test(.live) { client in
      let port = try #require(client.port)
      let body = #"{"experiment": "experiments/bench/release-100k.toml"}"#
      let received = try await onOwnThread { () throws -> [UInt8] in
        let connection = try WireConnection(port: port)
        connection.send(
          "POST /api/sweep HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer "
            + "\(ServeHarness.token)\r\nContent-Type: application/json\r\nContent-Length: "
            + "\(body.utf8.count)\r\n\r\n\(body)")
        var received: [UInt8] = []
        while !String(decoding: received, as: UTF8.self).contains("\r\n\r\n")
          || received.count < 4096
        {
          let chunk = connection.receive()
          try #require(!chunk.isEmpty, "the server closed before sending rows")
          received += chunk
        }
        connection.close()
        return received
      }
      let head = WireResponse(received)
      #expect(head.statusLine.hasPrefix("HTTP/1.1 200"), "\(head.statusLine)")
      #expect(head.header("Transfer-Encoding") == "chunked")
      #expect(head.header("Content-Type") == "text/csv; charset=utf-8")
      let deadline = Date().addingTimeInterval(60)
      while !log.text.contains("stopped after") && Date() < deadline {
        try await Task.sleep(for: .milliseconds(100))
      }
      let match = try #require(
        log.text.firstMatch(of: #/stopped after (\d+) of (\d+) points \(client gone\)/#),
        "\(log.text)")
      #expect(Int(match.1)! < Int(match.2)!)
      // The server still answers.
      try await ServeAccessWireTests.expectStillAnswers(port: port)
    }
  }
}
