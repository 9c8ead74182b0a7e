import NIOCore
import NIOPosix
import NIOWebSocket

/// One live session's WebSocket connection, run on the connection's event loop
/// (docs/live-protocol.md; docs/server-measurements.md): each message is answered where it is read
/// (`LiveSocket`), its answers written and flushed once the messages of that read are answered.
/// Nothing waits on another thread, so a frame's round trip is the session's own work plus the
/// socket's.
///
/// - An answer of more than `LiveSocket.framesOnLoop` frames (a long `advance`, a `set`'s
///   replay) steps those first here and the rest on SwiftNIO's thread pool, a slice at a time,
///   so that the event loop's other connections are not held by it; messages read meanwhile
///   wait their turn, in order.
/// - Backpressure: while the socket cannot take more (the peer does not read), nothing more is
///   stepped; while more than `maxQueuedBytes` of messages wait, the socket is not read.
/// - The WebSocket protocol's own frames: a ping is answered with a pong, a close with a close,
///   then the connection ends; every `pingInterval` the server pings, and a peer that has sent
///   nothing since the previous ping (no pong, no message) is closed (1001); a message too large or malformed closes it with the status that
///   says why (1009, 1002). Fragmented messages are joined first (`NIOWebSocketFrameAggregator`).
/// - The file watcher (`LiveWatch`) polls on its own task; its `changed` messages are written
///   through the channel, which brings them to this loop.
final class LiveConnection: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = WebSocketFrame
  typealias OutboundIn = WebSocketFrame
  typealias OutboundOut = WebSocketFrame

  /// Messages read but not answered yet, in bytes, beyond which the socket is not read (16 MiB:
  /// sixteen of the largest messages).
  static let maxQueuedBytes = 16 << 20

  /// How often the server pings, and how long a peer may stay silent before it is closed.
  static let pingInterval = TimeAmount.seconds(30)

  /// How long a peer has to answer the server's close before the connection is cut.
  static let closeAnswerTime = TimeAmount.seconds(1)

  private struct Queued {
    /// The message's text; nil for a binary message.
    var bytes: [UInt8]?
    /// When the socket read that brought it happened (`ReadClock`, ns).
    var read_ns: UInt64
  }

  private let clock: ReadClock
  private let watch = LiveWatch()
  private var watcher: Task<Void, Never>?
  private var exchange = LiveSocket.Exchange()
  private var queue: [Queued] = []
  private var queueHead = 0
  private var queuedBytes = 0
  /// A `read` held back while too much waits.
  private var readHeld = false
  /// A slice of the answer under way is being stepped on the thread pool, which holds the
  /// exchange meanwhile.
  private var offloaded = false
  private var closing = false
  /// Whether the peer sent anything since the last ping.
  private var heard = true
  private var pinger: Scheduled<Void>?

  private init(clock: ReadClock) {
    self.clock = clock
  }

  /// Sets up an upgraded connection's pipeline for a live session: `TCP_NODELAY` (each frame
  /// goes out at once, not held back by Nagle's algorithm waiting for the peer's delayed ACK),
  /// the `ReadClock` next to the socket, fragments joined into messages of at most
  /// `maxMessageBytes`, then the session. Called on the channel's event loop.
  static func install(on channel: any Channel, maxMessageBytes: Int) throws {
    // SwiftNIO's ServerBootstrap sets it on the listening socket, which Linux's accepted
    // sockets inherit; set here so that it does not depend on that.
    try channel.syncOptions?.setOption(ChannelOptions.tcpOption(.tcp_nodelay), value: 1)
    let clock = ReadClock()
    let operations = channel.pipeline.syncOperations
    try operations.addHandler(clock, position: .first)
    try operations.addHandler(
      NIOWebSocketFrameAggregator(
        minNonFinalFragmentSize: 0, maxAccumulatedFrameCount: 1 << 16,
        maxAccumulatedFrameSize: maxMessageBytes))
    try operations.addHandler(LiveConnection(clock: clock))
  }

  func handlerAdded(context: ChannelHandlerContext) {
    let channel = context.channel
    let watch = watch
    watcher = Task {
      await watch.run { text in
        channel.writeAndFlush(
          WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(string: text)), promise: nil)
      }
    }
    schedulePing(context: context)
  }

  private func schedulePing(context: ChannelHandlerContext) {
    pinger = context.eventLoop.assumeIsolated().scheduleTask(in: Self.pingInterval) {
      guard !self.closing, context.channel.isActive else { return }
      guard self.heard else {
        var status = context.channel.allocator.buffer(capacity: 2)
        status.write(webSocketErrorCode: .goingAway)
        self.close(context: context, status: status)
        return
      }
      self.heard = false
      context.writeAndFlush(
        self.wrapOutboundOut(
          WebSocketFrame(
            fin: true, opcode: .ping, data: context.channel.allocator.buffer(capacity: 0))),
        promise: nil)
      self.schedulePing(context: context)
    }
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    stopBackgroundWork()
  }

  func channelInactive(context: ChannelHandlerContext) {
    stopBackgroundWork()
    context.fireChannelInactive()
  }

  private func stopBackgroundWork() {
    pinger?.cancel()
    pinger = nil
    watch.stop()
    watcher?.cancel()
    watcher = nil
  }

  // MARK: - Reading

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let frame = unwrapInboundIn(data)
    heard = true
    switch frame.opcode {
    case .text, .binary:
      guard !closing else { return }
      var payload = frame.unmaskedData
      let bytes = frame.opcode == .text ? payload.readBytes(length: payload.readableBytes) : nil
      queue.append(Queued(bytes: bytes, read_ns: clock.lastRead_ns))
      queuedBytes += bytes?.count ?? 0
      answer(context: context)
    case .ping:
      guard !closing else { return }
      context.writeAndFlush(
        wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)),
        promise: nil)
    case .connectionClose:
      guard !closing else {
        // The answer to the server's own close: the closing handshake is done.
        context.close(promise: nil)
        return
      }
      // The peer's close: answered with the status it gave (the protocol's echo), then closed.
      var status = frame.unmaskedData
      let code = status.readSlice(length: min(2, status.readableBytes)) ?? ByteBuffer()
      close(context: context, status: code, answering: true)
    default:
      break  // a pong, or a reserved opcode (the decoder refuses those first)
    }
  }

  /// The server is stopping (`LiveUpgradeChannel` fires it): the session closes with 1001.
  struct ServerStopping: Sendable {}

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    switch event {
    case is ServerStopping:
      var status = context.channel.allocator.buffer(capacity: 2)
      status.write(webSocketErrorCode: .goingAway)
      close(context: context, status: status)
    case ChannelEvent.inputClosed:
      // The peer ended its side (the server's channels allow half-closure): nothing more will
      // come, and whatever is sent now reaches no session.
      context.close(promise: nil)
    default:
      context.fireUserInboundEventTriggered(event)
    }
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    if error is NIOWebSocketError {
      // SwiftNIO's WebSocketProtocolErrorHandler has sent the close that says why, and closes.
      closing = true
      stopBackgroundWork()
      return
    }
    // Errors of the aggregator (a message too large or badly fragmented); the decoder's own
    // protocol errors were answered by SwiftNIO's WebSocketProtocolErrorHandler already.
    let code: WebSocketErrorCode =
      switch error {
      case NIOWebSocketFrameAggregator.Error.accumulatedFrameSizeIsTooLarge: .messageTooLarge
      case is NIOWebSocketFrameAggregator.Error: .protocolError
      default: .unexpectedServerError
      }
    var status = context.channel.allocator.buffer(capacity: 2)
    status.write(webSocketErrorCode: code)
    close(context: context, status: status)
  }

  /// Sends a close with `status` and ends the connection: at once once it is written when it
  /// `answer`s the peer's close; otherwise the closing handshake (RFC 6455, 7.1.1): the output
  /// ends after the close, what the peer still sends is read and dropped until its own close or
  /// the end of its side, and a peer that answers neither within `closeAnswerTime` is cut off.
  /// Ending the connection at once with the peer's messages unread would reset it instead: the
  /// peer would lose the frames under way and the close behind them.
  private func close(context: ChannelHandlerContext, status: ByteBuffer, answering: Bool = false) {
    guard !closing else { return }
    closing = true
    queue.removeAll()
    queueHead = 0
    queuedBytes = 0
    if readHeld {
      // The peer's answer must be read: nothing waits any more to hold the reads back.
      readHeld = false
      context.read()
    }
    stopBackgroundWork()
    let frame = WebSocketFrame(fin: true, opcode: .connectionClose, data: status)
    context.writeAndFlush(wrapOutboundOut(frame)).assumeIsolated().whenComplete { _ in
      guard !answering else {
        context.close(promise: nil)
        return
      }
      let outputEnded = context.eventLoop.makePromise(of: Void.self)
      outputEnded.futureResult.assumeIsolated().whenFailure { _ in context.close(promise: nil) }
      context.close(mode: .output, promise: outputEnded)
    }
    let channel = context.channel
    channel.eventLoop.scheduleTask(in: Self.closeAnswerTime) { channel.close(promise: nil) }
  }

  // MARK: - Answering

  /// Answers what waits, in order, while the socket takes more. Flushes what it wrote.
  private func answer(context: ChannelHandlerContext) {
    guard !offloaded else { return }
    var wrote = false
    // Whether a slice was stepped in this turn (a still run's slice writes nothing).
    var stepped = false
    let send = { (text: String) in
      wrote = true
      self.write(text, context: context)
    }
    while !closing, context.channel.isWritable {
      if exchange.isStepping {
        // The first `framesOnLoop` frames are stepped here; the rest of the answer off the loop, a
        // slice at a time, so that the loop's other connections are not held by it. What was
        // written before the slice (a set's `restarted` and frame 0) is flushed first: the new
        // motion's first frame does not wait for its replay.
        if stepped {
          offloadSlice(context: context)
          break
        }
        if wrote { context.flush() }
        exchange.step(maxSteps: LiveSocket.framesOnLoop, send: send)
        stepped = true
        continue
      }
      guard queueHead < queue.count else { break }
      let message = queue[queueHead]
      queueHead += 1
      queuedBytes -= message.bytes?.count ?? 0
      if queueHead == queue.count {
        queue.removeAll(keepingCapacity: true)
        queueHead = 0
      }
      exchange.take(message.bytes, timed: timed(message.read_ns), watch: watch, send: send)
    }
    if wrote { context.flush() }
    if readHeld, queuedBytes <= Self.maxQueuedBytes {
      readHeld = false
      context.read()
    }
  }

  /// Writes `text` as a text message (flushed by the caller).
  private func write(_ text: String, context: ChannelHandlerContext) {
    context.write(
      wrapOutboundOut(
        WebSocketFrame(
          fin: true, opcode: .text, data: context.channel.allocator.buffer(string: text))),
      promise: nil)
  }

  /// When a timed session's message was read and taken, and the span since the last answered
  /// `advance` to the socket's last flush (`LiveJSON.Timed`).
  private func timed(_ read_ns: UInt64) -> LiveJSON.Timed {
    let flushed_ns = clock.lastFlush_ns
    let answered_ns = exchange.answered_ns
    return LiveJSON.Timed(
      read_ns: read_ns, taken_ns: ReadClock.now_ns(),
      prevFlush_s: answered_ns != 0 && flushed_ns > answered_ns
        ? Double(flushed_ns - answered_ns) / 1e9 : nil)
  }

  /// Steps the next slice of the answer under way on SwiftNIO's thread pool; back on the loop,
  /// writes what it made and goes on (the next slice, or the next message). Messages read
  /// meanwhile wait in the queue.
  private func offloadSlice(context: ChannelHandlerContext) {
    offloaded = true
    let box = ExchangeBox(exchange)
    exchange = LiveSocket.Exchange()  // the box holds the only reference: stepped in place
    NIOThreadPool.singleton.runIfActive(eventLoop: context.eventLoop) { () -> [String] in
      var texts: [String] = []
      box.value.step { texts.append($0) }
      return texts
    }.assumeIsolated().whenComplete { result in
      if case .failure = result {
        // The pool is stopping (the server is): the slice is stepped here instead.
        box.value.step { _ in }
      }
      self.exchange = box.value
      self.offloaded = false
      guard !self.closing, context.channel.isActive else { return }
      if case .success(let texts) = result {
        for text in texts { self.write(text, context: context) }
        if !texts.isEmpty { context.flush() }
      }
      self.answer(context: context)
    }
  }

  func channelWritabilityChanged(context: ChannelHandlerContext) {
    if context.channel.isWritable { answer(context: context) }
    context.fireChannelWritabilityChanged()
  }

  // MARK: - Backpressure on reads

  func read(context: ChannelHandlerContext) {
    if queuedBytes > Self.maxQueuedBytes {
      readHeld = true
    } else {
      context.read()
    }
  }
}

/// A live session's exchange handed to the thread pool for one slice and back: one thread at a
/// time holds it (the loop gives it up until the slice's future completes on the loop), and
/// being the only reference, it is stepped in place, never copied.
private final class ExchangeBox: @unchecked Sendable {
  var value: LiveSocket.Exchange

  init(_ value: LiveSocket.Exchange) {
    self.value = value
  }
}
