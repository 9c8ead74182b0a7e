import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1
import NIOWebSocket
import ServiceLifecycle

/// What runs each connection of `feel serve` (docs/live-protocol.md; docs/server-measurements.md):
/// HTTP/1.1 answered by Hummingbird's responder, and the one upgrade there is, `GET /api/live`
/// to a WebSocket whose session runs on the connection's own event loop (`LiveConnection`).
///
/// Why not HummingbirdWebSocket's handler: it hands every message from SwiftNIO's event loop to
/// an async task on the shared concurrency pool and every answer back, two thread hops per
/// frame, which made most of a live frame's round trip under load
/// (docs/server-measurements.md, "Measured"). A live session's work is a few microseconds of stepping, so it runs right where
/// the message is read, and its answer is written from there.
///
/// The access checks are those of every request (`ServeAccess`): a refused upgrade is not
/// upgraded; `UpgradeGate` takes its `Upgrade` header away so that it goes on as a plain
/// request, which the responder answers 403. An upgrade to another path gets 400.
struct LiveUpgradeChannel: ServerChildChannel, HTTPChannelHandler {
  enum UpgradeResult: Sendable {
    /// Upgraded: the connection's `LiveConnection` runs the session; nothing is left to do but
    /// wait for the connection to close.
    case live(any Channel)
    case http(NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>)
    /// An upgrade asked for a path that has none: answered 400, then closed.
    case refusedUpgrade(NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>)
  }

  struct Value: ServerChildChannelValue {
    let upgradeResult: EventLoopFuture<UpgradeResult>
    let channel: any Channel
  }

  let responder: HTTPChannelHandler.Responder
  let access: ServeAccess
  /// The largest message a live session reads (bytes), whole or in fragments.
  let maxMessageBytes: Int

  init(responder: @escaping HTTPChannelHandler.Responder, access: ServeAccess, maxMessageBytes: Int)
  {
    self.responder = Self.redirectingLateUpgrades(responder)
    self.access = access
    self.maxMessageBytes = maxMessageBytes
  }

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
    channel.eventLoop.makeCompletedFuture {
      let access = access
      let maxMessageBytes = maxMessageBytes
      let upgradeAsked = NIOLoopBoundBox(false, eventLoop: channel.eventLoop)
      let upgrader = NIOTypedWebSocketServerUpgrader<UpgradeResult>(
        maxFrameSize: maxMessageBytes,
        shouldUpgrade: { channel, head in
          upgradeAsked.value = true
          guard URI(head.uri).path == LiveSocket.path,
            case .allowed = access.check(ServeAccess.Credentials(head))
          else { return channel.eventLoop.makeSucceededFuture(nil) }
          return channel.eventLoop.makeSucceededFuture(HTTPHeaders())
        },
        upgradePipelineHandler: { channel, _ in
          channel.eventLoop.makeCompletedFuture {
            try LiveConnection.install(on: channel, maxMessageBytes: maxMessageBytes)
            return .live(channel)
          }
        })
      let notUpgraded = NIOTypedHTTPServerUpgradeConfiguration<UpgradeResult>(
        upgraders: [upgrader],
        notUpgradingCompletionHandler: { channel in
          channel.eventLoop.makeCompletedFuture {
            let operations = channel.pipeline.syncOperations
            try operations.addHandler(HTTP1ToHTTPServerCodec(secure: false))
            try operations.addHandler(HTTPConnectionStateHandler(idleTimeout: nil, logger: logger))
            let http = try NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>(
              wrappingChannelSynchronously: channel,
              configuration: .init(isOutboundHalfClosureEnabled: true))
            return upgradeAsked.value ? .refusedUpgrade(http) : .http(http)
          }
        })
      var configuration = NIOUpgradableHTTPServerPipelineConfiguration(
        upgradeConfiguration: notUpgraded)
      // Hummingbird's responder answers one request at a time, handles errors and validates
      // its own headers (the settings of Hummingbird's own upgrade channel).
      configuration.enablePipelining = false
      configuration.enableErrorHandling = false
      configuration.enableResponseHeaderValidation = false
      let negotiated = try channel.pipeline.syncOperations.configureUpgradableHTTPServerPipeline(
        configuration: configuration)
      let decoder = try channel.pipeline.syncOperations.handler(
        type: ByteToMessageHandler<HTTPRequestDecoder>.self)
      try channel.pipeline.syncOperations.addHandler(
        UpgradeGate(access: access), position: .after(decoder))
      return Value(upgradeResult: negotiated, channel: channel)
    }
  }

  func handle(value: Value, logger: Logger) async {
    do {
      switch try await value.upgradeResult.get() {
      case .live(let channel):
        // The server stopping closes the session (1001, going away), as a cancelled task
        // closes it at once.
        try await withGracefulShutdownHandler {
          try await withTaskCancellationHandler {
            try await channel.closeFuture.get()
          } onCancel: {
            channel.close(promise: nil)
          }
        } onGracefulShutdown: {
          channel.pipeline.fireUserInboundEventTriggered(LiveConnection.ServerStopping())
        }
      case .http(let http):
        await handleHTTP(asyncChannel: http, logger: logger)
      case .refusedUpgrade(let http):
        try await http.executeThenClose { _, outbound in
          try await outbound.write(
            contentsOf: [
              .head(
                HTTPResponse(
                  status: .badRequest, headerFields: [.connection: "close", .contentLength: "0"])),
              .end(nil),
            ])
        }
      }
    } catch {
      logger.debug("connection ended", metadata: ["error": "\(error)"])
    }
  }

  /// SwiftNIO upgrades only a connection's first request: a later one asking for an upgrade is
  /// sent to the same path with `Connection: close`, so that the client asks again on a new
  /// connection (what Hummingbird's own upgrade channel does too).
  static func redirectingLateUpgrades(_ responder: @escaping HTTPChannelHandler.Responder)
    -> HTTPChannelHandler.Responder
  {
    struct ClosingAfterRedirect: Error {}
    return { request, writer, channel in
      guard request.headers[.upgrade]?.lowercased() == "websocket" else {
        try await responder(request, writer, channel)
        return
      }
      let target = request.uri.path + (request.uri.query.map { "?\($0)" } ?? "")
      try await writer.writeResponse(
        HTTPResponse(
          status: .temporaryRedirect, headerFields: [.connection: "close", .location: target]))
      throw ClosingAfterRedirect()
    }
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
