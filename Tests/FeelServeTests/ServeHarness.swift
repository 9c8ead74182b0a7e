import FeelCommandSupport
import FeelTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdTesting
import Logging
import NIOCore
import Synchronization
import Testing

@testable import FeelServe

/// What the server's tests share: the application as `feel-serve` builds it (its root the
/// repository, this process's working folder; a page of one experiment, never built), on
/// HummingbirdTesting's router (`.router`: port 80, which lets its client's `Host: localhost`
/// through) or listening on loopback (`.live`), its log kept for the tests that read it.
enum ServeHarness {
  static let token = String(repeating: "5a", count: 32)
  static let bearer: HTTPFields = [.authorization: "Bearer \(token)"]

  static func routes(
    logger: Logger, experiments: [String] = ["experiments/phone-width-push.toml"]
  ) throws -> ServeRoutes {
    try inRepository()
    let inputs = try NotebookInputs(experimentFiles: experiments, charts: "out/plots")
    return ServeRoutes(
      page: NotebookPage(inputs: inputs, threads: 1, logger: logger), sweeps: RunningSweeps(),
      sessions: LiveSessions(), logger: logger, sweepThreads: 1)
  }

  /// The router's application, as a server on port 80 (HummingbirdTesting's `.router` mode),
  /// serving `experiments` (as `feel serve EXPERIMENT …` does).
  static func onRouter(
    logger: Logger = Logger(label: "feel-serve-test"),
    experiments: [String] = ["experiments/phone-width-push.toml"]
  ) throws -> some ApplicationProtocol {
    let access = ServeAccess(token: token, host: "127.0.0.1")
    access.listening(on: 80)
    return Application(
      router: try routes(logger: logger, experiments: experiments).router(access: access),
      logger: logger)
  }

  /// The whole server listening on a free port of 127.0.0.1 (`.live` mode), its WebSocket
  /// upgrade included; it allows HummingbirdWSTesting's client's `Origin: ws://localhost`.
  static func listening(logger: Logger = Logger(label: "feel-serve-test")) throws
    -> some ApplicationProtocol
  {
    let access = ServeAccess(token: token, host: "127.0.0.1", otherOrigins: ["ws://localhost"])
    return ServeApplication.make(
      routes: try routes(logger: logger), access: access,
      address: .hostname("127.0.0.1", port: 0), logger: logger)
  }

  /// The requests read their paths from the working folder, as the server does from its root.
  static func inRepository() throws {
    try #require(
      FileManager.default.currentDirectoryPath == repositoryRoot.standardizedFileURL.path,
      "run the tests from the repository's root")
  }

  static func json(_ object: Any) -> ByteBuffer {
    ByteBuffer(bytes: try! JSONSerialization.data(withJSONObject: object))
  }
}

/// One answer of the HTTP API.
struct APIAnswer {
  var status: HTTPResponse.Status
  var headers: HTTPFields
  var body: Data

  init(_ response: TestResponse) {
    status = response.status
    headers = response.headers
    body = Data(buffer: response.body)
  }

  var text: String { String(decoding: body, as: UTF8.self) }
  /// The body as a JSON object (a failed expectation, and empty, if it is none).
  var object: [String: Any] {
    let parsed = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
    #expect(parsed != nil, "not a JSON object: \(text.prefix(300))")
    return parsed ?? [:]
  }
  /// The `error` of a refusal.
  var error: String { object["error"] as? String ?? "(no error in \(text.prefix(300)))" }
}

extension TestClientProtocol {
  /// POSTs `body` (a JSON object, or text as it is) with the token as a bearer.
  func post(_ path: String, _ body: Any, headers: HTTPFields = ServeHarness.bearer) async throws
    -> APIAnswer
  {
    let buffer = (body as? String).map { ByteBuffer(string: $0) } ?? ServeHarness.json(body)
    return APIAnswer(
      try await execute(uri: path, method: .post, headers: headers, body: buffer))
  }

  func get(_ path: String, headers: HTTPFields = ServeHarness.bearer) async throws -> APIAnswer {
    APIAnswer(try await execute(uri: path, method: .get, headers: headers))
  }
}

/// JSON values compared as values (objects unordered, numbers as doubles): `canonical(a) ==
/// canonical(b)`.
func canonicalJSON(_ value: Any) -> String {
  switch value {
  case let object as [String: Any]:
    "{"
      + object.keys.sorted().map { "\($0.debugDescription):\(canonicalJSON(object[$0]!))" }
      .joined(separator: ",") + "}"
  case let array as [Any]: "[" + array.map(canonicalJSON).joined(separator: ",") + "]"
  case let text as String: text.debugDescription
  case let number as NSNumber: "\(number.doubleValue)"
  case is NSNull: "null"
  default: "\(value)"
  }
}

func canonicalJSON(_ data: Data) -> String {
  guard let value = try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
  else { return "(not JSON: \(String(decoding: data.prefix(200), as: UTF8.self)))" }
  return canonicalJSON(value)
}

/// The server's log, kept: `logger`'s messages from `notice` up, and `info` ones.
final class LogRecorder: Sendable {
  let lines = Mutex<[String]>([])

  var logger: Logger {
    Logger(label: "feel-serve-test") { _ in Handler(recorder: self) }
  }

  var text: String { lines.withLock { $0.joined(separator: "\n") } }

  struct Handler: LogHandler {
    let recorder: LogRecorder
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
      get { metadata[key] }
      set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
      recorder.lines.withLock { $0.append("\(event.level) \(event.message)") }
    }
  }
}

/// `feel`'s error text for a refused input: what the API must answer after `feel: error: `.
func cliError(_ result: FeelResult) -> String {
  var text = result.errors
  if text.hasPrefix("feel: error: ") { text.removeFirst("feel: error: ".count) }
  if text.hasSuffix("\n") { text.removeLast() }
  return text
}
