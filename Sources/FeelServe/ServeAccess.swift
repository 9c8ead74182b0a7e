import Hummingbird
import HummingbirdCore
import Synchronization

/// Who may use the server (docs/studio.md, "Security"): every request must name the server
/// itself in its `Host` header (against DNS rebinding), carry no `Origin` but the server's own
/// (against other pages' requests, since a browser sends its page's origin with every POST and
/// WebSocket upgrade), and carry the token (query parameter `token`, `Authorization: Bearer`,
/// or the cookie set when the page was loaded with it). A refusal is the same 403 for every
/// path and every reason; the reason goes to the log only.
final class ServeAccess: Sendable {
  let token: String
  /// `--host` as given.
  let host: String
  private let port = Atomic<Int>(0)
  /// Origins allowed besides the server's own: none in `feel-serve`. The in-process tests give
  /// HummingbirdWSTesting's client's, which writes `ws://localhost` (scheme, no port).
  let otherOrigins: Set<String>

  init(token: String, host: String, otherOrigins: Set<String> = []) {
    self.token = token
    self.host = host
    self.otherOrigins = otherOrigins
  }

  /// Sets the port the server listens on, once it does (with `--port 0` it is known only then).
  func listening(on port: Int) {
    self.port.store(port, ordering: .sequentiallyConsistent)
  }

  var boundPort: Int { port.load(ordering: .sequentiallyConsistent) }

  /// The host as a URL writes it: an IPv6 address in brackets.
  static func urlHost(_ host: String) -> String {
    host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
  }

  /// The cookie holding the token. Cookies are kept per host, not per port: naming the port
  /// keeps two servers on one machine from overwriting each other's.
  var cookieName: String { "feel_serve_token_\(boundPort)" }

  /// The names a `Host` header may give (lowercased): the loopback names and `--host`, each
  /// with the port (and without it on port 80, where clients leave it out).
  private func allowedAuthorities(port: Int) -> Set<String> {
    let names = ["127.0.0.1", "localhost", "[::1]", Self.urlHost(host).lowercased()]
    var allowed = Set(names.map { "\($0):\(port)" })
    if port == 80 { allowed.formUnion(names) }
    return allowed
  }

  /// The origins a request may come from: the server's own, in its `--host`, `localhost` and
  /// `127.0.0.1` spellings.
  private func allowedOrigins(port: Int) -> Set<String> {
    let names = [Self.urlHost(host).lowercased(), "localhost", "127.0.0.1"]
    var allowed = Set(names.map { "http://\($0):\(port)" })
    if port == 80 { allowed.formUnion(names.map { "http://\($0)" }) }
    return allowed
  }

  /// What the checks decided.
  enum Verdict: Equatable {
    /// Allowed; `byQuery` when the token came as the query parameter (a page load that should
    /// set the cookie).
    case allowed(byQuery: Bool)
    /// Refused (403), for the reason given (logged, never sent).
    case refused(String)
  }

  /// What the checks read of a request: its `Host` (the authority of HTTP/2 and of Swift's
  /// HTTP types), its query parameter `token` (Hummingbird's `URI.queryParameters`, decoded),
  /// and its `Origin`, `Authorization` and `Cookie` header values.
  struct Credentials {
    var authority: String?
    var queryToken: Substring?
    var origins: [String]
    var authorizations: [String]
    var cookies: [String]

    init(_ request: Request) {
      self.init(
        authority: request.head.authority, uri: request.uri,
        origins: request.headers[values: .origin],
        authorizations: request.headers[values: .authorization],
        cookies: request.headers[values: .cookie])
    }

    init(
      authority: String?, uri: URI, origins: [String], authorizations: [String],
      cookies: [String]
    ) {
      self.authority = authority
      self.queryToken = uri.queryParameters["token"]
      self.origins = origins
      self.authorizations = authorizations
      self.cookies = cookies
    }
  }

  func check(_ request: Credentials) -> Verdict {
    let port = boundPort
    guard port > 0 else { return .refused("not listening yet") }
    guard let authority = request.authority?.lowercased(),
      allowedAuthorities(port: port).contains(authority)
    else {
      return .refused(
        "Host \(request.authority.map { "\"\($0)\"" } ?? "missing") is not this server")
    }
    for origin in request.origins
    where !allowedOrigins(port: port).contains(origin.lowercased())
      && !otherOrigins.contains(origin)
    {
      return .refused("Origin \"\(origin)\" is not this server's")
    }
    if let given = request.queryToken, ServeToken.matches(given, token) {
      return .allowed(byQuery: true)
    }
    for value in request.authorizations {
      let parts = value.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
      if parts.count == 2, parts[0].lowercased() == "bearer",
        ServeToken.matches(parts[1].drop(while: { $0 == " " }), token)
      {
        return .allowed(byQuery: false)
      }
    }
    let name = cookieName
    for value in request.cookies {
      for pair in value.split(separator: ";") {
        let trimmed = pair.drop(while: { $0 == " " })
        guard let equals = trimmed.firstIndex(of: "=") else { continue }
        if trimmed[..<equals] == name,
          ServeToken.matches(trimmed[trimmed.index(after: equals)...], token)
        {
          return .allowed(byQuery: false)
        }
      }
    }
    return .refused("no valid token")
  }

  /// The `Set-Cookie` value that lets the page's later requests (its scripts, its WebSocket)
  /// carry the token: sent back only to this server (`SameSite=Strict`), hidden from scripts.
  var cookie: String {
    "\(cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict"
  }
}
