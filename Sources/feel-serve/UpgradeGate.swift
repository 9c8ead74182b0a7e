import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOHTTP1

/// The WebSocket upgrade's access check, answered as the contract says (403). HummingbirdWebSocket
/// answers an upgrade its `shouldUpgrade` declines with a bare 400; so a connection's first
/// request, the only one that may upgrade, passes through `UpgradeGate` first: an upgrade that
/// the access checks refuse loses its `Upgrade` header there, goes on as a plain request, and
/// `ServeResponder` answers it with the same 403 as any refused request. The gate then leaves
/// the pipeline. Everything else is HummingbirdWebSocket's `HTTP1WebSocketUpgradeChannel`.
struct GatedUpgradeChannel: ServerChildChannel {
  typealias Value = HTTP1WebSocketUpgradeChannel.Value

  let inner: HTTP1WebSocketUpgradeChannel
  let access: ServeAccess

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
    inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
      let decoder = try channel.pipeline.syncOperations.handler(
        type: ByteToMessageHandler<HTTPRequestDecoder>.self)
      try channel.pipeline.syncOperations.addHandler(
        UpgradeGate(access: access), position: .after(decoder))
      return value
    }
  }

  func handle(value: Value, logger: Logger) async {
    await inner.handle(value: value, logger: logger)
  }
}

/// See `GatedUpgradeChannel`.
final class UpgradeGate: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart

  private let access: ServeAccess

  init(access: ServeAccess) {
    self.access = access
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard case .head(var head) = unwrapInboundIn(data) else {
      context.fireChannelRead(data)
      return
    }
    // Once the first request's head has gone on, the gate leaves (after passing it: a removed
    // handler's context forwards nothing). The upgrade, if any, happens at the request's end.
    defer { context.pipeline.syncOperations.removeHandler(context: context, promise: nil) }
    let credentials = ServeAccess.Credentials(
      authority: head.headers.first(name: "host"), target: head.uri,
      origins: head.headers["origin"], authorizations: head.headers["authorization"],
      cookies: head.headers["cookie"])
    if head.headers.contains(name: "upgrade"), case .refused = access.check(credentials) {
      head.headers.remove(name: "upgrade")
      context.fireChannelRead(wrapInboundOut(.head(head)))
    } else {
      context.fireChannelRead(data)
    }
  }
}
