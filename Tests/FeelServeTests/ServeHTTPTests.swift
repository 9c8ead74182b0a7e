import FeelCommandSupport
import FeelTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdTesting
import Logging
import NIOCore
import Testing

@testable import FeelServe

/// The HTTP contract (docs/http-api.md, docs/studio.md "Security" and "Limits") on the
/// server's router in this process (HummingbirdTesting's `.router` mode). Its client names the
/// server `localhost` without a port, which the access rules allow on port 80 only: the
/// routes are tested as a server on port 80; the Host and Origin rules apart, on
/// `ServeAccess.check`. Expected answers are the command line's output or the contract's texts.
@Suite(.serialized) struct ServeHTTPTests {
  static let token = ServeHarness.token
  static let scene = "experiments/scenes/apple-snap.toml"

  static func application() throws -> some ApplicationProtocol { try ServeHarness.onRouter() }
  static func inRepository() throws { try ServeHarness.inRepository() }
  static func json(_ object: Any) -> ByteBuffer { ServeHarness.json(object) }
  static let bearer = ServeHarness.bearer

  static func error(_ response: TestResponse) throws -> String {
    let object = try JSONSerialization.jsonObject(with: Data(buffer: response.body))
    return try #require((object as? [String: String])?["error"])
  }

  @Test("no token, or a wrong one however carried, is the same 403 on every path")
  func refusedEverywhere() async throws {
    try Self.inRepository()
    try await Self.application().test(.router) { client in
      let forbidden = try Self.error(
        try await client.execute(uri: "/api/run", method: .post, body: Self.json([:])))
      #expect(forbidden == APIError.forbiddenText)
      let wrong = String(Self.token.dropLast()) + "x"
      let ways: [(String, HTTPFields)] = [
        ("", [:]), ("", [.authorization: "Bearer " + String(repeating: "0", count: 64)]),
        ("?token=\(wrong)", [:]), ("", [.cookie: "feel_serve_token_80=wrong"]),
        ("", [.cookie: "feel_serve_token_1=\(Self.token)"]),
      ]
      let targets: [(HTTPRequest.Method, String)] = [
        (.post, "/api/run"), (.post, "/api/metrics"), (.post, "/api/sweep"), (.get, "/"),
        (.get, "/index.html"), (.get, "/no/such/path"), (.get, "/api/live"),
        (.delete, "/api/run"),
      ]
      for (method, path) in targets {
        for (query, headers) in ways {
          let body = method == .post ? Self.json(["scene": Self.scene]) : nil
          let response = try await client.execute(
            uri: path + query, method: method, headers: headers, body: body)
          #expect(response.status == .forbidden, "\(method) \(path)\(query) \(headers)")
          #expect(try Self.error(response) == forbidden)
          #expect(response.headers[HTTPField.Name("Access-Control-Allow-Origin")!] == nil)
          #expect(response.headers[.cacheControl] == "no-store")
        }
      }
    }
  }

  @Test("the token works in the query, as a bearer and as the page's cookie")
  func eachWayOfCarryingTheToken() async throws {
    try Self.inRepository()
    try await Self.application().test(.router) { client in
      let body = Self.json(["scene": Self.scene])
      let ways: [(String, HTTPFields)] = [
        ("?token=\(Self.token)", [:]), ("", Self.bearer),
        ("", [.cookie: "other=1; feel_serve_token_80=\(Self.token)"]),
      ]
      for (query, headers) in ways {
        let response = try await client.execute(
          uri: "/api/run" + query, method: .post, headers: headers, body: body)
        #expect(response.status == .ok, "\(query) \(headers)")
      }
      // A page loaded with the token in its query sets the cookie its scripts then carry.
      let page = try await client.execute(uri: "/js/base.js?token=\(Self.token)", method: .get)
      #expect(page.status == .ok)
      #expect(page.headers[.contentType] == "text/javascript; charset=utf-8")
      let cookie = try #require(page.headers[.setCookie])
      #expect(cookie == "feel_serve_token_80=\(Self.token); Path=/; HttpOnly; SameSite=Strict")
      let pair = String(cookie.prefix(while: { $0 != ";" }))
      let again = try await client.execute(
        uri: "/js/base.js", method: .get, headers: [.cookie: pair])
      #expect(again.status == .ok)
      #expect(again.headers[.setCookie] == nil)
      let head = try await client.execute(uri: "/js/base.js", method: .head, headers: Self.bearer)
      #expect(head.status == .ok)
      #expect(head.body.readableBytes == 0)
    }
  }

