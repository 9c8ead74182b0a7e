import ArgumentParser
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `feel-live-load`: `make bench-serve`'s native load generator for live sessions (docs/
/// server-measurements.md, "Speed"). Every session in one thread, on non-blocking sockets and `poll`, so
/// that the round trips it measures are the server's and the kernel's, not a client's
/// interpreter's. Prints one JSON object a line on standard output: a frame's round trip
/// (`{"kind": "frame", "rt_s": …, "message": the frame's text}`) or a set's
/// (`{"kind": "set", "first_s": …, "caught_up_s": …}`).
@main
struct FeelLiveLoad: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "feel-live-load",
    abstract: "Drags live sessions of a running feel serve at 120 Hz and prints their round trips.")

  @Flag(help: "Serve a plain TCP echo on a free port of 127.0.0.1 (printed), until killed.")
  var serveEcho = false
  @Flag(
    help: ArgumentHelp(
      "Serve a stand-in live server (answers in order, steps nothing) on a free port of "
        + "127.0.0.1 (printed), until killed: the floor with this client."))
  var serveStub = false
  @Option(help: "The stand-in's scene frame rate (Hz): an advance to t answers frames to t × it.")
  var stubFrameRate: Double = 60
  @Flag(help: "Ping the echo at --port on the live load's schedule instead of a live session.")
  var echo = false
  @Option(help: "The server's port on 127.0.0.1.") var port: Int = 0
  @Option(help: "The server's token.") var token: String = ""
  @Option(help: "Live sessions at once.") var sessions = 1
  @Option(help: "Wall time each session drags (s); the round under way ends.") var seconds = 12.0
  @Option(help: "A file holding the `open` message (JSON text) each round sends.")
  var openMessage: String = ""
  @Option(help: "The scene path each `set` gives a damping from 0.2 to 0.9.")
  var setPath: String = ""
  @Option(help: "Seeds the sets' values (session n uses seed + n).") var seed: UInt64 = 0

  func validate() throws {
    if serveStub, !(stubFrameRate.isFinite && stubFrameRate > 0) {
      throw ValidationError("--stub-frame-rate: expected a frame rate above 0 Hz")
    }
    if serveEcho || serveStub { return }
    guard (1...65535).contains(port) else { throw ValidationError("--port: expected 1 to 65535") }
    guard echo || !openMessage.isEmpty else {
      throw ValidationError("--open-message: expected a file holding the open message")
    }
    guard sessions >= 1 else { throw ValidationError("--sessions: expected at least 1") }
  }

  func run() throws {
    if serveEcho { try LoadEcho.serve() }
    if serveStub { try LoadStub.serve(frameRate_hz: stubFrameRate) }
    if echo {
      let records = try LoadEcho.ping(port: UInt16(port), sessions: sessions, seconds: seconds)
      FileHandle.standardOutput.write(Data(records.map { $0 + "\n" }.joined().utf8))
      return
    }
    let openText = try String(contentsOfFile: openMessage, encoding: .utf8)
    // Every session connects first: the stagger below starts after the last upgrade (a start
    // taken before connecting would be past for all of them, and they would tick together).
    let sockets = try (0..<sessions).map { _ in
      try LoadSocket(port: UInt16(port), target: "/api/live?token=\(token)")
    }
    let start_s = LoadSession.now_s()
    var all: [LoadSession] = []
    for (n, socket) in sockets.enumerated() {
      // Started 1/(120 × sessions) s apart, so that the sessions' ticks interleave.
      let first_s = start_s + Double(n) / (LoadSession.tickRate_hz * Double(sessions))
      all.append(
        LoadSession(
          socket: socket, openText: openText, setPath: setPath, seed: seed &+ UInt64(n),
          start_s: first_s, end_s: first_s + seconds))
    }
    var fds = all.map { pollfd(fd: $0.socket.fd, events: Int16(POLLIN), revents: 0) }
    while !all.allSatisfy(\.isDone) {
      var now_s = LoadSession.now_s()
      for session in all where session.isDue && session.due_s <= now_s {
        try session.fire(now_s: now_s)
      }
      let next_s = all.filter(\.isDue).map(\.due_s).min()
      // poll's timeout is whole milliseconds: a tick may go up to 1 ms late, which shifts the
      // schedule and not a round trip (timed from the send); a frame wakes it at once.
      let wait_ms =
        next_s.map { Int32((max(0, $0 - LoadSession.now_s()) * 1000).rounded(.up)) } ?? 10_000
      let ready = poll(&fds, nfds_t(fds.count), wait_ms)
      guard ready >= 0 || errno == EINTR else {
        throw LoadSocket.Failure(description: "poll: errno \(errno)")
      }
      guard ready > 0 else { continue }
      for (k, session) in all.enumerated() where fds[k].revents != 0 {
        fds[k].revents = 0
        let messages = try session.socket.receive()
        now_s = LoadSession.now_s()
        for message in messages { try session.handle(message, now_s: now_s) }
      }
    }
    var out = ""
    for session in all {
      for record in session.records { out += record + "\n" }
    }
    FileHandle.standardOutput.write(Data(out.utf8))
  }
}
