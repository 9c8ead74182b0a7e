import Dispatch
import Logging
import ServiceLifecycle
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// SIGINT and SIGTERM (docs/studio.md, "Stopping"): the server stops accepting, lets the answers
/// under way finish (Hummingbird's graceful shutdown), closes every live session (WebSocket
/// close 1001), stops every sweep being streamed at once (its client sees the answer cut off),
/// and the process exits with status 0, at the latest `deadline` after the signal whatever
/// still runs. The one file the server writes (a live session's `save`) is written to a
/// temporary name and renamed, so nothing is left half-written.
///
/// The signals are never delivered: `blockSignals()` blocks them in the main thread before any
/// other thread exists, every thread inherits the mask, and the main thread takes them with
/// `sigwait` (`waitForSignals`). A signal handler or a dispatch source would leave windows
/// where a thread (libdispatch parks an async `main`'s thread in `sigsuspend` with no signal
/// blocked) takes the signal with its default action, status 143, or with `SIG_IGN`, lost.
/// `feel serve` blocks them before it runs this executable (`execv` keeps the mask), so even a
/// signal sent while the server starts waits for it.
final class ShutdownWatch: Sendable {
  /// The longest the server runs after a signal: within the 2 s the contract gives, with room
  /// for the process to end.
  static let deadline_s = 1.5

  static let signals = [SIGINT, SIGTERM]

  private enum State {
    case starting
    case serving(ServiceGroup)
    case stopping
  }

  private let state = Mutex(State.starting)
  private let sweeps: RunningSweeps
  private let sessions: LiveSessions
  private let logger: Logger

  init(sweeps: RunningSweeps, sessions: LiveSessions, logger: Logger) {
    self.sweeps = sweeps
    self.sessions = sessions
    self.logger = logger
  }

  /// Blocks SIGINT and SIGTERM in the calling thread (the main thread, before it starts any
  /// other) and ignores SIGPIPE (a peer gone is an error of its write, not the process's end).
  static func blockSignals() {
    var set = sigset_t()
    sigemptyset(&set)
    for number in signals { sigaddset(&set, number) }
    pthread_sigmask(SIG_BLOCK, &set, nil)
    _ = signal(SIGPIPE, SIG_IGN)
  }

  /// The server's services are running in `group`: a signal shuts it down gracefully. False when
  /// a signal came first (the server must not start).
  func serving(_ group: ServiceGroup) -> Bool {
    state.withLock { state in
      guard case .starting = state else { return false }
      state = .serving(group)
      return true
    }
  }

  /// Takes SIGINT and SIGTERM on the calling thread (the main thread, which does nothing else)
  /// for the rest of the process: the first stops the server and ends the process `deadline_s`
  /// later at the latest; a second ends it at once. Both with status 0.
  func waitForSignals() -> Never {
    var set = sigset_t()
    sigemptyset(&set)
    for number in Self.signals { sigaddset(&set, number) }
    var number: Int32 = 0
    while sigwait(&set, &number) != 0 {}
    logger.info("signal \(number): stopping")
    stop()
    // Until the deadline, or a second signal. `_exit`, not `exit`: no atexit handlers racing
    // the threads still at work.
    let end_ns = DispatchTime.now().uptimeNanoseconds + UInt64(Self.deadline_s * 1e9)
    while true {
      let now_ns = DispatchTime.now().uptimeNanoseconds
      guard now_ns < end_ns else { break }
      let left_ns = end_ns - now_ns
      var timeout = timespec(
        tv_sec: Int(left_ns / 1_000_000_000), tv_nsec: Int(left_ns % 1_000_000_000))
      if sigtimedwait(&set, nil, &timeout) >= 0 || errno != EINTR { break }
    }
    _exit(0)
  }

  /// Stops the sweeps, closes the live sessions (1001) and starts the graceful shutdown (or
  /// keeps the server from starting).
  private func stop() {
    sweeps.stopAll()
    sessions.closeAll(timeout_s: 0.3)
    let group = state.withLock { state -> ServiceGroup? in
      defer { state = .stopping }
      if case .serving(let group) = state { return group }
      return nil
    }
    if let group {
      Task { await group.triggerGracefulShutdown() }
    }
  }
}
