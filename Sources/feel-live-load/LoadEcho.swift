#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The round trip's floor on this machine, measured in the same run as the live sessions
/// (docs/studio.md, "Speed"): a plain TCP echo on loopback (a process of its own, a thread per
/// connection, TCP_NODELAY), pinged on the live load's schedule. What remains of a live frame's
/// round trip above it is the server's.
enum LoadEcho {
  /// Serves the echo on a free port of 127.0.0.1; prints the port, then serves until killed.
  static func serve() throws -> Never {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        bind(listener, pointer, length) == 0 && listen(listener, 64) == 0
          && getsockname(listener, pointer, &length) == 0
      }
    }
    guard listener >= 0, bound else { throw LoadSocket.Failure(description: "echo: cannot listen") }
    let line = Array("\(UInt16(bigEndian: address.sin_port))\n".utf8)
    _ = line.withUnsafeBytes { write(1, $0.baseAddress!, $0.count) }
    while true {
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else { continue }
      var one: Int32 = 1
      setsockopt(
        connection, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
      var thread = pthread_t()
      let argument = UnsafeMutableRawPointer(bitPattern: Int(connection) + 1)
      pthread_create(
        &thread, nil,
        { argument in
          let fd = Int32(Int(bitPattern: argument) - 1)
          var buffer = [UInt8](repeating: 0, count: 4096)
          while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if count <= 0 { break }
            _ = buffer.withUnsafeBytes { write(fd, $0.baseAddress!, count) }
          }
          close(fd)
          return nil
        }, argument)
      pthread_detach(thread)
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
      records.append("{\"kind\": \"echo\", \"rt_s\": \(LoadSession.now_s() - sent_s)}")
      tick += 1
    }
    return records
  }
}
