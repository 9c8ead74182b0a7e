import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOHTTP1

/// Each connection of `feel serve`: HummingbirdWebSocket's HTTP/1 channel with its WebSocket
/// upgrade (`GET /api/live`, decided by the server's router, its access middleware included),
/// with `UpgradeGate` in front of the upgrade: Hummingbird answers an upgrade its router refuses
/// with a bare 400, where the contract gives a refused request 403 (docs/studio.md, "Security").
struct LiveUpgradeChannel: ServerChildChannel {
  typealias Value = HTTP1WebSocketUpgradeChannel.Value

  let upgradeChannel: HTTP1WebSocketUpgradeChannel
  let access: ServeAccess

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
    upgradeChannel.setup(channel: channel, logger: logger).flatMapThrowing { value in
      let operations = channel.pipeline.syncOperations
      let decoder = try operations.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
      try operations.addHandler(UpgradeGate(access: access), position: .after(decoder))
      return value
    }
  }

  func handle(value: Value, logger: Logger) async {
    await upgradeChannel.handle(value: value, logger: logger)
  }
}

extension ServeAccess.Credentials {
  /// What the checks read of an HTTP/1 request head (SwiftNIO's form of it).
  init(_ head: HTTPRequestHead) {
    self.init(
      authority: head.headers.first(name: "host"), uri: URI(head.uri),
      origins: head.headers["origin"], authorizations: head.headers["authorization"],
      cookies: head.headers["cookie"])
  }
}
