import NIOCore
import NIOHTTP1

/// The WebSocket upgrade's access check, answered as the contract says (403) (docs/studio.md,
/// "Security"). A connection's first request, the only one that may upgrade, passes through
/// the gate: an upgrade that the access checks refuse loses its `Upgrade` header there and goes
/// on as a plain request, which `ServeRoutes` answers with the same 403 as any refused
/// request. The gate then leaves the pipeline. `LiveUpgradeChannel` puts it in.
///
/// Kept: HummingbirdWebSocket 2.8.1 answers a refused upgrade (a 403, .dontUpgrade, a throw) with
/// an empty 400; measured without it: ServeAccessWireTests.foreignOriginOnAnUpgrade fails so.
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
    if head.headers.contains(name: "upgrade"),
      case .refused = access.check(ServeAccess.Credentials(head))
    {
      head.headers.remove(name: "upgrade")
      context.fireChannelRead(wrapInboundOut(.head(head)))
    } else {
      context.fireChannelRead(data)
    }
  }
}