  @Test("a path takes its one method (405 with Allow), an unknown path is 404")
  func methodsAndPaths() async throws {
    try Self.inRepository()
    try await Self.application().test(.router) { client in
      for path in ServeRoutes.postPaths {
        let response = try await client.execute(uri: path, method: .get, headers: Self.bearer)
        #expect(response.status == .methodNotAllowed, "\(path)")
        #expect(response.headers[.allow] == "POST")
        #expect(try Self.error(response) == "expected POST for this path")
      }
      let delete = try await client.execute(uri: "/", method: .delete, headers: Self.bearer)
      #expect(delete.status == .methodNotAllowed)
      #expect(delete.headers[.allow] == "GET")
      let missing = try await client.execute(
        uri: "/no/such/page", method: .get, headers: Self.bearer)
      #expect(missing.status == .notFound)
      #expect(try Self.error(missing) == "no such path on this server")
      let live = try await client.execute(uri: "/api/live", method: .get, headers: Self.bearer)
      #expect(live.status == .badRequest)
      #expect(
        try Self.error(live)
          == "/api/live: expected a WebSocket upgrade (GET with Upgrade: websocket)")
    }
  }

  @Test("a body over 1 MiB is refused with 413 naming the limit")
  func bodyLimit() async throws {
    try Self.inRepository()
    try await Self.application().test(.router) { client in
      let text = String(repeating: "#", count: (1 << 20) + 1)
      let response = try await client.execute(
        uri: "/api/run", method: .post, headers: Self.bearer,
        body: Self.json(["scene_toml": text]))
      #expect(response.status == .contentTooLarge)
      #expect(
        try Self.error(response)
          == "the request's body is over 1 MiB (1048576 bytes), the most this server reads")
    }
  }

  @Test("a bad body gets 400 with the key, what was expected and what came")
  func badBodies() async throws {
    try Self.inRepository()
    let cases: [(String, String)] = [
      ("", "<request>: expected a JSON object (scene or scene_toml, set, touches), got nothing"),
      (
        "{",
        "<request>: expected a JSON object (scene or scene_toml, set, touches), got text "
          + "that is not JSON"
      ),
      (
        "[1, 2]",
        "<request>: expected a JSON object (scene or scene_toml, set, touches), got an array of 2"
      ),
      (
        #"{"scene": "a.toml", "scene_toml": "b"}"#,
        #"<request>: key 'scene_toml': expected one of "scene" and "scene_toml", got both"#
      ),
      (
        #"{"scene": "x.toml", "touchs": []}"#,
        "<request>: key 'touchs': expected one of scene, scene_toml, set, touches, got an unknown "
          + "key; did you mean 'touches'?"
      ),
      (
        #"{"scene_toml": 3}"#,
        "<request>: key 'scene_toml': expected a scene file's text (a string), got 3"
      ),
      (
        #"{"scene": "\#(Self.scene)", "touches": {}}"#,
        "<request>: key 'touches': expected an array of touches ({\"id\": \"f\", \"samples\": "
          + "[[t_s, x_pt, y_pt], …]}), got an object"
      ),
      (
        #"{"scene": "\#(Self.scene)", "touches": [{"samples": []}]}"#,
        "<request>: key 'touches[0].id': expected the touch's id (a string), got nothing"
      ),
      (
        #"{"scene": "\#(Self.scene)", "touches": [{"id": "f", "samples": [[0, "a", 1]]}]}"#,
        "<request>: key 'touches[0].samples[0]': expected the touch's samples: an array of "
          + "[t_s, x_pt, y_pt] numbers, got \"a\""
      ),
      (
        #"{"scene": "\#(Self.scene)", "set": {"a.b": [1]}}"#,
        "<request>: key 'set.a.b': expected a number, a string or true/false, got an array of 1"
      ),
      (
        #"{"scene": "\#(Self.scene)", "set": 2.5}"#,
        "<request>: key 'set': expected an object of experiment paths and their values, got 2.5"
      ),
      (
        #"{"scene": ""}"#,
        "<request>: key 'scene': expected a path under the server's root (a non-empty string), "
          + "got \"\""
      ),
    ]
    try await Self.application().test(.router) { client in
      for (body, message) in cases {
        let response = try await client.execute(
          uri: "/api/run", method: .post, headers: Self.bearer, body: ByteBuffer(string: body))
        #expect(response.status == .badRequest, "\(body)")
        #expect(try Self.error(response) == message, "\(body)")
      }
      for path in ["/etc/passwd", "../outside.toml", "experiments/../../x.toml"] {
        let response = try await client.execute(
          uri: "/api/run", method: .post, headers: Self.bearer, body: Self.json(["scene": path]))
        #expect(response.status == .forbidden, "\(path)")
        #expect(try Self.error(response) == APIError.forbiddenText)
      }
    }
  }

  @Test("a body without the file it must name gets 400 saying which file")
  func missingFiles() async throws {
    try Self.inRepository()
    let cases = [
      ("/api/sweep", "experiment", "an experiment file"),
      ("/api/comp", "control", "a control file"),
      ("/api/studio/scene", "scene", "a scene file"),
    ]
    try await Self.application().test(.router) { client in
      for (uri, key, what) in cases {
        let response = try await client.execute(
          uri: uri, method: .post, headers: Self.bearer, body: ByteBuffer(string: "{}"))
        #expect(response.status == .badRequest, "\(uri)")
        #expect(
          try Self.error(response)
            == "<request>: key '\(key)': expected \(what)'s path under the server's root, got nothing",
          "\(uri)")
      }
    }
  }

  @Test("POST /api/run answers feel run's CSV and events, byte for byte")
  func runIsFeelRun() async throws {
    try Self.inRepository()
    let cli = try runFeel(
      ["run", Self.scene, "--events", "--set", "behavior.snap.damping=0.25"])
    #expect(cli.status == 0)
    try await Self.application().test(.router) { client in
      let response = try await client.execute(
        uri: "/api/run", method: .post, headers: Self.bearer,
        body: Self.json(["scene": Self.scene, "set": ["behavior.snap.damping": 0.25]]))
      #expect(response.status == .ok)
      #expect(response.headers[.contentType] == "application/json; charset=utf-8")
      let object = try JSONSerialization.jsonObject(with: Data(buffer: response.body))
      let answer = try #require(object as? [String: String])
      #expect(answer["csv"] == String(decoding: cli.stdout, as: UTF8.self))
      #expect(answer["events_csv"] == String(decoding: cli.stderr, as: UTF8.self))
    }
  }

  @Test("POST /api/sweep streams feel sweep -o -'s CSV, byte for byte, its axes given as data")
  func sweepIsFeelSweep() async throws {
    try Self.inRepository()
    let experiment = "experiments/snap-damping-release.toml"
    let cli = try runFeel([
      "sweep", experiment, "-o", "-", "--quiet", "--set", "duration=2", "--axis",
      "damping={ from = 0.2, to = 0.5, count = 4 }", "--axis", "release_pt=[40, 80.5]",
    ])
    #expect(cli.status == 0)
    try await Self.application().test(.router) { client in
      let response = try await client.execute(
        uri: "/api/sweep", method: .post, headers: Self.bearer,
        body: Self.json([
          "experiment": experiment, "set": ["duration": 2],
          "axes": [
            "damping": ["from": 0.2, "to": 0.5, "count": 4], "release_pt": [40, 80.5],
          ],
        ]))
      #expect(response.status == .ok)
      #expect(response.headers[.contentType] == "text/csv; charset=utf-8")
      #expect(Data(buffer: response.body) == cli.stdout)
      #expect(cli.stdout.count > 1_000)
    }
  }

  @Test("POST /api/export answers feel export's report and its --json text, byte for byte")
  func exportIsFeelExport() async throws {
    try Self.inRepository()
    let scene = "experiments/scenes/castro-release-right-80.toml"
    let text = try runFeel(["export", scene])
    let json = try runFeel(["export", scene, "--json"])
    #expect(text.status == 0 && json.status == 0)
    try await Self.application().test(.router) { client in
      let response = try await client.execute(
        uri: "/api/export", method: .post, headers: Self.bearer,
        body: Self.json(["scene": scene]))
      #expect(response.status == .ok)
      let body = String(buffer: response.body)
      let object = try JSONSerialization.jsonObject(with: Data(body.utf8))
      let answer = try #require(object as? [String: Any])
      #expect(answer["text"] as? String == String(decoding: text.stdout, as: UTF8.self))
      // The report's text is the command's, in its layout (a member a line).
      let report = String(decoding: json.stdout, as: UTF8.self)
      #expect(body.hasSuffix(", \"report\": " + report.dropLast() + "}\n"))
    }
  }
}

