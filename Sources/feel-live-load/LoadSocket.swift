#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The client side of a WebSocket (RFC 6455) on a plain TCP socket, as much as the live load
/// needs: the upgrade, masked text frames out, text frames in (a ping answered), no
/// extensions. Non-blocking after the upgrade: `receive()` takes what the socket holds and
/// returns the whole messages in it.
final class LoadSocket {
  let fd: Int32
  private var inbox: [UInt8] = []
  private var fragments: [UInt8] = []
  private var maskState: UInt32 = 0x9E37_79B9

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Connects to 127.0.0.1:`port` and upgrades `GET target` (TCP_NODELAY on, as the studio's
  /// page and the server have it).
  init(port: UInt16, target: String) throws {
    fd = try Self.connectLoopback(port: port)
    let request =
      "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\n"
      + "Connection: Upgrade\r\nSec-WebSocket-Key: ZmVlbGxhYi1saXZlLWxvYWQ=\r\n"
      + "Sec-WebSocket-Version: 13\r\n\r\n"
    try writeAll(Array(request.utf8))
    // The answer's head, read a byte at a time (blocking): nothing follows it until we send.
    var head: [UInt8] = []
    var byte: UInt8 = 0
    while !head.ends(with: [13, 10, 13, 10]) {
      guard read(fd, &byte, 1) == 1 else { throw Failure(description: "the upgrade: no answer") }
      head.append(byte)
    }
    let status = String(decoding: head.prefix(while: { $0 != 13 }), as: UTF8.self)
    guard status.contains(" 101 ") else {
      throw Failure(description: "the upgrade was refused: \(status)")
    }
    let flags = fcntl(fd, F_GETFL)
    _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
  }

  deinit { close(fd) }

  /// A TCP socket connected to 127.0.0.1:`port`, with TCP_NODELAY (blocking).
  static func connectLoopback(port: UInt16) throws -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw Failure(description: "socket: errno \(errno)") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      close(fd)
      throw Failure(description: "connect to port \(port): errno \(errno)")
    }
    var one: Int32 = 1
    setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    return fd
  }

  /// Sends `text` as one masked text frame.
  func send(_ text: String) throws {
    try sendFrame(opcode: 0x1, payload: Array(text.utf8))
  }

  private func sendFrame(opcode: UInt8, payload: [UInt8]) throws {
    var frame: [UInt8] = [0x80 | opcode]
    let n = payload.count
    if n < 126 {
      frame.append(0x80 | UInt8(n))
    } else if n < 65536 {
      frame.append(0x80 | 126)
      frame += [UInt8(n >> 8), UInt8(n & 0xFF)]
    } else {
      frame.append(0x80 | 127)
      for shift in stride(from: 56, through: 0, by: -8) { frame.append(UInt8((n >> shift) & 0xFF)) }
    }
    // A mask per frame (RFC 6455 asks for an unpredictable one; the server only unmasks).
    maskState = maskState &* 1_664_525 &+ 1_013_904_223
    let mask = withUnsafeBytes(of: maskState.bigEndian) { Array($0) }
    frame += mask
    frame.reserveCapacity(frame.count + n)
    for (i, byte) in payload.enumerated() { frame.append(byte ^ mask[i & 3]) }
    try writeAll(frame)
  }

  private func writeAll(_ bytes: [UInt8]) throws {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes {
        write(fd, $0.baseAddress! + offset, bytes.count - offset)
      }
      if written > 0 {
        offset += written
      } else if written < 0, errno == EAGAIN || errno == EINTR {
        var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        _ = poll(&ready, 1, 1000)
      } else {
        throw Failure(description: "write: errno \(errno)")
      }
    }
  }

  /// The whole text messages the socket holds now (none if it holds only part of one).
  func receive() throws -> [[UInt8]] {
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
      if count > 0 {
        inbox += buffer[0..<count]
        if count < buffer.count { break }
      } else if count == 0 {
        throw Failure(description: "the server closed the connection")
      } else if errno == EAGAIN || errno == EINTR {
        break
      } else {
        throw Failure(description: "read: errno \(errno)")
      }
    }
    var messages: [[UInt8]] = []
    var at = 0
    while inbox.count - at >= 2 {
      let opcode = inbox[at] & 0x0F
      let fin = inbox[at] & 0x80 != 0
      var length = Int(inbox[at + 1] & 0x7F)
      var start = at + 2
      if length == 126 {
        guard inbox.count - at >= 4 else { break }
        length = Int(inbox[at + 2]) << 8 | Int(inbox[at + 3])
        start = at + 4
      } else if length == 127 {
        guard inbox.count - at >= 10 else { break }
        length = 0
        for k in 0..<8 { length = length << 8 | Int(inbox[at + 2 + k]) }
        start = at + 10
      }
      guard inbox.count - start >= length else { break }
      let payload = Array(inbox[start..<start + length])
      at = start + length
      switch opcode {
      case 0x9: try sendFrame(opcode: 0xA, payload: payload)
      case 0x8: throw Failure(description: "the server closed the session")
      case 0x0, 0x1:
        fragments += payload
        if fin {
          messages.append(fragments)
          fragments = []
        }
      default: break
      }
    }
    inbox.removeFirst(at)
    return messages
  }
}

extension Array where Element == UInt8 {
  fileprivate func ends(with suffix: [UInt8]) -> Bool {
    count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
  }
}
