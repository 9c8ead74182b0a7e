import FeelScene
import Foundation

/// Runs a sweep's grid on several threads and hands its CSV rows back in grid order.
///
/// The grid is cut into chunks of consecutive points. Worker threads take the next chunk,
/// compute its rows and file them; the calling thread passes finished chunks to `emit` strictly
/// in order. Workers run at most `window` chunks ahead of the last one emitted, so memory stays
/// flat however large the grid. Each point is computed alone from the same inputs, so the bytes
/// do not depend on the thread count or the chunking.
public enum SweepRunner {
  /// How far a sweep has got.
  public struct Progress: Sendable, Equatable {
    /// Points whose rows have been emitted.
    public var done: Int
    /// Points in the grid.
    public var total: Int
  }

  /// Computes every row of `sweep` on `threads` worker threads (at least 1) and passes them to
  /// `emit` on the calling thread, in grid order, a chunk at a time (each row ends in a line
  /// break). `progress` is called on the calling thread after each chunk. If `emit` throws, the
  /// workers stop after their current chunk and the error is rethrown. `options`: UIKit's
  /// engine except in tests (the feel regression gate's own test changes it).
  public static func run<E: Error>(
    _ sweep: ParameterGrid, threads: Int, chunkSize: Int? = nil, options: EngineOptions = .uikit,
    emit: (String) throws(E) -> Void, progress: (Progress) -> Void = { _ in }
  ) throws(E) {
    try run(
      sweep.count, threads: threads, chunkSize: chunkSize, worker: { SimulationPool() },
      compute: { pool, range in sweep.rows(range, options: options, pool: &pool) }, emit: emit,
      progress: progress)
  }

  /// Computes `compute(range)` for consecutive ranges covering `0..<total` on `threads` worker
  /// threads and passes each chunk's result to `emit` on the calling thread, in order, as the
  /// row runner above does (same chunking, window and cancellation). `feel solve` uses it to
  /// keep each point's metrics beside its CSV row.
  public static func run<Chunk: Sendable, E: Error>(
    _ total: Int, threads: Int, chunkSize: Int? = nil,
    compute: @escaping @Sendable (Range<Int>) -> Chunk,
    emit: (Chunk) throws(E) -> Void, progress: (Progress) -> Void = { _ in }
  ) throws(E) {
    try run(
      total, threads: threads, chunkSize: chunkSize, worker: {},
      compute: { _, range in compute(range) }, emit: emit, progress: progress)
  }

  /// `run(_:threads:chunkSize:compute:emit:progress:)` with state of each worker thread's own:
  /// `worker()` makes it in the thread, and `compute` works with it chunk after chunk (the row
  /// runner's pool of simulations, reused from one grid point to the next).
  public static func run<Chunk: Sendable, Worker, E: Error>(
    _ total: Int, threads: Int, chunkSize: Int? = nil,
    worker makeWorker: @escaping @Sendable () -> Worker,
    compute: @escaping @Sendable (inout Worker, Range<Int>) -> Chunk,
    emit: (Chunk) throws(E) -> Void, progress: (Progress) -> Void = { _ in }
  ) throws(E) {
    guard total > 0 else { return }
    let threads = max(1, threads)
    // About 16 chunks per thread for balance, each big enough to amortise the handover.
    let size = max(1, chunkSize ?? min(256, max(1, total / (threads * 16))))
    let chunks = (total + size - 1) / size
    let pipeline = Pipeline<Chunk>(chunks: chunks, window: 4 * threads)
    let workers = min(threads, chunks)
    for _ in 0..<workers {
      let thread = Thread {
        var worker = makeWorker()
        while let chunk = pipeline.take() {
          let start = chunk * size
          let end = min(start + size, total)
          pipeline.file(chunk, compute(&worker, start..<end))
        }
        pipeline.workerFinished()
      }
      thread.stackSize = 8 << 20
      thread.start()
    }
    for chunk in 0..<chunks {
      let text = pipeline.wait(for: chunk)
      do {
        try emit(text)
      } catch {
        pipeline.cancel()
        pipeline.waitForWorkers(workers)
        throw error
      }
      pipeline.emitted(chunk)
      progress(Progress(done: min((chunk + 1) * size, total), total: total))
    }
    pipeline.waitForWorkers(workers)
  }

  /// The shared state of one run, guarded by a condition variable.
  private final class Pipeline<Chunk>: @unchecked Sendable {
    private let condition = NSCondition()
    private let chunks: Int
    private let window: Int
    /// Next chunk to hand to a worker.
    private var next = 0
    /// Chunks emitted so far.
    private var emittedCount = 0
    /// Finished chunks not yet emitted.
    private var finished: [Int: Chunk] = [:]
    private var cancelled = false
    private var workersDone = 0

    init(chunks: Int, window: Int) {
      self.chunks = chunks
      self.window = window
    }

    /// The next chunk for a worker, waiting while the window is full; nil when none is left.
    func take() -> Int? {
      condition.lock()
      defer { condition.unlock() }
      while !cancelled && next < chunks && next >= emittedCount + window { condition.wait() }
      guard !cancelled, next < chunks else { return nil }
      next += 1
      return next - 1
    }

    func file(_ chunk: Int, _ result: Chunk) {
      condition.lock()
      finished[chunk] = result
      condition.broadcast()
      condition.unlock()
    }

    func wait(for chunk: Int) -> Chunk {
      condition.lock()
      defer { condition.unlock() }
      while finished[chunk] == nil { condition.wait() }
      return finished.removeValue(forKey: chunk)!
    }

    func emitted(_ chunk: Int) {
      condition.lock()
      emittedCount = chunk + 1
      condition.broadcast()
      condition.unlock()
    }

    func cancel() {
      condition.lock()
      cancelled = true
      condition.broadcast()
      condition.unlock()
    }

    func workerFinished() {
      condition.lock()
      workersDone += 1
      condition.broadcast()
      condition.unlock()
    }

    func waitForWorkers(_ count: Int) {
      condition.lock()
      while workersDone < count { condition.wait() }
      condition.unlock()
    }
  }
}
