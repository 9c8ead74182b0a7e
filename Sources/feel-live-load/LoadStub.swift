import FeelCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The round trip's floor with the live load's own client (docs/server-measurements.md, "Speed"): a
/// stand-in live server that answers `LoadSession`'s messages as `feel serve` does, in order and
/// with frames of the same shape and about the same size, but steps and parses nothing. Each
/// connection is a thread with blocking reads (`LoadListener`). A live frame's round trip above
/// this one's is the server's: its event loops, its reading, its stepping and its writing.
enum LoadStub {
  /// Serves on a free port of 127.0.0.1 until killed; an `advance` to `t_s` answers the frames
  /// up to `t_s` × `frameRate_hz`.
  static func serve(frameRate_hz: Double) throws -> Never {
    try LoadListener.serve { fd in
      var connection = StubConnection(fd: fd, frameRate_hz: frameRate_hz)
      connection.run()
    }
  }
}

/// One connection of `LoadStub`: the upgrade's answer, then the messages.
private struct StubConnection {
  let fd: Int32
  let frameRate_hz: Double
  private var inbox: [UInt8] = []
  private var outbox: [UInt8] = []
  /// The last frame answered.
  private var reached = 0

  init(fd: Int32, frameRate_hz: Double) {
    self.fd = fd
    self.frameRate_hz = frameRate_hz
  }

  mutating func run() {
    let end: [UInt8] = [13, 10, 13, 10]
    while !(inbox.count >= 4 && Array(inbox.suffix(4)) == end) {
      guard fill() else { return }
    }
    inbox.removeAll()
    // LoadSocket does not check the key's answer.
    outbox = Array(
      ("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        + "Sec-WebSocket-Accept: stub\r\n\r\n").utf8)
    while flush() {
      var at = 0
      while let (payload, next) = message(at: at) {
        answer(String(decoding: payload, as: UTF8.self))
        at = next
      }
      inbox.removeFirst(at)
      guard flush(), fill() else { return }
    }
  }

  /// The client's (masked, unfragmented) text message at `at`, unmasked, and where the next
  /// one starts; nil until the whole message is read.
  private func message(at: Int) -> ([UInt8], Int)? {
    guard inbox.count - at >= 2 else { return nil }
    var length = Int(inbox[at + 1] & 0x7F)
    var start = at + 2
    if length == 126 {
      guard inbox.count - at >= 4 else { return nil }
      length = Int(inbox[at + 2]) << 8 | Int(inbox[at + 3])
      start = at + 4
    }
    guard inbox.count >= start + 4 + length else { return nil }
    let mask = inbox[start..<(start + 4)].map { $0 }
    var payload = Array(inbox[(start + 4)..<(start + 4 + length)])
    for i in payload.indices { payload[i] ^= mask[i & 3] }
    return (payload, start + 4 + length)
  }

  private mutating func answer(_ text: String) {
    if text.contains("\"type\": \"open\"") {
      reached = 0
      send(frame(0))
    } else if text.contains("\"type\": \"advance\""),
      let key = text.range(of: "\"to_t_s\": ")
    {
      let number = text[key.upperBound...].prefix { $0 != "}" && $0 != "," && $0 != " " }
      let target = Int((Double(number) ?? 0) * frameRate_hz + 1e-9)
      while reached < target {
        reached += 1
        send(frame(reached))
      }
    } else if text.contains("\"type\": \"set\"") {
      // A set's answer: restarted, frame 0, and the frame reached (the replay's last).
      send(LoadJSON.text(LoadJSON.Restarted()))
      send(frame(0))
      if reached > 0 { send(frame(reached)) }
    }
  }

  /// A frame message of a live session's shape (one item, one finger, the timing keys).
  private func frame(_ k: Int) -> String {
    LoadJSON.text(
      LoadJSON.Frame(
        frame: k, t_s: .shortest(Double(k) / frameRate_hz),
        items: [
          .init(
            id: "bar", x_pt: .shortest(212.34567890123), y_pt: .shortest(25),
            angle_rad: .shortest(0))
        ],
        touches: [.init(id: "f1", x_pt: .shortest(218.54101966249686), y_pt: .shortest(25))],
        running: true, step_s: .shortest(9.1e-06), queue_s: .shortest(1.2e-06),
        server_s: .shortest(3.4e-05), prev_flush_s: .shortest(4.1e-05)))
  }

  /// Appends `text` as one unmasked text frame.
  private mutating func send(_ text: String) {
    let payload = Array(text.utf8)
    outbox.append(0x81)
    if payload.count < 126 {
      outbox.append(UInt8(payload.count))
    } else {
      outbox += [126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
    }
    outbox += payload
  }

  /// Writes what waits, in one write where the socket takes it; false once the peer is gone.
  private mutating func flush() -> Bool {
    var offset = 0
    while offset < outbox.count {
      let written = outbox.withUnsafeBytes {
        write(fd, $0.baseAddress! + offset, outbox.count - offset)
      }
      guard written > 0 else { return false }
      offset += written
    }
    outbox.removeAll(keepingCapacity: true)
    return true
  }

  /// Reads what the socket has (blocking); false once the peer is gone.
  private mutating func fill() -> Bool {
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
    guard count > 0 else { return false }
    inbox += buffer[0..<count]
    return true
  }
}
