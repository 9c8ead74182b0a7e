import Dispatch
import FeelCommandSupport
import FeelMetrics
import FeelScene
import FeelSweep
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// Answers every HTTP request (docs/http-api.md): the access checks first (`ServeAccess`: the
/// same 403 for every path), then `POST /api/run`, `/api/metrics`, `/api/sweep`, and the page.
/// The computing runs off the server's event loops: a run or a measurement on a dispatch
/// worker, a sweep on threads of its own (`SweepBridge`).
struct ServeResponder: HTTPResponder {
  typealias Context = BasicRequestContext

  let access: ServeAccess
  let page: NotebookPage
  let sweeps: RunningSweeps
  let logger: Logger
  /// Worker threads of one sweep (`feel sweep`'s default: one per active core).
  let sweepThreads: Int

  func respond(to request: Request, context: Context) async throws -> Response {
    let path = request.uri.path
    switch access.check(request.head) {
    case .refused(let reason):
      logger.notice("403 \(request.method) \(path): \(reason)")
      return APIError.forbidden(reason: reason).response
    case .allowed(let byQuery):
      do {
        switch path {
        case "/api/run", "/api/metrics", "/api/sweep":
          guard request.method == .post else { throw APIError.methodNotAllowed(allowed: "POST") }
          let body = try await Self.body(of: request)
          switch path {
          case "/api/run": return try await run(body)
          case "/api/metrics": return try await metrics(body)
          default: return try await sweep(body)
          }
        case "/api/comp":
          guard request.method == .post else { throw APIError.methodNotAllowed(allowed: "POST") }
          return try await comp(try await Self.body(of: request))
        case "/api/export":
          guard request.method == .post else { throw APIError.methodNotAllowed(allowed: "POST") }
          return try await export(try await Self.body(of: request))
        case "/api/gap":
          guard request.method == .post else { throw APIError.methodNotAllowed(allowed: "POST") }
          return try await gap(try await Self.body(of: request))
        case "/api/live":
          throw APIError.badRequest(
            "/api/live: expected a WebSocket upgrade (GET with Upgrade: websocket)")
        default:
          guard request.method == .get || request.method == .head else {
            throw APIError.methodNotAllowed(allowed: "GET")
          }
          var response = try await page.response(for: path)
          if byQuery { response.headers[.setCookie] = access.cookie }
          if request.method == .head { response.body = ResponseBody() }
          return response
        }
      } catch let error as APIError {
        if case .forbidden(let reason) = error {
          logger.notice("403 \(request.method) \(path): \(reason)")
        }
        return error.response
      }
    }
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
    let input = try APIRequest.scene(body)
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
      let members = [("csv", output.rows), ("events_csv", output.events)]
      guard JSONText.objectSize(members) <= ServeLimits.maxResponseBytes else {
        throw Self.runTooLarge(scene)
      }
      return ServeResponses.json(JSONText.object(members))
    }
  }

  private static func runTooLarge(_ scene: Scene) -> APIError {
    .tooLarge(
      "the answer would pass \(ServeLimits.responseLimitText), the most this server sends: "
        + "\(scene.frameCount) frames of \(scene.items.count) item"
        + "\(scene.items.count == 1 ? "" : "s"); run it with feel run, or shorten its duration")
  }

  /// `POST /api/metrics`: `feel metrics --json`, from the same loader and measurement.
  func metrics(_ body: [UInt8]) async throws(APIError) -> Response {
    let input = try APIRequest.scene(body)
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
    let (path, overrides) = try APIRequest.sweep(body)
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

  static func json(_ text: String) -> Response {
    var fields = commonHeaders
    fields[.contentType] = "application/json; charset=utf-8"
    return Response(
      status: .ok, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
  }
}
