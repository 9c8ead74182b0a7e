import FeelTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A plain TCP connection to a server on 127.0.0.1, for what must be tested as it goes on the
/// wire (the `Host` header, a WebSocket upgrade's status line, a chunked body, a client that
/// goes away). Every read and write is bounded by `timeout_s`.
final class WireConnection {
  private let socket: Int32

  init(port: Int, timeout_s: Int = 120) throws {
    socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var limit = timeval(tv_sec: timeout_s, tv_usec: 0)
    let size = socklen_t(MemoryLayout<timeval>.size)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, size)
    setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &limit, size)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    try #require(connected == 0, "cannot connect to 127.0.0.1:\(port) (errno \(errno))")
  }

  private var closed = false

  deinit { close() }

  /// Closes the connection (a client that goes away).
  func close() {
    if !closed { Glibc.close(socket) }
    closed = true
  }

  /// Writes all of `bytes`; false once the server has closed its end.
  @discardableResult
  func send(_ bytes: [UInt8]) -> Bool {
    var sent = 0
    while sent < bytes.count {
      let n = bytes[sent...].withUnsafeBytes {
        Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if n <= 0 { return false }
      sent += n
    }
    return true
  }

  @discardableResult
  func send(_ text: String) -> Bool { send(Array(text.utf8)) }

  /// The next bytes that come; empty at the end (or after `timeout_s` without any).
  func receive() -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: 65536)
    let n = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
    return n > 0 ? Array(buffer[..<n]) : []
  }

  /// Everything until the server closes the connection.
  func receiveAll() -> [UInt8] {
    var all: [UInt8] = []
    while case let chunk = receive(), !chunk.isEmpty { all += chunk }
    return all
  }
}

/// Runs blocking socket work on a thread of its own: a server under test in this process runs on
/// Swift's cooperative threads (as many as cores), which a blocked read must not hold.
func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread { continuation.resume(with: Result { try body() }) }.start()
  }
}

/// An HTTP/1.1 response as it came on the wire.
struct WireResponse {
  var statusLine: String
  var headers: [(String, String)]
  /// The body, de-chunked.
  var body: [UInt8]

  init(_ bytes: [UInt8]) {
    let separator = Array("\r\n\r\n".utf8)
    let end =
      (0..<max(0, bytes.count - 3)).first { Array(bytes[$0..<($0 + 4)]) == separator }
      ?? bytes.count
    let head = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
    statusLine = head.first ?? ""
    headers = head.dropFirst().compactMap { line in
      guard let colon = line.firstIndex(of: ":") else { return nil }
      return (
        String(line[..<colon]),
        line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      )
    }
    let rest = Array(bytes[min(bytes.count, end + 4)...])
    body = rest
    if header("Transfer-Encoding")?.lowercased() == "chunked" { body = Self.dechunked(rest) }
  }

  func header(_ name: String) -> String? {
    headers.first { $0.0.lowercased() == name.lowercased() }?.1
  }

  var status: Int { Int(statusLine.split(separator: " ").dropFirst().first ?? "") ?? 0 }
  var text: String { String(decoding: body, as: UTF8.self) }

  static func dechunked(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    var i = 0
    while i < bytes.count {
      guard
        let lineEnd = (i..<(bytes.count - 1)).first(where: {
          bytes[$0] == 13 && bytes[$0 + 1] == 10
        })
      else { break }
      let size = Int(String(decoding: bytes[i..<lineEnd], as: UTF8.self), radix: 16) ?? 0
      if size == 0 { break }
      let start = lineEnd + 2
      out += bytes[start..<min(bytes.count, start + size)]
      i = start + size + 2
    }
    return out
  }
}

extension WireConnection {
  /// One request with `Connection: close`, its answer read to the end.
  static func request(
    port: Int, _ method: String, _ path: String, host: String? = nil,
    headers: [(String, String)] = [], body: [UInt8] = []
  ) throws -> WireResponse {
    let connection = try WireConnection(port: port)
    var head = "\(method) \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\n"
    for (name, value) in headers { head += "\(name): \(value)\r\n" }
    head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
    connection.send(Array(head.utf8) + body)
    return WireResponse(connection.receiveAll())
  }

  /// A POST of a JSON object with the token as a bearer.
  static func post(
    port: Int, _ path: String, _ object: Any, token: String = ServeHarness.token,
    host: String? = nil, headers: [(String, String)] = []
  ) async throws -> WireResponse {
    let body = Array(try JSONSerialization.data(withJSONObject: object))
    return try await onOwnThread {
      try request(
        port: port, "POST", path, host: host,
        headers: [("Authorization", "Bearer \(token)"), ("Content-Type", "application/json")]
          + headers, body: body)
    }
  }
}

/// `feel-serve` as a process, for what is a property of the process (its `--root`
/// confinement): started on a free port of loopback (`--port 0`), its URL line read; stopped
/// with SIGTERM (then SIGKILL) when the value goes away, a failed test included.
final class ServeProcess {
  let process: FeelProcess
  let port: Int
  let token: String
  private let scratch: TemporaryFolder

  init(_ arguments: [String], root: URL) throws {
    scratch = try TemporaryFolder()
    process = try FeelProcess(
      ["--port", "0", "--root", root.path] + arguments, in: root, scratch: scratch,
      executable: "feel-serve")
    do {
      (port, token) = try Self.urlLine(of: process)
    } catch {
      process.process.terminate()
      process.process.waitUntilExit()
      throw error
    }
  }

