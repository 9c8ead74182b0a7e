import Dispatch
import FeelCommandSupport
import FeelSweep
import Foundation
import Synchronization

/// Streams a sweep's CSV from `SweepStream` (which computes on its own threads and emits in
/// order on the thread that called it) to an async response body, as rows complete.
///
/// The sweep runs on a thread of its own. Its `emit` waits while `window` chunks are written
/// to no client yet, so a slow client slows the sweep instead of filling memory; when the
/// client goes away (a write fails, the body is dropped) or the server stops, `cancel()` makes
/// the next `emit` throw, and `SweepRunner` stops its workers after their current chunk.
final class SweepBridge: Sendable {
  /// Chunks computed and not yet written, at most.
  static let window = 4

  private let sweep: ParameterGrid
  private let threads: Int
  /// Starts at 0 and is signalled `window` times: libdispatch traps when a semaphore is freed
  /// with a count below the one it was made with, which a sweep cancelled mid-way leaves.
  private let slots = DispatchSemaphore(value: 0)
  private let cancelled = Atomic<Bool>(false)
  private let completed = Atomic<Bool>(false)
  private let progress = Mutex<(done: Int, total: Int)>((0, 0))
  let chunks: AsyncStream<String>
  private let continuation: AsyncStream<String>.Continuation

  /// Why the sweep stopped early.
  struct Cancelled: Error {}

  init(_ sweep: ParameterGrid, threads: Int) {
    self.sweep = sweep
    self.threads = threads
    (chunks, continuation) = AsyncStream.makeStream(of: String.self)
    for _ in 0..<Self.window { slots.signal() }
  }

  /// Starts the sweep on its own thread.
  func start() {
    let thread = Thread { [self] in
      do {
        try SweepStream.write(
          sweep, threads: threads,
          emit: { (chunk: String) throws(Cancelled) in
            slots.wait()
            if cancelled.load(ordering: .sequentiallyConsistent) { throw Cancelled() }
            continuation.yield(chunk)
          },
          progress: { done in progress.withLock { $0 = (done.done, done.total) } })
        completed.store(true, ordering: .sequentiallyConsistent)
      } catch {}
      continuation.finish()
    }
    thread.stackSize = 8 << 20
    thread.start()
  }

  /// Called once a chunk was written to the client: the sweep may compute one more ahead.
  func written() {
    slots.signal()
  }

  /// Stops the sweep after the workers' current chunks (the client went away, or the server
  /// is stopping).
  func cancel() {
    if !cancelled.exchange(true, ordering: .sequentiallyConsistent) {
      slots.signal()
      continuation.finish()
    }
  }

  /// Whether every row was emitted.
  var isComplete: Bool { completed.load(ordering: .sequentiallyConsistent) }

  /// Points emitted so far, and in all.
  var done: (done: Int, total: Int) { progress.withLock { $0 } }
}
