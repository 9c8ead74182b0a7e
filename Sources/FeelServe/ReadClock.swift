import Dispatch
import NIOCore
import Synchronization

/// When a connection's socket was last read, and last flushed (monotonic ns): the ends of a
/// timed live session's `queue_s`, `server_s` and `prev_flush_s` (docs/server-measurements.md,
/// "Speed"; a benchmark aid). A handler at the front of the connection's pipeline, next to the
/// socket, that passes everything on.
final class ReadClock: ChannelDuplexHandler, Sendable {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer
  typealias OutboundIn = ByteBuffer
  typealias OutboundOut = ByteBuffer

  private let read = Atomic<UInt64>(0)
  private let flushed = Atomic<UInt64>(0)

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    read.store(Self.now_ns(), ordering: .relaxed)
    context.fireChannelRead(data)
  }

  func flush(context: ChannelHandlerContext) {
    context.flush()
    flushed.store(Self.now_ns(), ordering: .relaxed)
  }

  /// The latest read's time (ns), 0 before the first.
  var lastRead_ns: UInt64 { read.load(ordering: .relaxed) }
  /// The latest flush's time (ns): when the socket was last written; 0 before the first.
  var lastFlush_ns: UInt64 { flushed.load(ordering: .relaxed) }

  /// The clock both ends of a timed span read (ns).
  static func now_ns() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

  /// Seconds from `start_ns` to now.
  static func seconds(since start_ns: UInt64) -> Double {
    Double(now_ns() &- start_ns) / 1e9
  }
}
