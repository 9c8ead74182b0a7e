import FeelTestSupport
import Foundation
import Testing

@testable import FeelServe

#if canImport(Glibc)
  import Glibc
#endif

/// Who may use the server and what it refuses (docs/studio.md, "Security" and "Limits"), as it
/// goes on the wire to a `feel-serve` process serving a temporary copy of a root: the `Host`
/// header, the `Origin` of a POST, the WebSocket upgrade's 403, the page's cookie, a chunked
/// body past 1 MiB, answers past 64 MiB, paths leaving the root (`--root`); each refusal with
/// the contract's status and text, a good request still answered afterwards, and the whole
/// root byte for byte as it was. The files outside the root are named pipes (opening one for
/// reading blocks until a writer comes, so a server that so much as opened it would never
/// answer, and the test would fail on its time limit instead of getting the 403).
@Suite(.serialized, .timeLimit(.minutes(10))) struct ServeAccessWireTests {
  static let scene = "experiments/scenes/apple-snap.toml"

  /// A refusal: 403, the one text, no CORS header.
  static func expectForbidden(_ answer: WireResponse, _ comment: String = "") {
    #expect(answer.status == 403, "\(comment) \(answer.statusLine) \(answer.text.prefix(300))")
    #expect(canonicalJSON(Data(answer.body)) == canonicalJSON(["error": APIError.forbiddenText]))
    #expect(answer.header("Access-Control-Allow-Origin") == nil)
  }

  /// A temporary root holding a copy of the repository's experiments/.
  static func copiedRoot() throws -> TemporaryFolder {
    let root = try TemporaryFolder()
    try root.copy("experiments", to: "experiments")
    return root
  }

  /// Serves `root` from a `feel-serve` process (this suite's token; the page shows one
  /// experiment) while `body` runs; afterwards every file, folder and link under the root is
  /// byte for byte as it was before the server started, but the paths in `written` (what a
  /// save legitimately writes, relative to the root).
  static func serving(
    _ root: TemporaryFolder, written: Set<String> = [],
    _ body: (_ server: ServeProcess) async throws -> Void
  ) async throws {
    let before = try FolderSnapshot(root.url)
    do {
      let server = try ServeProcess(
        ["experiments/phone-width-push.toml", "--token", ServeHarness.token], root: root.url)
      try await body(server)
    }
    let changed = try FolderSnapshot(root.url).changes(since: before)
    #expect(changed.filter { !written.contains($0) } == [], "the root changed")
  }

  /// Runs `body` on a process serving a copy of the root, the root unchanged afterwards.
  static func refusing(_ body: (_ port: Int) async throws -> Void) async throws {
    try await serving(try copiedRoot()) { server in try await body(server.port) }
  }

  /// The server goes on answering a good request.
  static func expectStillAnswers(port: Int, token: String = ServeHarness.token) async throws {
    let answer = try await WireConnection.post(
      port: port, "/api/run", ["scene": scene], token: token)
    #expect(answer.status == 200, "\(answer.text.prefix(200))")
  }

  @Test("the page sets the cookie its requests then carry")
  func pageSetsTheCookie() async throws {
    try await Self.refusing { port in
      let get = { (path: String, headers: [(String, String)]) in
        try await onOwnThread {
          try WireConnection.request(port: port, "GET", path, headers: headers)
        }
      }
      let page = try await get("/?token=\(ServeHarness.token)", [])
      #expect(page.status == 200)
      #expect(page.text.prefix(200).lowercased().contains("<html"))
      let cookie = try #require(page.header("Set-Cookie"))
      #expect(cookie.contains("HttpOnly"))
      #expect(cookie.contains("SameSite=Strict"))
      let pair = String(cookie.prefix { $0 != ";" })
      let script = try await get("/js/base.js", [("Cookie", pair)])
      #expect(script.status == 200)
      #expect(script.header("Content-Type") == "text/javascript; charset=utf-8")
      Self.expectForbidden(try await get("/js/base.js", []))
    }
  }

  @Test("a foreign Host is refused; this server's names are not")
  func foreignHost() async throws {
    try await Self.refusing { port in
      for host in ["evil.example:\(port)", "127.0.0.1:1", "localhost", "127.0.0.2:\(port)"] {
        Self.expectForbidden(
          try await WireConnection.post(port: port, "/api/run", ["scene": Self.scene], host: host),
          host)
      }
      for host in ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)", "LOCALHOST:\(port)"] {
        let answer = try await WireConnection.post(
          port: port, "/api/run", ["scene": Self.scene], host: host)
        #expect(answer.status == 200, "\(host)")
      }
    }
  }

  @Test("a foreign Origin is refused on a POST; this server's own is not, with no CORS header")
  func foreignOriginOnAPost() async throws {
    try await Self.refusing { port in
      for origin in [
        "http://evil.example", "null", "http://127.0.0.1:\(port).evil", "https://127.0.0.1:\(port)",
        "http://127.0.0.1:\(port + 1)",
      ] {
        Self.expectForbidden(
          try await WireConnection.post(
            port: port, "/api/run", ["scene": Self.scene], headers: [("Origin", origin)]), origin)
      }
      for origin in ["http://127.0.0.1:\(port)", "http://localhost:\(port)"] {
        let answer = try await WireConnection.post(
          port: port, "/api/run", ["scene": Self.scene], headers: [("Origin", origin)])
        #expect(answer.status == 200, "\(origin)")
        #expect(answer.header("Access-Control-Allow-Origin") == nil)
      }
    }
  }

  /// The answer a WebSocket upgrade of /api/live gets: its head, and its body when it says
  /// how long that is (a refusal; a switch of protocols has none).
  static func upgrade(port: Int, origin: String, token: Bool = true) async throws
    -> WireResponse
  {
    try await onOwnThread { try upgradeAnswer(port: port, origin: origin, token: token) }
  }

  static func upgradeAnswer(port: Int, origin: String, token: Bool) throws -> WireResponse {
    let connection = try WireConnection(port: port)
    let path = "/api/live" + (token ? "?token=\(ServeHarness.token)" : "")
    connection.send(WireWebSocket.upgrade(port: port, path: path, origin: origin))
    var data: [UInt8] = []
    while true {
      let answer = WireResponse(data)
      if let length = answer.header("Content-Length").flatMap({ Int($0) }),
        answer.body.count >= length
      {
        return answer
      }
      if answer.statusLine.hasPrefix("HTTP/1.1 101"),
        String(decoding: data, as: UTF8.self).contains("\r\n\r\n")
      {
        return answer
      }
      let chunk = connection.receive()
      if chunk.isEmpty { return answer }
      data += chunk
    }
  }

  /// HummingbirdWebSocket answers an upgrade its router refuses with a bare 400
  /// (`UpgradeGate`); the contract gives it the 403 of every refusal, body included.
  @Test("a foreign Origin, or no token, is refused on a WebSocket upgrade with 403")
  func foreignOriginOnAnUpgrade() async throws {
    try await Self.refusing { port in
      Self.expectForbidden(try await Self.upgrade(port: port, origin: "http://evil.example"))
      Self.expectForbidden(
        try await Self.upgrade(port: port, origin: "http://127.0.0.1:\(port)", token: false))
      let upgraded = try await Self.upgrade(port: port, origin: "http://127.0.0.1:\(port)")
      #expect(upgraded.statusLine == "HTTP/1.1 101 Switching Protocols")
      try await Self.expectStillAnswers(port: port)
    }
  }

  @Test("a body over 1 MiB is refused with 413, with a length or chunked")
  func bodyOver1MiB() async throws {
    try await Self.refusing { port in
      let answer = try await WireConnection.post(
        port: port, "/api/run", ["scene_toml": String(repeating: "#", count: 2 << 20)])
      #expect(answer.status == 413)
      #expect(canonicalJSON(Data(answer.body)).contains("1 MiB"))
      // Without a Content-Length (chunked): refused once 1 MiB has come.
      let received = try await onOwnThread { () throws -> [UInt8] in
        let connection = try WireConnection(port: port)
        connection.send(
          "POST /api/run HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer "
            + "\(ServeHarness.token)\r\nTransfer-Encoding: chunked\r\n\r\n")
        let piece = [UInt8](repeating: UInt8(ascii: "#"), count: 65536)
        for _ in 0..<32 where connection.send(Array("10000\r\n".utf8) + piece + Array("\r\n".utf8))
        {}
        connection.send("0\r\n\r\n")
        var received: [UInt8] = []
        while !String(decoding: received, as: UTF8.self).contains("\r\n") {
          let chunk = connection.receive()
          if chunk.isEmpty { break }
          received += chunk
        }
        return received
      }
      #expect(WireResponse(received).status == 413)
      try await Self.expectStillAnswers(port: port)
    }
  }

  @Test("an answer over 64 MiB is refused naming the limit, a sweep before any point is run")
  func answerOver64MiB() async throws {
    // 60 still items for 1,000,000 frames: about 2.4 KB a frame, far over 64 MiB.
    let items = (0..<60).map {
      "[[item]]\nid = \"i\($0)\"\nsize = [10, 10]\ncenter = [\($0), 0]\n\n"
    }
    let text = "title = \"huge\"\nframe_rate = 60\nduration = 16666\n\n" + items.joined()
    // A sweep whose CSV could pass the limit: a million grid points of six metrics.
    let root = try Self.copiedRoot()
    let grid = try String(
      contentsOfFile: root.path("experiments/phone-width-push.toml"), encoding: .utf8)
    let huge = grid.replacingOccurrences(
      of: "range = { from = 0.5, to = 8, step = 0.125 }",
      with: "range = { from = 0.5, to = 8, count = 200000 }")
    #expect(huge != grid)
    try root.write(huge, to: "experiments/huge-grid.toml")
    try await Self.serving(root) { server in
      let run = try await WireConnection.post(port: server.port, "/api/run", ["scene_toml": text])
      #expect(run.status == 413, "\(run.text.prefix(300))")
      #expect(run.text.contains("64 MiB"))
      let sweep = try await WireConnection.post(
        port: server.port, "/api/sweep", ["experiment": "experiments/huge-grid.toml"])
      #expect(sweep.status == 413, "\(sweep.text.prefix(300))")
      #expect(sweep.text.contains("64 MiB"))
      try await Self.expectStillAnswers(port: server.port)
    }
  }

  /// Hostile live messages (each kind `ServeLiveRobustTests` sends, saves out of the root and
  /// over bad paths among them), each answered with an error, leave the root byte for byte as
  /// it was but for the scene a good `save` then writes.
  @Test(
    "hostile live messages write nothing in the root but what a save writes",
    arguments: Pointer.seeds(37))
  func hostileLiveMessages(seed: UInt64) async throws {
    let saved = "experiments/scenes/live-saved.toml"
    let root = try Self.copiedRoot()
    let total = 2000
    let batch = 250
    try await Self.serving(root, written: [saved]) { server in
      let port = server.port
      let (errors, answer) = try await onOwnThread { () throws -> (Int, String?) in
        let live = try WireWebSocket(port: port, path: "/api/live?token=\(ServeHarness.token)")
        let type = { (text: String) in
          (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])?["type"]
            as? String
        }
        var errors = 0
        let open = try JSONSerialization.data(withJSONObject: [
          "type": "open", "scene_toml": ServeLiveRobustTests.sceneText,
        ])
        live.send(String(decoding: open, as: UTF8.self))
        // The scene's finger, and "h" (whose down and moves the hostile messages repeat), down
        // and up again: a save needs no finger down and every awaited one come.
        for (id, phase, t) in [
          ("finger", "down", 0.0), ("h", "down", 0.01), ("h", "up", 0.04), ("finger", "up", 0.05),
        ] {
          live.send(
            #"{"type": "touch", "id": "\#(id)", "phase": "\#(phase)", "t_s": \#(t), "x_pt": 100, "#
              + #""y_pt": 25}"#)
        }
        live.send(#"{"type": "advance", "to_t_s": 0.5}"#)
        var random = SplitMix64(state: seed)
        let hostile = ServeLiveRobustTests.hostileMessages(&random, total)
        for start in stride(from: 0, to: total, by: batch) {
          for message in hostile[start..<min(total, start + batch)] { live.send(message) }
          while errors < min(total, start + batch), let text = live.receive() {
            if type(text) == "error" { errors += 1 }
          }
        }
        live.send(#"{"type": "save", "path": "\#(saved)"}"#)
        while let text = live.receive() {
          if ["saved", "error"].contains(type(text)) { return (errors, text) }
        }
        return (errors, nil)
      }
      #expect(errors == total)
      #expect(answer?.contains("\"saved\"") == true, "\(answer ?? "the session ended")")
    }
    #expect(FileManager.default.fileExists(atPath: root.path(saved)))
  }

  /// A root holding a copy of experiments/, and outside it a named pipe that files inside point
  /// to: a symlink, an experiment whose base scene is outside, a scene whose trace file is.
  struct Planted {
    let root: TemporaryFolder
    let outside: TemporaryFolder
    let fifo: String

    init() throws {
      root = try TemporaryFolder()
      outside = try TemporaryFolder()
      try root.copy("experiments", to: "experiments")
      fifo = outside.path("secret.toml")
      try #require(mkfifo(fifo, 0o600) == 0)
      let away = "../../" + outside.url.lastPathComponent
      try FileManager.default.createSymbolicLink(
        atPath: root.path("experiments/scenes/link-out.toml"), withDestinationPath: fifo)
      let push = try String(
        contentsOfFile: root.path("experiments/phone-width-push.toml"), encoding: .utf8)
      let reaching = try #require(push.range(of: "scene = \"scenes/"))
      try root.write(
        push.replacingCharacters(in: reaching, with: "scene = \"\(away)/"),
        to: "experiments/reaches-out.toml")
      try root.write(
        "title = \"trace outside\"\nframe_rate = 60\nduration = 1\n\n[[item]]\nid = \"b\"\n"
          + "size = [10, 10]\ncenter = [0, 0]\n\n[[touch]]\nid = \"f\"\n"
          + "file = \"../\(away)/secret.toml\"\n", to: "experiments/scenes/trace-out.toml")
    }
  }

  @Test("paths leaving the root are refused unread (feel-serve --root)")
  func pathsLeavingTheRoot() async throws {
    let planted = try Planted()
    // The page shows one experiment: the planted ones reach out of the root, which the server
    // refuses at start for the page as it does for a request.
    try await Self.serving(planted.root) { server in
      try await Self.refusedOutside(planted, port: server.port)
    }
  }

  static func refusedOutside(_ planted: Planted, port: Int) async throws {
    let outside = "../" + planted.outside.url.lastPathComponent + "/secret.toml"
    let post = { (path: String, body: [String: Any]) async throws in
      try await WireConnection.post(port: port, path, body)
    }
    for body in [
      ["scene": outside], ["scene": "experiments/../" + outside], ["scene": planted.fifo],
      ["scene": "experiments/scenes/link-out.toml"], ["scene": "experiments/scenes/trace-out.toml"],
      ["scene": "~/x.toml"],
    ] {
      for path in ["/api/run", "/api/metrics"] {
        Self.expectForbidden(try await post(path, body), "\(path) \(body)")
      }
    }
    for body in [
      ["experiment": outside], ["experiment": planted.fifo],
      ["experiment": "experiments/reaches-out.toml"],
      ["experiment": "experiments/scenes/link-out.toml"],
    ] {
      Self.expectForbidden(try await post("/api/sweep", body), "\(body)")
    }
    // A `..` that stays inside is refused too (a request path has none), and a missing file
    // outside gets the same 403 as an existing one.
    Self.expectForbidden(try await post("/api/run", ["scene": "experiments/../" + Self.scene]))
    Self.expectForbidden(try await post("/api/run", ["scene": "../no-such-file.toml"]))
    try await Self.expectStillAnswers(port: port)
  }
}
