import Dispatch
import FeelCommandSupport
import FeelCore
import FeelMetrics
import FeelScene
import FeelSweep
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore

/// The HTTP API and the page (docs/http-api.md) as routes on Hummingbird's `Router`, one per
/// endpoint and method, behind `AccessMiddleware` (the same 403 for every path) and
/// `APIErrorMiddleware` (every error as `{"error": …}`). The computing runs off the server's
/// event loops: a run or a measurement on a dispatch worker, a sweep on threads of its own
/// (`SweepBridge`).
struct ServeRoutes: Sendable {
  typealias Context = BasicWebSocketRequestContext

  let page: NotebookPage
  let sweeps: RunningSweeps
  let sessions: LiveSessions
  let logger: Logger
  /// Worker threads of one sweep (`feel sweep`'s default: one per active core).
  let sweepThreads: Int

  /// The endpoints that take a JSON body, each by POST only.
  static let postPaths = [
    "/api/run", "/api/metrics", "/api/sweep", "/api/comp", "/api/export", "/api/gap",
    "/api/studio/scene",
  ]

  /// The router of every request, the WebSocket upgrade's refusals included (`UpgradeGate`
  /// sends a refused upgrade here as a plain request).
  func router(access: ServeAccess) -> Router<Context> {
    let router = Router(context: Context.self, options: .autoGenerateHeadEndpoints)
    router.add(middleware: AccessMiddleware(access: access, logger: logger))
    router.add(middleware: APIErrorMiddleware(logger: logger))
    router.post("/api/run") { request, _ in try await run(try await Self.body(of: request)) }
    router.post("/api/metrics") { request, _ in
      try await metrics(try await Self.body(of: request))
    }
    router.post("/api/sweep") { request, _ in try await sweep(try await Self.body(of: request)) }
    router.post("/api/comp") { request, _ in try await comp(try await Self.body(of: request)) }
    router.post("/api/export") { request, _ in
      try await export(try await Self.body(of: request))
    }
    router.post("/api/gap") { request, _ in try await gap(try await Self.body(of: request)) }
    router.get("/api/studio") { _, _ in try await studioCatalog() }
    router.post("/api/studio/scene") { request, _ in
      try await studioScene(try await Self.body(of: request))
    }
    let sessions = sessions
    router.ws(
      RouterPath(LiveSocket.path),
      shouldUpgrade: { request, _ in
        guard request.headers[.upgrade]?.lowercased() == "websocket" else {
          throw APIError.badRequest(
            "/api/live: expected a WebSocket upgrade (GET with Upgrade: websocket)")
        }
        return .upgrade([:])
      },
      onUpgrade: { inbound, outbound, _ in
        try await LiveRoute.session(inbound: inbound, outbound: outbound, sessions: sessions)
      })
    let page = page
    router.get("/") { _, _ in try await page.response(for: "/") }
    router.get("**") { request, _ in try await page.response(for: request.uri.path) }
    return router
  }

  /// The request's body, refused (413) past `ServeLimits.maxRequestBytes`: at once when its
  /// `Content-Length` says so, else as soon as that many bytes have come.
  static func body(of request: Request) async throws(APIError) -> [UInt8] {
    let tooLarge = APIError.tooLarge(
      "the request's body is over \(ServeLimits.requestLimitText), the most this server reads")
    if let length = request.headers[.contentLength].flatMap({ Int($0) }),
      length > ServeLimits.maxRequestBytes
    {
      throw tooLarge
    }
    var request = request
    do {
      let buffer = try await request.collectBody(upTo: ServeLimits.maxRequestBytes)
      return Array(buffer.readableBytesView)
    } catch is NIOTooManyBytesError {
      throw tooLarge
    } catch {
      throw .badRequest("\(APIRequest.textName): the body could not be read (\(error))")
    }
  }

  /// `POST /api/run`: `feel run`'s CSV and events, from the same loader and the same run.
  func run(_ body: [UInt8]) async throws(APIError) -> Response {
    let input = try APIRequest.decode(APIRequest.Scene.self, body, form: APIRequest.Scene.form)
      .input
    return try await Self.offload { () throws(APIError) -> Response in
      let scene: Scene
      do throws(FeelError) {
        scene = try input.load()
      } catch {
        throw APIError(error)
      }
      guard let output = TrajectoryCSV.run(scene, maxBytes: ServeLimits.maxResponseBytes) else {
        throw Self.runTooLarge(scene)
      }
      let answer = ServeResponses.writer.line(
        RunAnswer(csv: output.rows, events_csv: output.events))
      guard answer.utf8.count <= ServeLimits.maxResponseBytes else {
        throw Self.runTooLarge(scene)
      }
      return ServeResponses.json(answer)
    }
  }

