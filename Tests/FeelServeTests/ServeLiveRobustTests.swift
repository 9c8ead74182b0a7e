import FeelTestSupport
import Foundation
import HummingbirdTesting
import HummingbirdWSTesting
import Synchronization
import Testing

@testable import FeelServe

/// Live sessions under hostile input (docs/live-protocol.md, "Limits of a session"): 100,000
/// malformed or hostile messages from four connections while one session drags; the server
/// stays up, each bad message is answered with one error, and that session's frames still equal
/// `feel run` of the scene it saves. The server's resident memory under the same attack is a
/// property of its process (here it would count every test running beside this one):
/// Tests/Contract/Serve/test_memory.py; a server killed while saving: Tests/Contract/Serve/test_signals.py.
@Suite(.serialized, .timeLimit(.minutes(30))) struct ServeLiveRobustTests {
  static let hostileTotal = 100_000
  static let connections = 4
  /// Messages sent before their answers are read back (the server answers each bad one).
  static let batch = 250

  /// `count` bad messages of every kind the contract names.
  static func hostileMessages(_ random: inout SplitMix64, _ count: Int) -> [String] {
    func json(_ object: Any) -> String {
      String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }
    let kinds: [(inout SplitMix64) -> String] = [
      { String(repeating: "{", count: Int.random(in: 1...50, using: &$0)) },
      { "not json at all \(Double.random(in: 0..<1, using: &$0))" },
      { r in
        json(
          (0..<Int.random(in: 0...20, using: &r)).map { _ in Double.random(in: 0..<1, using: &r) })
      },
      { _ in #"{"type": "touch", "id": "f", "phase": "move", "t_s": NaN, "x_pt": 1, "y_pt": 2}"# },
      { _ in #"{"type": "advance", "to_t_s": Infinity}"# },
      { _ in json(["type": "advance", "to_t_s": 1e308]) },
      { _ in
        json([
          "type": "touch", "id": "f", "phase": "move", "t_s": 0.5, "x_pt": 1e308, "y_pt": -1e308,
        ])
      },
      { r in
        let types: [Any] = ["opn", "fly", "", "frame", "saved", NSNull(), 3]
        return json(["type": types[Int.random(in: 0..<types.count, using: &r)]])
      },
      { r in
        let ids: [Any] = [3, NSNull(), [] as [Any], [:] as [String: Any]]
        return json([
          "type": "touch", "id": ids[Int.random(in: 0..<ids.count, using: &r)], "phase": "down",
          "t_s": 0, "x_pt": 0, "y_pt": 0,
        ])
      },
      { r in
        let phases = ["down", "move", "up"]
        return json([
          "type": "touch", "id": "g", "phase": phases[Int.random(in: 0..<3, using: &r)],
          "t_s": "soon", "x_pt": true, "y_pt": NSNull(),
        ])
      },
      { r in
        json([
          "type": "set",
          "set": [
            "behavior.x.y": String(repeating: "z", count: Int.random(in: 0...100, using: &r))
          ],
        ])
      },
      { _ in json(["type": "set", "set": ["frame_rate": -1]]) },
      { r in
        let paths: [Any] = ["../x.toml", "/etc/x.toml", "", 7]
        return json(["type": "save", "path": paths[Int.random(in: 0..<paths.count, using: &r)]])
      },
      { r in
        json([
          "type": "open",
          "scene": "experiments/scenes/missing-\(Int.random(in: 0...9, using: &r)).toml",
        ])
      },
      // Out-of-order samples of the finger that is down on every hostile connection.
      { r in
        json([
          "type": "touch", "id": "h", "phase": "move", "t_s": -Double.random(in: 0..<1, using: &r),
          "x_pt": 100, "y_pt": 25,
        ])
      },
      { _ in
        json(["type": "touch", "id": "h", "phase": "down", "t_s": 0.1, "x_pt": 100, "y_pt": 25])
      },
    ]
    // about 750 KB, under 1 MiB
    let huge = json(["type": "set", "set": [Double](repeating: 0.5, count: 150_000)])
    return (0..<count).map { n in
      n % 5000 == 4999 ? huge : kinds[Int.random(in: 0..<kinds.count, using: &random)](&random)
    }
  }

  final class Counter: Sendable {
    let value = Atomic<Int>(0)
  }

  static let sceneText = { () -> String in
    withoutTouchSections(
      (try? String(
        contentsOf: repositoryRoot.appendingPathComponent(
          "experiments/scenes/castro-drag-right-80.toml"), encoding: .utf8)) ?? "")
  }()

  /// One hostile connection: a session with finger "h" down, then `total` bad messages in
  /// batches (drawn from `seed`), each answered with an error.
  static func attack(_ client: some TestClientProtocol, seed: UInt64, total: Int) async throws
    -> Int
  {
    let answered = Counter()
    try await LiveClient.session(client) { hostile in
      _ = try await hostile.open(["scene_toml": Self.sceneText])
      try await hostile.touch("h", "down", 0, 100, 25)
      var random = SplitMix64(state: seed)
      var pending = 0
      let messages = Self.hostileMessages(&random, total)
      for (n, message) in messages.enumerated() {
        try await hostile.outbound.write(.text(message))
        pending += 1
        guard pending == Self.batch || n == messages.count - 1 else { continue }
        for _ in 0..<pending {
          let answer = try await hostile.receive()
          #expect(answer["type"] as? String == "error", "seed \(seed): \(answer)")
          answered.value.add(1, ordering: .relaxed)
        }
        pending = 0
      }
    }
    return answered.value.load(ordering: .relaxed)
  }

  /// Every hostile connection at once, the n-th's messages drawn from `seed` + n; `finished`
  /// is set when they are done.
  static func attackAll(_ client: some TestClientProtocol, seed: UInt64, finished: Counter)
    async throws -> Int
  {
    defer { finished.value.store(1, ordering: .relaxed) }
    return try await withThrowingTaskGroup(of: Int.self) { group in
      for index in 0..<connections {
        group.addTask {
          try await attack(
            client, seed: seed + UInt64(index), total: hostileTotal / connections)
        }
      }
      return try await group.reduce(0, +)
    }
  }

  /// `seed`: the warm-up's; the drag's is the next, the hostile connections' from `seed` + 90.
  @Test("100,000 hostile messages while a session drags", arguments: Pointer.seeds(10))
  func hostileMessagesWhileASessionDrags(seed: UInt64) async throws {
    let folder = try TemporaryFolder.inRepository()
    try await ServeHarness.listening().test(.live) { client in
      try await LiveClient.session(client) { live in
        _ = try await live.open(["scene_toml": Self.sceneText])
        // A whole session first.
        var warm = Pointer(seed: seed, maxLatency_s: 0.02)
        warm.stroke("finger", 0, 0.3) { u in (200 + 60 * u, 25) }
        try await warm.play(&live, until: 1)
        _ = try await live.open(["scene_toml": Self.sceneText])
        // One hostile connection alone (a huge message among its messages).
        #expect(try await Self.attack(client, seed: seed + 90, total: 5000) == 5000)
        let finished = Counter()
        async let answered = Self.attackAll(client, seed: seed + 90, finished: finished)
        // Meanwhile the session drags, with late samples.
        var pointer = Pointer(seed: seed + 1, maxLatency_s: 0.03)
        pointer.stroke("finger", 0.05, 0.6) { u in (200 + 100 * u, 25 + 2 * u) }
        try await pointer.play(&live, until: 2)
        // Meanwhile it keeps reading, as a page does: a client that reads nothing does not
        // answer the server's pings and is closed by its keep-alive.
        while finished.value.load(ordering: .relaxed) == 0 {
          try await live.send(["type": "still-reading"])
          _ = try await live.until { $0["type"] as? String == "error" }
          try await Task.sleep(for: .milliseconds(500))
        }
        #expect(try await answered == Self.hostileTotal)
        let path = folder.relative("live-robust.toml")
        let saved = try await live.request(["type": "save", "path": path, "replace": true])
        #expect(saved["type"] as? String == "saved", "\(saved)")
        let run = try runFeel(["run", path, "--events"])
        #expect(run.status == 0, "\(run.errors)")
        expectFeelRun(live, run)
      }
    }
  }
}
