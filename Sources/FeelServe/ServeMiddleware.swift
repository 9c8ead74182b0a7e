import HTTPTypes
import Hummingbird
import Logging

/// The access rules (`ServeAccess`, docs/studio.md "Security") on every request the router
/// answers: the HTTP API, the page, and `GET /api/live` (a refused WebSocket upgrade reaches
/// the router as a plain request, `UpgradeGate`). A refusal is the same 403 for every path; a
/// page loaded with the token in its query gets the cookie that its scripts' requests carry.
struct AccessMiddleware<Context: RequestContext>: RouterMiddleware {
  let access: ServeAccess
  let logger: Logger

  func handle(
    _ request: Request, context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    switch access.check(ServeAccess.Credentials(request)) {
    case .refused(let reason):
      logger.notice("403 \(request.method) \(request.uri.path): \(reason)")
      return APIError.forbidden(reason: reason).response
    case .allowed(let byQuery):
      var response = try await next(request, context)
      if byQuery, request.method == .get || request.method == .head, response.status == .ok {
        response.headers[.setCookie] = access.cookie
      }
      return response
    }
  }
}

/// Every error as the API's JSON answer, `{"error": …}` (`APIError`): a path outside the root
/// (logged with its reason, answered as every 403), a path the router lacks (404) or a method
/// it lacks there (405 with `Allow`).
struct APIErrorMiddleware<Context: RequestContext>: RouterMiddleware {
  let logger: Logger

  func handle(
    _ request: Request, context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    do {
      return try await next(request, context)
    } catch let error as APIError {
      if case .forbidden(let reason) = error {
        logger.notice("403 \(request.method) \(request.uri.path): \(reason)")
      }
      return error.response
    } catch let error as HTTPError where error.status == .notFound {
      // The router found no route for the path and method: a path that takes POST only, or a
      // page (GET) asked by another method, is the method's fault.
      if ServeRoutes.postPaths.contains(request.uri.path) {
        return APIError.methodNotAllowed(allowed: "POST").response
      }
      if request.method != .get && request.method != .head {
        return APIError.methodNotAllowed(allowed: "GET").response
      }
      return APIError.notFound.response
    }
  }
}
