import Dispatch
import HummingbirdWebSocket
import Synchronization

/// `GET /api/live` (docs/live-protocol.md): one live session per WebSocket, on
/// HummingbirdWebSocket, which answers pings, pings every 30 s and closes a peer whose pong has
/// not come, joins fragments, closes a message over the limit with 1009 and runs the closing
/// handshake. HummingbirdWebSocket handles those control frames as the inbound stream is read,
/// so a reader task reads it all the time, also while a long answer is being stepped, and
/// queues the messages; the session answers them in the order they came
/// (`LiveSocket.Exchange`), a long answer (an `advance` of many frames, a `set`'s replay)
/// `LiveSocket.framesPerWrite` frames at a time, yielding between slices, so that other
/// sessions run meanwhile. Each write waits while the socket cannot take more (back-pressure):
/// nothing more is stepped meanwhile; while more than `maxQueuedBytes` of messages wait, no
/// more are read.
enum LiveRoute {
  /// Messages read but not answered yet, in bytes, beyond which the socket is not read (16 MiB:
  /// sixteen of the largest messages).
  static let maxQueuedBytes = 16 << 20

  /// A message read: its text (nil for a binary message) and when it was read.
  private struct Read: Sendable {
    var bytes: [UInt8]?
    var read_ns: UInt64
  }

  static func session(
    inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, sessions: LiveSessions
  ) async throws {
    guard let registration = sessions.add(outbound) else { return }
    defer { sessions.remove(registration) }
    let watch = LiveWatch()
    let watcher = Task {
      await watch.run { text in try? await outbound.write(.text(text)) }
    }
    defer {
      watch.stop()
      watcher.cancel()
    }
    let (messages, queue) = AsyncStream.makeStream(of: Read.self)
    let queued = QueuedBytes()
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask {
        defer { queue.finish() }
        for try await message in inbound.messages(maxSize: ServeLimits.maxRequestBytes) {
          let bytes: [UInt8]? =
            switch message {
            case .text(let text): Array(text.utf8)
            case .binary: nil
            }
          queued.bytes.add(bytes?.count ?? 0, ordering: .relaxed)
          queue.yield(Read(bytes: bytes, read_ns: ReadClock.now_ns()))
          while queued.bytes.load(ordering: .relaxed) > maxQueuedBytes {
            try await Task.sleep(for: .milliseconds(1))
          }
        }
      }
      var exchange = LiveSocket.Exchange()
      var flushed_ns: UInt64 = 0
      var texts: [String] = []
      for await message in messages {
        queued.bytes.subtract(message.bytes?.count ?? 0, ordering: .relaxed)
        let answered_ns = exchange.answered_ns
        let timed = LiveAnswer.Timed(
          read_ns: message.read_ns, taken_ns: ReadClock.now_ns(),
          prevFlush_s: answered_ns != 0 && flushed_ns > answered_ns
            ? Double(flushed_ns - answered_ns) / 1e9 : nil)
        exchange.take(message.bytes, timed: timed, watch: watch) { texts.append($0) }
        var slices = 0
        while true {
          for text in texts { try await outbound.write(.text(text)) }
          if !texts.isEmpty { flushed_ns = ReadClock.now_ns() }
          texts.removeAll(keepingCapacity: true)
          guard exchange.isStepping else { break }
          // An advance's first slice at once (a drag's advance is one frame); a replay's, and
          // every later slice, after the other sessions' turns: their answers (a `set`'s first
          // frame) do not wait for this one's.
          if slices > 0 || exchange.isReplaying { await Task.yield() }
          slices += 1
          exchange.step { texts.append($0) }
        }
      }
      try await group.waitForAll()
    }
  }
}

/// The bytes of a session's messages read and not answered yet.
private final class QueuedBytes: Sendable {
  let bytes = Atomic<Int>(0)
}

/// The live sessions open, so that stopping the server closes each with 1001 (going away)
/// before Hummingbird's graceful shutdown, which would close them with 1000.
final class LiveSessions: Sendable {
  private let state = Mutex<(writers: [Int: WebSocketOutboundWriter], next: Int, stopping: Bool)>(
    ([:], 0, false))

  /// Registers a session about to start; nil once the server is stopping.
  func add(_ writer: WebSocketOutboundWriter) -> Int? {
    state.withLock { state in
      if state.stopping { return nil }
      state.next += 1
      state.writers[state.next] = writer
      return state.next
    }
  }

  func remove(_ registration: Int) {
    _ = state.withLock { $0.writers.removeValue(forKey: registration) }
  }

  /// Sends every session its close (1001), waiting at most `timeout_s` for the closes to be
  /// written; sessions that start later are refused.
  func closeAll(timeout_s: Double) {
    let writers = state.withLock { state in
      state.stopping = true
      return Array(state.writers.values)
    }
    let done = DispatchGroup()
    for writer in writers {
      done.enter()
      Task {
        try? await writer.close(.goingAway, reason: nil)
        done.leave()
      }
    }
    _ = done.wait(timeout: .now() + timeout_s)
  }
}
