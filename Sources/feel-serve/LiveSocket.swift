import FeelCommandSupport
import FeelScene
import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore

/// `GET /api/live`, the WebSocket of live sessions (docs/studio.md, "Live sessions"). The
/// upgrade passes the same checks as every request (`ServeAccess`: Host, Origin, token): a
/// refused upgrade is not upgraded, and the request, answered as plain HTTP, gets the same
/// 403. One session per connection (`LiveSession`, which computes everything); this layer
/// parses the messages (`LiveMessage`), writes the answers (`LiveJSON`) in the order the
/// messages came, saves files, and watches the session's files (`LiveWatch`).
enum LiveSocket {
  static let path = "/api/live"
  /// Frames stepped between two writes of an `advance` or a `set`'s replay: a long advance
  /// streams its frames instead of holding them all.
  static let framesPerWrite = 256

  /// Whether to upgrade the request `head`, and what then runs the connection.
  ///
  /// Called on the connection's event loop: the socket gets `TCP_NODELAY` (each frame goes out
  /// at once, not held back by Nagle's algorithm waiting for the client's delayed ACK) and a
  /// `ReadClock`, which timed sessions measure the server's time from.
  static func shouldUpgrade(
    _ head: HTTPRequest, channel: any Channel, access: ServeAccess, logger: Logger
  ) -> ShouldUpgradeResult<WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>> {
    guard RequestTarget(head.path ?? "/").path == path else { return .dontUpgrade }
    guard case .allowed = access.check(head) else { return .dontUpgrade }
    let clock = ReadClock()
    // SwiftNIO's ServerBootstrap sets it on the listening socket, which Linux's accepted
    // sockets inherit; set here so that it does not depend on that.
    try? channel.syncOptions?.setOption(ChannelOptions.tcpOption(.tcp_nodelay), value: 1)
    try? channel.pipeline.syncOperations.addHandler(clock, position: .first)
    return .upgrade([:]) { inbound, outbound, _ in
      let watch = LiveWatch()
      let watcher = Task {
        await watch.run { text in try? await outbound.write(.text(text)) }
      }
      defer { watcher.cancel() }
      var session: LiveSession?
      // The read time of the latest `advance` answered (with frames or a still run): the start
      // of the span the next timed frame reports as `prev_flush_s` (0 after an `open` or a
      // `set`, whose frames follow it).
      var answered_ns: UInt64 = 0
      for try await message in inbound.messages(maxSize: ServeLimits.maxRequestBytes) {
        let flushed_ns = clock.lastFlush_ns
        var timed = LiveJSON.Timed(
          read_ns: clock.lastRead_ns, taken_ns: ReadClock.now_ns(),
          prevFlush_s: answered_ns != 0 && flushed_ns > answered_ns
            ? Double(flushed_ns - answered_ns) / 1e9 : nil)
        let bytes: [UInt8]
        switch message {
        case .text(let text): bytes = Array(text.utf8)
        case .binary:
          try await outbound.write(
            .text(LiveJSON.error("expected a JSON text message, got a binary one")))
          continue
        }
        do {
          let parsed = try LiveMessage.parse(bytes)
          switch parsed {
          case .open, .set: answered_ns = 0
          default: break
          }
          try await handle(parsed, session: &session, watch: watch) { outputs, timing in
            for output in outputs {
              try await outbound.write(.text(LiveJSON.text(output, timed: timing ? timed : nil)))
              if case .advance = parsed { answered_ns = timed.read_ns }
              if case .frame = output { timed.prevFlush_s = nil }
            }
          } sendText: { text in
            try await outbound.write(.text(text))
          }
        } catch let refusal as LiveSession.Refusal {
          try await outbound.write(.text(LiveJSON.error(refusal.message)))
        } catch let failure as FeelError {
          try await outbound.write(.text(LiveJSON.error(failure.liveMessage)))
        }
      }
      watch.stop()
    }
  }

  /// One message of the session's connection.
  static func handle(
    _ message: LiveMessage, session: inout LiveSession?, watch: LiveWatch,
    send: ([LiveSession.Output], _ timing: Bool) async throws -> Void,
    sendText: (String) async throws -> Void
  ) async throws {
    if case .open(let input, let timing, let experiment) = message {
      let explored = try experiment.map { path throws(FeelError) in
        try LiveWatch.experimentFiles(path)
      }
      var (opened, outputs) = try LiveSession.open(input)
      opened.timing = timing
      session = opened
      watch.watch(opened, experiment: experiment, experimentFiles: explored ?? [])
      try await send(outputs, timing)
      return
    }
    guard var current = session else {
      throw LiveSession.Refusal(
        "expected an open message first (a session starts on a scene), got a message of no session")
    }
    switch message {
    case .open: break
    case .touch(let id, let phase, let t, let x, let y):
      try current.touch(id: id, phase: phase, t_s: t, x_pt: x, y_pt: y)
      session = current
    case .advance(let t):
      let target = try current.targetFrame(t)
      while current.frame < target {
        let outputs = current.step(to: target, maxSteps: framesPerWrite)
        session = current
        try await send(outputs, current.timing)
      }
    case .set(let settings):
      // `restarted` and frame 0 go out before the replay is stepped: the new motion's first
      // frame does not wait for the frames that follow it.
      let (outputs, reached) = try current.set(settings, maxSteps: 0)
      session = current
      watch.settings(of: current)
      try await send(outputs, current.timing)
      while current.frame < reached {
        let more = current.step(to: reached, maxSteps: framesPerWrite)
        session = current
        try await send(more, current.timing)
      }
    case .save(let path, let replace):
      let text = try current.saveText()
      if !replace, FileManager.default.fileExists(atPath: path) {
        throw LiveSession.Refusal(
          "save: key 'path': expected a file that does not exist yet (or \"replace\": true), "
            + "got \(path), which exists")
      }
      let file = try AtomicFile(path, what: "the scene")
      do {
        try file.write(text)
        try file.commit()
      } catch {
        file.discard()
        throw LiveSession.Refusal("save: cannot write \(path) (\(error))")
      }
      try await sendText(LiveJSON.object([("type", .string("saved")), ("path", .string(path))]))
    }
  }
}

extension FeelError {
  /// The text of a live session's `error` for a scene that could not be read: the messages
  /// `feel run` prints after `feel: error: `, one a line; a path outside the root says only so.
  var liveMessage: String {
    isOutsideRoot
      ? "the path is outside the server's root, or not allowed (403)"
      : messages.map(MessageText.oneLine).joined(separator: "\n")
  }
}
