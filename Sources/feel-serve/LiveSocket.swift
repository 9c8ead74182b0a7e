import Hummingbird
import HummingbirdWebSocket
import Logging

/// `GET /api/live`, the WebSocket of live sessions (docs/studio.md, "Live sessions"). The
/// upgrade passes the same checks as every request (`ServeAccess`: Host, Origin, token): a
/// refused upgrade is not upgraded, and the request, answered as plain HTTP, gets the same
/// 403. The sessions themselves come with the studio's second part (issue 21): until then each
/// message is answered with an `error` message saying so.
enum LiveSocket {
  static let path = "/api/live"

  /// Whether to upgrade the request `head`, and what then runs the connection.
  static func shouldUpgrade(_ head: HTTPRequest, access: ServeAccess, logger: Logger)
    -> ShouldUpgradeResult<WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>>
  {
    guard RequestTarget(head.path ?? "/").path == path else { return .dontUpgrade }
    guard case .allowed = access.check(head) else { return .dontUpgrade }
    return .upgrade([:]) { inbound, outbound, _ in
      for try await _ in inbound.messages(maxSize: ServeLimits.maxRequestBytes) {
        try await outbound.write(
          .text(
            JSONText.object([
              ("type", "error"),
              (
                "message",
                "live sessions are not in this build yet (docs/studio.md, \"Live sessions\")"
              ),
            ])))
      }
    }
  }
}
