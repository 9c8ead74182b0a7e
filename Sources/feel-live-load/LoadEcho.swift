import FeelCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The round trip's floor on this machine, measured in the same run as the live sessions
/// (docs/server-measurements.md, "Speed"): a plain TCP echo on loopback (a process of its own, a
/// thread per connection, TCP_NODELAY), pinged on the live load's schedule, one message at a time:
/// the kernel's part of a round trip. `LoadStub` is the floor with the live load's own client.
enum LoadEcho {
  /// Serves the echo on a free port of 127.0.0.1 (`LoadListener`), until killed.
  static func serve() throws -> Never {
    try LoadListener.serve { fd in
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
        if count <= 0 { return }
        _ = buffer.withUnsafeBytes { write(fd, $0.baseAddress!, count) }
      }
    }
  }

  /// Pings the echo at `port` from `sessions` connections, each at 120 Hz (1/(120 × sessions)
  /// s apart), for `seconds`: every round trip (s), as `{"kind": "echo", "rt_s": …}` lines.
  static func ping(port: UInt16, sessions: Int, seconds: Double) throws -> [String] {
    var fds: [Int32] = []
    for _ in 0..<sessions { fds.append(try LoadSocket.connectLoopback(port: port)) }
    defer { for fd in fds { close(fd) } }
    // About a touch and an advance's size.
    let message = [UInt8](repeating: UInt8(ascii: "x"), count: 160)
    var buffer = [UInt8](repeating: 0, count: 4096)
    var records: [String] = []
    let start_s = LoadSession.now_s()
    var tick = 0
    while LoadSession.now_s() - start_s < seconds {
      let due_s = start_s + Double(tick) / (LoadSession.tickRate_hz * Double(sessions))
      let wait_s = due_s - LoadSession.now_s()
      if wait_s > 0 { usleep(UInt32(wait_s * 1e6)) }
      let fd = fds[tick % sessions]
      let sent_s = LoadSession.now_s()
      _ = message.withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) }
      var received = 0
      while received < message.count {
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
        guard count > 0 else { throw LoadSocket.Failure(description: "echo: closed") }
        received += count
      }
      records.append(
        LoadJSON.text(LoadJSON.EchoRecord(rt_s: .shortest(LoadSession.now_s() - sent_s))))
      tick += 1
    }
    return records
  }
}
