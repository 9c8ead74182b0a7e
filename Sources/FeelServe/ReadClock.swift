import Dispatch

/// The monotonic clock of a timed live session's `queue_s`, `server_s` and `prev_flush_s`
/// (docs/live-protocol.md; a benchmark aid): a message is read when the session's task takes it
/// from HummingbirdWebSocket's stream, and an answer flushed when its last write returned.
enum ReadClock {
  static func now_ns() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

  /// Seconds from `start_ns` to now.
  static func seconds(since start_ns: UInt64) -> Double {
    Double(now_ns() &- start_ns) / 1e9
  }
}