/// The Host and Origin rules (docs/studio.md, "Security"), on the check every request goes
/// through: against DNS rebinding and other pages' requests.
@Suite struct ServeAccessTests {
  static let token = String(repeating: "c3", count: 32)

  static func check(
    host: String?, origin: String? = nil, port: Int = 8765, given: String = "--host"
  ) -> ServeAccess.Verdict {
    let access = ServeAccess(token: token, host: given == "--host" ? "127.0.0.1" : given)
    access.listening(on: port)
    return access.check(
      ServeAccess.Credentials(
        authority: host, uri: URI("/api/run?token=\(token)"),
        origins: origin.map { [$0] } ?? [], authorizations: [], cookies: []))
  }

  @Test("Host must name this server, on its port")
  func host() {
    for host in ["evil.example:8765", "127.0.0.1:1", "localhost", "127.0.0.2:8765", nil] {
      #expect(Self.check(host: host) != .allowed(byQuery: true), "\(host ?? "none")")
    }
    for host in ["127.0.0.1:8765", "localhost:8765", "[::1]:8765", "LOCALHOST:8765"] {
      #expect(Self.check(host: host) == .allowed(byQuery: true), "\(host)")
    }
    #expect(Self.check(host: "feel.lan:8765", given: "feel.lan") == .allowed(byQuery: true))
  }

  @Test("an Origin must be this server's own page")
  func origin() {
    for origin in [
      "http://evil.example", "null", "http://127.0.0.1:8765.evil", "https://127.0.0.1:8765",
      "http://127.0.0.1:8766",
    ] {
      #expect(Self.check(host: "127.0.0.1:8765", origin: origin) != .allowed(byQuery: true))
    }
    for origin in ["http://127.0.0.1:8765", "http://localhost:8765"] {
      #expect(Self.check(host: "127.0.0.1:8765", origin: origin) == .allowed(byQuery: true))
    }
  }
}