  /// The port and token of the URL line, once printed (within 60 s).
  private static func urlLine(of process: FeelProcess) throws -> (Int, String) {
    let deadline = Date().addingTimeInterval(60)
    var line = ""
    while !line.hasSuffix("\n") {
      try #require(process.process.isRunning, "feel-serve ended without its URL line")
      try #require(Date() < deadline, "no URL line within 60 s")
      Thread.sleep(forTimeInterval: 0.05)
      line = process.outputSoFar
    }
    let match = try #require(
      line.firstMatch(of: #/^feel serve: http://127\.0\.0\.1:(\d+)/\?token=(\S+)\n/#),
      "not the URL line: \(line)")
    return (Int(match.1)!, String(match.2))
  }

  deinit {
    let server = process.process
    guard server.isRunning else { return }
    server.terminate()
    let deadline = Date().addingTimeInterval(10)
    while server.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    if server.isRunning { kill(server.processIdentifier, SIGKILL) }
    server.waitUntilExit()
  }
}

/// Every file, folder and symbolic link under a folder with what it holds (a file's bytes, a
/// link's target; links are not followed): what a test compares to show that a server left a
/// root byte for byte as it was.
struct FolderSnapshot: Equatable {
  var entries: [String: Data] = [:]

  init(_ folder: URL) throws {
    let manager = FileManager.default
    let base = folder.standardizedFileURL.path
    var pending = [""]
    while let relative = pending.popLast() {
      for name in try manager.contentsOfDirectory(atPath: base + "/" + relative) {
        let path = relative.isEmpty ? name : relative + "/" + name
        let full = base + "/" + path
        switch try manager.attributesOfItem(atPath: full)[.type] as? FileAttributeType {
        case .typeDirectory?:
          entries[path + "/"] = Data()
          pending.append(path)
        case .typeSymbolicLink?:
          entries[path] = Data(("-> " + (try manager.destinationOfSymbolicLink(atPath: full))).utf8)
        case .typeRegular?:
          entries[path] = try Data(contentsOf: URL(fileURLWithPath: full))
        case let other:
          entries[path] = Data("(\(other.map { "\($0.rawValue)" } ?? "unknown"))".utf8)
        }
      }
    }
  }

  /// The paths added, removed or changed since `before`, sorted.
  func changes(since before: FolderSnapshot) -> [String] {
    Set(entries.keys).union(before.entries.keys).filter { entries[$0] != before.entries[$0] }
      .sorted()
  }
}

/// A WebSocket client on a `WireConnection`, for a server in another process (HummingbirdWSTesting's
/// client reaches only this process's, and its `Origin` is not the server's own): text
/// messages out (masked, as a client must send them), text messages in; pings go unanswered
/// (the server's come every 30 s).
final class WireWebSocket {
  let connection: WireConnection
  private var pending: [UInt8] = []

  /// Upgrades a connection to `path` (with its token) on 127.0.0.1:`port`, from the server's
  /// own origin.
  init(port: Int, path: String) throws {
    connection = try WireConnection(port: port)
    connection.send(Self.upgrade(port: port, path: path, origin: "http://127.0.0.1:\(port)"))
    let end = Array("\r\n\r\n".utf8)
    while !pending.starts(with: Array("HTTP/1.1 101".utf8))
      || !(0..<max(0, pending.count - 3)).contains(where: { Array(pending[$0..<($0 + 4)]) == end })
    {
      let chunk = connection.receive()
      try #require(!chunk.isEmpty, "no upgrade: \(String(decoding: pending, as: UTF8.self))")
      pending += chunk
    }
    let head = (0..<(pending.count - 3)).first { Array(pending[$0..<($0 + 4)]) == end }!
    pending.removeFirst(head + 4)
  }

  /// The request that asks to upgrade `path`, coming from `origin`.
  static func upgrade(port: Int, path: String, origin: String) -> String {
    "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\n"
      + "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
      + "Sec-WebSocket-Version: 13\r\nOrigin: \(origin)\r\n\r\n"
  }

  func send(_ text: String) {
    let payload = Array(text.utf8)
    var frame: [UInt8] = [0x81]
    switch payload.count {
    case ..<126: frame.append(0x80 | UInt8(payload.count))
    case ..<65536:
      frame.append(0x80 | 126)
      frame += [UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
    default:
      frame.append(0x80 | 127)
      frame += (0..<8).reversed().map { UInt8((payload.count >> (8 * $0)) & 0xFF) }
    }
    let mask = (0..<4).map { _ in UInt8.random(in: 0...255) }
    frame += mask
    frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
    connection.send(frame)
  }

  /// The next text message; nil once the connection closed.
  func receive() -> String? {
    while true {
      if let (opcode, payload, size) = Self.frame(in: pending) {
        pending.removeFirst(size)
        if opcode == 0x1 { return String(decoding: payload, as: UTF8.self) }
        if opcode == 0x8 { return nil }
        continue
      }
      let chunk = connection.receive()
      if chunk.isEmpty { return nil }
      pending += chunk
    }
  }

  /// The first whole frame of `bytes` (a server's: unmasked, unfragmented): its opcode, payload
  /// and size on the wire.
  private static func frame(in bytes: [UInt8]) -> (UInt8, ArraySlice<UInt8>, Int)? {
    guard bytes.count >= 2 else { return nil }
    var length = Int(bytes[1] & 0x7F)
    var start = 2
    if length >= 126 {
      let count = length == 126 ? 2 : 8
      guard bytes.count >= 2 + count else { return nil }
      length = bytes[2..<(2 + count)].reduce(0) { $0 << 8 | Int($1) }
      start += count
    }
    guard bytes.count >= start + length else { return nil }
    return (bytes[0] & 0x0F, bytes[start..<(start + length)], start + length)
  }
}