  /// The answer of `/api/run`: `feel run`'s CSV and its events.
  struct RunAnswer: Encodable {
    let csv: String
    let events_csv: String
  }

  private static func runTooLarge(_ scene: Scene) -> APIError {
    .tooLarge(
      "the answer would pass \(ServeLimits.responseLimitText), the most this server sends: "
        + "\(scene.frameCount) frames of \(scene.items.count) item"
        + "\(scene.items.count == 1 ? "" : "s"); run it with feel run, or shorten its duration")
  }

  /// `POST /api/metrics`: `feel metrics --json`, from the same loader and measurement.
  func metrics(_ body: [UInt8]) async throws(APIError) -> Response {
    let input = try APIRequest.decode(APIRequest.Scene.self, body, form: APIRequest.Scene.form)
      .input
    return try await Self.offload { () throws(APIError) -> Response in
      do throws(FeelError) {
        let report = try MetricsReport.measure(
          try input.load(), named: input.name, SceneMeasure())
        return ServeResponses.json(report.json)
      } catch {
        throw APIError(error)
      }
    }
  }

  /// `POST /api/sweep`: `feel sweep EXPERIMENT -o -`, streamed as rows complete.
  func sweep(_ body: [UInt8]) async throws(APIError) -> Response {
    let request = try APIRequest.decode(APIRequest.Sweep.self, body, form: APIRequest.Sweep.form)
    let (path, overrides) = (request.experiment, request.overrides)
    let sweep = try await Self.offload { () throws(APIError) -> ParameterGrid in
      do throws(FeelError) {
        return try InputFile.sweep(path, force: false, overrides: overrides).sweep
      } catch {
        throw APIError(error)
      }
    }
    let bound = SweepStream.maxBytes(sweep)
    guard bound <= ServeLimits.maxResponseBytes else {
      throw .tooLarge(
        "the sweep's CSV could pass \(ServeLimits.responseLimitText), the most this server "
          + "sends (\(sweep.count) points, up to \(bound) bytes); run it with feel sweep")
    }
    let threads = sweepThreads
    let sweeps = sweeps
    let logger = logger
    var fields = ServeResponses.commonHeaders
    fields[.contentType] = "text/csv; charset=utf-8"
    return Response(
      status: .ok, headers: fields,
      body: ResponseBody { writer in
        let bridge = SweepBridge(sweep, threads: threads)
        guard sweeps.add(bridge) else { throw SweepBridge.Cancelled() }
        let start = Date()
        defer {
          bridge.cancel()
          sweeps.remove(bridge)
        }
        bridge.start()
        do {
          for await chunk in bridge.chunks {
            try await writer.write(ByteBuffer(string: chunk))
            bridge.written()
          }
        } catch {
          let (done, total) = bridge.done
          logger.info("sweep \(path): stopped after \(done) of \(total) points (client gone)")
          throw error
        }
        guard bridge.isComplete else {
          let (done, total) = bridge.done
          logger.info("sweep \(path): stopped after \(done) of \(total) points (server stopping)")
          throw SweepBridge.Cancelled()
        }
        try await writer.finish(nil)
        let seconds = Date().timeIntervalSince(start)
        logger.info(
          "sweep \(path): \(sweep.count) points in \(String(format: "%.3f", seconds)) s")
      })
  }

  /// Runs `work` on a dispatch worker, off the event loops and the cooperative pool.
  static func offload<T: Sendable>(_ work: @escaping @Sendable () throws(APIError) -> T)
    async throws(APIError) -> T
  {
    let result: Result<T, APIError> = await withCheckedContinuation { continuation in
      DispatchQueue.global(qos: .userInitiated).async {
        continuation.resume(returning: Result { () throws(APIError) -> T in try work() })
      }
    }
    return try result.get()
  }
}

/// What every answer carries, and the JSON answer.
enum ServeResponses {
  /// No caching, no sniffing, no framing by other pages, no referrer (the page's address
  /// holds the token).
  static var commonHeaders: HTTPFields {
    var fields = HTTPFields()
    fields[.cacheControl] = "no-store"
    fields[.xContentTypeOptions] = "nosniff"
    fields[.contentSecurityPolicy] = "frame-ancestors 'none'"
    fields[referrerPolicy] = "no-referrer"
    return fields
  }

  static let referrerPolicy = HTTPField.Name("Referrer-Policy")!

  /// The API's JSON answers: FeelLab's one writer, each on one line (`{"key": value, …}`).
  static let writer = JSONWriter(layout: .inline)

  static func json(_ text: String) -> Response {
    var fields = commonHeaders
    fields[.contentType] = "application/json; charset=utf-8"
    return Response(
      status: .ok, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
  }
}
