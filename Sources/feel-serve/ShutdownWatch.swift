import Dispatch
import Foundation
import Logging

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// SIGINT and SIGTERM (docs/studio.md, "Stopping"): the server stops accepting and lets the
/// answers under way finish (Hummingbird's graceful shutdown, started by the same signals),
/// stops every sweep being streamed at once (its client sees the answer cut off), and exits
/// with status 0 at the latest `deadline` after the signal, whatever is still running. The
/// server writes no file, so nothing can be left half-written.
enum ShutdownWatch {
  /// The longest the server runs after a signal: within the 2 s the contract gives, with room
  /// for the process to end.
  static let deadline: DispatchTimeInterval = .milliseconds(1500)

  /// Starts watching; keep the sources returned for as long as the server runs.
  static func start(sweeps: RunningSweeps, logger: Logger) -> [any DispatchSourceSignal] {
    // Signals are taken from dispatch sources, not a handler: ignore their default action.
    for number in [SIGINT, SIGTERM, SIGPIPE] { _ = signal(number, SIG_IGN) }
    return [SIGINT, SIGTERM].map { number in
      let source = DispatchSource.makeSignalSource(signal: number)
      source.setEventHandler {
        logger.info("signal \(number): stopping")
        sweeps.stopAll()
        DispatchQueue.global().asyncAfter(deadline: .now() + deadline) {
          // Still running (an answer that takes long to compute): end here. `_exit`, not
          // `exit`: no atexit handlers racing the threads still at work.
          _exit(0)
        }
      }
      source.resume()
      return source
    }
  }
}
