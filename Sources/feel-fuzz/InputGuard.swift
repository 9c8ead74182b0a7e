import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Saves the input being read when the reader crashes or hangs, so that no failure is lost:
///
/// - a crash (a Swift trap, a bad access, an abort): a signal handler, on its own stack so that a
///   stack overflow is caught too, writes the input from a buffer filled before each read to
///   `PREFIX-crash-seedS-INDEX.EXT`, then dies of the same signal;
/// - a hang: a watchdog thread checks every few milliseconds how long the current input has
///   run; past the time limit it writes `PREFIX-timeout-seedS-INDEX.EXT` and exits with status 1.
///   The time is the reading thread's CPU time on Linux, so that a loaded machine (other jobs
///   on the same cores) does not pass for a hang; elsewhere it is the wall-clock time.
final class InputGuard: @unchecked Sendable {
  private let prefix: String
  private let seed: UInt64
  private let fileExtension: String
  private let timeLimit_ns: UInt64
  private let lock = NSLock()
  private var current: [UInt8] = []
  private var currentIndex = 0
  /// When the current input began (`now()`); nil between inputs.
  private var began: UInt64?
  /// The reading thread's CPU clock.
  private let clock: ReaderClock

  init(prefix: String, seed: UInt64, fileExtension: String, timeLimit_s: Double, maxSize: Int) {
    self.prefix = prefix
    self.seed = seed
    self.fileExtension = fileExtension
    timeLimit_ns = UInt64(timeLimit_s * 1e9)
    clock = ReaderClock()
    let folder = (prefix as NSString).deletingLastPathComponent
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    CrashHandler.install(
      prefix: "\(prefix)-crash-seed\(seed)-", suffix: ".\(fileExtension)", capacity: maxSize)
    let thread = Thread { [self] in watch() }
    thread.name = "feel-fuzz watchdog"
    thread.start()
  }

  /// Called before reading `input`.
  func begin(_ input: [UInt8], index: Int) {
    CrashHandler.hold(input, index: index)
    lock.lock()
    current = input
    currentIndex = index
    began = clock.now()
    lock.unlock()
  }

  /// Called after reading it; returns how long it took (s, CPU time on Linux).
  @discardableResult
  func end() -> Double {
    let now = clock.now()
    lock.lock()
    let seconds = began.map { Double(now &- $0) / 1e9 } ?? 0
    began = nil
    lock.unlock()
    return seconds
  }

  private func watch() {
    let pause_us = useconds_t(max(1_000, min(10_000, timeLimit_ns / 4_000)))
    while true {
      usleep(pause_us)
      lock.lock()
      let running = began.map { clock.now() &- $0 } ?? 0
      guard running > timeLimit_ns else {
        lock.unlock()
        continue
      }
      let input = current
      let index = currentIndex
      lock.unlock()
      let path = "\(prefix)-timeout-seed\(seed)-\(index).\(fileExtension)"
      _ = FileManager.default.createFile(atPath: path, contents: Data(input))
      let message =
        "feel-fuzz: input #\(index) (seed \(seed)) ran longer than "
        + "\(timeLimit_ns / 1_000_000) ms (CPU time on Linux); saved to \(path)\n"
      FileHandle.standardError.write(Data(message.utf8))
      _exit(1)
    }
  }
}

/// The CPU time of the thread that created it (the reading thread), readable from any thread;
/// the wall-clock time where threads' CPU clocks are not available.
private struct ReaderClock: Sendable {
  #if os(Linux)
    private let id: clockid_t

    init() {
      var id = clockid_t()
      pthread_getcpuclockid(pthread_self(), &id)
      self.id = id
    }

    /// Nanoseconds.
    func now() -> UInt64 {
      var time = timespec()
      clock_gettime(id, &time)
      return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
  #else
    func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
  #endif
}

/// The signal handler's state: plain C memory, since a handler may not allocate or lock.
private enum CrashHandler {
  nonisolated(unsafe) static var buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
  nonisolated(unsafe) static var capacity = 1
  nonisolated(unsafe) static var length = 0
  nonisolated(unsafe) static var index = 0
  nonisolated(unsafe) static var prefix: [CChar] = []
  nonisolated(unsafe) static var suffix: [CChar] = []
  /// The path being built in the handler.
  nonisolated(unsafe) static var path = UnsafeMutablePointer<CChar>.allocate(capacity: 4096)
  nonisolated(unsafe) static var installed = false

  static func install(prefix: String, suffix: String, capacity: Int) {
    self.prefix = Array(prefix.utf8CString.dropLast())
    self.suffix = Array(suffix.utf8CString.dropLast())
    reserve(capacity)
    guard !installed else { return }
    installed = true
    // An alternate stack, so that the handler runs after a stack overflow too.
    let size = 1 << 16
    var stack = stack_t()
    stack.ss_sp = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
    stack.ss_size = size
    stack.ss_flags = 0
    sigaltstack(&stack, nil)
    for signal in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE] {
      var action = sigaction()
      #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = crashed
      #else
        action.__sigaction_u.__sa_handler = crashed
      #endif
      action.sa_flags = Int32(truncatingIfNeeded: Int64(SA_ONSTACK) | Int64(SA_RESETHAND))
      sigemptyset(&action.sa_mask)
      sigaction(signal, &action, nil)
    }
  }

  private static func reserve(_ count: Int) {
    guard count > capacity else { return }
    buffer.deallocate()
    buffer = .allocate(capacity: count)
    capacity = count
  }

  static func hold(_ input: [UInt8], index: Int) {
    reserve(input.count)
    input.withUnsafeBufferPointer { source in
      if let base = source.baseAddress { buffer.update(from: base, count: source.count) }
    }
    length = input.count
    self.index = index
  }
}

/// Writes the input held by `CrashHandler` to PREFIX-crash-seedS-INDEX.EXT, says so on standard
/// error, and dies of the same signal (the handler was reset by SA_RESETHAND).
private func crashed(_ signal: Int32) {
  var count = 0
  func append(_ bytes: UnsafeBufferPointer<CChar>) {
    for byte in bytes where count < 4000 {
      CrashHandler.path[count] = byte
      count += 1
    }
  }
  CrashHandler.prefix.withUnsafeBufferPointer { append($0) }
  // The index in decimal, without allocating.
  var digits:
    (
      CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar,
      CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar
    ) =
      (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
  withUnsafeMutableBytes(of: &digits) { raw in
    let text = raw.bindMemory(to: CChar.self)
    var value = CrashHandler.index.magnitude
    var end = text.count
    repeat {
      end -= 1
      text[end] = CChar(48 + Int(value % 10))
      value /= 10
    } while value > 0 && end > 1
    if CrashHandler.index < 0 {
      end -= 1
      text[end] = 45
    }
    append(UnsafeBufferPointer(rebasing: text[end...]))
  }
  CrashHandler.suffix.withUnsafeBufferPointer { append($0) }
  CrashHandler.path[count] = 0
  let file = open(CrashHandler.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  if file >= 0 {
    _ = write(file, CrashHandler.buffer, CrashHandler.length)
    close(file)
  }
  let lead = "feel-fuzz: the reader crashed; the input is saved to "
  lead.withCString { _ = write(STDERR_FILENO, $0, strlen($0)) }
  _ = write(STDERR_FILENO, CrashHandler.path, count)
  "\n".withCString { _ = write(STDERR_FILENO, $0, 1) }
  raise(signal)
}
