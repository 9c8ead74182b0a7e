import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The listening side of the benchmark's two floors (`LoadEcho`, `LoadStub`): a free port of
/// 127.0.0.1, printed on standard output, and each accepted connection served on a thread of its
/// own with blocking reads and TCP_NODELAY, until the process is killed. A thread per connection
/// is the simplest server there is: what it measures is the kernel's and the client's part.
enum LoadListener {
  static func serve(_ connection: @escaping @Sendable (Int32) -> Void) throws -> Never {
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
    guard listener >= 0, bound else { throw LoadSocket.Failure(description: "cannot listen") }
    let line = Array("\(UInt16(bigEndian: address.sin_port))\n".utf8)
    _ = line.withUnsafeBytes { write(1, $0.baseAddress!, $0.count) }
    while true {
      let fd = accept(listener, nil, nil)
      guard fd >= 0 else { continue }
      var one: Int32 = 1
      setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
      Thread {
        connection(fd)
        close(fd)
      }.start()
    }
  }
}
