import Synchronization

/// The sweeps being streamed, so that stopping the server stops them too (their clients see
/// the answer cut off, never a short CSV that looks complete).
final class RunningSweeps: Sendable {
  private let state = Mutex<(sweeps: [ObjectIdentifier: SweepBridge], stopping: Bool)>(([:], false))

  /// Adds a sweep about to start; false once the server is stopping (it must not start).
  func add(_ bridge: SweepBridge) -> Bool {
    state.withLock { state in
      if state.stopping { return false }
      state.sweeps[ObjectIdentifier(bridge)] = bridge
      return true
    }
  }

  func remove(_ bridge: SweepBridge) {
    _ = state.withLock { $0.sweeps.removeValue(forKey: ObjectIdentifier(bridge)) }
  }

  /// Stops every sweep, and every sweep asked for later.
  func stopAll() {
    let running = state.withLock { state in
      state.stopping = true
      return Array(state.sweeps.values)
    }
    for bridge in running { bridge.cancel() }
  }
}
